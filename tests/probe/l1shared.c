/* l1shared KIB WAYS: is this core's L1d shared right now?  The timed
 * probe test's independent witness (regtest_mmprobe.sh): it shares no code
 * with mmprobe and takes the L1's size and ways from the facts (sysfs or
 * the cpuid tool), not from a measurement.
 *
 * WAYS lines that map to one set all stay in the L1 when this core has it
 * to itself, and a cycle over them costs an L1 hit per load.  Work on the
 * SMT sibling -- another tenant's, outside the guest and invisible to
 * /proc/stat -- takes ways of every set, and then the same cycle misses:
 * on the Zen 5 guest 12 lines in one set of 12 ways cost 3-3.5x a hit for
 * minutes at a time, while 13 lines (one over the ways) cost 3.5-7x on
 * any machine.  A probe cannot confirm an L1 it cannot see whole, so a run
 * made while this says "shared" is set aside for a reason of the
 * machine's, not of mmprobe's.
 *
 * Prints the two latencies; exit 0 when WAYS lines in one set hit (the
 * L1 is this core's), 1 when they cost over 1.5x one line (shared), 2 on
 * bad usage. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { LOADS = 1 << 14, SAMPLES = 15, SETS_APART = 16 };

static double now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Nanoseconds per load of a cycle over n lines `stride` bytes apart: the
 * least of SAMPLES (noise only adds time). */
static void *volatile sink;

static double cycle_ns(char *buf, int n, size_t stride)
{
    double best = 1e30;

    for (int i = 0; i < n; i++)
        *(void **)(buf + i * stride) = buf + (size_t)((i + 1) % n) * stride;
    void **p = (void **)buf;
    for (int i = 0; i < LOADS; i++)     /* bring the lines in */
        p = *p;
    for (int s = 0; s < SAMPLES; s++) {
        double t0 = now();
        for (int i = 0; i < LOADS; i++)
            p = *p;
        double t = (now() - t0) / LOADS * 1e9;
        if (t < best)
            best = t;
    }
    sink = p;   /* the chase's end is used: it cannot be left out */
    return best;
}

int main(int argc, char **argv)
{
    long kib = argc == 3 ? atol(argv[1]) : 0;
    int ways = argc == 3 ? atoi(argv[2]) : 0;

    if (kib <= 0 || ways <= 0 || ways > 64 || kib * 1024 % ways) {
        fprintf(stderr, "usage: l1shared KIB WAYS (the L1d's size and "
                "ways, as sysfs or cpuid give them)\n");
        return 2;
    }
    /* Lines a multiple of the way size apart share a set: the L1 is
     * virtually indexed within a way, so the pages' placement cannot
     * spread them. */
    size_t stride = (size_t)kib * 1024 / ways * SETS_APART;
    char *buf = malloc(stride * ways + 64);
    if (!buf) {
        perror("l1shared");
        return 2;
    }
    double one = cycle_ns(buf, 1, stride);
    double full = cycle_ns(buf, ways, stride);
    int shared = full > 1.5 * one;

    printf("%d lines in one set %.2f ns, 1 line %.2f ns: %s\n", ways, full,
           one, shared ? "shared" : "this core's");
    free(buf);
    return shared;
}
