/* The two routines of the profiler's test BLAS (fakeblas.c), declared as
 * a C program sees them (no hidden Fortran lengths). */
#ifndef MMT_TEST_FAKEBLAS_H
#define MMT_TEST_FAKEBLAS_H

typedef void fake_dgemm_fn(const char *ta, const char *tb, const int *m,
                           const int *n, const int *k, const double *alpha,
                           const double *a, const int *lda, const double *b,
                           const int *ldb, const double *beta, double *c,
                           const int *ldc);
typedef void fake_cblas_dgemm_fn(int order, int transa, int transb, int m,
                                 int n, int k, double alpha, const double *a,
                                 int lda, const double *b, int ldb,
                                 double beta, double *c, int ldc);

fake_dgemm_fn dgemm_;
fake_cblas_dgemm_fn cblas_dgemm;

#endif
