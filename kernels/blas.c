/* The library's three faces: mmt_dgemm (native), dgemm_ (Fortran BLAS)
 * and cblas_dgemm (CBLAS), with the reference BLAS's argument checks
 * (BLAS/SRC/dgemm.f, CBLAS/src/cblas_dgemm.c): checked in its order,
 * before any quick return, C untouched when one fails. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdint.h>

#include "kernels/cblas_position.h"
#include "kernels/driver.h"
#include "mmtune.h"

/* 0 for 'N', 1 for 'T' and 'C' (real data: conjugate is transpose), -1
 * for anything else; either case. */
MML_HOT
static int trans_char(char c)
{
    switch (c) {
    case 'N': case 'n':
        return 0;
    case 'T': case 't': case 'C': case 'c':
        return 1;
    default:
        return -1;
    }
}

static ptrdiff_t at_least_1(ptrdiff_t x)
{
    return x > 1 ? x : 1;
}

/* dgemm.f's checks in its order: 0, or the position of the first illegal
 * argument (1 TRANSA, 2 TRANSB, 3 M, 4 N, 5 K, 8 LDA, 10 LDB, 13 LDC). */
MML_HOT
static int dgemm_info(int ta, int tb, ptrdiff_t m, ptrdiff_t n, ptrdiff_t k,
                      ptrdiff_t lda, ptrdiff_t ldb, ptrdiff_t ldc)
{
    if (ta < 0)
        return 1;
    if (tb < 0)
        return 2;
    if (m < 0)
        return 3;
    if (n < 0)
        return 4;
    if (k < 0)
        return 5;
    if (lda < at_least_1(ta ? k : m))
        return 8;
    if (ldb < at_least_1(tb ? n : k))
        return 10;
    if (ldc < at_least_1(m))
        return 13;
    return 0;
}

MML_HOT
static void run(int ta, int tb, size_t m, size_t n, size_t k, double alpha,
                const double *a, size_t lda, const double *b, size_t ldb,
                double beta, double *c, size_t ldc)
{
    struct mml_gemm g = { ta, tb, m, n, k, alpha, beta, a, b, c, lda, ldb,
                          ldc };
    mml_dgemm(&g);
}

MML_HOT
int mmt_dgemm(enum mmt_trans transa, enum mmt_trans transb, size_t m,
              size_t n, size_t k, double alpha, const double *a,
              ptrdiff_t lda, const double *b, ptrdiff_t ldb, double beta,
              double *c, ptrdiff_t ldc)
{
    int ta = transa == MMT_NOTRANS ? 0 : transa == MMT_TRANS ? 1 : -1;
    int tb = transb == MMT_NOTRANS ? 0 : transb == MMT_TRANS ? 1 : -1;
    /* a size beyond PTRDIFF_MAX reads as negative: illegal, as it is */
    int info = dgemm_info(ta, tb, m > PTRDIFF_MAX ? -1 : (ptrdiff_t)m,
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
    int ta = trans_char(*transa), tb = trans_char(*transb);
    int info = dgemm_info(ta, tb, *m, *n, *k, *lda, *ldb, *ldc);

    if (info != 0) {
        xerbla_("DGEMM ", &info, 6);
        return;
    }
    run(ta, tb, (size_t)*m, (size_t)*n, (size_t)*k, *alpha, a,
        (size_t)*lda, b, (size_t)*ldb, *beta, c, (size_t)*ldc);
}

MML_HOT
static int trans_enum(CBLAS_TRANSPOSE t)
{
    return t == CblasNoTrans ? 0
           : t == CblasTrans || t == CblasConjTrans ? 1 : -1;
}

MML_HOT
void cblas_dgemm(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa,
                 CBLAS_TRANSPOSE transb, int m, int n, int k, double alpha,
                 const double *a, int lda, const double *b, int ldb,
                 double beta, double *c, int ldc)
{
    int ta = trans_enum(transa), tb = trans_enum(transb), row, info;

    if (layout != CblasColMajor && layout != CblasRowMajor) {
        cblas_xerbla(1, "cblas_dgemm", "Illegal layout setting, %d\n",
                     (int)layout);
        return;
    }
    if (ta < 0 || tb < 0) {
        cblas_xerbla(ta < 0 ? 2 : 3, "cblas_dgemm",
                     ta < 0 ? "Illegal TransA setting, %d\n"
                            : "Illegal TransB setting, %d\n",
                     ta < 0 ? (int)transa : (int)transb);
        return;
    }
    /* row major C is column major C^T = op(B)^T op(A)^T */
    row = layout == CblasRowMajor;
    info = row ? dgemm_info(tb, ta, n, m, k, ldb, lda, ldc)
               : dgemm_info(ta, tb, m, n, k, lda, ldb, ldc);
    if (info != 0) {
        /* dgemm.f's position in the call made, plus one for the layout:
         * for row major the reference's (cblas_position.h) */
        mml_cblas_gemm_error(row, info + 1, "cblas_dgemm");
        return;
    }
    if (row)
        run(tb, ta, (size_t)n, (size_t)m, (size_t)k, alpha, b, (size_t)ldb,
            a, (size_t)lda, beta, c, (size_t)ldc);
    else
        run(ta, tb, (size_t)m, (size_t)n, (size_t)k, alpha, a, (size_t)lda,
            b, (size_t)ldb, beta, c, (size_t)ldc);
}
