/* The plain loops of the test BLAS libraries beside it (wrongblas.c,
 * envblas.c, plainblas.c): C = alpha op(A) op(B), beta 0 -- only what
 * bench-dgemm calls them with -- for any element type T, so that the
 * four precisions are one source. */
#ifndef MMT_TEST_PLAINBLAS_H
#define MMT_TEST_PLAINBLAS_H

#include <complex.h>
#include <stddef.h>

/* The Fortran entry sym on elements of type T; after(c, m, n, ldc, unit)
 * then runs on its answer (a library's plant; unit is 1 of T, I for a
 * complex one: a plant in the imaginary part). */
#define PLAIN_GEMM(sym, T, after, unit)                                   \
    void sym(const char *ta, const char *tb, const int *m, const int *n, \
             const int *k, const T *alpha, const T *a, const int *lda,    \
             const T *b, const int *ldb, const T *beta, T *c,             \
             const int *ldc);                                             \
    void sym(const char *ta, const char *tb, const int *m, const int *n, \
             const int *k, const T *alpha, const T *a, const int *lda,    \
             const T *b, const int *ldb, const T *beta, T *c,             \
             const int *ldc)                                              \
    {                                                                     \
        (void)beta;                                                       \
        for (int j = 0; j < *n; j++)                                      \
            for (int i = 0; i < *m; i++) {                                \
                T s = 0;                                                  \
                for (int p = 0; p < *k; p++)                              \
                    s += (*ta == 'N' ? a[i + (size_t)p * *lda]            \
                                     : a[p + (size_t)i * *lda])           \
                         * (*tb == 'N' ? b[p + (size_t)j * *ldb]          \
                                       : b[j + (size_t)p * *ldb]);        \
                c[i + (size_t)j * *ldc] = *alpha * s;                     \
            }                                                             \
        after(c, *m, *n, *ldc, unit);                                     \
    }

/* sgemm_, dgemm_, cgemm_ and zgemm_, each with after. */
#define PLAIN_BLAS(after)                                                 \
    PLAIN_GEMM(sgemm_, float, after, 1)                                   \
    PLAIN_GEMM(dgemm_, double, after, 1)                                  \
    PLAIN_GEMM(cgemm_, float complex, after, I)                           \
    PLAIN_GEMM(zgemm_, double complex, after, I)

/* CBLAS's cblas_dgemm on the Fortran dgemm_ above it (NumPy's entry):
 * a row-major product is the column-major one of the transposes. */
#define PLAIN_CBLAS_DGEMM                                                 \
    void cblas_dgemm(int order, int ta, int tb, int m, int n, int k,      \
                     double alpha, const double *a, int lda,              \
                     const double *b, int ldb, double beta, double *c,    \
                     int ldc);                                            \
    void cblas_dgemm(int order, int ta, int tb, int m, int n, int k,      \
                     double alpha, const double *a, int lda,              \
                     const double *b, int ldb, double beta, double *c,    \
                     int ldc)                                             \
    {                                                                     \
        char fa = ta == 111 ? 'N' : 'T', fb = tb == 111 ? 'N' : 'T';      \
                                                                          \
        if (order == 102)       /* CblasColMajor */                       \
            dgemm_(&fa, &fb, &m, &n, &k, &alpha, a, &lda, b, &ldb, &beta, \
                   c, &ldc);                                              \
        else                                                              \
            dgemm_(&fb, &fa, &n, &m, &k, &alpha, b, &ldb, a, &lda, &beta, \
                   c, &ldc);                                              \
    }

/* The last element of C made wrong by unit: where edge tiles go wrong. */
#define PLANT_LAST(c, m, n, ldc, unit)                                    \
    do {                                                                  \
        if ((m) > 0 && (n) > 0)                                           \
            (c)[(m) - 1 + (size_t)((n) - 1) * (ldc)] += (unit);           \
    } while (0)

#endif
