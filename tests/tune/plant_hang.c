/* A planted kernel that never returns: the search must kill it at its
 * deadline, log a timeout and go on (tests/tune/test_pipeline.c). */
#include "mmkernel.h"

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

const struct mmt_kernel_desc plant_hang_desc = {
    .abi = MMT_KERNEL_ABI, .name = "plant_hang", .command = "",
    .isa = "none", .requires = "", .vlen = 1, .layout = MMT_LAYOUT_ATLAS,
    .nb = 8, .m = 8, .n = 8, .k = 8, .mu = 1, .nu = 1, .ku = 1, .ls = 1,
    .fma = 1, .ff = 1, .ifetch = 2, .nfetch = 2, .flops = 1024,
    .beta1 = hang_b1,
};
