/* The reference GEMM's argument checks, the same for every precision
 * (BLAS/SRC/?gemm.f, CBLAS/src/cblas_?gemm.c): each typed face checks
 * through these and only computes in its own type.  Inline: every call
 * passes them, the smallest included.  What fails is reported by
 * cblas_position.c, off the hot path. */
#ifndef MML_GEMM_ARGS_H
#define MML_GEMM_ARGS_H

#include <stddef.h>

#include "kernels/cblas_position.h"
#include "kernels/trans.h"
#include "mmtune.h"

/* TRANSA/TRANSB as ?gemm.f reads them: either case. */
static inline int mml_trans_char(char c)
{
    switch (c) {
    case 'N': case 'n': return MML_TRANS_N;
    case 'T': case 't': return MML_TRANS_T;
    case 'C': case 'c': return MML_TRANS_C;
    default: return MML_TRANS_BAD;
    }
}

static inline int mml_trans_enum(CBLAS_TRANSPOSE t)
{
    return t == CblasNoTrans ? MML_TRANS_N
           : t == CblasTrans ? MML_TRANS_T
           : t == CblasConjTrans ? MML_TRANS_C : MML_TRANS_BAD;
}

static inline ptrdiff_t mml_at_least_1(ptrdiff_t x)
{
    return x > 1 ? x : 1;
}

/* ?gemm.f's checks in its order: 0, or the position of the first illegal
 * argument (1 TRANSA, 2 TRANSB, 3 M, 4 N, 5 K, 8 LDA, 10 LDB, 13 LDC). */
static inline int mml_gemm_info(int ta, int tb, ptrdiff_t m, ptrdiff_t n,
                                ptrdiff_t k, ptrdiff_t lda, ptrdiff_t ldb,
                                ptrdiff_t ldc)
{
    if (ta == MML_TRANS_BAD)
        return 1;
    if (tb == MML_TRANS_BAD)
        return 2;
    if (m < 0)
        return 3;
    if (n < 0)
        return 4;
    if (k < 0)
        return 5;
    if (lda < mml_at_least_1(ta != MML_TRANS_N ? k : m))
        return 8;
    if (ldb < mml_at_least_1(tb != MML_TRANS_N ? n : k))
        return 10;
    if (ldc < mml_at_least_1(m))
        return 13;
    return 0;
}

/* A legal CBLAS call as the column-major one it is.  Row major computes
 * C^T = op(B)^T op(A)^T: M and N, the operands and their transposes and
 * leading dimensions swapped (swap: A's pointer is the second operand).
 * K and ldc stay. */
struct mml_col_gemm {
    int ta, tb, swap;
    int m, n, lda, ldb;
};

/* cblas_?gemm's checks in the reference's order (layout, TransA, TransB,
 * then ?gemm.f's on the call made): 0 and *g set, or the handler called
 * at the reference's position and nonzero. */
static inline int mml_cblas_gemm_check(CBLAS_LAYOUT layout,
                                       CBLAS_TRANSPOSE transa,
                                       CBLAS_TRANSPOSE transb, int m, int n,
                                       int k, int lda, int ldb, int ldc,
                                       const char *rout,
                                       struct mml_col_gemm *g)
{
    int ta = mml_trans_enum(transa), tb = mml_trans_enum(transb), info;
    int row = layout == CblasRowMajor;

    /* the positions are constants here, so the compiler sees *g set
     * whenever 0 is returned */
    if (!row && layout != CblasColMajor) {
        mml_cblas_setting_error(1, rout, (int)layout);
        return 1;
    }
    if (ta == MML_TRANS_BAD) {
        mml_cblas_setting_error(2, rout, (int)transa);
        return 2;
    }
    if (tb == MML_TRANS_BAD) {
        mml_cblas_setting_error(3, rout, (int)transb);
        return 3;
    }
    *g = row ? (struct mml_col_gemm){ tb, ta, 1, n, m, ldb, lda }
             : (struct mml_col_gemm){ ta, tb, 0, m, n, lda, ldb };
    info = mml_gemm_info(g->ta, g->tb, g->m, g->n, k, g->lda, g->ldb, ldc);
    if (info != 0) {
        /* ?gemm.f's position in the call made, plus one for the layout */
        mml_cblas_gemm_error(row, info + 1, rout);
        return info + 1;
    }
    return 0;
}

/* A legal call as a face hands it to its driver: column major, sizes as
 * size_t, the operands in the order of the call made (void: any
 * precision's). */
struct mml_call {
    int ta, tb;
    size_t m, n, k;
    const void *a, *b;
    size_t lda, ldb, ldc;
};

/* ?gemm_'s checks: 0 and *x set, or xerbla_(srname, &info, 6) called
 * with the position and 1 (a constant, so that the compiler sees *x set
 * whenever 0 is returned). */
static inline int mml_f77_gemm_call(const char *transa, const char *transb,
                                    const int *m, const int *n,
                                    const int *k, const void *a,
                                    const int *lda, const void *b,
                                    const int *ldb, const int *ldc,
                                    const char *srname, struct mml_call *x)
{
    int ta = mml_trans_char(*transa), tb = mml_trans_char(*transb);
    int info = mml_gemm_info(ta, tb, *m, *n, *k, *lda, *ldb, *ldc);

    if (info != 0) {
        xerbla_(srname, &info, 6);
        return 1;
    }
    *x = (struct mml_call){ ta, tb, (size_t)*m, (size_t)*n, (size_t)*k, a,
                            b, (size_t)*lda, (size_t)*ldb, (size_t)*ldc };
    return 0;
}

/* cblas_?gemm's checks (mml_cblas_gemm_check): 0 and *x set, the call
 * made (row major: C^T = op(B)^T op(A)^T), or nonzero. */
static inline int mml_cblas_gemm_call(CBLAS_LAYOUT layout,
                                      CBLAS_TRANSPOSE transa,
                                      CBLAS_TRANSPOSE transb, int m, int n,
                                      int k, const void *a, int lda,
                                      const void *b, int ldb, int ldc,
                                      const char *rout, struct mml_call *x)
{
    struct mml_col_gemm g;

    if (mml_cblas_gemm_check(layout, transa, transb, m, n, k, lda, ldb, ldc,
                             rout, &g) != 0)
        return 1;
    *x = (struct mml_call){ g.ta, g.tb, (size_t)g.m, (size_t)g.n,
                            (size_t)k, g.swap ? b : a, g.swap ? a : b,
                            (size_t)g.lda, (size_t)g.ldb, (size_t)ldc };
    return 0;
}

#endif
