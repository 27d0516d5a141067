/* Sampling policy and bookkeeping shared by the probes. */
#include "probe/probe.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "timer/mmtimer.h"

double probe_now(void)
{
    return mmt_clock_seconds(MMT_CLOCK_WALL);
}

double probe_min_rounds(probe_sample_fn fn, void *arg, int rounds,
                        int samples, double tol, int need, int *confirmed)
{
    double round_min[64], best = INFINITY;
    int agree = 0;

    if (rounds > 64)
        rounds = 64;
    for (int r = 0; r < rounds; r++) {
        round_min[r] = INFINITY;
        for (int s = 0; s < samples; s++) {
            double t = fn(arg);
            if (t > 0 && t < round_min[r])
                round_min[r] = t;
        }
        if (round_min[r] < best)
            best = round_min[r];
    }
    for (int r = 0; r < rounds; r++)
        agree += round_min[r] <= best * (1 + tol);
    if (confirmed)
        *confirmed = agree >= need;
    return best;
}

static double seconds_of(void (*kernel)(long), long iters)
{
    double t0 = probe_now();

    kernel(iters);
    return probe_now() - t0;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

double probe_median(double *v, int n)
{
    qsort(v, n, sizeof v[0], by_value);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* One round of one job: the kernel runs between add chains, PAIRS times;
 * the round's answer is the ratio of the fastest kernel to the fastest
 * chain.  Within a round (a few ms) the clock is the same for both, and
 * the minima drop the samples an interrupt fell into. */
static double round_ratio(const struct probe_job *j)
{
    enum { PAIRS = 11, CHAIN_ITERS = 250 };
    double tk = INFINITY, tc = INFINITY;

    for (int s = 0; s < PAIRS; s++) {
        tc = fmin(tc, seconds_of(probe_int_chain, CHAIN_ITERS));
        tk = fmin(tk, seconds_of(j->kernel, j->iters));
    }
    tc = fmin(tc, seconds_of(probe_int_chain, CHAIN_ITERS));
    return (tk / (j->iters * j->ops_per_iter)) /
           (tc / ((double)CHAIN_ITERS * PROBE_CHAIN_ADDS));
}

/* The answer of a job from its rounds: their median (a busy phase that
 * slows the kernel, or the chain, in a minority of rounds is outvoted).
 * Confirmed when 3 rounds lie within 2% of it. */
static double vote(const double *v, int n, int *confirmed)
{
    double sorted[64], answer;
    int agree = 0;

    n = n < 64 ? n : 64;
    memcpy(sorted, v, n * sizeof *v);
    answer = probe_median(sorted, n);
    for (int r = 0; r < n; r++)
        agree += fabs(v[r] - answer) <= 0.02 * answer;
    *confirmed = agree >= 3;
    return answer;
}

int probe_time_jobs(const struct probe_ctx *ctx, struct probe_job *jobs,
                    int n)
{
    enum { ROUNDS = 8, GAP_NS = 100000000 };
    const struct timespec gap = { 0, GAP_NS };
    double (*v)[ROUNDS] = calloc(n, sizeof *v);

    if (!v)
        return -1;
    for (int r = 0; r < ROUNDS; r++) {
        if (r > 0)
            nanosleep(&gap, NULL);
        for (int i = 0; i < n; i++)
            v[i][r] = round_ratio(&jobs[i]);
    }
    for (int i = 0; i < n; i++) {
        jobs[i].cycles = vote(v[i], ROUNDS, &jobs[i].confirmed);
        probe_note(ctx, "  %-14s cycles/op by round:", jobs[i].name);
        for (int r = 0; r < ROUNDS; r++)
            probe_note(ctx, " %.3f", v[i][r]);
        probe_note(ctx, " -> %.3f%s\n", jobs[i].cycles,
                   jobs[i].confirmed ? "" : " (unconfirmed)");
    }
    free(v);
    return 0;
}

void probe_note(const struct probe_ctx *ctx, const char *fmt, ...)
{
    va_list ap;

    if (!ctx->verbose || !ctx->log)
        return;
    va_start(ap, fmt);
    vfprintf(ctx->log, fmt, ap);
    va_end(ap);
}

void probe_set(struct mmt_probeconf *pc, enum mmt_probe_key k, double v,
               int confirmed, const char *how_fmt, ...)
{
    va_list ap;

    mmt_probeconf_set(pc, k, v);
    pc->confirmed[k] = confirmed;
    va_start(ap, how_fmt);
    vsnprintf(pc->how[k], sizeof pc->how[k], how_fmt, ap);
    va_end(ap);
}
