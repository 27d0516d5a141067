/* The rules of make tune's step threads (mmthreads), apart from the
 * timing so that a test can hand them rounds: where a second thread
 * starts to pay (THREAD_N, and THREAD_N_HOT for a team still awake), how
 * long the team stays awake (THREAD_HOT_US), and which ways the packed
 * path prefers (THREAD_JC). */
#ifndef MMS_THREADRULE_H
#define MMS_THREADRULE_H

/* One size's rounds: per round the time of a call on one thread over its
 * time on the team, each pair timed back to back (alternated). */
struct mms_thr_size {
    int n;                   /* the cube's side */
    double ratio[64];
    int rounds;
};

/* A team pays at a size when the median of its rounds' ratios is at least
 * MMS_THR_GAIN and the team was faster in all but MMS_THR_LOSSES of
 * them: a gain the host's phases (+-20-30%, lasting seconds) cannot make
 * up, since each pair is timed within milliseconds. */
#define MMS_THR_GAIN 1.05
#define MMS_THR_LOSSES 1

/* A team holds its own at a size when the median ratio is at least
 * MMS_THR_HOLD: at most 3% slower (calls after the team's threads went to
 * sleep: the wake-up is the cost, not the work). */
#define MMS_THR_HOLD 0.97

/* The team is awake after a gap when a call made then took at most twice
 * its time back to back (ratio: back to back over after the gap): waking
 * the team costs 10-30 times a call at THREAD_N_HOT (Zen 5 guest, gcc
 * 12's libgomp: 60-100 us against 3-5 us at N = 64). */
#define MMS_THR_AWAKE 0.5

/* Median of x[0..n-1] (n >= 1; x is reordered). */
double mms_thr_median(double *x, int n);

/* 1 when the team pays at size s; 1 when it holds its own there. */
int mms_thr_pays(const struct mms_thr_size *s);
int mms_thr_holds(const struct mms_thr_size *s);

/* THREAD_N from sizes s[0..n-1] in increasing order: the least size from
 * which the team pays at it and at every larger size timed; 0 when it
 * does not pay at the largest (a team never pays: the library keeps every
 * call on one thread). */
int mms_thr_crossover(const struct mms_thr_size *s, int n);

/* The same with mms_thr_holds: the least size from which the team is
 * nowhere more than 3% slower (0: it is at the largest). */
int mms_thr_breakeven(const struct mms_thr_size *s, int n);

/* 1 when the team was awake after s's gap (s->n, in microseconds). */
int mms_thr_awake(const struct mms_thr_size *s);

/* THREAD_HOT_US from gaps s[0..n-1] in increasing order: 3/4 of the
 * longest gap after which the team was awake, and after every shorter
 * one (a margin: the runtime counts its spins, not time, and a slower
 * clock or a busier host spins for less; mmthreads' gaps step by at most
 * 25% there, so the window ends within 40% of the spin's end); 0 when it
 * was asleep after the shortest. */
int mms_thr_window(const struct mms_thr_size *s, int n);

/* THREAD_JC from rounds of the packed path at one size, each round the
 * time with rows preferred (THREAD_JC = 0) over the time with columns
 * preferred: the side faster in so many rounds that a coin would do it
 * with probability at most MMS_THR_SIGN_P (a one-sided sign test: 8 of
 * 9, 13 of 18): 1 columns, 0 rows, -1 neither (a tie: time longer, or
 * keep the model's 0 and say so).  Any lead counts, however small: both
 * sides are equally cheap to run, so the faster one is the choice. */
#define MMS_THR_SIGN_P 0.05
int mms_thr_prefer(const struct mms_thr_size *rows_over_cols);

/* The least wins of n rounds whose one-sided sign-test p is at most
 * MMS_THR_SIGN_P (n + 1 when none is). */
int mms_thr_sign_wins(int n);

#endif
