/* Whether a call's operands come from memory: the time the loads of
 * their first lines take, against what the same number of loads takes on
 * lines in L1, measured once when the library loads.  The small path
 * reads its operands in one pass before the kernels run (small.c's
 * mml_load_operands), which from memory took N = 48 from 31 to 42
 * GFLOPS and N = 100 from 65 to 74, but on operands in cache cost 4-9%
 * of the call (Zen 5, bench-dgemm, flushed and warm, medians of 15
 * rounds): at N = 64 and more A and B outgrow L1, and the pass moves
 * every line from L2 once more.  Touching every other line (the next
 * left to the prefetchers) kept none of the gain from memory, nor did
 * prefetches instead of loads; so the pass stays whole, and its first
 * lines, read with the counter around them, decide whether the rest is
 * read.
 *
 * A reading waits for the loads before it (an lfence), so from memory
 * it holds the call up for a while: a reading of four lines alone, as
 * the first thing a call did, cost a cold N = 32 17% and N = 64 8%.
 * Started after the pages are primed and ended after the pass's first
 * lines, the wait overlaps the page walks and loads the pass needs
 * anyway: cold N = 64 within 2% of always loading, N = 100 level, while
 * warm calls gained 3-4% (small.c's PROBE_MIN says from where).
 *
 * On the Zen 5 guest, lines in L1 or L2 read 24-52 ticks for four loads
 * (ticks there come in steps of 26), 130-420 from L3 and 700-2700 from
 * memory; a reading costs about 25 ns.  A reading more than COLD_NS
 * above the hot one for as many lines counts as cold: from memory or the
 * far L3, never L1 or L2 (the counter's rate, to turn COLD_NS into
 * ticks, is taken against clock_gettime over RATE_NS when the library
 * loads, with the hot reading: 50 us of spinning).  An interrupt during
 * a reading makes a warm call look cold, which costs that call the pass;
 * first lines in cache while the rest of the operands are not make a
 * cold call skip it, which costs it the pass's gain: neither changes a
 * bit of a result.  Compiled once for both precisions (kernels/elem.h). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <pthread.h>
#include <string.h>

#include "kernels/driver.h"

/* A reading counts as cold when it exceeds the hot one (as many lines
 * in L1) by this many nanoseconds: less than a load from memory (80 ns
 * and more, more again with a page walk), more than one from L2 (about
 * 4) or a near L3 (10-20). */
#define COLD_NS 40.0

/* Lines the hot reading loads, and how many readings it takes the
 * median of. */
#define HOT_LINES 32
#define HOT_READINGS 15

/* Nanoseconds of clock_gettime against which the counter's rate is
 * taken when the library loads. */
#define RATE_NS 50000.0

#if defined(__x86_64__) && defined(__GNUC__)
#include <stdlib.h>
#include <time.h>
#include <x86intrin.h>

/* The hot reading's ticks for HOT_LINES lines, and the ticks of COLD_NS;
 * hot 0: not known (every reading counts as cold). */
static unsigned long long hot_ticks, margin_ticks;
static pthread_once_t hot_once = PTHREAD_ONCE_INIT;

MML_HOT
unsigned long long mml_ticks(void)
{
    return __rdtsc();
}

/* The ticks since t0, once every load before is done. */
MML_HOT
static unsigned long long span(unsigned long long t0)
{
    _mm_lfence();
    return __rdtsc() - t0;
}

static double now_ns(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static int by_value(const void *x, const void *y)
{
    unsigned long long a = *(const unsigned long long *)x;
    unsigned long long b = *(const unsigned long long *)y;

    return (a > b) - (a < b);
}

/* The median of HOT_READINGS readings of HOT_LINES lines in L1. */
static unsigned long long hot_reading(void)
{
    static const double hot[HOT_LINES][8] __attribute__((aligned(64)));
    unsigned long long r[HOT_READINGS];

    for (int i = 0; i < HOT_READINGS; i++) {
        unsigned long long t0 = mml_ticks();

        for (int l = 0; l < HOT_LINES; l++) {
            unsigned long long w;
            memcpy(&w, hot[l], sizeof w);
            __asm__ volatile("" : : "r"(w));
        }
        r[i] = span(t0);
    }
    qsort(r, HOT_READINGS, sizeof *r, by_value);
    return r[HOT_READINGS / 2];
}

/* The counter's ticks a nanosecond, against the clock over RATE_NS. */
static double ticks_per_ns(void)
{
    double t0 = now_ns(), t;
    unsigned long long c0 = __rdtsc(), c;

    do {
        t = now_ns();
        c = __rdtsc();
    } while (t - t0 < RATE_NS);
    return (double)(c - c0) / (t - t0);
}

static void calibrate(void)
{
    unsigned long long hot = hot_reading();
    double rate = ticks_per_ns();

    if (hot == 0 || !(rate > 0.0))
        return;
    margin_ticks = (unsigned long long)(COLD_NS * rate);
    __atomic_store_n(&hot_ticks, hot, __ATOMIC_RELEASE);
}

/* Measured when the library loads, so that no call pays for it. */
__attribute__((constructor)) static void hot_at_load(void)
{
    pthread_once(&hot_once, calibrate);
}

MML_HOT
int mml_cold_since(unsigned long long t0, size_t lines)
{
    unsigned long long hot = __atomic_load_n(&hot_ticks, __ATOMIC_ACQUIRE);
    size_t scale = lines > HOT_LINES ? lines : HOT_LINES;

    return !hot
           || span(t0) > hot * scale / HOT_LINES + margin_ticks;
}
#else
/* No counter known to read cheaply: every call counts as cold, and the
 * small path loads its operands first, as it did before the readings. */
unsigned long long mml_ticks(void)
{
    return 0;
}

int mml_cold_since(unsigned long long t0, size_t lines)
{
    (void)t0, (void)lines;
    return 1;
}
#endif
