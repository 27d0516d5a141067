/* Internal to timer/: what the CPU itself says (cpuid), asked at run time
 * because configure only knows what the compiler offers; decoded by
 * common/cpuid.c. */
#ifndef MMT_TIMER_CPU_H
#define MMT_TIMER_CPU_H

#include "common/common.h"

/* common/cpuid.h's features, under the timer's names. */
enum mmt_cpu_feature {
    MMT_CPU_TSC = MMT_CPUID_TSC,
    MMT_CPU_RDTSCP = MMT_CPUID_RDTSCP,
    MMT_CPU_INVARIANT_TSC = MMT_CPUID_INVARIANT_TSC,
    MMT_CPU_CLFLUSH = MMT_CPUID_CLFLUSH
};

int mmt_cpu_has(enum mmt_cpu_feature f);
/* clflush line size in bytes (cpuid), 64 when unknown. */
unsigned mmt_cpu_clflush_bytes(void);

#endif
