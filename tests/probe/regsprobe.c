/* regsprobe: run the register probe with a given compiler and flags and
 * print what it found, one `KEY value confirmed` line per key, for
 * tests/probe/test_regs_live.sh.  Usage: regsprobe CC "FLAGS". */
#include <stdio.h>

#include "probe/probes.h"

int main(int argc, char **argv)
{
    static const enum mmc_probe_key keys[] = {
        MMC_P_FP_REGS_SCALAR, MMC_P_FP_REGS_SSE2, MMC_P_FP_REGS_AVX2,
        MMC_P_FP_REGS_AVX512, MMC_P_FMA_COMPILER
    };
    struct probe_ctx ctx = { .log = stderr };
    struct mmc_probeconf pc = { 0 };

    if (argc != 3) {
        fprintf(stderr, "usage: regsprobe CC \"FLAGS\"\n");
        return 2;
    }
    ctx.kernel_cc = argv[1];
    ctx.kernel_cflags = argv[2];
    if (probe_regs(&ctx, &pc) != 0)
        return 1;
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
        printf("%s %g %d\n", mmc_probeconf_schema[keys[i]].key,
               mmc_probeconf_get(&pc, keys[i]), pc.confirmed[keys[i]]);
    return 0;
}
