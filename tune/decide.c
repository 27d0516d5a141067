/* A step's decision among its screened candidates (decide.h). */
#include "tune/decide.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "tune/incumbent.h"
#include "tune/progress.h"
#include "tune/searchtext.h"
#include "tune/stats.h"
#include "tune/timing.h"

/* The finalists: the best screened ones (by their scores), and the
 * incumbent if it passed.
 * Returns how many (indices into cand in fin). */
static int finalists(const struct mms_search *s, const struct mms_step *st,
                     const struct mmg_params *cand, const struct mms_how *how,
                     const struct mms_outcome *o, int n, int *fin)
{
    int nfin = 0, finals, rounds, rounds_max;

    mms_effort(s, st, &finals, &rounds, &rounds_max);
    for (int want = 0; want < finals; want++) {
        int best = -1;
        for (int i = 0; i < n; i++) {
            int taken = 0;
            for (int j = 0; j < nfin; j++)
                taken |= fin[j] == i;
            if (!taken && o[i].verdict == MMS_V_OK
                && (best < 0 || o[i].score > o[best].score))
                best = i;
        }
        if (best >= 0)
            fin[nfin++] = best;
    }
    for (int i = 0; i < n; i++)
        if (o[i].verdict == MMS_V_OK
            && mms_is_incumbent(s, st, cand, how, i)) {
            int taken = 0;
            for (int j = 0; j < nfin; j++)
                taken |= fin[j] == i;
            if (!taken)
                fin[nfin++] = i;
        }
    return nfin;
}

/* The finalist that is the round reference itself (the same build timed
 * the same way: in the whole-DGEMM steps the incumbent, whenever it
 * passed; in the kernel steps the fixed kernel, when it is one), or -1.
 * Its rounds are the reference's samples, timed once: a second timing of the
 * same build beside it had cost a whole DGEMM a round (make tune, AVX2
 * Zen 4 guest: 14 s of a 156 s search, in the steps dgemm, pf, mc and
 * kc), and told the rank-sum test nothing of the others that the
 * reference does not: their ratios are to that build either way. */
static int reference_twin(const struct mmg_params *p, const struct mms_how *h,
                          int np)
{
    for (int i = 0; i < np - 1; i++)
        if (mms_same_as(&p[i], h[i], &p[np - 1], h[np - 1]))
            return i;
    return -1;
}

/* The reference's twin's line of round r: the reference's (ref, built
 * and timed as h) as the twin's, ref=0 twin=1 secs=0, so that every
 * finalist has its line in every round (resumed searches, mmreport and
 * the log's readers find it as they find the others'), and its sample
 * into *o.  Returns 0, or -1 when the log cannot be written. */
static int twin_line(struct mms_search *s, const struct mms_step *st,
                     const struct mmg_params *ref, struct mms_how h, int r,
                     struct mms_outcome *o)
{
    const struct mms_record *rec = mms_logged(s, ref, h, st->name, r, 1);
    struct mms_record copy;

    if (!rec)
        return -1;
    copy = *rec;
    copy.ref = 0, copy.pair = 0, copy.of[0] = '\0', copy.secs = 0;
    copy.twin = 1;
    copy.used = 0, copy.retimed = 0;
    if (!(rec = mms_log_cand(&s->log, &copy)))
        return -1;
    o->verdict = rec->m.verdict, o->mflops = rec->m.mflops;
    return 0;
}

/* The samples of rounds 1..rounds of the finalists and, last, of the
 * fixed reference: from the log, or timed in the order A B C R A B C R
 * ... (built first if any is missing).  The reference's twin
 * (reference_twin) is not timed: its line of each round is the
 * reference's (twin_line), unless the log holds one (a resumed search,
 * or a log written before the twin was shared, whose decision stays the
 * one that log made). */
static int time_rounds(struct mms_search *s, const struct mms_step *st,
                       const struct mmg_params *p, const struct mms_how *h,
                       int np, int rounds,
                       struct mms_outcome (*o)[MMS_ROUNDS_MAX])
{
    struct mms_cand *cs = calloc((size_t)np, sizeof *cs);
    struct mms_cand **all = calloc((size_t)np, sizeof *all);
    double *owed = calloc((size_t)np, sizeof *owed);   /* compile shares */
    int rc = 0, built = 0, twin = reference_twin(p, h, np);

    if (!cs || !all || !owed) {
        free(cs), free(all), free(owed);
        return -1;
    }
    for (int r = 1; r <= rounds && rc == 0; r++) {
        int twin_own = 0;
        for (int i = 0; i < np && rc == 0; i++) {
            const struct mms_record *rec = mms_logged(s, &p[i], h[i], st->name,
                                                      r, i == np - 1);
            if (rec) {
                o[i][r - 1].verdict = rec->m.verdict;
                o[i][r - 1].mflops = rec->m.mflops;
                twin_own |= i == twin;
                continue;
            }
            if (i == twin)
                continue;
            if (!built) {
                int nb = 0;
                double t = mms_now();
                mms_drivers_prepare(s, p, h, np);
                for (int j = 0; j < np; j++)
                    if (j != twin)
                        mms_prepare(s, &cs[j], &p[j], h[j]),
                            all[nb++] = &cs[j];
                mms_build(&s->pl, all, nb);
                for (int j = 0; j < np; j++)
                    owed[j] = (mms_now() - t) / nb;
                built = 1;
            }
            rc = mms_timing(s, st->name, &cs[i], r, i == np - 1, NULL, owed[i],
                            &o[i][r - 1]);
            owed[i] = 0;        /* paid by its first sample */
            mms_show_progress(s, st->name, "round", r, rounds, 0, mms_now());
        }
        if (rc == 0 && twin >= 0 && !twin_own)
            rc = twin_line(s, st, &p[np - 1], h[np - 1], r, &o[twin][r - 1]);
    }
    free(cs), free(all), free(owed);
    return rc;
}

static double median_mflops(const struct mms_outcome *o, int n)
{
    double x[MMS_ROUNDS_MAX];

    for (int i = 0; i < n; i++)
        x[i] = o[i].mflops;
    return mms_median(x, n);
}

/* Each finalist's samples over the reference kernel's of the same round
 * (MFLOPS as they are when the reference failed a round); n[i] = 0 for a
 * finalist that failed a round.  Returns 1 when the ratios are to the
 * reference. */
static int ratios(struct mms_outcome (*o)[MMS_ROUNDS_MAX], int nfin,
                  int rounds, double (*x)[MMS_ROUNDS_MAX], int *n)
{
    int ref_ok = 1;

    for (int r = 0; r < rounds; r++)
        ref_ok &= o[nfin][r].verdict == MMS_V_OK && o[nfin][r].mflops > 0;
    for (int i = 0; i < nfin; i++) {
        n[i] = rounds;
        for (int r = 0; r < rounds; r++) {
            if (o[i][r].verdict != MMS_V_OK)
                n[i] = 0;
            x[i][r] = o[i][r].mflops / (ref_ok ? o[nfin][r].mflops : 1);
        }
    }
    return ref_ok;
}

/* What the library wants of kernel p, for the tie rule (tune/stats.h):
 * *pref, larger preferred, and what it prefers; NULL when step st has no
 * preference.  Step nb: the larger NB, up to what L2 holds (the
 * library's driver runs the kernel on blocks far larger than L1: tiles of
 * 144-384 won in a real driver, docs/LIBRARY.md, and the step's L1
 * bound ran 0.86x OpenBLAS there).  Step pf: PF=1 and, on a SIMD ISA,
 * PFB=1, what the library's model builds. */
static const char *preference(const struct mms_search *s,
                              const struct mms_step *st,
                              const struct mmg_params *p, double *pref)
{
    *pref = 0;
    if (strcmp(st->name, "nb") == 0) {
        *pref = p->nb <= mms_nb_l2_bound(&s->pc) ? p->nb : 0;
        return "the larger NB, up to what L2 holds";
    }
    if (strcmp(st->name, "pf") == 0) {
        *pref = (p->pf == 1) + (p->pfb == (mmg_vlen(p->isa) > 1));
        return "PF=1 and on a SIMD ISA PFB=1, the library model's";
    }
    return NULL;
}

/* The tie rule of tune/stats.h over the finalists fin (d decided over
 * them): the leader, or a finalist at its median that the library
 * prefers (*why then says what the preference is, else NULL). */
static int tie_break(const struct mms_search *s, const struct mms_step *st,
                     const struct mmg_params *cand, const int *fin, int nfin,
                     const struct mms_decision *d, const char **why)
{
    double pref[MMS_FINALISTS_MAX];
    const char *rule = NULL;
    int pick;

    for (int i = 0; i < nfin; i++)
        rule = preference(s, st, &cand[fin[i]], &pref[i]);
    pick = mms_tie_pick(d, rule ? pref : NULL);
    *why = pick != d->leader ? rule : NULL;
    return pick;
}

/* The decision of the rank-sum test over the ratios (tune/stats.h), with
 * the evidence for the log: every finalist's median and the p of the
 * best over it. */
static void decide(const struct mms_search *s, const struct mms_step *st,
                   const struct mmg_params *cand, const struct mms_how *how,
                   const int *fin, int nfin,
                   struct mms_outcome (*o)[MMS_ROUNDS_MAX], int rounds,
                   struct mms_step_verdict *v)
{
    static double x[MMS_FINALISTS_MAX][MMS_ROUNDS_MAX];
    const double *xp[MMS_FINALISTS_MAX];
    int n[MMS_FINALISTS_MAX], ref_ok = ratios(o, nfin, rounds, x, n), pick;
    struct mms_decision d;
    char next[160] = "none", taken[160], name[160], rule[900];
    const char *pref_why = NULL;
    size_t used;

    for (int i = 0; i < nfin; i++)
        xp[i] = x[i];
    mms_decide(xp, n, nfin, s->alpha, &d);
    v->rounds = rounds;
    if (n[d.leader] == 0) {     /* every finalist failed a round */
        v->chosen = fin[0], v->by = "screen", v->ntied = 0;
        snprintf(v->why, sizeof v->why, "every finalist failed in a "
                 "round: the best screened one is kept");
        return;
    }
    pick = d.ntied == 1 ? d.leader
                        : tie_break(s, st, cand, fin, nfin, &d, &pref_why);
    v->chosen = fin[pick];
    v->by = d.ntied == 1 ? "won" : "tie";
    v->ntied = 0;                /* a finalist that failed a round is
                                    not tied: it has no samples */
    for (int i = 0; i < d.ntied; i++)
        if (n[d.tied[i]] > 0)
            v->tied[v->ntied++] = fin[d.tied[i]];
    v->p = d.p;
    v->mflops = median_mflops(o[pick], rounds);
    if (d.runner_up >= 0) {
        mms_sets_text(s, st->sets, &cand[fin[d.runner_up]],
                      mms_how_of(how, fin[d.runner_up]), next, sizeof next);
        snprintf(next + strlen(next), sizeof next - strlen(next), " at "
                 "%.3f", mms_median(x[d.runner_up], rounds));
    }
    if (d.ntied == 1)
        snprintf(rule, sizeof rule, "a significant win");
    else {
        /* each finalist against the best, not the runner-up alone: who
         * is tied and how far below the best it was measured */
        used = (size_t)snprintf(rule, sizeof rule, "%d tied within the "
                                "noise (each against the best:", d.ntied);
        for (int i = 0; i < nfin && used < sizeof rule; i++) {
            if (i == d.leader)
                continue;
            mms_sets_text(s, st->sets, &cand[fin[i]], mms_how_of(how, fin[i]),
                          name, sizeof name);
            if (n[i] == 0)
                used += (size_t)snprintf(rule + used, sizeof rule - used,
                                         " %s failed a round,", name);
            else
                used += (size_t)snprintf(rule + used, sizeof rule - used,
                                         " %s at %.3f p=%.4f%s,", name,
                                         d.median[i], d.p_of[i],
                                         d.p_of[i] > s->alpha ? ""
                                                              : " beaten");
        }
        if (used < sizeof rule)
            rule[used - 1] = ')';
        mms_sets_text(s, st->sets, &cand[fin[pick]],
                      mms_how_of(how, fin[pick]), taken, sizeof taken);
        used = strlen(rule);
        if (pref_why)
            snprintf(rule + used, sizeof rule - used, "; %s is measured at "
                     "the best's median, and the tie rule takes it: %s",
                     taken, pref_why);
        else
            snprintf(rule + used, sizeof rule - used, "; the highest "
                     "median is taken, %s: a finalist measured slower "
                     "never wins a tie", taken);
    }
    snprintf(v->why, sizeof v->why, "median %s %.3f, runner-up %s, "
             "one-sided rank-sum p=%.4f over %d rounds: %s",
             ref_ok ? "ratio to the reference"
                    : "MFLOPS (the reference failed)",
             mms_median(x[d.leader], rounds), next, d.p, rounds, rule);
}

/* Re-time the finalists in rounds until the leader wins or rounds_max is
 * reached (paper 000 §6: sample until a test separates them). */
static int rounds_and_decide(struct mms_search *s, const struct mms_step *st,
                             const struct mmg_params *cand,
                             const struct mms_how *how, const int *fin,
                             int nfin, struct mms_step_verdict *v)
{
    struct mms_outcome o[2 * MMS_ROUNDS_MAX + 1][MMS_ROUNDS_MAX];
    struct mmg_params p[2 * MMS_ROUNDS_MAX + 1];
    struct mms_how ph[2 * MMS_ROUNDS_MAX + 1];
    int finals, rounds, rounds_max;

    mms_effort(s, st, &finals, &rounds, &rounds_max);
    for (int i = 0; i < nfin; i++)
        p[i] = cand[fin[i]], ph[i] = mms_how_of(how, fin[i]);
    mms_round_reference(s, st, &p[nfin], &ph[nfin]);
    for (;;) {
        if (time_rounds(s, st, p, ph, nfin + 1, rounds, o) != 0)
            return -1;
        decide(s, st, cand, how, fin, nfin, o, rounds, v);
        if (strcmp(v->by, "won") == 0 || rounds >= rounds_max)
            return 0;
        rounds = rounds + 2 < rounds_max ? rounds + 2 : rounds_max;
    }
}

int mms_skip(struct mms_search *s, const struct mms_step *st,
             const char *fmt, ...)
{
    char why[600], rest[640];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    mms_say(s, "%s: skipped: %s\n", st->name, why);
    snprintf(rest, sizeof rest, "why=%s", why);
    return mms_log_event(&s->log, "skip", st->name, rest);
}

int mms_log_chosen(struct mms_search *s, const struct mms_step *st,
                   const struct mmg_params *p, struct mms_how h,
                   const struct mms_step_verdict *v)
{
    char params[512], rest[2000], sets[128], nc[24] = "";

    mms_params_text(p, params, sizeof params);
    mms_sets_text(s, st->sets, p, h, sets, sizeof sets);
    if (h.nc > 0)
        snprintf(nc, sizeof nc, "nc=%d ", h.nc);
    snprintf(rest, sizeof rest, "by=%s %s%s cc=%s mflops=%.1f p=%.4f "
             "rounds=%d why=%s", v->by, nc, params, s->pl.cc[h.cc].name,
             v->mflops, v->p, v->rounds, v->why);
    mms_say(s, "%s: %s (%s, %.1f MFLOPS)\n", st->name, sets, v->by, v->mflops);
    return mms_log_event(&s->log, "chosen", st->name, rest);
}

/* The step's decision among its screened candidates: the best
 * finalists re-timed in rounds (v->chosen -1: none passed).  Returns 0,
 * or -1 when the log cannot be written. */
int mms_pick(struct mms_search *s, const struct mms_step *st,
             const struct mmg_params *cand, const struct mms_how *how,
             const struct mms_outcome *o, int n, struct mms_step_verdict *v)
{
    int fin[2 * MMS_ROUNDS_MAX];
    int nfin = finalists(s, st, cand, how, o, n, fin);

    *v = (struct mms_step_verdict){ .chosen = -1, .by = "none", .p = 1 };
    if (nfin == 0) {
        snprintf(v->why, sizeof v->why, "no candidate passed: the values "
                 "so far are kept");
        return 0;
    }
    if (nfin == 1) {
        v->chosen = fin[0], v->by = "only", v->mflops = o[fin[0]].mflops;
        v->ntied = 1, v->tied[0] = fin[0];
        snprintf(v->why, sizeof v->why, "the only candidate that passed");
        return 0;
    }
    return rounds_and_decide(s, st, cand, how, fin, nfin, v);
}

/* The step's decision made and logged: the reference kernel, or in a
 * blocks step the blocking (the kernel stays). */
int mms_choose(struct mms_search *s, const struct mms_step *st,
               const struct mmg_params *cand, const struct mms_how *how,
               const struct mms_outcome *o, int n)
{
    struct mms_step_verdict v;
    struct mmg_params p;
    struct mms_how h;

    if (mms_pick(s, st, cand, how, o, n, &v) != 0)
        return -1;
    if (v.chosen >= 0 && mms_step_kind(st) == MMS_STEP_BLOCKS) {
        p = cand[v.chosen], h = mms_how_of(how, v.chosen);
        s->blocks = (struct mms_blocks){ p.m, p.k, h.nc, p.n,
                                         p.ncnb > 0 ? p.ncnb : 0 };
        s->has_blocks = 1;
        /* the step small's figure is at its own small sizes */
        if (strcmp(st->sets, "SMALL_MAX") != 0)
            s->blocks_mflops = v.mflops;
    } else if (v.chosen >= 0) {
        /* the ISAs the step dgemm gives the winner's twins on */
        if (strcmp(st->sets, "ISA") == 0)
            for (int i = 0; i < v.ntied; i++)
                s->isa_tied |= 1u << cand[v.tied[i]].isa;
        s->ref = cand[v.chosen];
        s->ref_cc = mms_cc_of(how, v.chosen);
        s->ref_mflops = v.mflops;
    }
    mms_incumbent(s, st, &p, &h);
    return mms_log_chosen(s, st, &p, h, &v);
}
