/* The rule of make tune's step s-small (mmsmall), apart from the timing
 * so that a test can hand it rounds: single precision's SMALL_MAX, the
 * largest M, N and K the small-problem path takes (the non-copy kernels
 * on the caller's arrays) before the packed path does. */
#ifndef MMS_SMALLRULE_H
#define MMS_SMALLRULE_H

#define MMS_SMALL_ROUNDS_MAX 32

/* One size's rounds: per round the time of a call on the small path over
 * its time on the packed path, the two timed back to back (alternated). */
struct mms_small_size {
    int n;                   /* the cube's side */
    double ratio[MMS_SMALL_ROUNDS_MAX];
    int rounds;
};

/* The crossover among the candidates `below` (every size timed goes to
 * the packed path) and each size's n (it and the sizes before it to the
 * small path, the rest packed), for sizes s[0..n-1] in ascending order
 * with the same rounds: the one whose routing of the timed sizes has the
 * least median, over the rounds, of the mean time relative to the packed
 * path.  Equal medians (identical rounds) take the lower crossover: the
 * packed path is the general one.  score[0..n] (when not NULL) gets each
 * candidate's median, below first. */
int mms_small_crossover(const struct mms_small_size *s, int n, int below,
                        double *score);

#endif
