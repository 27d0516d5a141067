/* make tune's crossover step: one precision's two paths timed (smallpath.h),
 * written in the driver's element type and compiled for each. */
#define _GNU_SOURCE
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "tune/smallpath.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/kernels.h"
#include "tune/stepcli.h"
#include "tune/stats.h"

#ifdef MML_SINGLE
#define mms_small_time mms_small_time_s
#define TYPE mms_small_type_s
const struct mms_small_type mms_small_type_s = { "s-small", "SGEMM",
                                                 "S_SMALL_MAX" };
#else
#define mms_small_time mms_small_time_d
#define TYPE mms_small_type_d
const struct mms_small_type mms_small_type_d = { "d-small", "DGEMM",
                                                 "SMALL_MAX" };
#endif

_Static_assert(MMS_STEP_ROUNDS_MAX <= MMS_SMALL_ROUNDS_MAX,
               "--rounds must fit a size's rounds");

#define STEP MMS_SMALL_STEP
/* Read before each call: more than the last level of the CPUs met
 * (32 MiB), so the call finds its operands in memory, as the search's
 * whole-DGEMM timings and bench-dgemm's flushed calls do. */
#define FLUSH_BYTES ((size_t)64 << 20)

static volatile unsigned long flush_sum;   /* the flush's reads kept */

struct operands {
    size_t n;
    mml_elem *a, *b, *c;
    unsigned char *flush;
};

static int operands_make(struct operands *o, size_t n)
{
    o->n = n;
    o->a = malloc(n * n * sizeof *o->a);
    o->b = malloc(n * n * sizeof *o->b);
    o->c = malloc(n * n * sizeof *o->c);
    o->flush = malloc(FLUSH_BYTES);
    if (!o->a || !o->b || !o->c || !o->flush)
        return -1;
    memset(o->flush, 1, FLUSH_BYTES);
    for (size_t i = 0; i < n * n; i++) {
        o->a[i] = (mml_elem)(i % 17) / 17 - (mml_elem)0.5;
        o->b[i] = (mml_elem)(i % 13) / 13 - (mml_elem)0.5;
        o->c[i] = 0;
    }
    return 0;
}

static void operands_free(struct operands *o)
{
    free(o->a), free(o->b), free(o->c), free(o->flush);
}

static struct mml_gemm gemm_of(const struct operands *o, size_t n)
{
    return (struct mml_gemm){ 0, 0, n, n, n, 1, 0, o->a, o->b, o->c,
                              n, n, n, NULL, NULL };
}

/* Seconds of one call of side n under p, after the flush: read, not
 * written, so that no write-back of the flush's lines runs during the
 * call. */
static double one_call(struct operands *o, size_t n,
                       const struct mml_plan *p)
{
    const unsigned long *f = (const unsigned long *)(void *)o->flush;
    struct mml_gemm g = gemm_of(o, n);
    unsigned long sum = 0;
    double t0;

    for (size_t i = 0; i < FLUSH_BYTES / sizeof *f; i += 8)
        sum += f[i];
    flush_sum = sum;
    t0 = mms_step_now();
    mml_dgemm_plan(&g, p);
    return mms_step_now() - t0;
}

/* The fake timing of the tests: the small path 10% faster up to N = 192,
 * 10% slower past it. */
static double fake_ratio(int n)
{
    return n <= 192 ? 0.9 : 1.1;
}

/* s's rounds at its side: the small plan against the packed one, back to
 * back, which first alternating with the round and the size. */
static void time_size(struct operands *o, const struct mml_plan *small,
                      const struct mml_plan *packed, int rounds, int first,
                      int fake, struct mms_small_size *s)
{
    s->rounds = rounds;
    if (!fake) {
        /* untimed: the first call's page faults (the packed path's
         * workspace grows) and cold code are no path's cost */
        one_call(o, (size_t)s->n, small);
        one_call(o, (size_t)s->n, packed);
    }
    for (int r = 0; r < rounds; r++) {
        double ts, tp;
        if (fake) {
            s->ratio[r] = fake_ratio(s->n);
            continue;
        }
        if ((r + first) % 2)
            ts = one_call(o, (size_t)s->n, small),
            tp = one_call(o, (size_t)s->n, packed);
        else
            tp = one_call(o, (size_t)s->n, packed),
            ts = one_call(o, (size_t)s->n, small);
        s->ratio[r] = ts / tp;
    }
}

/* The two plans at side n: base with the small path reaching n, and with
 * none, on one thread; 0, or -1 (said why) when the library's own
 * routing would not put n on those paths. */
static int plans_at(const struct mml_plan *base, int n,
                    struct mml_plan *small, struct mml_plan *packed)
{
    struct operands none = { 0 };
    struct mml_gemm g = gemm_of(&none, (size_t)n);
    enum mml_path ps, pp;

    *small = *base, *packed = *base;
    small->ncnb = n, packed->ncnb = 0;
    mml_plan_threads(small, 0, 0), mml_plan_threads(packed, 0, 0);
    mml_plan_threads_hot(small, 0, 0), mml_plan_threads_hot(packed, 0, 0);
    ps = mml_route(&g, small), pp = mml_route(&g, packed);
    if ((ps == MML_PATH_SMALL || ps == MML_PATH_SMALL_DIRECT)
        && pp == MML_PATH_BLOCKED)
        return 0;
    mms_step_say("%s: N=%d routes to path %d and %d, not the small and the "
                 "packed one: not timed\n", TYPE.tag, n, (int)ps, (int)pp);
    return -1;
}

int mms_small_time(int rounds, int fake, struct mms_small_size *s)
{
    const struct mml_plan *base = mml_plan_default();
    int top, low, n = 0;
    struct mml_plan small, packed;
    struct operands o;

    if (!base || !base->knc || base->knc->nb < 2 * STEP) {
        /* not a failure of make tune: the library runs without it */
        mms_step_say("%s: %s: nothing to time; %s left as it was\n",
                     TYPE.tag, !base ? "this CPU lacks the kernels' ISA"
                     : "this build has no small-problem path to time",
                     TYPE.key);
        return 0;
    }
    top = base->knc->nb / STEP * STEP;
    low = (top / 2 + STEP - 1) / STEP * STEP;
    mms_step_say("%s: this build's %s, the small path (its kernels "
                 "reaching N=%d) against the packed one, square NN, one "
                 "thread, each call after %zu MiB read, %d rounds a "
                 "size%s\n", TYPE.tag, TYPE.gemm, base->knc->nb,
                 FLUSH_BYTES >> 20, rounds, fake ? " (fake timing)" : "");
    if (operands_make(&o, (size_t)top) != 0) {
        operands_free(&o);
        return -1;
    }
    for (int side = low; side <= top && n < MMS_SMALL_SIZES_MAX;
         side += STEP) {
        if (plans_at(base, side, &small, &packed) != 0)
            continue;
        s[n].n = side;
        time_size(&o, &small, &packed, rounds, n, fake, &s[n]);
        mms_step_say("%s: N=%d small/packed median %.3f over %d rounds:",
                     TYPE.tag, side, mms_median(s[n].ratio, rounds),
                     rounds);
        for (int r = 0; r < rounds; r++)
            mms_step_say(" %.3f", s[n].ratio[r]);
        mms_step_say("\n");
        n++;
    }
    operands_free(&o);
    return n;
}
