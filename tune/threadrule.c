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

/* 1 when the median of s's rounds is at least least. */
static int median_at_least(const struct mms_thr_size *s, double least)
{
    double x[64];

    if (s->rounds < 1 || s->rounds > 64)
        return 0;
    for (int i = 0; i < s->rounds; i++)
        x[i] = s->ratio[i];
    return mms_thr_median(x, s->rounds) >= least;
}

int mms_thr_holds(const struct mms_thr_size *s)
{
    return median_at_least(s, MMS_THR_HOLD);
}

int mms_thr_awake(const struct mms_thr_size *s)
{
    return median_at_least(s, MMS_THR_AWAKE);
}

int mms_thr_window(const struct mms_thr_size *s, int n)
{
    int last = 0;

    for (int i = 0; i < n && mms_thr_awake(&s[i]); i++)
        last = s[i].n;
    return last / 4 * 3;
}

/* The least size from which test holds at every larger size. */
static int least_from(const struct mms_thr_size *s, int n,
                      int (*test)(const struct mms_thr_size *))
{
    int from = 0;

    for (int i = n - 1; i >= 0 && test(&s[i]); i--)
        from = s[i].n;
    return from;
}

int mms_thr_crossover(const struct mms_thr_size *s, int n)
{
    return least_from(s, n, mms_thr_pays);
}

int mms_thr_breakeven(const struct mms_thr_size *s, int n)
{
    return least_from(s, n, mms_thr_holds);
}

int mms_thr_sign_wins(int n)
{
    /* P(X >= k) for X ~ Binomial(n, 1/2), from k = n down */
    double tail = 0.0, term = 1.0;

    for (int i = 0; i < n; i++)
        term /= 2.0;                 /* C(n, n) / 2^n */
    for (int k = n; k >= 0; k--) {
        tail += term;
        if (tail > MMS_THR_SIGN_P)
            return k + 1;
        term = term * k / (n - k + 1);   /* C(n, k-1) from C(n, k) */
    }
    return 0;
}

int mms_thr_prefer(const struct mms_thr_size *r)
{
    int cols = 0, rows = 0, need = mms_thr_sign_wins(r->rounds);

    for (int i = 0; i < r->rounds; i++) {
        cols += r->ratio[i] > 1.0;   /* rows took longer */
        rows += r->ratio[i] < 1.0;
    }
    return cols >= need ? 1 : rows >= need ? 0 : -1;
}
