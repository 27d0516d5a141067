/* The plain loops of the test BLAS libraries beside it (wrongblas.c,
 * envblas.c): C = alpha A B, NN, beta 0 -- only what bench-dgemm calls
 * them with. */
#ifndef MMT_TEST_PLAINBLAS_H
#define MMT_TEST_PLAINBLAS_H

#include <stddef.h>

static void plain_dgemm(int m, int n, int k, double alpha, const double *a,
                        int lda, const double *b, int ldb, double *c,
                        int ldc)
{
    for (int j = 0; j < n; j++)
        for (int i = 0; i < m; i++) {
            double s = 0.0;
            for (int p = 0; p < k; p++)
                s += a[i + (size_t)p * lda] * b[p + (size_t)j * ldb];
            c[i + (size_t)j * ldc] = alpha * s;
        }
}

#endif
