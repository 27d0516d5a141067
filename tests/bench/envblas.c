/* A BLAS that reads the environment for tests/bench/bench_dgemm.sh: at
 * load it takes MMT_ENVBLAS ("wrong" plants an error in the last element
 * of C, so the bench reports it), and every dgemm_ call reads the
 * environment again, as BLIS does in its first call.  Two copies loaded
 * by bench-dgemm, the second with MMT_ENVBLAS=wrong: the first must see
 * neither the variable nor freed memory, the second must see it.  It has
 * dgemm_ alone: bench_dgemm_types.sh's library without sgemm_. */
#include <stdlib.h>
#include <string.h>

#include "plainblas.h"

static int planted;

__attribute__((constructor)) static void at_load(void)
{
    const char *v = getenv("MMT_ENVBLAS");

    planted = v && strcmp(v, "wrong") == 0;
}

/* The environment walked whole, then the plant when loaded with it. */
#define AT_CALL(c, m, n, ldc, unit)                                       \
    do {                                                                  \
        (void)getenv("MMT_ENVBLAS_AT_CALL");                              \
        if (planted)                                                      \
            PLANT_LAST(c, m, n, ldc, unit);                               \
    } while (0)

PLAIN_GEMM(dgemm_, double, AT_CALL, 1)
