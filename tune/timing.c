/* A candidate built and timed, and its cand line (timing.h). */
#define _GNU_SOURCE
#include "tune/timing.h"

#include <signal.h>
#include <string.h>

#include "tune/blocks.h"
#include "tune/dgemm.h"
#include "tune/progress.h"
#include "tune/searchtext.h"

/* Test hook (--test-perturb): p built wrong when its values are those
 * picked. */
void mms_mark_perturbed(const struct mms_search *s, struct mmg_params *p)
{
    struct mmg_params q = *p;

    if (!s->perturb.mask && !s->perturb.isa)
        return;
    mms_pins_apply(&s->perturb, &q);
    if (mms_params_equal(&q, p))
        p->perturb = 1;
}

/* Test hook: 1 when --test-perturb picks the small path's non-copy
 * kernels of the driver around p (COPY=0 and p's other values). */
static int small_perturbed(const struct mms_search *s,
                           const struct mmg_params *p)
{
    struct mmg_params q = *p;

    q.copy = 0, q.perturb = 0;
    mms_mark_perturbed(s, &q);
    return q.perturb;
}

/* What the library's driver depends on of the full kernel p: its tile
 * and schedule (the edge kernel and the small path's kernels are p at
 * run-time sizes; the packing follows MU and NU), not its blocking, and
 * not the planted fault of the full kernel (the driver's own kernels are
 * built right, unless a test plants a fault in its non-copy kernels:
 * then key->perturb). */
static void driver_key(const struct mms_search *s, const struct mmg_params *p,
                       struct mmg_params *key)
{
    *key = *p;
    key->nb = key->ncnb = key->m = key->n = key->k = 0;
    key->perturb = small_perturbed(s, p);
}

/* The library's driver for the whole DGEMM around c's full kernel
 * (tune/blocks.h), built the first time a candidate with its tile,
 * schedule and compiler needs it; its path into c->driver_so.  Returns
 * 0, or -1 with c->why. */
static int driver(struct mms_search *s, struct mms_cand *c)
{
    struct mms_blocks b = { c->p.m, c->p.k, c->nc, c->p.n,
                            c->p.ncnb > 0 ? c->p.ncnb : 0 };
    struct mms_driver *d = NULL;
    struct mmg_params key, p = c->p;
    char what[160];
    double t = mms_now();
    int reused = 0;

    driver_key(s, &c->p, &key);
    for (int i = 0; i < s->ndrivers && !d; i++)
        if (s->drivers[i].cc == c->cc
            && mms_params_equal(&s->drivers[i].key, &key))
            d = &s->drivers[i];
    if (!d && s->ndrivers == MMS_DRIVERS_MAX) {
        snprintf(c->why, sizeof c->why, "more than %d drivers in one run",
                 MMS_DRIVERS_MAX);
        return -1;
    }
    if (!d) {
        d = &s->drivers[s->ndrivers];
        memset(d, 0, sizeof *d);
        d->key = key, d->cc = c->cc, p.perturb = key.perturb;
        d->state = mms_driver_build(&s->pl, c->cc, s->ndrivers, &p, &b,
                                    &s->pc, d->so, sizeof d->so, &reused,
                                    d->why, sizeof d->why) == 0 ? 1 : -1;
        mms_kernel_text(s, &p, (struct mms_how){ c->cc, 0 }, what,
                        sizeof what);
        mms_say(s, "%s: the library's driver %s in %.1f s (%d objects "
                "reused)%s%s\n", what,
                d->state > 0 ? "built" : "NOT built", mms_now() - t, reused,
                d->state > 0 ? "" : ": ", d->state > 0 ? "" : d->why);
        s->ndrivers++;
    }
    if (d->state < 0) {
        snprintf(c->why, sizeof c->why, "%s", d->why);
        return -1;
    }
    snprintf(c->driver_so, sizeof c->driver_so, "%s", d->so);
    return 0;
}

/* 1 when the packed context times p (candidate.h, MMS_PACKED_LDC): a
 * double copy kernel at its tile in every size (the kernel steps'; not
 * the cleanup kernels at run-time sizes, nor the non-copy ones of the
 * step ncnb).  The single search's few candidates stay in L1: the
 * library's single blocking is derived from the double one
 * (kernels/libparams.c), which the search has not chosen yet. */
static int packable(const struct mms_search *s, const struct mmg_params *p)
{
    return s->pl.packed && s->type == MMT_TYPE_D && p->copy
           && p->m == MMG_TILE && p->n == MMG_TILE && p->k == MMG_TILE;
}

/* c, initialised for p, to be generated as the library's full kernel
 * for p at its model's blocking (the pinned MC, KC kept, as the blocks
 * steps keep them), named apart from p's L1 build.  Its p stays the
 * kernel the search knows (its log lines, its decisions). */
static void pack(struct mms_search *s, struct mms_cand *c)
{
    struct mms_blocks b = { s->pins.mc, s->pins.kc, s->pins.nc, 0,
                            s->pins.small };
    struct mmg_params q;

    if (c->verdict != MMS_V_NONE)
        return;
    if (mms_blocks_model(&s->pc, &c->p, &b, c->why, sizeof c->why) != 0) {
        c->verdict = MMS_V_COMPILE;
        return;
    }
    mms_blocks_kernel(&c->p, &b, &q);
    q.betas = MMG_BETA1;
    snprintf(q.name, sizeof q.name, "%.80s_pk", c->name);
    snprintf(c->name, sizeof c->name, "%s", q.name);
    snprintf(c->src, sizeof c->src, "%.300s/%.128s.c", s->pl.workdir,
             c->name);
    c->gen = q;
    c->packed = 1;
    if (mmg_params_check(&c->gen, c->why, sizeof c->why) != 0)
        c->verdict = MMS_V_COMPILE;
}

/* c: p's beta-1 kernel built as h says; with an NC, the library's full
 * kernel (beta 0 and 1: the whole DGEMM calls both), named apart from
 * any beta-1 build of the same parameters. */
void mms_prepare(struct mms_search *s, struct mms_cand *c,
                 const struct mmg_params *p, struct mms_how h)
{
    struct mmg_params q = *p;
    char base[96];

    q.betas = h.nc > 0 ? MMG_BETA0 | MMG_BETA1 : MMG_BETA1;
    if (h.nc > 0) {
        mmg_kernel_name(&q, base, sizeof base);
        if (q.ncnb > 0)     /* the small path's bound (step small) */
            snprintf(q.name, sizeof q.name, "%.72s_b01_s%d", base, q.ncnb);
        else
            snprintf(q.name, sizeof q.name, "%.80s_b01", base);
    }
    mms_cand_init(c, &s->pl, &q);
    if (h.nc == 0 && packable(s, p))
        pack(s, c);
    mms_cand_use_cc(c, &s->pl, h.cc);
    c->nc = h.nc;
    if (h.nc > 0 && c->verdict == MMS_V_NONE && driver(s, c) != 0)
        c->verdict = MMS_V_COMPILE;
}

/* How candidate i is built and timed (NULL: the configured compiler,
 * the kernel alone). */
struct mms_how mms_how_of(const struct mms_how *h, int i)
{
    return h ? h[i] : (struct mms_how){ 0, 0 };
}

int mms_cc_of(const struct mms_how *h, int i)
{
    return mms_how_of(h, i).cc;
}

/* The timing of p built and timed as h says, held by the log (step NULL:
 * any step's screen). */
const struct mms_record *mms_logged(struct mms_search *s,
                                    const struct mmg_params *p,
                                    struct mms_how h, const char *step,
                                    int round, int ref)
{
    return mms_log_find_at(&s->log, p, 0, h.nc, s->pl.cc[h.cc].name, step,
                           round, ref);
}

/* An ok timing's why is how it was timed: said once per run in a note,
 * then left out of the cand lines but for what warns: the timer's SUSPECT,
 * busy CPUs beside the timing (BUSY, or how often it was taken again). */
static void how_timed(struct mms_search *s, struct mms_measure *m)
{
    char note[MMS_WHY_MAX + 16], why[MMS_WHY_MAX] = "";
    const char *how = m->why, *suspect = strstr(m->why, "SUSPECT");
    const char *end = strstr(m->why, "; ");
    int busy = strncmp(m->why, "BUSY", 4) == 0 && end;

    if (busy)
        how = end + 2;
    if (!s->how_noted) {
        snprintf(note, sizeof note, "why=timed as: %s", how);
        mms_log_line(&s->log, "note", note);
        s->how_noted = 1;
    }
    if (busy)
        snprintf(why, sizeof why, "%.*s", (int)(end - m->why), m->why);
    else if (m->retaken)
        snprintf(why, sizeof why, "retaken %d: other CPUs were busy",
                 m->retaken);
    if (suspect)
        snprintf(why + strlen(why), sizeof why - strlen(why), "%s%s",
                 why[0] ? "; " : "", suspect);
    snprintf(m->why, sizeof m->why, "%s", why[0] ? why : "-");
}

/* A whole DGEMM's why from the child, "[BUSY...; ]N=200:... N=500:...
 * small=200; how": how it was timed said once per run in a note, each
 * size's MFLOPS and the sizes on the small path kept with what warns. */
static void dgemm_timed(struct mms_search *s, struct mms_measure *m)
{
    char note[MMS_WHY_MAX + 256], why[MMS_WHY_MAX], sizes[256] = "";
    const char *body = m->why, *end = strstr(m->why, "; "), *how;

    if (strncmp(m->why, "BUSY", 4) == 0 && end)
        body = end + 2;
    how = strstr(body, "; ");
    snprintf(sizes, sizeof sizes, "%.*s", how ? (int)(how - body)
             : (int)strlen(body), body);
    if (!s->dgemm_how_noted && how) {
        snprintf(note, sizeof note, "why=the whole DGEMM (steps dgemm, pf, "
                 "mc, kc, nc, small) timed as: C = A B, beta 0, the shapes "
                 "small= lists on the small-problem path, the narrow ones "
                 "(MxNxK, and in the step small every size) on the path "
                 "the library routes them to, the others on the blocked "
                 "path, at each shape %s (one sample where a call lasts "
                 "%g s or more at probe.conf's peak); the figure is the "
                 "geometric mean over the shapes", how + 2, MMS_DGEMM_LONG_S);
        mms_log_line(&s->log, "note", note);
        s->dgemm_how_noted = 1;
    }
    if (body != m->why)
        snprintf(why, sizeof why, "%s; %.*s", sizes, (int)(end - m->why),
                 m->why);
    else if (m->retaken)
        snprintf(why, sizeof why, "%s; retaken %d: other CPUs were busy",
                 sizes, m->retaken);
    else
        snprintf(why, sizeof why, "%s", sizes);
    if (strstr(m->why, "SUSPECT"))
        snprintf(why + strlen(why), sizeof why - strlen(why), "; %s",
                 strstr(m->why, "SUSPECT"));
    snprintf(m->why, sizeof m->why, "%s", why);
}

/* r, its measure taken, logged as step's cand line for c (round, ref;
 * pair: the screen's candidate a reference was timed beside, NULL none)
 * with secs; the kept record, or NULL when the log cannot be written. */
const struct mms_record *mms_log_measured(struct mms_search *s,
                                          const char *step,
                                          const struct mms_cand *c,
                                          int round, int ref,
                                          const struct mms_pair *pair,
                                          struct mms_record *r,
                                          double secs)
{
    snprintf(r->step, sizeof r->step, "%s", step);
    r->round = round, r->ref = ref, r->p = c->p, r->kt = c->kt;
    r->nc = c->nc, r->pair = pair ? pair->i : 0;
    if (pair)
        snprintf(r->of, sizeof r->of, "%s", pair->of);
    snprintf(r->cc, sizeof r->cc, "%s", s->pl.cc[c->cc].name);
    r->pct = s->pl.peak_mflops > 0 ? 100 * r->m.mflops / s->pl.peak_mflops
                                   : 0;
    r->secs = secs;
    return mms_log_cand(&s->log, r);
}

/* Test hook (--test-slow): 1 when this run's timing number n (1, 2, ...)
 * falls in a slow phase. */
static int slow_phase(const struct mms_search *s, int n)
{
    for (int i = 0; i < s->nslow; i++)
        if (s->slow[i] == n)
            return 1;
    return 0;
}

/* Time c (built) and log it (pair: the screen's candidate a reference is
 * timed beside, NULL none); its secs= are the timing's and its share
 * (build_s) of the compile batch it was built in, so that a step's time
 * can be summed from the log over every run that worked on it.  Returns
 * 0, or -1 when the log cannot be written. */
int mms_timing(struct mms_search *s, const char *step,
               const struct mms_cand *c, int round, int ref,
               const struct mms_pair *pair, double build_s,
               struct mms_outcome *o)
{
    struct mms_record r;
    const struct mms_record *kept;
    double t = mms_now();
    char kt[16], what[160], beside[48] = "";

    memset(&r, 0, sizeof r);
    snprintf(kt, sizeof kt, "%d", c->kt);
    mms_measure(&s->pl, c, MMS_VERIFY * (round <= 1) | MMS_TIME, round,
                &r.m);
    if (r.m.verdict == MMS_V_OK && c->nc > 0)
        dgemm_timed(s, &r.m);
    else if (r.m.verdict == MMS_V_OK)
        how_timed(s, &r.m);
    if (s->pl.fake_timing && slow_phase(s, s->timed + 1))
        r.m.mflops *= MMS_SLOW_PHASE;
    kept = mms_log_measured(s, step, c, round, ref, pair, &r,
                            mms_now() - t + build_s);
    if (!kept)
        return -1;
    o->verdict = kept->m.verdict, o->mflops = kept->m.mflops;
    s->timed++;
    if (c->nc > 0 && (strcmp(step, "dgemm") == 0
                      || strcmp(step, "pf") == 0)) {
        char at[64];
        mms_kernel_text(s, &c->p, (struct mms_how){ c->cc, c->nc }, what,
                        sizeof what);
        mms_blocks_text(&c->p, c->nc, at, sizeof at);
        snprintf(what + strlen(what), sizeof what - strlen(what), " at %s",
                 at);
    } else if (c->nc > 0)
        mms_blocks_text(&c->p, c->nc, what, sizeof what);
    else
        snprintf(what, sizeof what, "%s", c->name);
    if (s->beside > 0 && o->verdict == MMS_V_OK)
        snprintf(beside, sizeof beside, " (%.3fx the reference beside it)",
                 o->mflops / s->beside);
    if (round == 0 && !pair && s->cand_lines)
        mms_say(s, "  %-5s %-13s %9.1f MFLOPS %6.2f%%  %s%s%s%s%s%s%s%s\n",
                step, mms_verdict_name(o->verdict), o->mflops, kept->pct, what,
                c->kt ? " at k=" : "", c->kt ? kt : "",
                strcmp(step, "cc") ? "" : " by ",
                strcmp(step, "cc") ? "" : kept->cc, beside,
                o->verdict == MMS_V_OK ? "" : ": ",
                o->verdict == MMS_V_OK ? "" : kept->m.why);
    if (s->stop_after && s->timed >= s->stop_after)
        raise(SIGKILL);      /* test hook: as if killed right here */
    return 0;
}
