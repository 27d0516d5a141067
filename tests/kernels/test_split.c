/* test_split: the ways of split.c, on paper, for 1 to 256 threads (every
 * count to 64, then eleven: next_threads) and shapes from 1 x 1 x 1 to
 * 10000 x 10000 x 10000, three register tiles: no more threads than
 * asked; each dimension's ranges follow one another from 0 to its end,
 * none empty, each starting on a whole tile; so every element of C
 * belongs to exactly one thread's block (on shapes of up to 10^6
 * elements each element is also counted); and the bound: no thread's
 * rows exceed the mean m / ic by a whole MU or more, its columns n / jc
 * by a whole NU or more (one block of the split), nor with jr ways its
 * share of an NB block that block's mean by a NU. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/driver.h"

/* 0 when the ranges of n in `ways` parts of whole units are right. */
static int ranges_ok(size_t n, size_t unit, int ways, char *why,
                     size_t len)
{
    size_t next = 0, lo, hi;

    for (int id = 0; id < ways; id++) {
        mml_split_range(n, unit, ways, id, &lo, &hi);
        if (lo != next || hi <= lo || lo % unit != 0) {
            snprintf(why, len, "part %d of %d: [%zu, %zu) after %zu", id,
                     ways, lo, hi, next);
            return -1;
        }
        /* the bound: less than one unit over the mean */
        if ((double)(hi - lo) >= (double)n / ways + (double)unit) {
            snprintf(why, len, "part %d of %d holds %zu, the mean %.1f "
                     "plus a unit %zu or more", id, ways, hi - lo,
                     (double)n / ways, unit);
            return -1;
        }
        next = hi;
    }
    if (next != n) {
        snprintf(why, len, "the parts end at %zu, not %zu", next, n);
        return -1;
    }
    return 0;
}

/* The NB-column blocks of the packed path, as blocked.c cuts a group's
 * columns: NC panels (mml_even_blocks) of NB blocks. */
#define NB 768
#define NC 768

/* Every element of m x n counted once over the threads' shares: grid
 * block (id / (ic jr), id / jr % ic), and with jr ways share id % jr of
 * every NB block's columns there, as blocked.c's mml_gemm_blocked_part
 * takes them. */
static int counted_once(size_t m, size_t n, int mu, int nu,
                        struct mml_ways w, char *why, size_t len)
{
    unsigned char *seen = calloc(m * n, 1);
    int rc = 0, group = w.ic * w.jr;

    if (!seen) {
        printf("Bail out! no memory\n");
        exit(99);
    }
    for (int id = 0; id < w.jc * group; id++) {
        size_t n0, n1, m0, m1, ncb;
        mml_split_range(n, (size_t)nu, w.jc, id / group, &n0, &n1);
        mml_split_range(m, (size_t)mu, w.ic, id / w.jr % w.ic, &m0, &m1);
        ncb = n1 > n0 ? mml_even_blocks(n1 - n0, NC, NB) : 1;
        for (size_t jc = n0; jc < n1; jc += ncb)
            for (size_t jb = jc; jb < jc + ncb && jb < n1; jb += NB) {
                size_t bn = n1 - jb < NB ? n1 - jb : NB, q0, q1;
                if (jb + bn > jc + ncb)
                    bn = jc + ncb - jb;
                mml_split_range(bn, (size_t)nu, w.jr, id % w.jr, &q0, &q1);
                /* a block's share: within a NU of its mean (a short last
                 * block may leave a share empty) */
                if ((double)(q1 - q0) >= (double)bn / w.jr + nu) {
                    snprintf(why, len, "jr share %zu of an NB block of "
                             "%zu, %d ways", q1 - q0, bn, w.jr);
                    free(seen);
                    return -1;
                }
                for (size_t j = jb + q0; j < jb + q1; j++)
                    for (size_t i = m0; i < m1; i++)
                        seen[i + j * m]++;
            }
    }
    for (size_t e = 0; e < m * n && !rc; e++)
        if (seen[e] != 1) {
            snprintf(why, len, "element (%zu, %zu) computed %d times",
                     e % m, e / m, seen[e]);
            rc = -1;
        }
    free(seen);
    return rc;
}

/* The thread counts swept after t: every one to 64, then a few to 256
 * (primes, powers of two and their neighbours, many-factored counts).
 * The ways enumerated grow with t: every count to 256 was 27 s of
 * gcc's make check on the Zen 4 guest (4 s with clang), these 3.5. */
static int next_threads(int t)
{
    static const int large[] = { 95, 96, 97, 127, 128, 191, 192, 210,
                                 251, 255, 256 };

    if (t < 64)
        return t + 1;
    for (size_t i = 0; i < sizeof large / sizeof large[0]; i++)
        if (large[i] > t)
            return large[i];
    return t + 1;
}

int main(void)
{
    static const size_t dims[] = { 1, 2, 7, 8, 23, 24, 25, 100, 257,
                                   1000, 4099, 10000 };
    static const int tiles[][2] = { { 24, 8 }, { 8, 6 }, { 4, 2 } };
    const int nd = (int)(sizeof dims / sizeof dims[0]);
    int tap = 0, bad = 0;
    long cases = 0, used_all = 0, used_jr = 0;

    printf("1..%d\n", 3 * 2 + 3);
    for (int ti = 0; ti < 3; ti++)
        for (int prefer = 0; prefer < 2; prefer++) {
            int mu = tiles[ti][0], nu = tiles[ti][1], fail = 0;
            char why[160] = "";
            for (int a = 0; a < nd && !fail; a++)
                for (int b = 0; b < nd && !fail; b++)
                    for (int c = 0; c < nd && !fail; c += 3)
                        for (int t = 1; t <= 256 && !fail;
                             t = next_threads(t)) {
                            size_t m = dims[a], n = dims[b], k = dims[c];
                            struct mml_ways w = mml_split_ways(
                                m, n, k, mu, nu, 768, t, prefer, 1);
                            cases++;
                            if (w.jc < 1 || w.ic < 1 || w.jr < 1
                                || w.jc * w.ic * w.jr > t) {
                                snprintf(why, sizeof why, "%d x %d x %d "
                                         "ways for %d threads", w.jc, w.ic,
                                         w.jr, t);
                                fail = 1;
                            } else if (ranges_ok(m, (size_t)mu, w.ic, why,
                                                 sizeof why)
                                       || ranges_ok(n, (size_t)nu, w.jc,
                                                    why, sizeof why)) {
                                fail = 1;
                            } else if (m * n <= 1000000 && t % 37 == 1
                                       && counted_once(m, n, mu, nu, w, why,
                                                       sizeof why)) {
                                fail = 1;
                            }
                            used_all += w.jc * w.ic * w.jr == t;
                            used_jr += w.jr > 1;
                            if (fail)
                                printf("# %zux%zux%zu, %d threads: %s\n", m,
                                       n, k, t, why);
                        }
            bad += fail;
            printf("%s %d - tile %dx%d, ties to %s: 1 to 64 threads and "
                   "11 counts to 256 over "
                   "%d^2 x %d shapes partition C, each thread within a "
                   "tile of the mean in rows and columns\n",
                   fail ? "not ok" : "ok", ++tap, mu, nu,
                   prefer ? "columns" : "rows", nd, (nd + 2) / 3);
        }
    /* the large shapes take (nearly) every thread offered: a model that
     * never split would pass the checks above.  10000^3 may leave one of
     * 256 idle, when 17 x 15 blocks of whole tiles are smaller than 16 x
     * 16 (the busiest thread's 672 x 592 against 648 x 632). */
    {
        struct mml_ways w = mml_split_ways(10000, 10000, 10000, 24, 8, 768,
                                           256, 0, 1);
        struct mml_ways w2 = mml_split_ways(4000, 4000, 4000, 24, 8, 768,
                                            2, 0, 1);
        struct mml_ways wide = mml_split_ways(48, 10000, 10000, 24, 8, 768,
                                              8, 0, 1);
        int ok = w.jc * w.ic * w.jr >= 255 && w2.jc * w2.ic * w2.jr == 2
                 && wide.jc * wide.ic * wide.jr == 8;
        bad += !ok;
        printf("%s %d - 10000^3 on 256 threads takes %d x %d, 4000^3 on 2 "
               "takes %d x %d, 48 x 10000 x 10000 on 8 takes %d x %d\n",
               ok ? "ok" : "not ok", ++tap, w.jc, w.ic, w2.jc,
               w2.ic, wide.jc, wide.ic);
    }
    /* the crossover: work_min multiply-adds a thread */
    {
        int ok = mml_split_threads(100, 100, 100, 1e6, 2) == 1
                 && mml_split_threads(200, 200, 200, 1e6, 2) == 2
                 && mml_split_threads(200, 200, 200, 1e6, 256) == 8
                 && mml_split_threads(200, 200, 200, 0.0, 5) == 5
                 && mml_split_threads(1, 1, 1, 1e6, 64) == 1;
        bad += !ok;
        printf("%s %d - threads by work: 10^6 multiply-adds a thread at "
               "least (100^3: 1, 200^3: 2 of 2, 8 of 256), all without a "
               "crossover\n", ok ? "ok" : "not ok", ++tap);
    }
    /* the crossovers, asleep and awake (2.5 ms window) */
    {
        struct mml_plan p = { 0 };
        int ok;
        mml_plan_threads(&p, 224, 0);
        mml_plan_threads_hot(&p, 64, 2500);
        ok = p.mt_min == 64.0 * 64 * 64
             && mml_split_team(&p, 100, 100, 100, 1e-3, 2.5e-3, 2) == 2
             && mml_split_team(&p, 100, 100, 100, 1e-2, 2.5e-3, 2) == 1
             && mml_split_team(&p, 100, 100, 100, HUGE_VAL, 2.5e-3, 2) == 1
             && mml_split_team(&p, 60, 60, 60, 0.0, 2.5e-3, 2) == 1
             && mml_split_team(&p, 300, 300, 300, HUGE_VAL, 2.5e-3, 2) == 2
             && mml_split_team(&p, 100, 100, 100, 1e-3, 0.0, 2) == 1
             && mml_split_team(&p, 200, 200, 200, 1e-3, 2.5e-3, 64) == 61;
        mml_plan_threads(&p, 0, 0);
        ok = ok && p.mt_min == 64.0 * 64 * 64
             && mml_split_team(&p, 100, 100, 100, 1e-3, 2.5e-3, 2) == 2
             && mml_split_team(&p, 4000, 4000, 4000, 1.0, 2.5e-3, 2) == 1;
        mml_plan_threads_hot(&p, 0, 0);
        ok = ok && p.mt_min == 0.0;
        mml_plan_threads(&p, 224, 0);
        mml_plan_threads_hot(&p, 64, 0);
        ok = ok && p.mt_min == 224.0 * 224 * 224
             && mml_split_team(&p, 100, 100, 100, 0.0, 1.0, 2) == 1;
        bad += !ok;
        printf("%s %d - threads by warmth: THREAD_N 224, THREAD_N_HOT 64 "
               "(2.5 ms): 100^3 on 2 within the window, 1 after it; "
               "300^3 on 2 at any gap; THREAD_N 0: none asleep; no "
               "window: 224 for all\n", ok ? "ok" : "not ok", ++tap);
    }
    printf("# %ld cases, %ld of them with every thread used, %ld with jr "
           "ways\n", cases, used_all, used_jr);
    return bad ? 1 : 0;
}
