/* A stand-in for a NumPy extension module: a library that a program opens
 * with dlopen(RTLD_LOCAL) and that alone depends on the BLAS.  Its calls
 * reach the profiler (the global scope comes first) while the BLAS is
 * outside the global scope, where dlsym(RTLD_NEXT) cannot see it. */
#include "tests/profile/fakeblas.h"

fake_dgemm_fn ext_dgemm;
fake_cblas_dgemm_fn ext_cblas_dgemm;

void ext_dgemm(const char *ta, const char *tb, const int *m, const int *n,
               const int *k, const double *alpha, const double *a,
               const int *lda, const double *b, const int *ldb,
               const double *beta, double *c, const int *ldc)
{
    dgemm_(ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

void ext_cblas_dgemm(int order, int transa, int transb, int m, int n, int k,
                     double alpha, const double *a, int lda, const double *b,
                     int ldb, double beta, double *c, int ldc)
{
    cblas_dgemm(order, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta,
                c, ldc);
}
