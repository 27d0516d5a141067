/* A planted kernel that never returns: the search must kill it at its
 * deadline, log a timeout and go on (tests/tune/test_pipeline.c). */
#include "plant.h"

static volatile int forever = 1;

static void hang_b1(int m, int n, int k, const double *restrict a, int lda,
                    const double *restrict b, int ldb, double beta,
                    double *restrict c, int ldc)
{
    (void)m, (void)n, (void)k, (void)a, (void)lda, (void)b, (void)ldb;
    (void)beta, (void)c, (void)ldc;
    while (forever)
        ;
}

PLANT_DESC(hang, MMT_LAYOUT_ATLAS, 8, hang_b1);
