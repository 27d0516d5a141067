/* A planted kernel that crashes when called: the search must log it as a
 * crash and go on (tests/tune/test_pipeline.c). */
#include "plant.h"

static void crash_b1(int m, int n, int k, const double *restrict a, int lda,
                     const double *restrict b, int ldb, double beta,
                     double *restrict c, int ldc)
{
    volatile double *nowhere = 0;

    (void)m, (void)n, (void)k, (void)a, (void)lda, (void)b, (void)ldb;
    (void)beta, (void)c, (void)ldc;
    *nowhere = 1.0;
}

PLANT_DESC(crash, MMT_LAYOUT_ATLAS, 8, crash_b1);
