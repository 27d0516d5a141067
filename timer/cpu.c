/* cpuid, asked once per feature.  Where there is no cpuid (not x86, or no
 * <cpuid.h>) nothing is claimed. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#ifdef HAVE_CPUID_H
#include <cpuid.h>
#endif

#include "timer/cpu.h"

#ifdef HAVE_CPUID_H
static int leaf(unsigned n, unsigned r[4])
{
    return __get_cpuid(n, &r[0], &r[1], &r[2], &r[3]);
}
#endif

int mmt_cpu_has(enum mmt_cpu_feature f)
{
#ifdef HAVE_CPUID_H
    unsigned r[4];

    switch (f) {
    case MMT_CPU_TSC:
        return leaf(1, r) && (r[3] >> 4 & 1);
    case MMT_CPU_CLFLUSH:
        return leaf(1, r) && (r[3] >> 19 & 1);
    case MMT_CPU_RDTSCP:
        return leaf(0x80000001u, r) && (r[3] >> 27 & 1);
    case MMT_CPU_INVARIANT_TSC:
        return leaf(0x80000007u, r) && (r[3] >> 8 & 1);
    }
#else
    (void)f;
#endif
    return 0;
}

unsigned mmt_cpu_clflush_bytes(void)
{
#ifdef HAVE_CPUID_H
    unsigned r[4];

    if (leaf(1, r) && (r[1] >> 8 & 0xff) != 0)
        return (r[1] >> 8 & 0xff) * 8;
#endif
    return 64;
}
