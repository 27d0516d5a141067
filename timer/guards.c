/* Throttling check (paper 000 §5.1).  Frequency scaling makes timings
 * wander, so it is reported -- but only ever as a warning: ATLAS aborted
 * its install on throttling, and that abort was its users' most common
 * complaint (containers, laptops and clusters cannot switch it off). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "timer/mmtimer.h"
#include "common/common.h"

static long read_khz(const char *dir, const char *file)
{
    char buf[32];

    return mmc_sysfs_read(dir, file, buf, sizeof buf) == 0 ? atol(buf) : 0;
}

int mmtm_throttle_check(int cpu, char *msg, size_t len)
{
    char dir[96], gov[64];
    long cur, min, max;
    int fixed;

    mmc_sysfs_cpufreq_dir(dir, sizeof dir, cpu);
    if (mmc_sysfs_read(dir, "scaling_governor", gov, sizeof gov) != 0) {
        snprintf(msg, len, "cpu%d: no cpufreq information (%s absent); "
                 "frequency scaling not checked", cpu, dir);
        return -1;
    }
    cur = read_khz(dir, "scaling_cur_freq");
    min = read_khz(dir, "scaling_min_freq");
    max = read_khz(dir, "cpuinfo_max_freq");
    /* "performance" or min == max pins the clock; anything else may move
     * it between samples. */
    fixed = strcmp(gov, "performance") == 0 || (min > 0 && min == max);
    snprintf(msg, len, "cpu%d: governor %s, now %.2f GHz, allowed %.2f-%.2f "
             "GHz%s", cpu, gov, cur * 1e-6, min * 1e-6, max * 1e-6,
             fixed ? "" : " -- may throttle; timings may wander "
             "(use the performance governor if you can)");
    return !fixed;
}
