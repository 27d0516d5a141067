/* mmthreads: make tune's step threads.  After the search has chosen the
 * kernel and the blocking and the library has been built from them, it
 * times this build's own DGEMM (its driver and kernels, linked in) on one
 * thread and on every CPU the process may use, and writes to params.conf:
 *
 *   THREAD_N   the least cube side from which the team pays at that size
 *              and every larger one timed, in two settings (square NN
 *              calls; each round one thread against the team, back to
 *              back, which first alternating): busy, calls repeated while
 *              the team's threads still spin, operands warm (it must gain
 *              5%), and idle, one call after 20 ms of other work that
 *              evicts the operands, the team's threads asleep (it may
 *              lose at most 3%: the wake-up is what is paid); the larger
 *              of the two (when the team never paid, nothing is written:
 *              a machine busy with other work reads so);
 *   THREAD_N_HOT, THREAD_HOT_US  the busy crossover, for calls that find
 *              the team awake, and how long it stays so: at that size, a
 *              team call back to back against one after a gap of the
 *              caller's work (no memory traffic: operands stay warm),
 *              over a ladder of gaps (threadrule.h's mms_thr_window;
 *              none when the busy crossover is no smaller);
 *   THREAD_JC  which ways the packed path prefers where its model cannot
 *              tell them apart: columns (1) or rows (0), timed at a large
 *              square on the team, rows preferred against columns.
 *
 * The rules are threadrule.h's.  The library itself is then rebuilt from
 * the file (make tune).  On one CPU there is nothing to time: the file is
 * left as it is and the library keeps its model's values. */
#define _GNU_SOURCE
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/common.h"
#include "kernels/kernels.h"
#include "mmtune.h"
#include "tune/stepcli.h"
#include "tune/threadrule.h"

static const int ladder[] = { 32, 48, 64, 80, 96, 128, 160, 192, 224, 256,
                              320, 400, 512 };
#define NLADDER ((int)(sizeof ladder / sizeof ladder[0]))
#define WAYS_N 1200          /* THREAD_JC's square: the packed path, on
                                every thread, a few ms a call */
#define SAMPLE_S 0.002       /* a sample: calls enough to last this */
/* THREAD_HOT_US's gaps, microseconds: gcc 12's libgomp spins a few ms
 * (on the Zen 5 guest its threads were awake after 5 ms, asleep after
 * 10), clang's libomp 200 ms (KMP_BLOCKTIME); steps of 1 ms or 20-25%
 * where it matters, so that the window ends near the runtime's spin */
static const int gaps_us[] = { 100, 200, 500, 1000, 2000, 3000, 4000,
                               5000, 6000, 7000, 8000, 9000, 10000,
                               12000, 15000, 20000, 25000, 30000, 40000,
                               50000 };
#define NGAPS ((int)(sizeof gaps_us / sizeof gaps_us[0]))

struct operands {
    size_t n;
    double *a, *b, *c;
};

static int operands_make(struct operands *o, size_t n)
{
    o->n = n;
    o->a = malloc(n * n * sizeof *o->a);
    o->b = malloc(n * n * sizeof *o->b);
    o->c = malloc(n * n * sizeof *o->c);
    if (!o->a || !o->b || !o->c)
        return -1;
    for (size_t i = 0; i < n * n; i++) {
        o->a[i] = (double)(i % 17) / 17.0 - 0.5;
        o->b[i] = (double)(i % 13) / 13.0 - 0.5;
        o->c[i] = 0.0;
    }
    return 0;
}

static void operands_free(struct operands *o)
{
    free(o->a), free(o->b), free(o->c);
}

/* Seconds a call of o under plan p, over calls that last SAMPLE_S. */
static double per_call(const struct operands *o, const struct mml_plan *p,
                       int calls)
{
    struct mml_gemm g = { 0, 0, o->n, o->n, o->n, 1.0, 0.0, o->a, o->b,
                          o->c, o->n, o->n, o->n, NULL, NULL, NULL };
    double t0 = mms_step_now();

    for (int i = 0; i < calls; i++)
        mml_dgemm_plan(&g, p);
    return (mms_step_now() - t0) / calls;
}

/* One call of o under p after at least IDLE_S of other work on the
 * calling thread: long enough for the team's threads to stop spinning
 * and sleep (gcc's libgomp spins about 300000 times, a few ms), as
 * between a program's sparse calls.  The work writes FLUSH_BYTES, so the
 * call finds its operands in memory, as mmtune times every kernel and
 * bench-dgemm's flushed calls do (a program's other work evicts them).
 * The caller works (it does not sleep): on the Firecracker guests, a
 * process that sleeps too leaves the whole guest idle, and the next team
 * then waited about 8 ms for its second vCPU (gcc 12's libgomp and
 * OpenBLAS's OpenMP build alike, N = 64 and 256; 30-60 us when the caller
 * worked instead). */
#define IDLE_S 0.02
#define FLUSH_BYTES ((size_t)64 << 20)

static double *flush_buf;

static double after_rest(const struct operands *o, const struct mml_plan *p)
{
    double t0 = mms_step_now();
    size_t n = FLUSH_BYTES / sizeof *flush_buf;

    if (!flush_buf && !(flush_buf = malloc(FLUSH_BYTES)))
        return per_call(o, p, 1);
    do
        for (size_t i = 0; i < n; i += 8)
            flush_buf[i] = (double)i;
    while (mms_step_now() - t0 < IDLE_S);
    return per_call(o, p, 1);
}

/* Rounds of plan x against plan y at o: each round's ratio time(x) /
 * time(y), the two timed back to back, which first alternating; idle:
 * one call each after a rest, else calls repeated to last SAMPLE_S. */
/* --test-timing=fake: the ratios a test can predict, nothing run: busy,
 * one/team = N / 40 (pays from 48); idle, N / 230 (holds from 224); the
 * ways tie (1.0).  So THREAD_N = 224, THREAD_JC = 0 after a retiming. */
static int fake_timing;      /* --test-timing=fake */

static void fake_rounds(const struct operands *o, const struct mml_plan *x,
                        const struct mml_plan *y, int r, int idle,
                        struct mms_thr_size *s)
{
    double v = x->mt_work == y->mt_work ? 1.0
               : (double)o->n / (idle ? 230.0 : 40.0);

    s->n = (int)o->n, s->rounds = r;
    for (int i = 0; i < r; i++)
        s->ratio[i] = v;
}

static void rounds(const struct operands *o, const struct mml_plan *x,
                   const struct mml_plan *y, int r, int idle,
                   struct mms_thr_size *s)
{
    double once;
    int calls;

    if (fake_timing) {
        fake_rounds(o, x, y, r, idle, s);
        return;
    }
    per_call(o, x, 1), per_call(o, y, 1);     /* workspaces, code, team */
    once = per_call(o, x, 1);
    calls = once > 0 ? (int)(SAMPLE_S / once) + 1 : 1;
    s->n = (int)o->n, s->rounds = r;
    for (int i = 0; i < r; i++) {
        double tx, ty;
        if (idle && i % 2) {
            ty = after_rest(o, y);
            tx = after_rest(o, x);
        } else if (idle) {
            tx = after_rest(o, x);
            ty = after_rest(o, y);
        } else if (i % 2) {
            ty = per_call(o, y, calls);
            tx = per_call(o, x, calls);
        } else {
            tx = per_call(o, x, calls);
            ty = per_call(o, y, calls);
        }
        s->ratio[i] = tx / ty;
    }
}

/* The caller at work for us microseconds, touching no memory: the
 * operands stay in cache, and the team's threads wait as the runtime
 * has them wait. */
static void work_for(int us)
{
    double end = mms_step_now() + 1e-6 * us;

    while (mms_step_now() < end)
        ;
}

/* THREAD_HOT_US's rounds at one gap: a team call back to back over one
 * made gap_us after the team's last (fake: awake up to 2 ms). */
static void gap_rounds(const struct operands *o, const struct mml_plan *team,
                       int r, int gap_us, struct mms_thr_size *s)
{
    int calls = (int)(SAMPLE_S / (per_call(o, team, 1) + 1e-9)) + 1;

    s->n = gap_us, s->rounds = r;
    for (int i = 0; i < r; i++) {
        double hot, after;
        if (fake_timing) {
            s->ratio[i] = gap_us <= 2000 ? 1.0 : 0.05;
            continue;
        }
        hot = per_call(o, team, calls);
        work_for(gap_us);
        after = per_call(o, team, 1);
        s->ratio[i] = hot / after;
    }
}

static double median_of(const struct mms_thr_size *s)
{
    double x[64];

    memcpy(x, s->ratio, (size_t)s->rounds * sizeof *x);
    return mms_thr_median(x, s->rounds);
}

static void usage(void)
{
    printf("Usage: mmthreads --params=FILE [OPTION]...\n"
           "make tune's step threads: time this build's DGEMM on one "
           "thread and on the\nteam (every CPU the process may use), "
           "and write to FILE (params.conf)\nTHREAD_N, the least cube "
           "side from which the team pays there and at every\nlarger "
           "size timed (0: never), THREAD_N_HOT and THREAD_HOT_US, the "
           "same for a\nteam still awake and how long it stays so after "
           "a call, and THREAD_JC,\nthe ways the packed path prefers "
           "where its model ties (1 columns, 0 rows).\nOn one CPU "
           "nothing is timed and FILE is left as it is.\n\n"
           "  --params=FILE   the params.conf to update (make tune: "
           "results/<host>/)\n"
           "  --log=FILE      every timing, also to FILE (appended)\n"
           "  --threads=T     the team (default: mmt_get_num_threads, "
           "the affinity mask)\n"
           "  --rounds=R      pairs timed at each size (default 9, at "
           "most 32)\n"
           "  --dry-run       time and report, write nothing\n"
           "  --test-timing=fake  predictable ratios, nothing timed (the "
           "tests')\n"
           "  --help          this text\n\n"
           "Exit status: 0 done (or nothing to time: one CPU, or a CPU "
           "without the\nkernels' ISA), 1 failure, 2 bad usage.\n");
}

/* --threads=T (stepcli.h's mms_step_opt). */
static int take_threads(const char *arg, void *ctx)
{
    if (mml_threads_parse(arg, ctx) != 0)
        mmc_usage_error("--threads=%s: not a count from 1 to %d", arg,
                        MML_THREADS_MAX);
    return 0;
}

/* THREAD_N's crossover in one setting: the ladder, one thread against
 * the team. */
static int time_crossover(const struct mml_plan *base, int t, int r,
                          int idle, struct mms_thr_size *sizes)
{
    struct mml_plan one = *base, team = *base;

    mml_plan_threads(&one, 0, base->mt_jc);   /* never a team */
    mml_plan_threads_hot(&one, 0, 0);
    mml_plan_threads(&team, 1, base->mt_jc);  /* a team at every size */
    mml_plan_threads_hot(&team, 0, 0);
    mmt_set_num_threads(t);
    for (int i = 0; i < NLADDER; i++) {
        struct operands o;
        if (operands_make(&o, (size_t)ladder[i]) != 0)
            return -1;
        rounds(&o, &one, &team, r, idle, &sizes[i]);
        operands_free(&o);
        mms_step_say("threads: %s N=%d one/team median %.3f over %d "
                     "rounds (%s)\n",
            idle ? "idle" : "busy", ladder[i], median_of(&sizes[i]), r,
            idle ? (mms_thr_holds(&sizes[i]) ? "holds its own"
                                             : "more than 3% slower")
                 : mms_thr_pays(&sizes[i]) ? "the team pays"
                                           : "it does not");
    }
    return 0;
}

/* THREAD_HOT_US: the team at side n after each gap. */
static int time_window(const struct mml_plan *base, int t, int r, int n,
                       struct mms_thr_size *gaps)
{
    struct mml_plan team = *base;
    struct operands o;

    mml_plan_threads(&team, 1, base->mt_jc);
    mml_plan_threads_hot(&team, 0, 0);
    mmt_set_num_threads(t);
    if (operands_make(&o, (size_t)n) != 0)
        return -1;
    for (int i = 0; i < NGAPS; i++) {
        gap_rounds(&o, &team, r, gaps_us[i], &gaps[i]);
        mms_step_say("threads: N=%d after %d us back-to-back/after "
                     "median %.3f over %d rounds (%s)\n", n, gaps_us[i],
                     median_of(&gaps[i]), r,
                     mms_thr_awake(&gaps[i]) ? "awake" : "asleep");
    }
    operands_free(&o);
    return 0;
}

/* THREAD_JC: rows preferred against columns, on the team. */
static int time_ways(const struct mml_plan *base, int t, int r,
                     struct mms_thr_size *s)
{
    struct mml_plan rows = *base, cols = *base;
    struct operands o;

    mml_plan_threads(&rows, 1, 0);
    mml_plan_threads(&cols, 1, 1);
    mml_plan_threads_hot(&rows, 0, 0);
    mml_plan_threads_hot(&cols, 0, 0);
    mmt_set_num_threads(t);
    if (operands_make(&o, WAYS_N) != 0)
        return -1;
    rounds(&o, &rows, &cols, r, 0, s);
    operands_free(&o);
    return 0;
}

struct choice {
    int thread_n, jc, hot_n, hot_us;
};

static int write_choice(const char *path, const struct choice *ch)
{
    struct mmc_paramsconf pc;
    char err[512];

    if (mmc_paramsconf_read(path, &pc, err, sizeof err) != 0) {
        fprintf(stderr, "mmthreads: %s\n", err);
        return -1;
    }
    pc.thread_n = ch->thread_n, pc.present[MMC_Q_THREAD_N] = 1;
    pc.thread_jc = ch->jc, pc.present[MMC_Q_THREAD_JC] = 1;
    pc.thread_n_hot = ch->hot_n, pc.present[MMC_Q_THREAD_N_HOT] = 1;
    pc.thread_hot_us = ch->hot_us, pc.present[MMC_Q_THREAD_HOT_US] = 1;
    if (mmc_paramsconf_write(path, &pc) != 0) {
        fprintf(stderr, "mmthreads: %s: cannot write: %s\n", path,
                strerror(errno));
        return -1;
    }
    return 0;
}

/* THREAD_N and THREAD_N_HOT (0: the team never paid) from the two
 * ladders, -1 when out of memory. */
static int crossovers(const struct mml_plan *p, int t, int r,
                      struct choice *ch)
{
    struct mms_thr_size sizes[NLADDER];
    int busy_n;

    if (time_crossover(p, t, r, 0, sizes) != 0)
        return -1;
    busy_n = mms_thr_crossover(sizes, NLADDER);
    if (time_crossover(p, t, r, 1, sizes) != 0)
        return -1;
    ch->thread_n = mms_thr_breakeven(sizes, NLADDER);
    /* the larger: a call gains back to back and loses at most 3% after
     * the team slept */
    mms_step_say("threads: the team pays from N=%d busy, holds its own "
                 "from N=%d idle\n", busy_n, ch->thread_n);
    if (busy_n == 0 || (ch->thread_n && busy_n > ch->thread_n))
        ch->thread_n = busy_n;
    ch->hot_n = ch->thread_n, ch->hot_us = 0;
    return busy_n && busy_n < ch->thread_n ? busy_n : 0;
}

/* THREAD_HOT_US, and THREAD_N_HOT = busy_n when the team stays awake
 * long enough to count on; -1 when out of memory. */
static int hot_band(const struct mml_plan *p, int t, int r, int busy_n,
                    struct choice *ch)
{
    struct mms_thr_size gaps[NGAPS];

    if (time_window(p, t, r, busy_n, gaps) != 0)
        return -1;
    ch->hot_us = mms_thr_window(gaps, NGAPS);
    if (ch->hot_us)
        ch->hot_n = busy_n;
    mms_step_say("threads: %s\n", ch->hot_us
        ? "a call finds the team awake within THREAD_HOT_US of its "
          "thread's last one: THREAD_N_HOT = the busy crossover"
        : "the team sleeps at once: THREAD_N for every call");
    return 0;
}

/* THREAD_JC: which ways, timed again twice as long on a tie. */
static int prefer_jc(const struct mml_plan *p, int t, int r, int *jc)
{
    struct mms_thr_size ways;
    struct mml_ways w;

    if (time_ways(p, t, r, &ways) != 0)
        return -1;
    *jc = mms_thr_prefer(&ways);
    if (*jc < 0) {
        mms_step_say("threads: N=%d rows/columns median %.3f: a tie; "
                     "timed again, twice the rounds\n", WAYS_N,
                     median_of(&ways));
        if (time_ways(p, t, 2 * r, &ways) != 0)
            return -1;
        *jc = mms_thr_prefer(&ways);
    }
    w = mml_split_ways(WAYS_N, WAYS_N, WAYS_N, p->edge->mu, p->edge->nu,
                       p->nc, t, 1, p->pnu > 1);
    mms_step_say("threads: N=%d rows/columns median %.3f over %d rounds: %s\n",
        WAYS_N, median_of(&ways), ways.rounds,
        *jc < 0 ? "still a tie: THREAD_JC = 0, rows (the model's: B's "
                  "panel packed once and shared)"
        : *jc ? "columns faster: THREAD_JC = 1"
              : "rows faster: THREAD_JC = 0");
    if (w.jc == 1 && w.ic == 1)
        mms_step_say("threads: (the model gives one way at N=%d)\n", WAYS_N);
    *jc = *jc > 0;
    return 0;
}

int main(int argc, char **argv)
{
    const struct mml_plan *p = mml_plan_default();
    static const struct mms_step_opt own[] = {
        { "threads", 1, take_threads },
    };
    struct choice ch;
    struct mms_step_cli c;
    int t = 0, busy_n;

    mmc_set_progname(argv[0]);
    mms_step_parse(argc, argv, &c, own, 1, &t, usage);
    fake_timing = c.fake;
    if (!t)
        t = mmt_get_num_threads();
    if (!p) {
        /* not a failure of make tune: the library runs, on its loops */
        mms_step_say("threads: this CPU lacks the kernels' ISA (the "
                     "library runs its reference loops): nothing to time; "
                     "THREAD_N and THREAD_JC left to the model\n");
        return 0;
    }
    if (t < 2) {
        mms_step_say("threads: %d CPU (%s): no team to time; THREAD_N "
                     "and THREAD_JC left to the model\n", t,
                     mmt_num_threads_source());
        return 0;
    }
    mms_step_say("threads: this build's DGEMM on 1 and %d threads, square NN, "
        "%d rounds a size; busy: calls back to back (the "
        "team's threads still spinning, operands warm), idle: one call "
        "after %g ms of other work (asleep, operands evicted)\n", t,
        c.rounds, 1e3 * IDLE_S);
    if ((busy_n = crossovers(p, t, c.rounds, &ch)) < 0
        || (busy_n && hot_band(p, t, c.rounds, busy_n, &ch) != 0)
        || prefer_jc(p, t, c.rounds, &ch.jc) != 0) {
        fprintf(stderr, "mmthreads: out of memory\n");
        return 1;
    }
    if (!ch.thread_n) {
        /* two CPUs where a team never pays up to N = 512 is a machine
         * busy with something else far more often than one whose CPUs
         * cannot work at once: the file is left as it was */
        mms_step_say("threads: the team never paid up to N=%d: THREAD_N and "
            "THREAD_JC left as they were (the model's); on a busy machine "
            "this is what the timings say: run make tune on a quiet one\n",
            ladder[NLADDER - 1]);
        return 0;
    }
    mms_step_say("threads: THREAD_N = %d, THREAD_N_HOT = %d, "
                 "THREAD_HOT_US = %d\n", ch.thread_n, ch.hot_n, ch.hot_us);
    if (c.dry)
        return 0;
    if (write_choice(c.params, &ch) != 0)
        return 1;
    mms_step_say("threads: written to %s\n", c.params);
    return 0;
}
