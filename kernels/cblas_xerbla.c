/* The default CBLAS error handler, alone in its object file so that an
 * application's own cblas_xerbla replaces it (mmtune.h). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "kernels/cblas_position.h"
#include "mmtune.h"

void cblas_xerbla(int p, const char *rout, const char *form, ...)
{
    va_list ap;

    /* the reference's handler prints the position the caller used */
    p = mml_cblas_caller_position(p);
    if (p)
        fprintf(stderr, "Parameter %d to routine %s was incorrect\n", p,
                rout);
    va_start(ap, form);
    vfprintf(stderr, form, ap);
    va_end(ap);
    exit(EXIT_FAILURE);
}
