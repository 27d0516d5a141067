/* A planted kernel that crashes when called: the search must log it as a
 * crash and go on (tests/tune/test_pipeline.c). */
#include "mmkernel.h"

static void crash_b1(int m, int n, int k, const double *restrict a, int lda,
                     const double *restrict b, int ldb, double beta,
                     double *restrict c, int ldc)
{
    volatile double *nowhere = 0;

    (void)m, (void)n, (void)k, (void)a, (void)lda, (void)b, (void)ldb;
    (void)beta, (void)c, (void)ldc;
    *nowhere = 1.0;
}

const struct mmt_kernel_desc plant_crash_desc = {
    .abi = MMT_KERNEL_ABI, .name = "plant_crash", .command = "",
    .isa = "none", .requires = "", .vlen = 1, .layout = MMT_LAYOUT_ATLAS,
    .nb = 8, .m = 8, .n = 8, .k = 8, .mu = 1, .nu = 1, .ku = 1, .ls = 1,
    .fma = 1, .ff = 1, .ifetch = 2, .nfetch = 2, .flops = 1024,
    .beta1 = crash_b1,
};
