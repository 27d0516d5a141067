/* The pointer chase the cache probe times (chase.h). */
#include "probe/chase.h"

#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>

#include "timer/mmtimer.h"

enum {
    HUGE = 2 << 20,
    MAX_LOADS = 1 << 16,        /* per sample, bounds the time of a sample */
    MIN_LOADS = 1 << 14,
};

/* A sample's time is also bounded (by the warm pass's time a load):
 * past the LLC, where a load waits on memory, MAX_LOADS took 3.5 ms a
 * sample and the sweeps' sizes there most of mmprobe's time (a Zen 5
 * guest whose neighbours left its L3 edge at 4 MiB: 7.4-7.9 s a run,
 * where an edge at 6-8 MiB had kept 5-6 s).  In L2 and L3 MAX_LOADS
 * takes less than this, so their edges come from the same samples as
 * before; a bound of 1 ms cut into the L3's samples and moved L2_EFF_KIB
 * (644 against 912 in three alternated pairs), 2 ms did not (768-992 both
 * ways, the runs 3.8-4.1 s against 4.8-6.5; 2026-11-29). */
#define SAMPLE_S 2e-3

static uint64_t next_rand(struct probe_chase *c)
{
    c->rng ^= c->rng << 13;
    c->rng ^= c->rng >> 7;
    c->rng ^= c->rng << 17;
    return c->rng;
}

/* A random permutation of 0..n-1 in order[]. */
static void shuffle(struct probe_chase *c, uint32_t *order, size_t n)
{
    for (size_t i = 0; i < n; i++)
        order[i] = (uint32_t)i;
    for (size_t i = n - 1; i > 0; i--) {
        size_t j = next_rand(c) % (i + 1);
        uint32_t t = order[i];
        order[i] = order[j], order[j] = t;
    }
}

/* Link n slots, spaced `stride` bytes apart from `base`, into one random
 * cycle; order[] is scratch of n entries. */
static void link_cycle(struct probe_chase *c, char *base, size_t n,
                       size_t stride, uint32_t *order)
{
    shuffle(c, order, n);
    for (size_t i = 0; i < n; i++)
        *(void **)(base + order[i] * stride) =
            base + order[(i + 1) % n] * stride;
    c->pos = (void **)(base + order[0] * stride);
}

/* Link the lines of `bytes` into one cycle that visits groups of
 * GROUP_PAGES 4 KiB pages in random order, and the lines of a group in
 * random order.  A cyclic walk still evicts like any other (every line
 * once per lap), and a group's lines are spread over enough pages that no
 * prefetcher sees a page worth fetching; but the walk leaves a group only
 * once per 32 x 64 loads.  Under a hypervisor the guest's 2 MiB pages may
 * be 4 KiB pages to the TLB, whose misses would otherwise add a cliff of
 * their own at 64 entries x 4 KiB, where the L2 edge is looked for. */
enum { GROUP_PAGES = 32, GROUP_LINES = GROUP_PAGES * 4096 / PROBE_LINE };

static void link_groups(struct probe_chase *c, size_t bytes, uint32_t *order)
{
    size_t lines = bytes / PROBE_LINE, groups = (lines + GROUP_LINES - 1) /
                                          GROUP_LINES;
    static uint32_t in_group[GROUP_LINES];
    void **prev = NULL, **first = NULL;

    shuffle(c, order, groups);
    for (size_t g = 0; g < groups; g++) {
        size_t base = (size_t)order[g] * GROUP_LINES;
        size_t n = lines - base < GROUP_LINES ? lines - base : GROUP_LINES;

        shuffle(c, in_group, n);
        for (size_t i = 0; i < n; i++) {
            void **line = (void **)(c->buf
                                    + (base + in_group[i]) * PROBE_LINE);
            if (prev)
                *prev = line;
            else
                first = line;
            prev = line;
        }
    }
    *prev = first;
    c->pos = first;
}

static void **walk(void **p, long n)
{
    for (; n >= 8; n -= 8) {
        p = *p, p = *p, p = *p, p = *p;
        p = *p, p = *p, p = *p, p = *p;
    }
    while (n-- > 0)
        p = *p;
    return p;
}

static double chase_sample(void *arg)
{
    struct probe_chase *c = arg;
    double t0 = probe_now();

    c->pos = walk(c->pos, c->loads);
    return probe_now() - t0;
}

/* Nanoseconds per load over `bytes`, after one warm pass; min of 3x3. */
double probe_chase_ns(struct probe_chase *c, size_t bytes, uint32_t *order)
{
    size_t lines = bytes / PROBE_LINE;

    long warm = lines < 4 * MAX_LOADS ? (long)lines : 4L * MAX_LOADS;
    double t0, per;

    c->bytes = bytes;
    link_groups(c, bytes, order);
    t0 = probe_now();
    c->pos = walk(c->pos, warm);
    per = (probe_now() - t0) / (double)warm;   /* seconds a load, about */
    c->loads = lines < MIN_LOADS ? MIN_LOADS
             : lines > MAX_LOADS ? MAX_LOADS : (long)lines;
    if (per > 0 && (double)c->loads * per > SAMPLE_S)
        c->loads = SAMPLE_S / per > MIN_LOADS ? (long)(SAMPLE_S / per)
                                              : MIN_LOADS;
    return probe_min_rounds(chase_sample, c, 3, 3, 0.03, 2, NULL) /
           c->loads * 1e9;
}

/* Line size: visit blocks in random order; in each, load offset d and
 * then offset 0.  The blocks' first lines span 2x L1, so the first load
 * misses L1 (and hits L2); the second hits L1 if d is within the same line
 * and misses it otherwise.  Offset d goes first so that an ascending
 * next-line prefetch cannot hide the second miss, and the pair sits at a
 * different line of each 1 KiB block (12 choices, so that the pairs of a
 * page fall on 48 of its 64 line slots and spread over the L2 sets). */
enum { BLOCK = 1024 };

/* Where the pair of block b starts: d <= 256 bytes still fits after it. */
static char *pair_at(char *base, size_t b)
{
    return base + b * BLOCK + (b * 5 % 12) * PROBE_LINE;
}

double probe_pair_ns(struct probe_chase *c, size_t nblocks, int d,
                     uint32_t *order)
{
    char *base = c->buf;

    shuffle(c, order, nblocks);
    for (size_t i = 0; i < nblocks; i++) {
        size_t b = order[i], nb = order[(i + 1) % nblocks];
        char *second = pair_at(base, b);
        char *next = pair_at(base, nb) + d;

        *(void **)(second + d) = second;
        *(void **)second = next;
    }
    c->pos = (void **)(pair_at(base, order[0]) + d);
    c->loads = 2 * (long)nblocks;
    c->pos = walk(c->pos, c->loads);
    return probe_min_rounds(chase_sample, c, 3, 5, 0.03, 2, NULL) /
           c->loads * 1e9;
}

/* Nanoseconds per load of a cycle over n lines `stride` bytes apart. */
static double set_ns(struct probe_chase *c, int n, size_t stride)
{
    uint32_t order[64];

    link_cycle(c, c->buf, (size_t)n, stride, order);
    c->loads = MIN_LOADS;
    return probe_min_rounds(chase_sample, c, 3, 5, 0.03, 2, NULL) /
           c->loads * 1e9;
}

double probe_chase_set_ns(void *arg, int n, size_t stride)
{
    return set_ns(arg, n, stride);
}

char *probe_chase_alloc(void)
{
    char *buf = mmtm_alloc(PROBE_CHASE_MAX + HUGE, HUGE, 0);

#ifdef MADV_HUGEPAGE
    if (buf)
        madvise(buf, PROBE_CHASE_MAX, MADV_HUGEPAGE);
#endif
    return buf;
}
