/* l1shared KIB WAYS [LINES]: is this core's L1d shared right now?  The
 * timed probe test's independent witness (regtest_mmprobe.sh): it shares
 * no code with mmprobe and takes the L1's size and ways from the facts
 * (sysfs or the cpuid tool), not from a measurement.
 *
 * WAYS lines that map to one set all stay in the L1 when this core has it
 * to itself, and a cycle over them costs an L1 hit per load.  Work on the
 * SMT sibling -- another tenant's, outside the guest and invisible to
 * /proc/stat -- takes ways of every set, and then the same cycle misses:
 * on the Zen 5 guest 12 lines in one set of 12 ways cost 3-3.5x a hit for
 * minutes at a time, while 13 lines (one over the ways) cost 3.5-7x on
 * any machine.  A probe cannot confirm an L1 it cannot see whole, so a run
 * made while this says "shared" is set aside for a reason of the
 * machine's, not of mmprobe's.  LINES (default WAYS) times another count
 * of lines in the set: the test checks with WAYS / 2 and WAYS + 1 that
 * the witness can say both "this core's" and "shared".
 *
 * Prints the two latencies; exit 0 when LINES lines in one set hit (the
 * L1 is this core's), 1 when they cost over 1.5x one line (shared), 2 on
 * bad usage or an error. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Lines WAYS_APART way sizes apart share a set (16: apart in the L2's
 * sets as well on the CPUs met, so the misses of a shared L1 go no
 * further than the L2). */
enum { LOADS = 1 << 14, SAMPLES = 15, WAYS_APART = 16, MAX_LINES = 65 };

static double now(void)
{
    struct timespec ts;

    if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0) {
        perror("l1shared: clock_gettime");
        exit(2);
    }
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void *volatile sink;     /* the chase's end, so it is not left out */

/* Nanoseconds per load of a cycle over n lines `stride` bytes apart: the
 * least of SAMPLES (noise only adds time). */
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
    sink = p;
    return best;
}

/* A whole number in [1, max] from s, else 0. */
static long number(const char *s, long max)
{
    char *end;
    long v = strtol(s, &end, 10);

    return *s && !*end && v >= 1 && v <= max ? v : 0;
}

static int usage(FILE *f, int status)
{
    fprintf(f, "usage: l1shared KIB WAYS [LINES]\n"
            "Time LINES (default WAYS) lines in one set of the L1d of KIB "
            "KiB and WAYS ways\n(as sysfs or cpuid give them): exit 0 "
            "when they hit, 1 when they cost over\n1.5x one line (the L1 "
            "is shared), 2 on bad usage or an error.\n");
    return status;
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "--help") == 0)
        return usage(stdout, 0);
    if (argc != 3 && argc != 4)
        return usage(stderr, 2);
    long kib = number(argv[1], 1L << 20), ways = number(argv[2], 64);
    long lines = argc == 4 ? number(argv[3], MAX_LINES) : ways;

    if (!kib || !ways || !lines || kib * 1024 % ways)
        return usage(stderr, 2);
    /* Lines a multiple of the way size apart share a set while a way is
     * at most a page (4 KiB on every x86 L1d met): the set comes from
     * address bits within the page, which the pages' placement cannot
     * change. */
    size_t stride = (size_t)(kib * 1024 / ways) * WAYS_APART;
    char *buf = malloc(stride * (size_t)lines + 64);
    if (!buf) {
        perror("l1shared");
        return 2;
    }
    double one = cycle_ns(buf, 1, stride);
    double full = cycle_ns(buf, (int)lines, stride);
    int shared = full > 1.5 * one;

    printf("%ld lines in one set %.2f ns, 1 line %.2f ns: %s\n", lines,
           full, one, shared ? "shared" : "this core's");
    free(buf);
    return shared;
}
