/* What the CPU says of itself, in common/cpuid.c's decoding (no cpuid,
 * not x86: nothing is claimed). */
#include "timer/cpu.h"

#include <stddef.h>

#include "common/common.h"

int mmtm_cpu_has(enum mmtm_cpu_feature f)
{
    return mmc_cpuid_has(mmc_cpuid_native, NULL, (enum mmc_cpuid_feature)f);
}

unsigned mmtm_cpu_clflush_bytes(void)
{
    unsigned bytes = mmc_cpuid_clflush_bytes(mmc_cpuid_native, NULL);

    return bytes ? bytes : 64;
}
