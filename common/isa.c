/* The kernel ISAs (isa.h). */
#include "common/isa.h"

#include <stdio.h>
#include <string.h>

const struct mmt_isa mmt_isas[MMT_NISA] = {
    [MMT_ISA_NONE] = { "none", 1, 16, "double", "", "", "", "", "1",
                       MMT_P_FP_REGS_SCALAR },
    [MMT_ISA_SSE2] = { "sse2", 2, 16, "__m128d", "_mm", "sse2", "sse2,fma",
                       "sse2", "defined(__SSE2__)", MMT_P_FP_REGS_SSE2 },
    [MMT_ISA_AVX2] = { "avx2", 4, 16, "__m256d", "_mm256", "avx2",
                       "avx2,fma", "avx2,fma", "defined(__AVX__)",
                       MMT_P_FP_REGS_AVX2 },
    [MMT_ISA_AVX512] = { "avx512", 8, 32, "__m512d", "_mm512", "avx512f",
                         "avx512f", "avx512f", "defined(__AVX512F__)",
                         MMT_P_FP_REGS_AVX512 },
};

const struct mmt_isa *mmt_isa_find(const char *name)
{
    for (int i = 0; i < MMT_NISA; i++)
        if (!strcmp(name, mmt_isas[i].name))
            return &mmt_isas[i];
    return NULL;
}

const char *mmt_isa_list(char *buf, size_t len, int best_first)
{
    size_t used = 0;

    buf[0] = '\0';
    for (int i = 0; i < MMT_NISA && used < len; i++) {
        int k = best_first ? MMT_NISA - 1 - i : i;
        int n = snprintf(buf + used, len - used, "%s%s", i ? ", " : "",
                         mmt_isas[k].name);
        used += n > 0 ? (size_t)n : 0;
    }
    return buf;
}
