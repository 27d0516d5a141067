/* Whether this CPU runs a generated kernel: it must have every feature the
 * descriptor's `requires` names (KERNEL_ABI.md).  Shared by the kernel
 * check and the codegen bench, which are both compiled with the kernel
 * compiler and so cannot link a room library. */
#ifndef MMG_CPURUN_H
#define MMG_CPURUN_H

#include <string.h>

static inline int mmg_cpu_runs(const char *requires)
{
#if !defined(__x86_64__) && !defined(__i386__)
    return !requires[0];     /* only scalar kernels off x86 */
#else
    __builtin_cpu_init();
    if (strstr(requires, "avx512f") && !__builtin_cpu_supports("avx512f"))
        return 0;
    if (strstr(requires, "avx512vl")
        && !__builtin_cpu_supports("avx512vl"))
        return 0;
    if (strstr(requires, "avx2") && !__builtin_cpu_supports("avx2"))
        return 0;
    if (strstr(requires, "fma") && !__builtin_cpu_supports("fma"))
        return 0;
    if (strstr(requires, "sse2") && !__builtin_cpu_supports("sse2"))
        return 0;
    return 1;
#endif
}

#endif
