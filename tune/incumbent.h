/* What a step's candidates are measured against: the incumbent (the
 * value the step keeps if nothing beats it), the fixed reference of its
 * rounds, and how hard the step looks. */
#ifndef MMS_INCUMBENT_H
#define MMS_INCUMBENT_H

#include <stddef.h>

#include "tune/how.h"
#include "tune/search.h"

/* 1 when kernel p built and timed as h is kernel r as rh. */
int mms_same_as(const struct mmg_params *p, struct mms_how h,
                const struct mmg_params *r, struct mms_how rh);
/* The library's full kernel for kernel k at the model's blocking for it.
 * Returns 0, or -1 with why. */
int mms_at_model(const struct mms_search *s, const struct mmg_params *k,
                 int cc, struct mmg_params *p, struct mms_how *h, char *why,
                 size_t len);
void mms_incumbent(const struct mms_search *s, const struct mms_step *st,
                   struct mmg_params *p, struct mms_how *h);
void mms_round_reference(const struct mms_search *s,
                         const struct mms_step *st, struct mmg_params *p,
                         struct mms_how *h);
/* 1 when candidate i is step st's incumbent. */
int mms_is_incumbent(const struct mms_search *s, const struct mms_step *st,
                     const struct mmg_params *cand,
                     const struct mms_how *how, int i);
/* The finalists and rounds of step st. */
void mms_effort(const struct mms_search *s, const struct mms_step *st,
                int *finals, int *rounds, int *rounds_max);

#endif
