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
 * beaten at level alpha is tied with the leader. */
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

struct mms_decision {
    int leader;          /* highest median */
    int runner_up;       /* the finalist closest to it (largest p); -1 */
    double p;            /* p of leader over runner_up (1 when alone) */
    int ntied;           /* finalists not beaten at alpha, leader counted */
    int tied[MMS_ROUNDS_MAX * 2];   /* their indices, leader first */
};

/* x[i][0..n[i]-1]: the samples (ratios) of finalist i, nf of them, at
 * most 2 * MMS_ROUNDS_MAX. */
void mms_decide(const double *const *x, const int *n, int nf, double alpha,
                struct mms_decision *d);

/* The tie rule: of d's tied finalists, the incumbent (the finalist that
 * holds the value the step started from; -1: none) if it is tied, else
 * the one with the smallest order[i] (its place in the step's range).  A
 * rule on the order, not on which median came out highest this time, so
 * that two searches on the same machine end with the same kernel.  The
 * leader when nothing is tied. */
int mms_tie_pick(const struct mms_decision *d, const int *order,
                 int incumbent);

#endif
