/* A tiny BLAS for the profiler's tests: dgemm_ and cblas_dgemm by the
 * definition (naive loops, column major, either case of TRANS).  Its
 * cblas_dgemm calls dgemm_ through the symbol table, as the reference
 * CBLAS does (there through the PLT; here through dlsym, so that no
 * compiler binds the call inside the library): under the profiler that
 * inner call reaches the profiler's dgemm_ from inside a recorded call. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>

#include "tests/profile/fakeblas.h"

static double at(const double *x, int ld, char trans, int r, int s)
{
    int t = trans == 'T' || trans == 't' || trans == 'C' || trans == 'c';

    return t ? x[s + (size_t)r * ld] : x[r + (size_t)s * ld];
}

/* alpha = 0 reads neither A nor B; beta = 0 does not read C (BLAS rules) */
void dgemm_(const char *ta, const char *tb, const int *m, const int *n,
            const int *k, const double *alpha, const double *a,
            const int *lda, const double *b, const int *ldb,
            const double *beta, double *c, const int *ldc)
{
    for (int j = 0; j < *n; j++)
        for (int i = 0; i < *m; i++) {
            double s = 0.0, *cij = &c[i + (size_t)j * *ldc];
            for (int p = 0; *alpha != 0.0 && p < *k; p++)
                s += at(a, *lda, *ta, i, p) * at(b, *ldb, *tb, p, j);
            s = *alpha != 0.0 ? *alpha * s : 0.0;
            *cij = *beta != 0.0 ? s + *beta * *cij : s;
        }
}

static char trans_char(int t)
{
    return t == 112 ? 'T' : t == 113 ? 'C' : 'N';
}

/* Row major: C^T = op(B)^T op(A)^T, a column-major call with A and B
 * swapped. */
void cblas_dgemm(int order, int transa, int transb, int m, int n, int k,
                 double alpha, const double *a, int lda, const double *b,
                 int ldb, double beta, double *c, int ldc)
{
    fake_dgemm_fn *f77 = (fake_dgemm_fn *)dlsym(RTLD_DEFAULT, "dgemm_");
    char ta = trans_char(transa), tb = trans_char(transb);

    if (!f77)    /* opened RTLD_LOCAL without the profiler: our own */
        f77 = dgemm_;
    if (order == 101)
        f77(&tb, &ta, &n, &m, &k, &alpha, b, &ldb, a, &lda, &beta, c, &ldc);
    else
        f77(&ta, &tb, &m, &n, &k, &alpha, a, &lda, b, &ldb, &beta, c, &ldc);
}
