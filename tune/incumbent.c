/* What a step's candidates are measured against (incumbent.h). */
#include "tune/incumbent.h"

#include "tune/blocks.h"
#include "tune/timing.h"

/* 1 when kernel p built and timed as h is kernel r as rh: the same
 * build and the same timing (the round reference, the incumbent). */
int mms_same_as(const struct mmg_params *p, struct mms_how h,
                const struct mmg_params *r, struct mms_how rh)
{
    return mms_params_equal(p, r) && h.cc == rh.cc && h.nc == rh.nc;
}

/* The library's full kernel for kernel k at the model's blocking for it
 * (pins kept), into p, with its NC into h (0 where the library has no
 * model for it: p is k).  Returns 0, or -1 with why. */
int mms_at_model(const struct mms_search *s, const struct mmg_params *k,
                 int cc, struct mmg_params *p, struct mms_how *h, char *why,
                 size_t len)
{
    struct mms_blocks b = { 0 };

    *p = *k, *h = (struct mms_how){ cc, 0 };
    mms_pins_blocks(&s->pins, &b);
    if (mms_blocks_model(&s->pc, k, &b, why, len) != 0)
        return -1;
    mms_blocks_kernel(k, &b, p);
    h->nc = b.nc;
    return 0;
}

/* The value a step starts from and keeps if nothing beats it: the
 * reference kernel so far, or in a blocks step (and the step seeds) the
 * library's full kernel for the blocking so far, timed as the whole
 * DGEMM (in the dgemm step, the first --candidate file's kernel when it
 * is a candidate, else the kernel so far, at the model's blocking). */
void mms_incumbent(const struct mms_search *s, const struct mms_step *st,
                   struct mmg_params *p, struct mms_how *h)
{
    char why[MMS_WHY_MAX];

    if (mms_step_kind(st) == MMS_STEP_DGEMM && s->kept)
        *p = s->kept_p, *h = (struct mms_how){ s->kept_cc, s->kept_nc };
    else if (mms_step_kind(st) == MMS_STEP_DGEMM)
        mms_at_model(s, &s->ref, s->ref_cc, p, h, why, sizeof why);
    else if (mms_step_kind(st) == MMS_STEP_BLOCKS
             || mms_step_kind(st) == MMS_STEP_SEEDS) {
        mms_blocks_kernel(&s->ref, &s->blocks, p);
        *h = (struct mms_how){ s->ref_cc, s->blocks.nc };
    } else {
        *p = s->ref;
        *h = (struct mms_how){ s->ref_cc, 0 };
    }
}

/* The fixed reference of every round (stats.h): the fixed kernel, or in
 * the whole-DGEMM steps the incumbent, which stays until the step
 * decides (dgemm and pf: the first --candidate file's kernel or the
 * kernel so far; the blocks steps: the blocking so far).  The incumbent
 * is then also a finalist whenever it passed, timed once a round as both
 * (decide.c, reference_twin): with the model's blocking as the blocks
 * steps' reference, the steps where the blocking had moved from it
 * timed a third whole DGEMM a round for the ratios alone (make tune,
 * AVX2 Zen 4 guest: kc 3.0 s, nc 5.2 s and small 1.0 s of a 149 s
 * search). */
void mms_round_reference(const struct mms_search *s,
                         const struct mms_step *st, struct mmg_params *p,
                         struct mms_how *h)
{
    if (mms_step_whole(st))
        mms_incumbent(s, st, p, h);
    else {
        *p = s->fixed;
        *h = (struct mms_how){ 0, 0 };
    }
}

/* 1 when candidate i is the step's incumbent, which joins the finalists
 * whenever it passed: the rounds then measure the others against it (a
 * tie does not keep it: tune/stats.h). */
int mms_is_incumbent(const struct mms_search *s, const struct mms_step *st,
                     const struct mmg_params *cand, const struct mms_how *how,
                     int i)
{
    struct mmg_params p;
    struct mms_how h;

    mms_incumbent(s, st, &p, &h);
    return mms_same_as(&cand[i], mms_how_of(how, i), &p, h);
}

/* How hard step st looks: the level's finalists and rounds, or the
 * blocks steps' own (fewer: each of their timings is whole DGEMMs). */
void mms_effort(const struct mms_search *s, const struct mms_step *st,
                int *finals, int *rounds, int *rounds_max)
{
    int blocks = mms_step_whole(st);

    *finals = blocks ? s->lv->blocks_finals : s->lv->finalists;
    *rounds = blocks ? s->lv->blocks_rounds : s->lv->rounds;
    *rounds_max = blocks ? s->lv->blocks_rounds_max : s->lv->rounds_max;
}
