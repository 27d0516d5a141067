/* The integer add chain that runs at one add per core cycle (clock.c
 * reads the core clock from it), and the timing of the probes' jobs
 * against it: a job's cycles are its time over the chain's, both taken
 * within one round, so that a clock change between rounds cancels. */
#include "probe/probes.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(__x86_64__)
/* PROBE_CHAIN_ADDS dependent adds per iteration; the loop counter is a
 * separate chain that runs alongside on another ALU. */
void probe_int_chain(long iters)
{
    unsigned long acc = 1, step = 3;

    __asm__ volatile(
        "1:\n\t"
        ".rept 256\n\t"
        "add %[step], %[acc]\n\t"
        ".endr\n\t"
        "dec %[n]\n\t"
        "jnz 1b\n\t"
        : [acc] "+r"(acc), [n] "+r"(iters)
        : [step] "r"(step)
        : "cc");
}

#else
/* Elsewhere the clock probe reports failure (exit 1) and nothing times
 * against this chain; it exists so that the probes still link there.  The
 * empty asm keeps the adds dependent and unfolded. */
void probe_int_chain(long iters)
{
    unsigned long acc = 1;

    for (long i = 0; i < iters * PROBE_CHAIN_ADDS; i++) {
        acc += 3;
        __asm__ volatile("" : "+r"(acc));
    }
}
#endif

static double seconds_of(void (*kernel)(long), long iters)
{
    double t0 = probe_now();

    kernel(iters);
    return probe_now() - t0;
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

/* The answer of a job from its rounds.  A latency's is their median (a
 * busy phase that slows the kernel, or the chain, in a minority of rounds
 * is outvoted); confirmed when 3 rounds lie within 2% of it.  A
 * throughput's is the fastest round: 12 independent FMAs of 4 doubles on
 * the Zen 3 guest read 0.50 to 0.75 cycles each from round to round in
 * one run, 0.50 in the fastest of every run, so the median fell to 0.73
 * in some runs, FP_PIPES to 1 and the peak to half (the search's winner
 * then ran at "189% of peak"), while 2 doubles read 0.50 in every round.
 * No phase speeds a kernel up beyond its pipes; confirmed when 3 rounds
 * lie within 5% of the fastest. */
double probe_vote(const double *v, int n, int fastest, int *confirmed)
{
    double sorted[64], answer;
    int agree = 0;

    n = n < 64 ? n : 64;
    memcpy(sorted, v, n * sizeof *v);
    answer = probe_median(sorted, n);   /* sorts */
    if (fastest)
        answer = sorted[0];
    for (int r = 0; r < n; r++)
        agree += fabs(v[r] - answer) <= (fastest ? 0.05 : 0.02) * answer;
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
        jobs[i].cycles = probe_vote(v[i], ROUNDS, jobs[i].fastest,
                                    &jobs[i].confirmed);
        probe_note(ctx, "  %-14s cycles/op by round:", jobs[i].name);
        for (int r = 0; r < ROUNDS; r++)
            probe_note(ctx, " %.3f", v[i][r]);
        probe_note(ctx, " -> %.3f%s\n", jobs[i].cycles,
                   jobs[i].confirmed ? "" : " (unconfirmed)");
    }
    free(v);
    return 0;
}
