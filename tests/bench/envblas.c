/* A BLAS that reads the environment for tests/bench/bench_dgemm.sh: at
 * load it takes MMT_ENVBLAS ("wrong" plants an error in the last element
 * of C, so the bench reports it), and every dgemm_ call reads the
 * environment again, as BLIS does in its first call.  Two copies loaded
 * by bench-dgemm, the second with MMT_ENVBLAS=wrong: the first must see
 * neither the variable nor freed memory, the second must see it. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "plainblas.h"

void dgemm_(const char *ta, const char *tb, const int *m, const int *n,
            const int *k, const double *alpha, const double *a,
            const int *lda, const double *b, const int *ldb,
            const double *beta, double *c, const int *ldc);

static int planted;

__attribute__((constructor)) static void at_load(void)
{
    const char *v = getenv("MMT_ENVBLAS");

    planted = v && strcmp(v, "wrong") == 0;
}

/* Only what the bench calls: NN, beta = 0. */
void dgemm_(const char *ta, const char *tb, const int *m, const int *n,
            const int *k, const double *alpha, const double *a,
            const int *lda, const double *b, const int *ldb,
            const double *beta, double *c, const int *ldc)
{
    (void)ta, (void)tb, (void)beta;
    (void)getenv("MMT_ENVBLAS_AT_CALL");    /* walks the whole array */
    plain_dgemm(*m, *n, *k, *alpha, a, *lda, b, *ldb, c, *ldc);
    if (planted && *m > 0 && *n > 0)
        c[*m - 1 + (size_t)(*n - 1) * *ldc] += 1.0;
}
