/* Internal to timer/: what the CPU itself says (cpuid), asked at run time
 * because configure only knows what the compiler offers. */
#ifndef MMT_TIMER_CPU_H
#define MMT_TIMER_CPU_H

enum mmt_cpu_feature {
    MMT_CPU_TSC,            /* rdtsc */
    MMT_CPU_RDTSCP,         /* rdtscp */
    MMT_CPU_INVARIANT_TSC,  /* constant rate in every P/C-state */
    MMT_CPU_CLFLUSH         /* clflush */
};

int mmt_cpu_has(enum mmt_cpu_feature f);
/* clflush line size in bytes (cpuid), 64 when unknown. */
unsigned mmt_cpu_clflush_bytes(void);

#endif
