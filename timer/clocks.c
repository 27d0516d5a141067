/* Clocks: wall (CLOCK_MONOTONIC), cycles (TSC) and CPU time
 * (CLOCK_PROCESS_CPUTIME_ID), each read as an integer so that only the
 * difference of two readings is converted to seconds (paper 000 §2.2).
 * Resolution, cost per reading and the TSC rate are measured, never
 * assumed: the TSC ticks at a fixed rate that is not the core clock. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>
#include <time.h>

#ifdef HAVE_RDTSC
#include <x86intrin.h>
#endif
#include "timer/mmtimer.h"
#include "timer/cpu.h"

static const char *const clock_names[MMTM_NCLOCKS] = { "wall", "cycles",
                                                        "cpu" };

static int64_t read_posix(clockid_t id)
{
    struct timespec ts;

    if (clock_gettime(id, &ts) != 0)
        return 0;
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* How the cycle clock is read here.  Both readings are ordered against
 * the instructions on either side, so that all of the timed work, and
 * nothing after it, falls inside an interval:
 *  - rdtscp waits until every earlier instruction has executed, and the
 *    lfence after it keeps later ones from starting before the read (Intel
 *    SDM vol. 2B, RDTSCP; AMD APM vol. 3, RDTSCP).
 *  - Without rdtscp (some hypervisors hide it: this project's Zen 5 KVM
 *    guest has tsc but no rdtscp), "lfence; rdtsc; lfence": Intel SDM vol.
 *    2B, RDTSC gives exactly these two fences for the two directions.  On
 *    AMD, lfence is dispatch serializing on families 0Fh/11h, and on later
 *    ones once MSR C001_1029[1] is set ("Software Techniques for Managing
 *    Speculation on AMD Processors", 2018), which Linux sets at boot; its
 *    own ordered TSC read, rdtsc_ordered(), is lfence; rdtsc for this
 *    reason. */
enum tsc_reader { TSC_UNKNOWN, TSC_NONE, TSC_RDTSCP, TSC_FENCED };

static const char *const tsc_reader_names[] = {
    [TSC_RDTSCP] = "rdtscp; lfence",
    [TSC_FENCED] = "lfence; rdtsc; lfence",
};

static enum tsc_reader choose_tsc_reader(void)
{
#ifdef HAVE_RDTSC
    if (!mmtm_cpu_has(MMTM_CPU_TSC))
        return TSC_NONE;
#ifdef HAVE_RDTSCP
    if (mmtm_cpu_has(MMTM_CPU_RDTSCP))
        return TSC_RDTSCP;
#endif
    return TSC_FENCED;
#else
    return TSC_NONE;
#endif
}

/* cpuid is asked once: under a hypervisor it traps and costs microseconds. */
static enum tsc_reader tsc_reader(void)
{
    static enum tsc_reader known = TSC_UNKNOWN;

    if (known == TSC_UNKNOWN)
        known = choose_tsc_reader();
    return known;
}

static int cycles_usable(void)
{
    return tsc_reader() != TSC_NONE;
}

/* Why there is no cycle clock, as the end of a sentence. */
static const char *cycles_why_not(void)
{
#ifdef HAVE_RDTSC
    return "the CPU has no time-stamp counter (cpuid leaf 1 EDX bit 4)";
#else
    return "this build has no __rdtsc (configure found no x86 rdtsc "
           "intrinsic in <x86intrin.h>)";
#endif
}

uint64_t mmtm_cycles(void)
{
#ifdef HAVE_RDTSC
    uint64_t t;

    switch (tsc_reader()) {
#ifdef HAVE_RDTSCP
    case TSC_RDTSCP: {
        unsigned aux;

        t = __rdtscp(&aux);
        _mm_lfence();
        return t;
    }
#endif
    case TSC_FENCED:
        _mm_lfence();
        t = __rdtsc();
        _mm_lfence();
        return t;
    default:
        break;
    }
#endif
    return 0;
}

int64_t mmtm_clock_ticks(enum mmtm_clock id)
{
    switch (id) {
    case MMTM_CLOCK_WALL:
        return read_posix(CLOCK_MONOTONIC);
    case MMTM_CLOCK_CYCLES:
        return (int64_t)mmtm_cycles();
    case MMTM_CLOCK_CPU:
        return read_posix(CLOCK_PROCESS_CPUTIME_ID);
    default:
        return 0;
    }
}

/* One TSC reading with the CLOCK_MONOTONIC time it was taken at: the
 * midpoint of the closest of a few wall readings around it, so that a
 * preemption between the two clocks cannot skew the pair. */
static void tsc_wall_pair(uint64_t *tsc, int64_t *wall_ns)
{
    int64_t best = INT64_MAX;

    for (int i = 0; i < 5; i++) {
        int64_t w0 = read_posix(CLOCK_MONOTONIC);
        uint64_t c = mmtm_cycles();
        int64_t w1 = read_posix(CLOCK_MONOTONIC);

        if (w1 - w0 < best) {
            best = w1 - w0;
            *tsc = c;
            *wall_ns = w0 + (w1 - w0) / 2;
        }
    }
}

/* TSC ticks per second: ticks across >= 20 ms of CLOCK_MONOTONIC, three
 * times, keeping the middle rate (one bad pair spoils one run only). */
double mmtm_tsc_measure_hz(void)
{
    double rate[3];

    if (!cycles_usable())
        return 0;

    for (int i = 0; i < 3; i++) {
        uint64_t c0 = 0, c1 = 0;
        int64_t w0 = 0, w1 = 0;

        tsc_wall_pair(&c0, &w0);
        do
            tsc_wall_pair(&c1, &w1);
        while (w1 - w0 < 20000000);
        rate[i] = (double)(c1 - c0) / ((double)(w1 - w0) * 1e-9);
    }
    for (int i = 0; i < 2; i++)
        for (int j = i + 1; j < 3; j++)
            if (rate[j] < rate[i]) {
                double t = rate[i];
                rate[i] = rate[j];
                rate[j] = t;
            }
    return rate[1];
}

/* Measured once, even when the answer is 0 (a counter that stands still
 * is not measured again on every conversion). */
static double tsc_rate(void)
{
    static double rate;
    static int measured;

    if (!measured) {
        rate = mmtm_tsc_measure_hz();
        measured = 1;
    }
    return rate;
}

double mmtm_clock_tick_s(enum mmtm_clock id)
{
    if (id == MMTM_CLOCK_CYCLES) {
        double r = tsc_rate();
        return r > 0 ? 1.0 / r : 0;
    }
    return 1e-9;
}

double mmtm_clock_seconds(enum mmtm_clock id)
{
    /* The first reading becomes the origin, so the integer converted to a
     * double stays small and keeps its last digits (paper 000 §2.2). */
    static int64_t origin[MMTM_NCLOCKS];
    static int started[MMTM_NCLOCKS];
    int64_t now;

    if ((unsigned)id >= MMTM_NCLOCKS)
        return 0;
    now = mmtm_clock_ticks(id);
    if (!started[id]) {
        origin[id] = now;
        started[id] = 1;
    }
    return (double)(now - origin[id]) * mmtm_clock_tick_s(id);
}

/* The first reading of clock id that differs from a; a itself when the
 * clock stood still for 1 s of CLOCK_MONOTONIC (or for 2^24 readings,
 * should CLOCK_MONOTONIC be what stands still), so that a broken counter
 * is reported instead of waited on for ever. */
static int64_t next_step(enum mmtm_clock id, int64_t a)
{
    int64_t w0 = read_posix(CLOCK_MONOTONIC);

    for (long n = 1; n <= 1L << 24; n++) {
        int64_t b = mmtm_clock_ticks(id);

        if (b != a)
            return b;
        if (n % 4096 == 0 && read_posix(CLOCK_MONOTONIC) - w0 > 1000000000)
            break;
    }
    return a;
}

/* Smallest nonzero step between consecutive readings, in ticks: up to
 * 2000 steps, but no more than ~20 ms of waiting, so that a coarse clock
 * (10 ms CPU time on some systems) is measured in a few steps.  0 when
 * the clock does not advance. */
static int64_t measure_step(enum mmtm_clock id)
{
    int64_t best = INT64_MAX, w0 = read_posix(CLOCK_MONOTONIC);

    for (int i = 0; i < 2000; i++) {
        int64_t a = mmtm_clock_ticks(id), b = next_step(id, a);

        if (b == a)
            return 0;
        if (b - a < best)
            best = b - a;
        if (i >= 2 && read_posix(CLOCK_MONOTONIC) - w0 > 20000000)
            break;
    }
    return best;
}

/* Seconds per reading: the fastest of several batches, timed on the wall
 * clock (the clock under test may be too coarse to time itself). */
static double measure_cost(enum mmtm_clock id)
{
    enum { BATCH = 1000 };
    double best = 1e30;
    volatile int64_t sink = 0;

    for (int r = 0; r < 7; r++) {
        int64_t w0 = read_posix(CLOCK_MONOTONIC);

        for (int i = 0; i < BATCH; i++)
            sink += mmtm_clock_ticks(id);
        double s = (double)(read_posix(CLOCK_MONOTONIC) - w0) * 1e-9 / BATCH;
        if (s < best)
            best = s;
    }
    (void)sink;
    return best;
}

static void describe(struct mmtm_clock_info *ci, enum mmtm_clock id)
{
    int64_t step;

    ci->id = id;
    ci->name = clock_names[id];
    ci->available = id != MMTM_CLOCK_CYCLES || cycles_usable();
    if (!ci->available) {
        ci->why_not = cycles_why_not();
        return;
    }
    ci->reads = id == MMTM_CLOCK_WALL ? "clock_gettime(CLOCK_MONOTONIC)"
                : id == MMTM_CLOCK_CPU
                ? "clock_gettime(CLOCK_PROCESS_CPUTIME_ID)"
                : tsc_reader_names[tsc_reader()];
    ci->rate_hz = id == MMTM_CLOCK_CYCLES ? tsc_rate() : 0;
    step = measure_step(id);
    if (step == 0 || mmtm_clock_tick_s(id) <= 0) {
        ci->available = 0;
        ci->why_not = "its readings stood still for 1 s (a broken counter)";
        return;
    }
    ci->resolution_s = (double)step * mmtm_clock_tick_s(id);
    ci->cost_s = measure_cost(id);
}

const struct mmtm_clock_info *mmtm_clock_describe(enum mmtm_clock id)
{
    static struct mmtm_clock_info info[MMTM_NCLOCKS];
    static int done[MMTM_NCLOCKS];

    if ((unsigned)id >= MMTM_NCLOCKS)
        return NULL;
    if (!done[id]) {
        describe(&info[id], id);
        done[id] = 1;
    }
    return &info[id];
}

int mmtm_clock_parse(const char *name)
{
    for (int i = 0; i < MMTM_NCLOCKS; i++)
        if (strcmp(name, clock_names[i]) == 0)
            return i;
    return -1;
}

int mmtm_tsc_invariant(void)
{
    return mmtm_cpu_has(MMTM_CPU_INVARIANT_TSC);
}
