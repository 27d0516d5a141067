/* Step 7 of paper 002 §III-B (steprun.h): K_CROSSOVER, where the
 * specialised K cleanups stop paying, a side result. */
#include "tune/steprun.h"

#include <stdlib.h>
#include <string.h>

#include "tune/decide.h"
#include "tune/progress.h"
#include "tune/stats.h"
#include "tune/timing.h"

/* The search stops when the specialised K cleanup is at most this much
 * faster than the general one (ATLAS's 1%). */
#define KCLEAN_WITHIN 1.01

/* What step 7 builds: its candidates and the general kernel, last. */
struct kclean_set {
    struct mms_cand *cs;
    int n, built;
    double share;        /* each kernel's part of the compile batch */
    int *paid;           /* 1: its share is in a cand line already */
};

/* The timing of c (kt: the k it is called with) in step st's round:
 * from the log, or made now (every kernel of ks built first). */
static int kclean_timing(struct mms_search *s, const struct mms_step *st,
                         struct kclean_set *ks, int i, int kt, int round,
                         struct mms_outcome *o)
{
    struct mms_cand *c = &ks->cs[i];
    double r_share;
    const struct mms_record *r = mms_log_find_at(&s->log, &c->p, kt, 0,
                                                 s->pl.cc[c->cc].name,
                                                 st->name, round, kt > 0);

    if (r) {
        o->verdict = r->m.verdict, o->mflops = r->m.mflops;
        return 0;
    }
    if (!ks->built) {
        struct mms_cand *all[MMS_MAX_CANDS + 1];
        double t = mms_now();
        for (int j = 0; j < ks->n; j++)
            all[j] = &ks->cs[j];
        mms_build(&s->pl, all, ks->n);
        ks->share = (mms_now() - t) / ks->n;
        ks->built = 1;
    }
    c->kt = kt;
    r_share = ks->paid[i] ? 0 : ks->share;
    ks->paid[i] = 1;
    return mms_timing(s, st->name, c, round, kt > 0, NULL, r_share, o);
}

/* One leftover L (candidate i): the specialised kernel and the general
 * one at k=L, paired in rounds 0..rounds (round 0 is their screen; the
 * decision takes rounds 1..rounds, as mmreport's ratio column), the
 * median of the ratios specialised / general into *ratio (0: one of them
 * failed, *failed says which: 1 the specialised, 2 the general). */
static int kclean_pairs(struct mms_search *s, const struct mms_step *st,
                        struct kclean_set *ks, int i, int rounds,
                        double *ratio, double *general, int *failed)
{
    double x[MMS_ROUNDS_MAX + 1], g[MMS_ROUNDS_MAX + 1];
    int l = ks->cs[i].p.k, nx = 0;

    *ratio = *general = 0, *failed = 0;
    for (int r = 0; r <= rounds; r++) {
        struct mms_outcome os, og;
        /* which goes first alternates, so that neither kernel is always
         * the one timed after the other */
        int first_g = r % 2;
        if ((first_g && kclean_timing(s, st, ks, ks->n - 1, l, r, &og) != 0)
            || kclean_timing(s, st, ks, i, 0, r, &os) != 0
            || (!first_g
                && kclean_timing(s, st, ks, ks->n - 1, l, r, &og) != 0))
            return -1;
        mms_show_progress(s, st->name, "round", r, rounds, 0, mms_now());
        if (os.verdict != MMS_V_OK || og.verdict != MMS_V_OK) {
            *failed = os.verdict != MMS_V_OK ? 1 : 2;
            return 0;
        }
        if (r > 0 || rounds == 0)
            g[nx] = og.mflops, x[nx++] = os.mflops / og.mflops;
    }
    *ratio = mms_median(x, nx);
    *general = mms_median(g, nx);
    return 0;
}

/* Step 7: from the largest leftover down, the first L where the
 * specialised K cleanup is at most 1% faster than the general one is
 * K_CROSSOVER (a side result; the chosen line holds the specialised
 * kernel at it, k= the crossover). */
static int kclean_search(struct mms_search *s, const struct mms_step *st,
                         const struct mmg_params *cand, int n)
{
    struct kclean_set ks = { calloc((size_t)n + 1, sizeof *ks.cs), n + 1,
                             0, 0, calloc((size_t)n + 1, sizeof(int)) };
    struct mms_step_verdict v = { .chosen = -1, .by = "none", .p = 1 };
    struct mmg_params chosen;
    char ev[300] = "";
    int rc = 0, at = -1;

    if (!ks.cs || !ks.paid) {
        free(ks.cs), free(ks.paid);
        return -1;
    }
    for (int i = 0; i < n; i++)
        mms_prepare(s, &ks.cs[i], &cand[i], (struct mms_how){ s->ref_cc, 0 });
    mms_kclean_general(&s->ref, &ks.cs[n].p);
    mms_prepare(s, &ks.cs[n], &ks.cs[n].p, (struct mms_how){ s->ref_cc, 0 });
    for (int i = 0; i < n && at < 0 && rc == 0; i++) {
        double ratio, general;
        int failed;
        size_t used = strlen(ev);
        rc = kclean_pairs(s, st, &ks, i, s->lv->rounds, &ratio, &general,
                          &failed);
        snprintf(ev + used, sizeof ev - used, "%sL=%d %s", used ? ", " : "",
                 cand[i].k, failed == 1 ? "specialised failed"
                 : failed == 2 ? "general failed" : "");
        if (!failed)
            snprintf(ev + strlen(ev), sizeof ev - strlen(ev), "%.3f", ratio);
        if (failed == 1 || (!failed && ratio <= KCLEAN_WITHIN))
            at = i, v.mflops = general;
    }
    v.rounds = s->lv->rounds;
    v.by = at >= 0 ? "rule" : "none";
    s->has_kx = 1;
    s->k_crossover = at >= 0 ? cand[at].k : 0;
    mms_side_searched(s);
    snprintf(v.why, sizeof v.why, "K_CROSSOVER=%d: median specialised / "
             "general per leftover (%s); %s", s->k_crossover, ev,
             at >= 0 ? "the general one is within 1% from there down"
             : "the general one is never within 1%: the specialised ones "
               "for every leftover");
    chosen = at >= 0 ? cand[at] : ks.cs[n].p;
    free(ks.cs), free(ks.paid);
    return rc != 0 ? -1 : mms_log_chosen(s, st, &chosen,
                                         (struct mms_how){ s->ref_cc, 0 }, &v);
}

int mms_run_kclean(struct mms_search *s, const struct mms_step *st)
{
    static struct mmg_params cand[MMS_MAX_CANDS];
    int n;

    /* pinned: the user's K_CROSSOVER, which no generator key holds */
    if (mms_pinned(&s->pins, st->sets)) {
        s->has_kx = 1, s->k_crossover = s->pins.k_crossover;
        return mms_skip(s, st, "pinned: K_CROSSOVER=%d", s->k_crossover);
    }
    n = mms_step_start(s, st, cand);
    return n <= 0 ? n : kclean_search(s, st, cand, n);
}
