/* The facts tests/timer decides its skips by: asked of cpuid directly,
 * never of timer/cpu.c, whose answers are under test. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <time.h>

#ifdef HAVE_CPUID_H
#include <cpuid.h>
#endif

#include "tests/timer/machine.h"

static int edx_bit(unsigned leaf, int bit)
{
#ifdef HAVE_CPUID_H
    unsigned a, b, c, d;

    return __get_cpuid(leaf, &a, &b, &c, &d) && (d >> bit & 1);
#else
    (void)leaf;
    (void)bit;
    return 0;
#endif
}

int tm_cpu_has_tsc(void)
{
    return edx_bit(1, 4);
}

int tm_cpu_has_rdtscp(void)
{
    return edx_bit(0x80000001u, 27);
}

void tm_skip_all_without_tsc(void)
{
    if (tm_cpu_has_tsc())
        return;
    printf("1..0 # SKIP no TSC (cpuid leaf 1 EDX bit 4 clear, or no "
           "cpuid)\n");
    exit(0);
}

int tm_pin_here(void)
{
    cpu_set_t set;
    int cpu = sched_getcpu();

    if (cpu < 0)
        return -1;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    return sched_setaffinity(0, sizeof set, &set);
}

void tm_nap(double s)
{
    struct timespec ts = { 0, (long)(s * 1e9) };

    while (nanosleep(&ts, &ts) != 0)
        ;
}

double tm_measure_nap(enum mmtm_clock id, double s, double lo, double hi,
                      int tries)
{
    double got = 0;

    for (int attempt = 0; attempt < tries; attempt++) {
        int64_t t0 = mmtm_clock_ticks(id);
        tm_nap(s);
        got = (double)(mmtm_clock_ticks(id) - t0) * mmtm_clock_tick_s(id);
        printf("# attempt %d: a %g ms nap measured %.6f s on the %s clock\n",
               attempt + 1, s * 1e3, got, mmtm_clock_describe(id)->name);
        if (got >= lo && got <= hi)
            break;
    }
    return got;
}
