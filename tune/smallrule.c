/* make tune's step s-small: the rule (smallrule.h). */
#include "tune/smallrule.h"

#include "tune/stats.h"

int mms_small_crossover(const struct mms_small_size *s, int n, int below,
                        double *score)
{
    double sum = 0, best = 1.0;
    int pick = below;

    if (score)
        score[0] = 1.0;
    for (int j = 1; j <= n; j++) {       /* j sizes on the small path */
        sum += mms_median(s[j - 1].ratio, s[j - 1].rounds) - 1.0;
        if (score)
            score[j] = 1.0 + sum / n;
        if (1.0 + sum / n < best)
            best = 1.0 + sum / n, pick = s[j - 1].n;
    }
    return pick;
}
