/* The kernel steps (steprun.h: paper 002 §III-B steps 1-5, each
 * deciding values of the reference kernel), and what every step whose
 * candidates come from its range rule shares. */
#include "tune/steprun.h"

#include <string.h>

#include "tune/decide.h"
#include "tune/progress.h"
#include "tune/screen.h"
#include "tune/searchtext.h"
#include "tune/timing.h"

int mms_step_gate(struct mms_search *s, const struct mms_step *st)
{
    char pins[128];

    if (!st->range)
        return mms_skip(s, st, "not searched yet: %s (%s)", st->rule,
                        st->source);
    if (mms_pinned(&s->pins, st->sets)) {
        mms_sets_text(s, st->sets, &s->ref,
                      (struct mms_how){ s->ref_cc, 0 }, pins, sizeof pins);
        return mms_skip(s, st, "pinned: %s", pins);
    }
    /* the library widens NB to hold MC and KC (kernels/libparams.c):
     * in the packed context every NB up to them times the same kernel */
    if (s->pl.packed && s->type == MMT_TYPE_D && strcmp(st->name, "nb") == 0)
        return mms_skip(s, st, "the packed context: the library's kernel "
                        "is as wide as its blocking, whatever NB");
    if (s->time_limit_s > 0 && mms_now() - s->t0 > s->time_limit_s)
        return mms_skip(s, st, "the time limit of %g s was reached; the "
                        "values so far are kept", s->time_limit_s);
    return 1;
}

int mms_step_start(struct mms_search *s, const struct mms_step *st,
                   struct mmg_params *cand)
{
    char rest[1024];
    int n = mms_step_gate(s, st);

    if (n <= 0)
        return n;
    n = mms_step_candidates(&s->space, st, &s->ref, cand, MMS_MAX_CANDS);
    if (n == 0)
        return mms_skip(s, st, "no candidates: %s", st->rule);
    for (int i = 0; i < n; i++)
        mms_mark_perturbed(s, &cand[i]);
    snprintf(rest, sizeof rest, "sets=%s n=%d rule=%s (%s)", st->sets, n,
             st->rule, st->source);
    mms_say(s, "%s: %d candidates (%s)\n", st->name, n, st->sets);
    if (mms_log_event(&s->log, "step", st->name, rest) != 0)
        return -1;
    return n;
}

int mms_run_kernels(struct mms_search *s, const struct mms_step *st)
{
    static struct mmg_params cand[MMS_MAX_CANDS];
    struct mms_outcome o[MMS_MAX_CANDS];
    int n = mms_step_start(s, st, cand);

    if (n <= 0)
        return n;
    if (mms_screen(s, st, cand, NULL, n, o) != 0)
        return -1;
    return mms_choose(s, st, cand, NULL, o, n);
}

/* The kernel a side step searched with (the reference so far; steps 6
 * and 7 leave it as it is). */
void mms_side_searched(struct mms_search *s)
{
    s->has_side = 1, s->side_p = s->ref;
}
