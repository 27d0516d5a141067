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

/* Inline into each face, as it was when it took the call's fields one
 * by one: the smallest calls pay for every instruction on the way. */
MML_HOT __attribute__((always_inline))
static inline void run(const struct mml_call *x, mml_elem alpha,
                       mml_elem beta, mml_elem *c)
{
    /* real data: the conjugate transpose is the transpose */
    struct mml_gemm g = { x->ta != MML_TRANS_N, x->tb != MML_TRANS_N, x->m,
                          x->n, x->k, alpha, beta, x->a, x->b, c, x->lda,
                          x->ldb, x->ldc, NULL, NULL, NULL };
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

    if (info == 0) {
        struct mml_call x = { ta, tb, m, n, k, a, b, (size_t)lda,
                              (size_t)ldb, (size_t)ldc };
        run(&x, alpha, beta, c);
    }
    return info;
}

MML_HOT
void FACE_BLAS(const char *transa, const char *transb, const int *m,
               const int *n, const int *k, const mml_elem *alpha,
               const mml_elem *a, const int *lda, const mml_elem *b,
               const int *ldb, const mml_elem *beta, mml_elem *c,
               const int *ldc)
{
    struct mml_call x;

    if (mml_f77_gemm_call(transa, transb, m, n, k, a, lda, b, ldb, ldc,
                          NAME_BLAS, &x) == 0)
        run(&x, *alpha, *beta, c);
}

MML_HOT
void FACE_CBLAS(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa,
                CBLAS_TRANSPOSE transb, int m, int n, int k, mml_elem alpha,
                const mml_elem *a, int lda, const mml_elem *b, int ldb,
                mml_elem beta, mml_elem *c, int ldc)
{
    struct mml_call x;

    if (mml_cblas_gemm_call(layout, transa, transb, m, n, k, a, lda, b, ldb,
                            ldc, NAME_CBLAS, &x) == 0)
        run(&x, alpha, beta, c);
}
