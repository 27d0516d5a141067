/* The library's three faces of a real GEMM: mmt_dgemm (native), dgemm_
 * (Fortran BLAS) and cblas_dgemm (CBLAS), with the reference BLAS's
 * argument checks (gemm_args.h): checked in its order, before any quick
 * return, C untouched when one fails.  Compiled once per real type
 * (kernels/elem.h): with MML_SINGLE the same faces are mmt_sgemm, sgemm_
 * and cblas_sgemm. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdint.h>

#include "kernels/driver.h"
#include "kernels/gemm_args.h"
#include "mmtune.h"

#ifdef MML_SINGLE
#define FACE_NATIVE mmt_sgemm
#define FACE_BLAS sgemm_
#define FACE_CBLAS cblas_sgemm
#define NAME_BLAS "SGEMM "
#define NAME_CBLAS "cblas_sgemm"
#else
#define FACE_NATIVE mmt_dgemm
#define FACE_BLAS dgemm_
#define FACE_CBLAS cblas_dgemm
#define NAME_BLAS "DGEMM "
#define NAME_CBLAS "cblas_dgemm"
#endif

MML_HOT
static void run(int ta, int tb, size_t m, size_t n, size_t k,
                mml_elem alpha, const mml_elem *a, size_t lda,
                const mml_elem *b, size_t ldb, mml_elem beta, mml_elem *c,
                size_t ldc)
{
    /* real data: the conjugate transpose is the transpose */
    struct mml_gemm g = { ta != MML_TRANS_N, tb != MML_TRANS_N, m, n, k,
                          alpha, beta, a, b, c, lda, ldb, ldc };
    mml_dgemm(&g);
}

MML_HOT
int FACE_NATIVE(enum mmt_trans transa, enum mmt_trans transb, size_t m,
                size_t n, size_t k, mml_elem alpha, const mml_elem *a,
                ptrdiff_t lda, const mml_elem *b, ptrdiff_t ldb,
                mml_elem beta, mml_elem *c, ptrdiff_t ldc)
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
void FACE_BLAS(const char *transa, const char *transb, const int *m,
               const int *n, const int *k, const mml_elem *alpha,
               const mml_elem *a, const int *lda, const mml_elem *b,
               const int *ldb, const mml_elem *beta, mml_elem *c,
               const int *ldc)
{
    int ta = mml_trans_char(*transa), tb = mml_trans_char(*transb);
    int info = mml_gemm_info(ta, tb, *m, *n, *k, *lda, *ldb, *ldc);

    if (info != 0) {
        xerbla_(NAME_BLAS, &info, 6);
        return;
    }
    run(ta, tb, (size_t)*m, (size_t)*n, (size_t)*k, *alpha, a,
        (size_t)*lda, b, (size_t)*ldb, *beta, c, (size_t)*ldc);
}

MML_HOT
void FACE_CBLAS(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa,
                CBLAS_TRANSPOSE transb, int m, int n, int k, mml_elem alpha,
                const mml_elem *a, int lda, const mml_elem *b, int ldb,
                mml_elem beta, mml_elem *c, int ldc)
{
    struct mml_col_gemm g;

    if (mml_cblas_gemm_check(layout, transa, transb, m, n, k, lda, ldb, ldc,
                             NAME_CBLAS, &g) != 0)
        return;
    run(g.ta, g.tb, (size_t)g.m, (size_t)g.n, (size_t)k, alpha,
        g.swap ? b : a, (size_t)g.lda, g.swap ? a : b, (size_t)g.ldb, beta,
        c, (size_t)ldc);
}
