/* mmsmall: make tune's step s-small.  After the library has been built
 * from the search's params.conf, it times this build's own SGEMM (its
 * driver and kernels, linked in) on the small-problem path (the non-copy
 * kernels on the caller's arrays) and on the packed path, at square
 * sizes from half the non-copy kernels' reach (their NCNB: 8/5 of the
 * double's SMALL_MAX, kept whatever S_SMALL_MAX this step writes) to all
 * of it in steps of 32, one thread, each call after a
 * flush of the caches (as the search's step small times the double's
 * SMALL_MAX), the two paths back to back in alternated order; and writes
 * to params.conf S_SMALL_MAX, the crossover whose routing of those sizes
 * ran the fastest (smallrule.h).
 *
 * Single precision's blocking is not searched: the library derives it
 * from the double's (kernels/libparams.c), its SMALL_MAX as 8/5 of the
 * double's, which the crossover measured on the Zen 5 guest bore out and
 * an AVX2-only Zen 4 guest did not (there SGEMM at N = 480 to 512 ran on
 * the small path at 0.80-0.93 times OpenBLAS, the packed path at par):
 * the crossover is the CPU's, so it is timed here.  The library itself is
 * then rebuilt from the file (make tune): the same kernels, the small
 * path's reach cut to S_SMALL_MAX (kernels/libparams.c). */
#define _GNU_SOURCE
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/common.h"
#include "kernels/kernels.h"
#include "tune/smallrule.h"
#include "tune/stepcli.h"
#include "tune/stats.h"

#ifndef MML_SINGLE
#error "mmsmall times single precision: the build compiles it -DMML_SINGLE"
#endif

_Static_assert(MMS_STEP_ROUNDS_MAX <= MMS_SMALL_ROUNDS_MAX,
               "--rounds must fit a size's rounds");

#define STEP 32                  /* the sizes' spacing */
#define MAX_SIZES 64
/* Read before each call: more than the last level of the CPUs met
 * (32 MiB), so the call finds its operands in memory, as the search's
 * whole-DGEMM timings and bench-dgemm's flushed calls do. */
#define FLUSH_BYTES ((size_t)64 << 20)

static int fake_timing;      /* --test-timing=fake */
static volatile unsigned long flush_sum;   /* the flush's reads kept */


struct operands {
    size_t n;
    float *a, *b, *c;
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
        o->a[i] = (float)(i % 17) / 17.0f - 0.5f;
        o->b[i] = (float)(i % 13) / 13.0f - 0.5f;
        o->c[i] = 0.0f;
    }
    return 0;
}

static void operands_free(struct operands *o)
{
    free(o->a), free(o->b), free(o->c), free(o->flush);
}

static struct mml_gemm gemm_of(const struct operands *o, size_t n)
{
    return (struct mml_gemm){ 0, 0, n, n, n, 1.0f, 0.0f, o->a, o->b, o->c,
                              n, n, n, NULL, NULL, NULL };
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
                      struct mms_small_size *s)
{
    s->rounds = rounds;
    if (!fake_timing) {
        /* untimed: the first call's page faults (the packed path's
         * workspace grows) and cold code are no path's cost */
        one_call(o, (size_t)s->n, small);
        one_call(o, (size_t)s->n, packed);
    }
    for (int r = 0; r < rounds; r++) {
        double ts, tp;
        if (fake_timing) {
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
    mms_step_say("s-small: N=%d routes to path %d and %d, not the small "
                 "and the packed one: not timed\n", n, (int)ps, (int)pp);
    return -1;
}

static void usage(void)
{
    printf("Usage: mmsmall --params=FILE [OPTION]...\n"
           "make tune's step s-small: time this build's SGEMM on the "
           "small-problem path\n(the non-copy kernels on the caller's "
           "arrays) and on the packed path at\nsquare sizes from half "
           "its kernels' reach to all of it in steps of %d, one\n"
           "thread, operands flushed, and write to FILE (params.conf) "
           "S_SMALL_MAX,\nthe crossover whose routing of those sizes ran "
           "the fastest (each size\ncounted by the median of its rounds' "
           "small/packed ratios).\n\n"
           "  --params=FILE   the params.conf to update (make tune: "
           "results/<host>/)\n"
           "  --log=FILE      every timing, also to FILE (appended)\n"
           "  --rounds=R      pairs timed at each size (default 9, 3 to "
           "%d)\n"
           "  --dry-run       time and report, write nothing\n"
           "  --test-timing=fake  predictable ratios, nothing timed (the "
           "tests': the small\n                  path faster up to N = "
           "192)\n"
           "  --help          this text\n\n"
           "Exit status: 0 done (or nothing to time: a CPU without the "
           "kernels' ISA, or\na build without the small path), 1 "
           "failure, 2 bad usage.\n", STEP, MMS_STEP_ROUNDS_MAX);
}

/* S_SMALL_MAX into path, every other key as it was. */
static int write_choice(const char *path, int small_max)
{
    struct mmc_paramsconf pc;
    char err[512];

    if (mmc_paramsconf_read(path, &pc, err, sizeof err) != 0) {
        fprintf(stderr, "mmsmall: %s\n", err);
        return -1;
    }
    pc.single.small_max = small_max;
    pc.present[MMC_Q_S_SMALL_MAX] = 1;
    if (mmc_paramsconf_write(path, &pc) != 0) {
        fprintf(stderr, "mmsmall: %s: cannot write: %s\n", path,
                strerror(errno));
        return -1;
    }
    return 0;
}

/* The sizes from half the reach to all of it, timed; how many. */
static int time_sizes(const struct mml_plan *base, int rounds,
                      struct mms_small_size *s)
{
    int top = base->knc->nb / STEP * STEP, low = (top / 2 + STEP - 1) / STEP
                                              * STEP, n = 0;
    struct mml_plan small, packed;
    struct operands o;

    if (operands_make(&o, (size_t)top) != 0) {
        operands_free(&o);
        return -1;
    }
    for (int side = low; side <= top && n < MAX_SIZES; side += STEP) {
        if (plans_at(base, side, &small, &packed) != 0)
            continue;
        s[n].n = side;
        time_size(&o, &small, &packed, rounds, n, &s[n]);
        mms_step_say("s-small: N=%d small/packed median %.3f over %d rounds:",
            side, mms_median(s[n].ratio, rounds), rounds);
        for (int r = 0; r < rounds; r++)
            mms_step_say(" %.3f", s[n].ratio[r]);
        mms_step_say("\n");
        n++;
    }
    operands_free(&o);
    return n;
}

int main(int argc, char **argv)
{
    const struct mml_plan *p = mml_plan_default();
    struct mms_small_size s[MAX_SIZES];
    double score[MAX_SIZES + 1];
    struct mms_step_cli c;
    int n, pick, cpu;

    mmc_set_progname(argv[0]);
    mms_step_parse(argc, argv, &c, NULL, 0, NULL, usage);
    fake_timing = c.fake;
    if (!p || !p->knc || p->knc->nb < 2 * STEP) {
        /* not a failure of make tune: the library runs without it */
        mms_step_say("s-small: %s: nothing to time; S_SMALL_MAX left to the "
            "library's model\n", !p ? "this CPU lacks the kernels' ISA"
            : "this build's SGEMM has no small-problem path to time");
        return 0;
    }
    /* one thread, pinned where it started: no move between the two
     * paths of a pair */
    if ((cpu = sched_getcpu()) >= 0) {
        cpu_set_t set;
        CPU_ZERO(&set);
        CPU_SET(cpu, &set);
        sched_setaffinity(0, sizeof set, &set);
    }
    mms_step_say("s-small: this build's SGEMM, the small path (its "
                 "kernels reaching N=%d) against the packed one, square "
                 "NN, one thread, each call after %zu MiB read, %d rounds "
                 "a size%s\n", p->knc->nb, FLUSH_BYTES >> 20, c.rounds,
                 fake_timing ? " (fake timing)" : "");
    if ((n = time_sizes(p, c.rounds, s)) < 0) {
        fprintf(stderr, "mmsmall: out of memory\n");
        return 1;
    }
    if (n == 0) {
        mms_step_say("s-small: no size took the two paths: S_SMALL_MAX "
                     "left as it was\n");
        return 0;
    }
    pick = mms_small_crossover(s, n, s[0].n - STEP, score);
    mms_step_say("s-small: time relative to the packed path (each size "
                 "by its median), routing the sizes timed with "
                 "S_SMALL_MAX = %d: %.3f",
                 s[0].n - STEP, score[0]);
    for (int j = 0; j < n; j++)
        mms_step_say(", %d: %.3f", s[j].n, score[j + 1]);
    mms_step_say("\ns-small: S_SMALL_MAX = %d\n", pick);
    if (c.dry)
        return 0;
    if (write_choice(c.params, pick) != 0)
        return 1;
    mms_step_say("s-small: written to %s\n", c.params);
    return 0;
}
