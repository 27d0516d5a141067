/* Rank statistics for the search's decisions (stats.h). */
#include "tune/stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double mms_median(const double *x, int n)
{
    double s[2 * MMS_ROUNDS_MAX];

    if (n > 2 * MMS_ROUNDS_MAX)
        n = 2 * MMS_ROUNDS_MAX;
    memcpy(s, x, sizeof *s * n);
    qsort(s, n, sizeof *s, by_value);
    return n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

/* Twice the rank sum of x in the pooled samples (mid-ranks for ties). */
static int twice_rank_sum(const double *x, int n, const double *y, int m)
{
    int sum2 = 0;

    for (int i = 0; i < n; i++) {
        int below = 0, equal = 0;   /* x[i] itself is one of the equal */
        for (int j = 0; j < n; j++)
            below += x[j] < x[i], equal += x[j] == x[i];
        for (int j = 0; j < m; j++)
            below += y[j] < x[i], equal += y[j] == x[i];
        sum2 += 2 * below + equal + 1;
    }
    return sum2;
}

double mms_rank_sum_p(const double *x, int n, const double *y, int m)
{
    enum { NMAX = 2 * MMS_ROUNDS_MAX, SMAX = NMAX * (NMAX + 1) / 2 };
    /* ways[k][s]: subsets of k of the ranks seen so far summing to s */
    static double ways[MMS_ROUNDS_MAX + 1][SMAX + 1];
    int total = n + m, w2;
    double hit = 0, all = 0;

    if (n < 1 || m < 1 || n > MMS_ROUNDS_MAX || m > MMS_ROUNDS_MAX)
        return 1;
    w2 = twice_rank_sum(x, n, y, m);
    memset(ways, 0, sizeof ways);
    ways[0][0] = 1;
    for (int r = 1; r <= total; r++)
        for (int k = r < n ? r : n; k >= 1; k--)
            for (int s = SMAX; s >= r; s--)
                ways[k][s] += ways[k - 1][s - r];
    for (int s = 0; s <= SMAX; s++) {
        all += ways[n][s];
        if (2 * s >= w2)
            hit += ways[n][s];
    }
    return hit / all;
}

void mms_decide(const double *const *x, const int *n, int nf, double alpha,
                struct mms_decision *d)
{
    memset(d, 0, sizeof *d);
    d->runner_up = -1;
    d->p = 1;
    if (nf > MMS_FINALISTS_MAX)
        nf = MMS_FINALISTS_MAX;
    for (int i = 0; i < nf; i++) {
        d->median[i] = n[i] > 0 ? mms_median(x[i], n[i]) : -INFINITY;
        d->p_of[i] = 1;
        if (d->median[i] > d->median[d->leader])
            d->leader = i;
    }
    d->tied[d->ntied++] = d->leader;
    for (int i = 0; i < nf; i++) {
        double p;
        if (i == d->leader)
            continue;
        p = d->p_of[i] = mms_rank_sum_p(x[d->leader], n[d->leader], x[i],
                                        n[i]);
        if (d->runner_up < 0 || p > d->p)
            d->runner_up = i, d->p = p;
        if (p > alpha)
            d->tied[d->ntied++] = i;
    }
}

int mms_tie_pick(const struct mms_decision *d, const double *pref)
{
    int pick = d->leader;

    for (int t = 1; pref && t < d->ntied; t++) {
        int i = d->tied[t];
        /* below the leader's median: measured slower, never taken */
        if (d->median[i] >= d->median[d->leader] && pref[i] > pref[pick])
            pick = i;
    }
    return pick;
}
