/* A planted wrong BLAS for tests/bench/bench_dgemm.sh: dgemm_ right
 * everywhere but the last element of C, where edge tiles go wrong.
 * bench-dgemm must report it and never time it. */
#include <stddef.h>

#include "plainblas.h"

void dgemm_(const char *ta, const char *tb, const int *m, const int *n,
            const int *k, const double *alpha, const double *a,
            const int *lda, const double *b, const int *ldb,
            const double *beta, double *c, const int *ldc);

/* Only what the bench calls: NN, beta = 0. */
void dgemm_(const char *ta, const char *tb, const int *m, const int *n,
            const int *k, const double *alpha, const double *a,
            const int *lda, const double *b, const int *ldb,
            const double *beta, double *c, const int *ldc)
{
    (void)ta, (void)tb, (void)beta;
    plain_dgemm(*m, *n, *k, *alpha, a, *lda, b, *ldb, c, *ldc);
    if (*m > 0 && *n > 0)
        c[*m - 1 + (size_t)(*n - 1) * *ldc] += 1.0;
}
