/* What the CPU says of itself, in common/cpuid.c's decoding (no cpuid,
 * not x86: nothing is claimed). */
#include "timer/cpu.h"

#include <stddef.h>

#include "common/common.h"

int mmt_cpu_has(enum mmt_cpu_feature f)
{
    return mmt_cpuid_has(mmt_cpuid_native, NULL, (enum mmt_cpuid_feature)f);
}

unsigned mmt_cpu_clflush_bytes(void)
{
    unsigned bytes = mmt_cpuid_clflush_bytes(mmt_cpuid_native, NULL);

    return bytes ? bytes : 64;
}
