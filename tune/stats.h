/* Deciding between kernels whose timings are noisy.
 *
 * Throughput on a shared machine swings by 20-30% in phases of seconds,
 * so a single timing per candidate cannot separate candidates closer than
 * that.  A step's finalists are therefore timed again in interleaved rounds
 * (A B C R A B C R ...: every round holds one sample of each, minutes of
 * drift hit all alike) together with a fixed reference kernel R, and each
 * sample is divided by R's sample of the same round, which cancels most of
 * a phase.  Over those ratios the leader (highest median) must beat every
 * other finalist in a one-sided Mann-Whitney rank-sum test (exact, small
 * samples).  Why that test: timings are not normal (a busy neighbour makes
 * long slow tails), and a rank test assumes no shape and no variance, and
 * is exact for the 3..16 rounds a search can afford -- where paper 000 §6
 * suggests a t-test on means, which one slow outlier drags.  Who is not
 * beaten at level alpha is tied with the leader: the rounds could not
 * separate them.  That is no evidence that they are as fast: in make
 * tune's step nb of issue 32, NB = 40 at a median ratio of 1.002 was not
 * beaten over 9 rounds by NB = 200 at 1.072, and a rule that took the
 * incumbent among the tied kept the slowest of four (mms_tie_pick). */
#ifndef MMS_STATS_H
#define MMS_STATS_H

#define MMS_ROUNDS_MAX 16

/* Median of x[0..n-1] (n >= 1; x is not changed). */
double mms_median(const double *x, int n);

/* One-sided exact p of the rank-sum test that x tends to be larger than y:
 * the chance that a random split of the pooled samples gives x a rank sum
 * at least as large as observed.  Ties share their mid-rank.  n, m in
 * 1..MMS_ROUNDS_MAX; 1 when either is empty. */
double mms_rank_sum_p(const double *x, int n, const double *y, int m);

#define MMS_FINALISTS_MAX (2 * MMS_ROUNDS_MAX)

struct mms_decision {
    int leader;          /* highest median (the first such finalist) */
    int runner_up;       /* the finalist closest to it (largest p); -1 */
    double p;            /* p of leader over runner_up (1 when alone) */
    int ntied;           /* finalists not beaten at alpha, leader counted */
    int tied[MMS_FINALISTS_MAX];     /* their indices, leader first */
    /* each finalist's median (-INFINITY: no samples) and the p of the
     * leader over it (each one tested against the best; the leader 1) */
    double median[MMS_FINALISTS_MAX];
    double p_of[MMS_FINALISTS_MAX];
};

/* x[i][0..n[i]-1]: the samples (ratios) of finalist i, nf of them, at
 * most MMS_FINALISTS_MAX. */
void mms_decide(const double *const *x, const int *n, int nf, double alpha,
                struct mms_decision *d);

/* The tie rule: which of d's tied finalists is taken.  A tied finalist
 * whose median is below the leader's was measured slower and never wins
 * a tie, however large its p: the statistics decide, and the highest
 * median is the best estimate the rounds give.  Only a tied finalist
 * measured at the leader's median, to the resolution of the logged
 * timings, can be taken instead, by pref[i] (what the library wants of
 * finalist i, larger preferred; NULL: nothing): the largest pref among
 * them, the leader when it is as large.  Never the incumbent or a place
 * in a list as such: on identical samples and preferences the leader
 * stays, the first of them in the finalists (the best screened).  The
 * leader when nothing is tied. */
int mms_tie_pick(const struct mms_decision *d, const double *pref);

#endif
