/* make tune's step s-small: the rule (smallrule.h). */
#include "tune/smallrule.h"

#include "tune/stats.h"

int mms_small_crossover(const struct mms_small_size *s, int n, int below,
                        double *score)
{
    double best = 0, x[MMS_SMALL_ROUNDS_MAX];
    int pick = below;

    for (int j = 0; j <= n; j++) {       /* j sizes on the small path */
        int rounds = n > 0 ? s[0].rounds : 0;
        for (int r = 0; r < rounds; r++) {
            double sum = n - j;
            for (int i = 0; i < j; i++)
                sum += s[i].ratio[r];
            x[r] = sum / n;
        }
        double m = rounds > 0 ? mms_median(x, rounds) : 1.0;
        if (score)
            score[j] = m;
        if (j == 0 || m < best)
            best = m, pick = j == 0 ? below : s[j - 1].n;
    }
    return pick;
}
