/* Sampling policy and bookkeeping shared by the probes (below every
 * probe: it calls none of them). */
#include "probe/probes.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>

#include "timer/mmtimer.h"

double probe_now(void)
{
    return mmtm_clock_seconds(MMTM_CLOCK_WALL);
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

void probe_note(const struct probe_ctx *ctx, const char *fmt, ...)
{
    va_list ap;

    if (!ctx->verbose || !ctx->log)
        return;
    va_start(ap, fmt);
    vfprintf(ctx->log, fmt, ap);
    va_end(ap);
}

void probe_set(struct mmc_probeconf *pc, enum mmc_probe_key k, double v,
               int confirmed, const char *how_fmt, ...)
{
    va_list ap;

    mmc_probeconf_set(pc, k, v);
    pc->confirmed[k] = confirmed;
    va_start(ap, how_fmt);
    vsnprintf(pc->how[k], sizeof pc->how[k], how_fmt, ap);
    va_end(ap);
}
