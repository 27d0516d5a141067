/* The library's three faces: mmt_dgemm (native), dgemm_ (Fortran BLAS)
 * and cblas_dgemm (CBLAS), with the reference BLAS's argument checks
 * (gemm_args.h): checked in its order, before any quick return, C
 * untouched when one fails. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdint.h>

#include "kernels/driver.h"
#include "kernels/gemm_args.h"
#include "mmtune.h"

MML_HOT
static void run(int ta, int tb, size_t m, size_t n, size_t k, double alpha,
                const double *a, size_t lda, const double *b, size_t ldb,
                double beta, double *c, size_t ldc)
{
    /* real data: the conjugate transpose is the transpose */
    struct mml_gemm g = { ta != MML_TRANS_N, tb != MML_TRANS_N, m, n, k,
                          alpha, beta, a, b, c, lda, ldb, ldc };
    mml_dgemm(&g);
}

MML_HOT
int mmt_dgemm(enum mmt_trans transa, enum mmt_trans transb, size_t m,
              size_t n, size_t k, double alpha, const double *a,
              ptrdiff_t lda, const double *b, ptrdiff_t ldb, double beta,
              double *c, ptrdiff_t ldc)
{
    int ta = transa == MMT_NOTRANS ? MML_TRANS_N
             : transa == MMT_TRANS ? MML_TRANS_T : MML_TRANS_BAD;
    int tb = transb == MMT_NOTRANS ? MML_TRANS_N
             : transb == MMT_TRANS ? MML_TRANS_T : MML_TRANS_BAD;
    /* a size beyond PTRDIFF_MAX reads as negative: illegal, as it is */
    int info = mml_gemm_info(ta, tb, m > PTRDIFF_MAX ? -1 : (ptrdiff_t)m,
                             n > PTRDIFF_MAX ? -1 : (ptrdiff_t)n,
                             k > PTRDIFF_MAX ? -1 : (ptrdiff_t)k, lda, ldb,
                             ldc);

    if (info == 0)
        run(ta, tb, m, n, k, alpha, a, (size_t)lda, b, (size_t)ldb, beta, c,
            (size_t)ldc);
    return info;
}

MML_HOT
void dgemm_(const char *transa, const char *transb, const int *m,
            const int *n, const int *k, const double *alpha,
            const double *a, const int *lda, const double *b,
            const int *ldb, const double *beta, double *c, const int *ldc)
{
    int ta = mml_trans_char(*transa), tb = mml_trans_char(*transb);
    int info = mml_gemm_info(ta, tb, *m, *n, *k, *lda, *ldb, *ldc);

    if (info != 0) {
        xerbla_("DGEMM ", &info, 6);
        return;
    }
    run(ta, tb, (size_t)*m, (size_t)*n, (size_t)*k, *alpha, a,
        (size_t)*lda, b, (size_t)*ldb, *beta, c, (size_t)*ldc);
}

MML_HOT
void cblas_dgemm(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa,
                 CBLAS_TRANSPOSE transb, int m, int n, int k, double alpha,
                 const double *a, int lda, const double *b, int ldb,
                 double beta, double *c, int ldc)
{
    struct mml_col_gemm g;

    if (mml_cblas_gemm_check(layout, transa, transb, m, n, k, lda, ldb, ldc,
                             "cblas_dgemm", &g) != 0)
        return;
    run(g.ta, g.tb, (size_t)g.m, (size_t)g.n, (size_t)k, alpha,
        g.swap ? b : a, (size_t)g.lda, g.swap ? a : b, (size_t)g.ldb, beta,
        c, (size_t)ldc);
}
