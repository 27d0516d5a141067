/* A step's screen: every candidate timed once (screen.h). */
#include "tune/screen.h"

#include <stdlib.h>

#include "tune/incumbent.h"
#include "tune/progress.h"
#include "tune/timing.h"

/* 1 when step st screens its n candidates in pairs: a whole-DGEMM step
 * (dgemm, pf and the blocks steps) whose screen picks finalists (more
 * candidates than its finalists and the incumbent) times its round
 * reference just before each candidate it times and ranks them by their
 * ratio to it, so that a slow phase of the host (+-20-30% for seconds on
 * the KVM guests, about a whole DGEMM's timing) moves both of a pair, not
 * the ranking.  The kernel steps' timings are short and their candidates
 * many: one each. */
static int screens_in_pairs(const struct mms_search *s,
                            const struct mms_step *st, int n)
{
    int finals, rounds, rounds_max;

    mms_effort(s, st, &finals, &rounds, &rounds_max);
    return mms_step_whole(st) && n > finals + 1;
}

/* Each screened candidate's rank: its ratio to the reference timed
 * beside it (beside[i] > 0; the reference itself 1); without one
 * (screened in an earlier step or run, or that reference failed) its
 * MFLOPS over the mean of the step's references; its MFLOPS when the
 * step has none (beside NULL, or none timed). */
static void scores(struct mms_outcome *o, const double *beside, int n)
{
    double sum = 0;
    int k = 0;

    for (int i = 0; beside && i < n; i++)
        if (beside[i] > 0)
            sum += beside[i], k++;
    for (int i = 0; i < n; i++)
        o[i].score = beside && beside[i] > 0 ? o[i].mflops / beside[i]
                     : k ? o[i].mflops / (sum / k) : o[i].mflops;
}

/* The reference (ref, built) timed beside candidate pair of step st and
 * logged so: its MFLOPS into *mflops, -1 when it failed.  *share: its
 * part of the compile batch, paid by its first timing.  Returns 0, or -1
 * when the log cannot be written. */
static int beside_of(struct mms_search *s, const struct mms_step *st,
                     const struct mms_cand *ref, const struct mms_pair *pair,
                     double *share, double *mflops)
{
    struct mms_outcome ro;

    if (mms_timing(s, st->name, ref, 0, 1, pair, *share, &ro) != 0)
        return -1;
    *share = 0;
    *mflops = ro.verdict == MMS_V_OK && ro.mflops > 0 ? ro.mflops : -1;
    return 0;
}

/* Candidate i of a screen (kernel p built and timed as h says) as a pair
 * line names it. */
static struct mms_pair pair_for(const struct mms_search *s,
                                const struct mmg_params *p, struct mms_how h,
                                int i)
{
    struct mms_pair po = { i + 1, "" };

    mms_pair_of(p, s->pl.cc[h.cc].name, h.nc, po.of);
    return po;
}

/* The whole-DGEMM drivers of the candidates the log does not hold (and
 * the reference's, rp when not NULL), built in one batch before any of
 * them is prepared (tune/timing.h). */
static void drivers_first(struct mms_search *s, const struct mmg_params *cand,
                          const struct mms_how *how, int n,
                          const struct mmg_params *rp, struct mms_how rh)
{
    struct mmg_params *p = how ? calloc((size_t)n + 1, sizeof *p) : NULL;
    struct mms_how *h = p ? calloc((size_t)n + 1, sizeof *h) : NULL;
    int m = 0;

    for (int i = 0; h && i < n; i++)
        if (!mms_logged(s, &cand[i], how[i], NULL, 0, 0))
            p[m] = cand[i], h[m++] = how[i];
    if (h && rp && m > 0)
        p[m] = *rp, h[m++] = rh;
    if (h)
        mms_drivers_prepare(s, p, h, m);
    free(p), free(h);
}

/* Screen every candidate once: what the log holds is reused, the rest is
 * compiled in one parallel batch and timed one at a time (in a
 * whole-DGEMM step each just after the round reference: pair=; a
 * reference the log holds is reused, so after a kill between the two the
 * pair spans two runs).  Fills o[i] with each one's verdict, MFLOPS and
 * rank (scores). */
int mms_screen(struct mms_search *s, const struct mms_step *st,
               const struct mmg_params *cand, const struct mms_how *how,
               int n, struct mms_outcome *o)
{
    struct mms_cand *cs = calloc((size_t)n + 1, sizeof *cs);
    struct mms_cand **todo = calloc((size_t)n + 1, sizeof *todo);
    double *beside = calloc((size_t)n, sizeof *beside);
    int *self = calloc((size_t)n, sizeof *self);   /* is the reference */
    int ntodo = 0, rc = 0, k = 0, pairs = screens_in_pairs(s, st, n);
    int unpaired = 0;
    struct mms_cand *ref = NULL;   /* the reference, built with them */
    double t0 = mms_now(), best = 0, share, ref_share;
    struct mmg_params rp;
    struct mms_how rh;

    if (!cs || !todo || !beside || !self) {
        free(cs), free(todo), free(beside), free(self);
        return -1;
    }
    if (pairs)
        mms_round_reference(s, st, &rp, &rh);
    drivers_first(s, cand, how, n, pairs ? &rp : NULL, rh);
    for (int i = 0; i < n; i++) {
        const struct mms_record *r = mms_logged(s, &cand[i],
                                                mms_how_of(how, i), NULL, 0,
                                                0);
        o[i].verdict = MMS_V_NONE;
        /* the reference itself: its own timing is the one beside it */
        self[i] = pairs && mms_same_as(&cand[i], mms_how_of(how, i), &rp, rh);
        if (pairs && !self[i]) {
            struct mms_pair po = pair_for(s, &cand[i], mms_how_of(how, i), i);
            const struct mms_record *b =
                mms_log_find_pair(&s->log, &rp, rh.nc, s->pl.cc[rh.cc].name,
                                  st->name, po.i, po.of);
            if (b)
                beside[i] = b->m.verdict == MMS_V_OK && b->m.mflops > 0
                            ? b->m.mflops : -1;
        }
        if (r) {
            o[i].verdict = r->m.verdict, o[i].mflops = r->m.mflops;
            continue;
        }
        mms_prepare(s, &cs[i], &cand[i], mms_how_of(how, i));
        todo[ntodo++] = &cs[i];
        unpaired += pairs && !self[i] && beside[i] == 0;
        if (self[i])
            ref = &cs[i];        /* built anyway: the reference's build */
    }
    if (unpaired && !ref) {      /* the reference, built with them */
        mms_prepare(s, &cs[n], &rp, rh);
        todo[ntodo++] = ref = &cs[n];
    }
    mms_show_progress(s, st->name, "compiling", 0, ntodo, 0, t0);
    mms_build(&s->pl, todo, ntodo);
    share = ref_share = ntodo ? (mms_now() - t0) / ntodo : 0;
    if (ref != &cs[n])           /* paid by its own screen */
        ref_share = 0;
    else
        ntodo--;
    for (int i = 0; i < n && rc == 0; i++) {
        if (o[i].verdict != MMS_V_NONE)
            continue;
        /* none beside a candidate that did not build: never ranked */
        if (pairs && !self[i] && beside[i] == 0
            && cs[i].verdict == MMS_V_NONE) {
            struct mms_pair po = pair_for(s, &cand[i], mms_how_of(how, i), i);
            rc = beside_of(s, st, ref, &po, &ref_share, &beside[i]);
        }
        s->beside = beside[i];
        if (rc == 0)
            rc = mms_timing(s, st->name, &cs[i], 0, 0, NULL, share, &o[i]);
        s->beside = 0;
        if (o[i].verdict == MMS_V_OK && o[i].mflops > best)
            best = o[i].mflops;
        mms_show_progress(s, st->name, "candidate", ++k, ntodo, best, t0);
    }
    for (int i = 0; i < n; i++)      /* the reference itself: 1 */
        if (self[i])
            beside[i] = o[i].verdict == MMS_V_OK && o[i].mflops > 0
                        ? o[i].mflops : -1;
    scores(o, pairs ? beside : NULL, n);
    free(cs), free(todo), free(beside), free(self);
    return rc;
}
