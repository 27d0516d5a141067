/* make tune's step threads: its rules (threadrule.h). */
#include "tune/threadrule.h"

#include <stdlib.h>

static int by_value(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;

    return (a > b) - (a < b);
}

double mms_thr_median(double *x, int n)
{
    qsort(x, (size_t)n, sizeof *x, by_value);
    return n % 2 ? x[n / 2] : (x[n / 2 - 1] + x[n / 2]) / 2;
}

/* 1 when ratios r[0..n-1] say the numerator's side was slower: median at
 * least the gain, and above 1 in all rounds but the allowed losses. */
static int faster(const double *r, int n)
{
    double x[64];
    int losses = 0;

    if (n < 1 || n > 64)
        return 0;
    for (int i = 0; i < n; i++) {
        x[i] = r[i];
        losses += !(r[i] > 1.0);
    }
    return mms_thr_median(x, n) >= MMS_THR_GAIN && losses <= MMS_THR_LOSSES;
}

int mms_thr_pays(const struct mms_thr_size *s)
{
    return faster(s->ratio, s->rounds);
}

int mms_thr_crossover(const struct mms_thr_size *s, int n)
{
    int from = 0;

    for (int i = n - 1; i >= 0 && mms_thr_pays(&s[i]); i--)
        from = s[i].n;
    return from;
}

int mms_thr_prefer(const struct mms_thr_size *r)
{
    double inv[64];

    if (faster(r->ratio, r->rounds))
        return 1;       /* rows took longer: columns */
    if (r->rounds < 1 || r->rounds > 64)
        return -1;
    for (int i = 0; i < r->rounds; i++)
        inv[i] = 1.0 / r->ratio[i];
    return faster(inv, r->rounds) ? 0 : -1;
}
