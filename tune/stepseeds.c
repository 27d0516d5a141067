/* The step seeds (steprun.h): the set the search ends on against each
 * --candidate file's whole set, or without one against the blocks steps'
 * start, as whole DGEMMs. */
#include "tune/steprun.h"

#include <string.h>

#include "tune/blocks.h"
#include "tune/decide.h"
#include "tune/incumbent.h"
#include "tune/progress.h"
#include "tune/screen.h"
#include "tune/searchtext.h"
#include "tune/timing.h"

/* File e's whole set as the library builds it from that file: its
 * kernel with its NCNU and PFB (absent: the model's, on a SIMD ISA 1),
 * its MC, KC, NC and SMALL_MAX (absent: the model's; SMALL_MAX absent,
 * the file's NCNB where it reaches further, as kernels/libparams.c
 * takes it), the pins applied; the full kernel into p, its compiler
 * and NC into h, the tile into k.  Returns 0, or -1 with why. */
static int file_set(const struct mms_search *s, int e, struct mmg_params *k,
                    struct mmg_params *p, struct mms_how *h, char *why,
                    size_t len)
{
    const struct mms_extra *x = &s->extra[e];
    struct mms_blocks b = x->b;

    *k = x->p;
    k->ncnu = x->ncnu;
    if (!x->has_pfb)
        k->pfb = mmg_vlen(k->isa) > 1;
    mms_pins_apply(&s->pins, k);
    k->perturb = 0;
    mms_pins_blocks(&s->pins, &b);
    if (mms_blocks_model(&s->pc, k, &b, why, len) != 0)
        return -1;
    if (!x->b.small && !s->pins.small && x->ncnb > b.small) {
        b.small = x->ncnb;
        if (mms_blocks_model(&s->pc, k, &b, why, len) != 0)
            return -1;
    }
    mms_blocks_kernel(k, &b, p);
    mms_mark_perturbed(s, p);
    *h = (struct mms_how){ mms_extra_cc(s, e), b.nc };
    return 0;
}

/* The step's shapes: those of every step whose keys a set holds -- the
 * warm square sizes of the step ncnu, N = 100 and 200 and the level's
 * square sizes, each on the path the set routes it to (SMALL_MAX's
 * crossover), and the narrow shapes; with on 0, the level's (level_n,
 * level_small) back. */
static void seeds_shapes(struct mms_search *s, int on, const int *level_n,
                         int level_small)
{
    int k = 0;

    memset(s->pl.dgemm_warm_n, 0, sizeof s->pl.dgemm_warm_n);
    memset(s->pl.dgemm_n, 0, sizeof s->pl.dgemm_n);
    s->pl.dgemm_route = on;
    s->pl.dgemm_small_n = on ? 0 : level_small;
    if (on) {
        memcpy(s->pl.dgemm_warm_n, mms_dgemm_warm_sizes,
               sizeof mms_dgemm_warm_sizes);
        s->pl.dgemm_n[k++] = 100;
        s->pl.dgemm_n[k++] = MMS_DGEMM_SMALL_N;
        for (int i = 0; i < MMS_DGEMM_SIZES && level_n[i]
                        && k < MMS_DGEMM_SIZES; i++)
            if (level_n[i] > MMS_DGEMM_SMALL_N)
                s->pl.dgemm_n[k++] = level_n[i];
    } else {
        memcpy(s->pl.dgemm_n, level_n, sizeof s->pl.dgemm_n);
    }
    mms_shapes_text(&s->pl, s->log.dgemm_sizes, sizeof s->log.dgemm_sizes,
                    -1);
}

/* Another set taken (a file's, or the blocks steps' start): its kernel
 * k with compiler cc, the blocking of its full kernel p and NC nc, what
 * params.conf gets from here on. */
static void take(struct mms_search *s, const struct mmg_params *k, int cc,
                 const struct mmg_params *p, int nc, double mflops)
{
    const struct mms_record *r;

    s->ref = *k, s->ref_cc = cc;
    r = mms_log_find_cc(&s->log, k, s->pl.cc[cc].name, NULL, 0, 0);
    s->ref_mflops = r && r->m.verdict == MMS_V_OK ? r->m.mflops : 0;
    s->blocks = (struct mms_blocks){ p->m, p->k, nc, p->n,
                                     p->ncnb > 0 ? p->ncnb : 0 };
    s->has_blocks = s->has_ncnu = s->has_pfb = 1;
    s->blocks_mflops = mflops;
}

int mms_run_seeds(struct mms_search *s, const struct mms_step *st)
{
    static struct mmg_params k[MMS_MAX_CANDS], cand[MMS_MAX_CANDS];
    static struct mms_how how[MMS_MAX_CANDS];
    struct mms_outcome o[MMS_MAX_CANDS];
    struct mms_step_verdict v;
    struct mmg_params p;
    struct mms_how h;
    char rest[1800], sizes[2 * MMS_SIZES_TEXT + 32], why[MMS_WHY_MAX] = "";
    int n = 1, rc, start = 0, level_n[MMS_DGEMM_SIZES];
    int level_small = s->pl.dgemm_small_n;

    if (s->skip_blocks || s->skip_dgemm)
        return mms_skip(s, st, "%s: no whole DGEMM is timed",
                        s->skip_blocks ? "--skip-blocks" : "--skip-dgemm");
    if (s->time_limit_s > 0 && mms_now() - s->t0 > s->time_limit_s)
        return mms_skip(s, st, "the time limit of %g s was reached; the "
                        "values so far are kept", s->time_limit_s);
    if (mms_blocks_start(s, why, sizeof why) != 0)
        return mms_skip(s, st, "the library's model: %s", why);
    mms_incumbent(s, st, &cand[0], &how[0]);
    k[0] = s->ref;
    for (int e = 0; e < s->nextra && n < MMS_MAX_CANDS; e++) {
        int dup = 0;
        if (mms_extra_cc(s, e) < 0
            || file_set(s, e, &k[n], &cand[n], &how[n], why, sizeof why))
            continue;
        for (int j = 0; j < n && !dup; j++)
            dup = mms_same_as(&cand[j], how[j], &cand[n], how[n]);
        n += !dup;
    }
    /* no file's set: the blocks steps' start, the model's blocking for
     * the kernel, which each of their ties may have walked from */
    if (n == 1) {
        k[n] = s->ref;
        mms_blocks_kernel(&s->ref, &s->blocks0, &cand[n]);
        mms_mark_perturbed(s, &cand[n]);
        how[n] = (struct mms_how){ s->ref_cc, s->blocks0.nc };
        start = !mms_same_as(&cand[0], how[0], &cand[n], how[n]);
        n += start;
    }
    if (n == 1)
        return mms_skip(s, st, "one candidate: no --candidate file's set "
                        "of this ISA or one of the same peak, nor the "
                        "blocks steps' start, differs from the search's");
    memcpy(level_n, s->pl.dgemm_n, sizeof level_n);
    seeds_shapes(s, 1, level_n, level_small);
    mms_shapes_said(&s->pl, sizes, sizeof sizes);
    snprintf(rest, sizeof rest, "sets=%s n=%d rule=%s; %s, operands "
             "flushed (the warm sizes, marked w, not); the reference of "
             "every round: the search's set (%s)%s", st->sets, n, st->rule,
             sizes, st->source, start ? "; no --candidate file's set: the "
             "blocks steps' start" : "");
    mms_say(s, "%s: %d candidates (the search's set and the %s, the whole "
            "DGEMM at %s)\n", st->name, n, start ? "blocks steps' start"
            : "--candidate files'", sizes);
    rc = mms_log_event(&s->log, "step", st->name, rest) != 0
         || mms_screen(s, st, cand, how, n, o) != 0
         || mms_pick(s, st, cand, how, o, n, &v) != 0;
    seeds_shapes(s, 0, level_n, level_small);
    if (rc)
        return -1;
    if (v.chosen > 0)
        take(s, &k[v.chosen], how[v.chosen].cc, &cand[v.chosen],
             how[v.chosen].nc, v.mflops);
    mms_incumbent(s, st, &p, &h);
    return mms_log_chosen(s, st, &p, h, &v);
}
