/* Planted kernels that check the call the timer makes (tests/tune/
 * test_pipeline.c): a correct plain mini-MMM, which aborts when a call
 * with lda = ldb = ldc (the timer's; the oracle's differ) has another
 * shape than the one the search must time it at -- the non-copy kernel
 * (NCNB 8, k at run time) at lda = ldb = ldc = 8 and k = $PLANT_KT, the
 * copy kernel with K fixed at 3 at k = 3. */
#include <stdlib.h>

#include "plant.h"

/* Is this the timer's call, and is its shape wrong? */
static int bad_shape(int m, int n, int k, int lda, int ldb, int ldc,
                     int want_k)
{
    return lda == ldb && ldb == ldc
        && (m != 8 || n != 8 || k != want_k || lda != 8);
}

static void nocopy_b1(int m, int n, int k, const double *restrict a,
                      int lda, const double *restrict b, int ldb,
                      double beta, double *restrict c, int ldc)
{
    const char *kt = getenv("PLANT_KT");

    (void)beta;
    if (bad_shape(m, n, k, lda, ldb, ldc, kt ? atoi(kt) : 8))
        abort();
    for (int j = 0; j < n; j++)
        for (int i = 0; i < m; i++)
            for (int p = 0; p < k; p++)
                c[i + j * ldc] += a[i + p * lda] * b[p + j * ldb];
}

PLANT_DESC(nocopy, MMT_LAYOUT_NOCOPY, 0, nocopy_b1);

static void k3_b1(int m, int n, int k, const double *restrict a, int lda,
                  const double *restrict b, int ldb, double beta,
                  double *restrict c, int ldc)
{
    (void)beta;
    if (bad_shape(m, n, k, lda, ldb, ldc, 3))
        abort();
    for (int j = 0; j < 8; j++)
        for (int i = 0; i < 8; i++)
            for (int p = 0; p < 3; p++)
                c[i + j * ldc] += a[i * 3 + p] * b[j * 3 + p];
}

PLANT_DESC(k3, MMT_LAYOUT_ATLAS, 3, k3_b1);
