/* A CPU without a time-stamp counter (nor rdtscp, nor clflush), linked
 * into test programs in place of timer/cpu.c: the seam through which the
 * timer's "no cycle clock" path is tested on machines that have a TSC.
 * It defines every function of timer/cpu.h, so that the linker never
 * pulls the real cpu.o out of libmmtimer. */
#include "timer/cpu.h"

int mmtm_cpu_has(enum mmtm_cpu_feature f)
{
    (void)f;
    return 0;
}

unsigned mmtm_cpu_clflush_bytes(void)
{
    return 64;
}
