/* MultTimingSamples (paper 000 §2.1) and the repetition count (paper 004).
 *
 * Wall and cycle time: the only error is time taken by others, which only
 * ever adds, so the minimum sample is the best estimate.  CPU time errs in
 * both directions, so its median is reported.  Either way the spread
 * (max - min) / min goes with the figure. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <math.h>
#include <stdlib.h>

#include "timer/mmtimer.h"
#include "timer/samples.h"

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

void mmtm_sample_stats(double *t, int n, enum mmtm_clock clock,
                      struct mmtm_timing *r)
{
    double sum = 0;

    for (int i = 0; i < n; i++)
        sum += t[i];
    r->t_mean = n > 0 ? sum / n : 0;
    qsort(t, (size_t)n, sizeof *t, cmp_double);
    r->t_min = t[0];
    r->t_max = t[n - 1];
    r->t_median = n % 2 ? t[n / 2] : 0.5 * (t[n / 2 - 1] + t[n / 2]);
    r->seconds = clock == MMTM_CLOCK_CPU ? r->t_median : r->t_min;
    r->spread = r->t_min > 0 ? (r->t_max - r->t_min) / r->t_min : HUGE_VAL;
    r->samples = n;
}

/* Paper 004 eq. 5:  Iterations = Mflops^2 * 1e6 / #flops * dTime / dMflops,
 * with dMflops = rel_precision * Mflops.  In words: a sample must last
 * dTime / rel_precision, so that one clock error is that fraction of it. */
long mmtm_repetitions(double flops, double mflops_est, double dtime_s,
                     double rel_precision)
{
    double dmflops, reps;

    if (!(flops > 0) || !(mflops_est > 0) || !(dtime_s > 0)
        || !(rel_precision > 0))
        return 1;
    dmflops = rel_precision * mflops_est;
    reps = mflops_est * mflops_est * 1e6 / flops * dtime_s / dmflops;
    if (!(reps < 1e12))
        return 1000000000000L;
    return reps < 1 ? 1 : (long)ceil(reps);
}
