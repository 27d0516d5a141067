/* The default BLAS error handler, alone in its object file so that an
 * application's own xerbla_ replaces it (mmtune.h). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdio.h>
#include <stdlib.h>

#include "mmtune.h"

#define NAME_MAX_SHOWN 32    /* the hidden length may be garbage from C */

void xerbla_(const char *srname, const int *info, size_t len)
{
    int n = 0;

    /* the reference prints SRNAME(1:LEN_TRIM(SRNAME)) */
    while ((size_t)n < len && n < NAME_MAX_SHOWN && srname[n])
        n++;
    while (n > 0 && srname[n - 1] == ' ')
        n--;
    fprintf(stderr, " ** On entry to %.*s parameter number %2d had an "
            "illegal value\n", n, srname, *info);
    exit(EXIT_FAILURE);
}
