/* The default CBLAS error handler, alone in its object file so that an
 * application's own cblas_xerbla replaces it (mmtune.h). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "mmtune.h"

void cblas_xerbla(int p, const char *rout, const char *form, ...)
{
    va_list ap;

    if (p)
        fprintf(stderr, "Parameter %d to routine %s was incorrect\n", p,
                rout);
    va_start(ap, form);
    vfprintf(stderr, form, ap);
    va_end(ap);
    exit(EXIT_FAILURE);
}
