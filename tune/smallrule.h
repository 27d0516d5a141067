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
 * small path, the rest packed), for sizes s[0..n-1] in ascending order:
 * the one whose routing of the timed sizes takes the least time relative
 * to the packed path, each size counted by the median of its rounds
 * (score: 1 plus the mean over the sizes of median ratio - 1 for those
 * on the small path).  Two candidates differ only in the sizes between
 * them, so each size's rounds decide its own term: a size whose rounds
 * swing between two phases moves no other size's.  Equal scores take the
 * lower crossover: the packed path is the general one.  score[0..n]
 * (when not NULL) gets each candidate's, below first. */
int mms_small_crossover(const struct mms_small_size *s, int n, int below,
                        double *score);

#endif
