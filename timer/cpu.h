/* Internal to timer/: what the CPU itself says (cpuid), asked at run time
 * because configure only knows what the compiler offers; decoded by
 * common/cpuid.c. */
#ifndef MMTM_TIMER_CPU_H
#define MMTM_TIMER_CPU_H

#include "common/common.h"

/* common/cpuid.h's features, under the timer's names. */
enum mmtm_cpu_feature {
    MMTM_CPU_TSC = MMC_CPUID_TSC,
    MMTM_CPU_RDTSCP = MMC_CPUID_RDTSCP,
    MMTM_CPU_INVARIANT_TSC = MMC_CPUID_INVARIANT_TSC,
    MMTM_CPU_CLFLUSH = MMC_CPUID_CLFLUSH
};

int mmtm_cpu_has(enum mmtm_cpu_feature f);
/* clflush line size in bytes (cpuid), 64 when unknown. */
unsigned mmtm_cpu_clflush_bytes(void);

#endif
