/* A step's decision among its screened candidates: the finalists
 * re-timed in rounds and decided by the rank-sum test (tune/stats.h),
 * and the step's chosen or skip line. */
#ifndef MMS_DECIDE_H
#define MMS_DECIDE_H

#include "tune/how.h"
#include "tune/search.h"
#include "tune/stats.h"

struct mms_step_verdict {
    int chosen;          /* index into cand, -1: none */
    const char *by;      /* won, tie, only, none */
    double p, mflops;
    int rounds;
    /* the candidates the rounds could not separate from the best (its
     * tie set, the best first; indices into cand), none when nothing
     * passed */
    int ntied, tied[MMS_FINALISTS_MAX];
    char why[1200];
};

/* Step st skipped, and why: logged and said.  Returns 0, or -1 when the
 * log cannot be written. */
int mms_skip(struct mms_search *s, const struct mms_step *st,
             const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Step st's chosen line for p built as h says, with v's evidence. */
int mms_log_chosen(struct mms_search *s, const struct mms_step *st,
                   const struct mmg_params *p, struct mms_how h,
                   const struct mms_step_verdict *v);
/* The decision among the n screened candidates (v->chosen -1: none
 * passed).  Returns 0, or -1 when the log cannot be written. */
int mms_pick(struct mms_search *s, const struct mms_step *st,
             const struct mmg_params *cand, const struct mms_how *how,
             const struct mms_outcome *o, int n,
             struct mms_step_verdict *v);
/* The decision made, taken (the reference kernel, or the blocking) and
 * logged. */
int mms_choose(struct mms_search *s, const struct mms_step *st,
               const struct mmg_params *cand, const struct mms_how *how,
               const struct mms_outcome *o, int n);

#endif
