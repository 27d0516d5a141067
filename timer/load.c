/* How busy the other CPUs were during a measurement, from /proc/stat.  On
 * a virtual machine two vCPUs may be one physical core's two threads: work
 * on the other vCPU then halves FP throughput (FP_PIPES read 1 instead of
 * 2 here with two busy loops beside mmprobe), and minima over samples
 * cannot see it, since every sample is slowed alike.  So the probes doubt
 * a value measured beside busy CPUs, and the search takes such a timing
 * again. */
#include "timer/mmtimer.h"

#include <stdio.h>
#include <string.h>

/* Busy and total jiffies of every CPU but `self`; -1 if unreadable. */
static int read_others(int self, unsigned long long *busy,
                       unsigned long long *total)
{
    FILE *fp = fopen("/proc/stat", "r");
    char line[512];

    if (!fp)
        return -1;
    *busy = *total = 0;
    while (fgets(line, sizeof line, fp)) {
        unsigned long long v[8] = { 0 };
        int cpu;

        if (strncmp(line, "cpu", 3) != 0 || line[3] < '0' || line[3] > '9')
            continue;
        if (sscanf(line, "cpu%d %llu %llu %llu %llu %llu %llu %llu %llu",
                   &cpu, &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6],
                   &v[7]) < 5 || cpu == self)
            continue;
        for (int i = 0; i < 8; i++)
            *total += v[i];
        *busy += v[0] + v[1] + v[2] + v[5] + v[6] + v[7];  /* not idle */
    }
    fclose(fp);
    return 0;
}

void mmtm_load_start(struct mmtm_load *l, int self)
{
    l->self = self;
    l->ok = read_others(self, &l->busy0, &l->total0) == 0;
}

double mmtm_load_busy(const struct mmtm_load *l)
{
    unsigned long long busy, total;

    if (!l->ok || read_others(l->self, &busy, &total) != 0
        || total <= l->total0)
        return 0;
    return (double)(busy - l->busy0) / (double)(total - l->total0);
}
