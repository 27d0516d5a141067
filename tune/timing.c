/* A candidate built and timed, and its cand line (timing.h). */
#define _GNU_SOURCE
#include "tune/timing.h"

#include <signal.h>
#include <stdlib.h>
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

/* The search's driver for key built with compiler cc and non-copy
 * kernels of PF nc_pf (nc_pf below); NULL: none yet. */
static struct mms_driver *driver_find(struct mms_search *s,
                                      const struct mmg_params *key, int cc,
                                      int nc_pf)
{
    for (int i = 0; i < s->ndrivers; i++)
        if (s->drivers[i].cc == cc && s->drivers[i].nc_pf == nc_pf
            && mms_params_equal(&s->drivers[i].key, key))
            return &s->drivers[i];
    return NULL;
}

/* The PF the non-copy kernels of p's driver are built with: -1, p's
 * own, unless no shape the timings take runs them (mms_dgemm_sizes: none
 * on the small path nor routed, every one on the packed path -- the
 * step pf's), and p's PF is not the reference kernel's: then the
 * reference's, so that they are the reference's driver's kernels, not
 * compiled again.  The step pf's PF twin compiled its knc, kncp and
 * kncv for nothing (on the AVX-512 Zen 4 guest its two drivers built in
 * 8.5 s, the PFB twin's edge kernel beside them; BENCHMARKS.md,
 * 2026-12-02).  The library built from a PF it chose has its non-copy
 * kernels at that PF: the next step that runs them builds its own. */
static int nc_pf(const struct mms_search *s, const struct mmg_params *p)
{
    struct mms_dgemm_shape z[MMS_DGEMM_SHAPES];
    int n = mms_dgemm_sizes(&s->pl, z);

    if (p->pf == s->ref.pf)
        return -1;
    for (int i = 0; i < n; i++)
        if (z[i].small || z[i].routed)
            return -1;
    return s->ref.pf;
}

/* What the whole-DGEMM candidate p (its blocking in M, K, N and NCNB),
 * built with compiler cc with B's panels nc wide, asks of a driver: key,
 * and d to build it. */
static void driver_request(const struct mms_search *s,
                           const struct mmg_params *p, int cc, int nc,
                           struct mmg_params *key,
                           struct mms_driver_build *d)
{
    driver_key(s, p, key);
    memset(d, 0, sizeof *d);
    d->cc = cc, d->id = s->ndrivers;
    d->p = *p, d->p.perturb = key->perturb;
    d->nc_pf = nc_pf(s, p);
    d->b = (struct mms_blocks){ p->m, p->k, nc, p->n,
                                p->ncnb > 0 ? p->ncnb : 0 };
}

/* The drivers d[0..n-1] (keys key[]) built in one batch
 * (tune/blocks.h) and added to the search's, each said. */
static void drivers_add(struct mms_search *s, struct mms_driver_build *d,
                        const struct mmg_params *key, int n)
{
    double t = mms_now();
    char what[160], batch[64] = "", nc[64];

    mms_drivers_build(&s->pl, &s->pc, d, n);
    if (n > 1)
        snprintf(batch, sizeof batch, ", one of %d built together", n);
    for (int e = 0; e < n; e++) {
        struct mms_driver *v = &s->drivers[s->ndrivers++];

        memset(v, 0, sizeof *v);
        v->key = key[e], v->cc = d[e].cc, v->state = d[e].ok ? 1 : -1;
        v->nc_pf = d[e].nc_pf;
        snprintf(v->so, sizeof v->so, "%s", d[e].so);
        snprintf(v->why, sizeof v->why, "%s", d[e].why);
        mms_kernel_text(s, &d[e].p, (struct mms_how){ d[e].cc, 0 }, what,
                        sizeof what);
        nc[0] = '\0';
        if (d[e].nc_pf >= 0)
            snprintf(nc, sizeof nc, "; non-copy kernels at PF=%d, which "
                     "no size timed runs", d[e].nc_pf);
        mms_say(s, "%s: the library's driver %s in %.1f s (%d of %d "
                "objects reused; kernels compiled: %s%s)%s%s%s\n", what,
                d[e].ok ? "built" : "NOT built", mms_now() - t, d[e].reused,
                d[e].objects, d[e].compiled[0] ? d[e].compiled : "none",
                nc, batch, d[e].ok ? "" : ": ", d[e].ok ? "" : d[e].why);
    }
}

/* The library's driver for the whole DGEMM around c's full kernel
 * (tune/blocks.h), built the first time a candidate with its tile,
 * schedule and compiler needs it (unless mms_drivers_prepare built it
 * with the others of its step); its path into c->driver_so.  Returns 0,
 * or -1 with c->why. */
static int driver(struct mms_search *s, struct mms_cand *c)
{
    struct mms_driver_build d;
    struct mmg_params key;
    struct mms_driver *v;

    driver_request(s, &c->p, c->cc, c->nc, &key, &d);
    v = driver_find(s, &key, c->cc, d.nc_pf);
    if (!v && s->ndrivers == MMS_DRIVERS_MAX) {
        snprintf(c->why, sizeof c->why, "more than %d drivers in one run",
                 MMS_DRIVERS_MAX);
        return -1;
    }
    if (!v) {
        drivers_add(s, &d, &key, 1);
        v = &s->drivers[s->ndrivers - 1];
    }
    if (v->state < 0) {
        snprintf(c->why, sizeof c->why, "%s", v->why);
        return -1;
    }
    snprintf(c->driver_so, sizeof c->driver_so, "%s", v->so);
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
    struct mms_blocks b = { 0 };
    struct mmg_params q;

    if (c->verdict != MMS_V_NONE)
        return;
    mms_pins_blocks(&s->pins, &b);
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

/* q: p as h builds it -- its beta-1 kernel; with an NC, the library's
 * full kernel (beta 0 and 1: the whole DGEMM calls both), named apart
 * from any beta-1 build of the same parameters. */
static void prepared(const struct mmg_params *p, struct mms_how h,
                     struct mmg_params *q)
{
    char base[96];

    *q = *p;
    q->betas = h.nc > 0 ? MMG_BETA0 | MMG_BETA1 : MMG_BETA1;
    if (h.nc > 0) {
        mmg_kernel_name(q, base, sizeof base);
        if (q->ncnu > 0)    /* the small path's tile (step ncnu) */
            snprintf(base + strlen(base), sizeof base - strlen(base),
                     "_nu%d", q->ncnu);
        if (q->ncnb > 0)    /* the small path's bound (step small) */
            snprintf(q->name, sizeof q->name, "%.72s_b01_s%d", base,
                     q->ncnb);
        else
            snprintf(q->name, sizeof q->name, "%.80s_b01", base);
    }
}

void mms_prepare(struct mms_search *s, struct mms_cand *c,
                 const struct mmg_params *p, struct mms_how h)
{
    struct mmg_params q;

    prepared(p, h, &q);
    mms_cand_init(c, &s->pl, &q);
    if (h.nc == 0 && packable(s, p))
        pack(s, c);
    mms_cand_use_cc(c, &s->pl, h.cc);
    c->nc = h.nc;
    if (h.nc > 0 && c->verdict == MMS_V_NONE && driver(s, c) != 0)
        c->verdict = MMS_V_COMPILE;
}

void mms_drivers_prepare(struct mms_search *s, const struct mmg_params *p,
                         const struct mms_how *h, int n)
{
    struct mms_driver_build *d = calloc(MMS_DRIVERS_MAX, sizeof *d);
    struct mmg_params key[MMS_DRIVERS_MAX], q;
    char why[MMS_WHY_MAX];
    int nd = 0;

    for (int i = 0; d && i < n; i++) {
        int dup = 0, cc = mms_cc_of(h, i);

        if (cc < 0 || cc >= s->pl.ncc)
            cc = 0;         /* as mms_cand_use_cc takes it */
        prepared(&p[i], mms_how_of(h, i), &q);
        if (mms_how_of(h, i).nc <= 0 || mmg_params_check(&q, why, sizeof why))
            continue;
        if (s->ndrivers + nd == MMS_DRIVERS_MAX)
            break;          /* driver() says so, candidate by candidate */
        driver_request(s, &q, cc, mms_how_of(h, i).nc, &key[nd], &d[nd]);
        d[nd].id = s->ndrivers + nd;
        for (int e = 0; e < nd; e++)
            dup |= d[e].cc == cc && d[e].nc_pf == d[nd].nc_pf
                   && mms_params_equal(&key[e], &key[nd]);
        if (!dup && !driver_find(s, &key[nd], cc, d[nd].nc_pf))
            nd++;
    }
    if (nd > 0)
        drivers_add(s, d, key, nd);
    free(d);
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
