/* The kernel ISAs (isa.h). */
#include "common/isa.h"

#include <stdio.h>
#include <string.h>

const struct mmc_isa mmc_isas[MMC_NISA] = {
    [MMC_ISA_NONE] = { "none", 1, 16, "double", "", "", "", NULL, "",
                       "1", MMC_P_FP_REGS_SCALAR },
    [MMC_ISA_SSE2] = { "sse2", 2, 16, "__m128d", "_mm", "sse2", "sse2,fma",
                       NULL, "sse2", "defined(__SSE2__)",
                       MMC_P_FP_REGS_SSE2 },
    [MMC_ISA_AVX2] = { "avx2", 4, 16, "__m256d", "_mm256", "avx2",
                       "avx2,fma", NULL, "avx2,fma", "defined(__AVX__)",
                       MMC_P_FP_REGS_AVX2 },
    [MMC_ISA_AVX512] = { "avx512", 8, 32, "__m512d", "_mm512", "avx512f",
                         "avx512f", "avx512f,avx512vl", "avx512f",
                         "defined(__AVX512F__)", MMC_P_FP_REGS_AVX512 },
};

const struct mmc_isa *mmc_isa_find(const char *name)
{
    for (int i = 0; i < MMC_NISA; i++)
        if (!strcmp(name, mmc_isas[i].name))
            return &mmc_isas[i];
    return NULL;
}

const char *mmc_isa_list(char *buf, size_t len, int best_first)
{
    size_t used = 0;

    buf[0] = '\0';
    for (int i = 0; i < MMC_NISA && used < len; i++) {
        int k = best_first ? MMC_NISA - 1 - i : i;
        int n = snprintf(buf + used, len - used, "%s%s", i ? ", " : "",
                         mmc_isas[k].name);
        used += n > 0 ? (size_t)n : 0;
    }
    return buf;
}
