/* The search driver (search.h). */
#define _GNU_SOURCE
#include "tune/search.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "codegen/codegen.h"
#include "codegen/mmkernel.h"
#include "common/compilers.h"
#include "common/paramsconf.h"
#include "tune/blocks.h"
#include "tune/stats.h"

/* One timing as a decision needs it (log records may move in memory). */
struct outcome {
    enum mms_verdict verdict;
    double mflops;
    double score;        /* a screen's rank figure (screen(): scores) */
};

/* How a candidate is built and timed besides its kernel parameters: the
 * compiler (an index into pl.cc; the cc step tries several) and, in the
 * blocks steps, the NC of the whole DGEMM it is timed as (0: the kernel
 * alone).  Arrays of these go beside the candidates; NULL: all {0, 0}. */
struct how {
    int cc, nc;
};

static double now(void)
{
    return mmt_clock_seconds(MMT_CLOCK_WALL);
}

void mms_search_init(struct mms_search *s, const struct mms_level *lv)
{
    memset(s, 0, sizeof *s);
    s->lv = lv;
    s->alpha = 0.05;
    s->out = stdout;
    s->cand_lines = 1;
    s->log.fd = -1;
    s->engine = "search";
    s->steps = mms_steps, s->nsteps = mms_nsteps;
    s->start = mms_start_params;
}

static void timer_text(const struct mms_search *s, char *buf, size_t len)
{
    const struct mmt_timing_opts *o = &s->pl.timing;

    if (s->pl.fake_timing) {
        snprintf(buf, len, "fake MFLOPS from the kernel name (test hook)");
        return;
    }
    snprintf(buf, len, "%s clock, %s of %d samples, flush %s %zu KiB, "
             "A and B cold, C hot, beta-1 variant",
             mmt_clock_describe(o->clock)->name,
             o->clock == MMT_CLOCK_CPU ? "median" : "min", o->samples,
             mmt_flush_name(o->flush),
             (o->flush_bytes ? o->flush_bytes
                             : mmt_flush_default_bytes()) >> 10);
}

void mms_search_head(const struct mms_search *s, struct mms_log_head *h)
{
    memset(h, 0, sizeof *h);
    mmt_origin_here(&h->origin, MMS_LOG_FORMAT, "mmsearch");
    snprintf(h->probe_fingerprint, KV_WORD_MAX, "%s", s->probe_fingerprint);
    snprintf(h->generator, KV_WORD_MAX, "mmgen %s", MMG_VERSION);
    h->kernel_abi = MMT_KERNEL_ABI;
    timer_text(s, h->timer, sizeof h->timer);
    snprintf(h->level, KV_WORD_MAX, "%s", s->verify_only ? "-"
             : s->lv->name);
    mms_pins_text(&s->pins, h->pins, sizeof h->pins);
    snprintf(h->engine, KV_WORD_MAX, "%s", s->engine);
}

/* ---- what the user sees ------------------------------------------------ */

static void say(const struct mms_search *s, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void say(const struct mms_search *s, const char *fmt, ...)
{
    va_list ap;

    if (s->progress)
        fputs("\r\033[K", stderr);     /* the display line gives way */
    if (!s->out)
        return;
    va_start(ap, fmt);
    vfprintf(s->out, fmt, ap);
    va_end(ap);
    fflush(s->out);
}

/* One line on the terminal, rewritten: the step, what it does (candidate
 * k of n), the best so far, elapsed, and a guess of what is left of the
 * step from the time its candidates took so far. */
static void show(const struct mms_search *s, const char *step,
                 const char *what, int k, int n, double best, double t0)
{
    double t = now(), per = k > 0 ? (t - t0) / k : 0;

    if (!s->progress)
        return;
    fprintf(stderr, "\r\033[K%s: %s %d/%d, best %.0f MFLOPS, %.0f s, ~%.0f "
            "s left in the step", step, what, k, n,
            best > s->ref_mflops ? best : s->ref_mflops, t - s->t0,
            per * (n - k));
}

/* "ISA=avx512 MU=24 NU=8 ... CC=clang": the kernel p (its tile and
 * schedule; its NB, M, N, K are the blocking's) built as h says. */
static void kernel_text(const struct mms_search *s,
                        const struct mmg_params *p, struct how h, char *buf,
                        size_t len)
{
    snprintf(buf, len, "ISA=%s MU=%d NU=%d KU=%d FMA=%d LS=%d FF=%d IF=%d "
             "NF=%d PF=%d PFB=%d CC=%s", mmg_isa_name(p->isa), p->mu, p->nu,
             p->ku, p->fma, p->ls, p->ff, p->ifetch, p->nfetch, p->pf,
             p->pfb, s->pins.cc[0] ? s->pins.cc : s->pl.cc[h.cc].name);
}

/* "NB=48 KU=1": the values of keys (a step's sets) in p (built with
 * h's compiler, for the CC key; the blocks steps' MC and KC are the
 * kernel's M and K, NC is h's). */
static void sets_text(const struct mms_search *s, const char *keys,
                      const struct mmg_params *p, struct how h, char *buf,
                      size_t len)
{
    char list[64];
    size_t used = 0;

    buf[0] = '\0';
    if (strcmp(keys, "KERNEL,CC") == 0) {     /* the dgemm step */
        kernel_text(s, p, h, buf, len);
        return;
    }
    snprintf(list, sizeof list, "%s", keys);
    for (char *k = strtok(list, ","); k && used < len; k = strtok(NULL, ","))
        for (size_t i = 0; i < mmg_n_int_params; i++)
            if (strcasecmp(k, mmg_int_params[i].key) == 0)
                used += snprintf(buf + used, len - used, "%s%s=%d",
                                 used ? " " : "", k,
                                 *(const int *)((const char *)p
                                                + mmg_int_params[i].offset));
    if (strcmp(keys, "ISA") == 0)
        snprintf(buf, len, "ISA=%s", mmg_isa_name(p->isa));
    if (strcmp(keys, "K_CROSSOVER") == 0)  /* step 7's chosen line: k= */
        snprintf(buf, len, "K_CROSSOVER=%d", p->k > 0 ? p->k : 0);
    else if (strcmp(keys, "CC") == 0)
        snprintf(buf, len, "CC=%s", s->pins.cc[0] ? s->pins.cc
                                                 : s->pl.cc[h.cc].name);
    else if (h.nc > 0 && strcmp(keys, "PF,PFB") != 0)   /* blocks steps */
        snprintf(buf, len, "%s=%d", keys, strcmp(keys, "MC") == 0 ? p->m
                 : strcmp(keys, "KC") == 0 ? p->k
                 : strcmp(keys, "SMALL_MAX") == 0 ? p->ncnb : h.nc);
}

/* "MC=120 KC=480 NC=1440 (NB=480)": a blocks candidate. */
static void blocks_text(const struct mmg_params *p, int nc, char *buf,
                        size_t len)
{
    snprintf(buf, len, "MC=%d KC=%d NC=%d (NB=%d)", p->m, p->k, nc, p->n);
}

/* ---- timings ----------------------------------------------------------- */

/* Test hook (--test-perturb): p built wrong when its values are those
 * picked. */
static void mark_perturbed(const struct mms_search *s, struct mmg_params *p)
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
    mark_perturbed(s, &q);
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
    double t = now();
    int reuse = -1;

    driver_key(s, &c->p, &key);
    for (int i = 0; i < s->ndrivers && !d; i++) {
        if (s->drivers[i].cc == c->cc && s->drivers[i].state > 0
            && reuse < 0)
            reuse = i;       /* its kernel-independent objects will do */
        if (s->drivers[i].cc == c->cc
            && mms_params_equal(&s->drivers[i].key, &key))
            d = &s->drivers[i];
    }
    if (!d && s->ndrivers == MMS_DRIVERS_MAX) {
        snprintf(c->why, sizeof c->why, "more than %d drivers in one run",
                 MMS_DRIVERS_MAX);
        return -1;
    }
    if (!d) {
        d = &s->drivers[s->ndrivers];
        memset(d, 0, sizeof *d);
        d->key = key, d->cc = c->cc, p.perturb = key.perturb;
        d->state = mms_driver_build(&s->pl, c->cc, s->ndrivers, reuse, &p,
                                    &b, &s->pc, d->so, sizeof d->so, d->why,
                                    sizeof d->why) == 0 ? 1 : -1;
        kernel_text(s, &p, (struct how){ c->cc, 0 }, what, sizeof what);
        say(s, "%s: the library's driver %s in %.1f s%s%s\n", what,
            d->state > 0 ? "built" : "NOT built", now() - t,
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

/* c: p's beta-1 kernel built as h says; with an NC, the library's full
 * kernel (beta 0 and 1: the whole DGEMM calls both), named apart from
 * any beta-1 build of the same parameters. */
static void prepare(struct mms_search *s, struct mms_cand *c,
                    const struct mmg_params *p, struct how h)
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
    mms_cand_use_cc(c, &s->pl, h.cc);
    c->nc = h.nc;
    if (h.nc > 0 && c->verdict == MMS_V_NONE && driver(s, c) != 0)
        c->verdict = MMS_V_COMPILE;
}

/* How candidate i is built and timed (NULL: the configured compiler,
 * the kernel alone). */
static struct how how_of(const struct how *h, int i)
{
    return h ? h[i] : (struct how){ 0, 0 };
}

static int cc_of(const struct how *h, int i)
{
    return how_of(h, i).cc;
}

/* The timing of p built and timed as h says, held by the log (step NULL:
 * any step's screen). */
static const struct mms_record *logged(struct mms_search *s,
                                       const struct mmg_params *p,
                                       struct how h, const char *step,
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
                 "path, at each shape %s; the figure is the geometric mean "
                 "over the shapes", how + 2);
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

/* The screen's candidate a reference is timed beside: its place in the
 * step's list (1, 2, ...) and its fingerprint (mms_pair_of). */
struct pair_of {
    int i;
    char of[MMT_FINGERPRINT_LEN];
};

/* r, its measure taken, logged as step's cand line for c (round, ref;
 * pair: the screen's candidate a reference was timed beside, NULL none)
 * with secs; the kept record, or NULL when the log cannot be written. */
static const struct mms_record *log_measured(struct mms_search *s,
                                             const char *step,
                                             const struct mms_cand *c,
                                             int round, int ref,
                                             const struct pair_of *pair,
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
static int timing(struct mms_search *s, const char *step,
                  const struct mms_cand *c, int round, int ref,
                  const struct pair_of *pair, double build_s,
                  struct outcome *o)
{
    struct mms_record r;
    const struct mms_record *kept;
    double t = now();
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
    kept = log_measured(s, step, c, round, ref, pair, &r,
                        now() - t + build_s);
    if (!kept)
        return -1;
    o->verdict = kept->m.verdict, o->mflops = kept->m.mflops;
    s->timed++;
    if (c->nc > 0 && (strcmp(step, "dgemm") == 0
                      || strcmp(step, "pf") == 0)) {
        char at[64];
        kernel_text(s, &c->p, (struct how){ c->cc, c->nc }, what,
                    sizeof what);
        blocks_text(&c->p, c->nc, at, sizeof at);
        snprintf(what + strlen(what), sizeof what - strlen(what), " at %s",
                 at);
    } else if (c->nc > 0)
        blocks_text(&c->p, c->nc, what, sizeof what);
    else
        snprintf(what, sizeof what, "%s", c->name);
    if (s->beside > 0 && o->verdict == MMS_V_OK)
        snprintf(beside, sizeof beside, " (%.3fx the reference beside it)",
                 o->mflops / s->beside);
    if (round == 0 && !pair && s->cand_lines)
        say(s, "  %-5s %-13s %9.1f MFLOPS %6.2f%%  %s%s%s%s%s%s%s%s\n",
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

static void round_reference(const struct mms_search *s,
                            const struct mms_step *st, struct mmg_params *p,
                            struct how *h);

static void effort(const struct mms_search *s, const struct mms_step *st,
                   int *finals, int *rounds, int *rounds_max);

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

    effort(s, st, &finals, &rounds, &rounds_max);
    return (mms_step_kind(st) == MMS_STEP_BLOCKS
            || mms_step_kind(st) == MMS_STEP_DGEMM)
           && n > finals + 1;
}

/* 1 when kernel p built and timed as h is kernel r as rh: the same
 * build and the same timing (the round reference, the incumbent). */
static int same_as(const struct mmg_params *p, struct how h,
                   const struct mmg_params *r, struct how rh)
{
    return mms_params_equal(p, r) && h.cc == rh.cc && h.nc == rh.nc;
}

/* Each screened candidate's rank: its ratio to the reference timed
 * beside it (beside[i] > 0; the reference itself 1); without one
 * (screened in an earlier step or run, or that reference failed) its
 * MFLOPS over the mean of the step's references; its MFLOPS when the
 * step has none (beside NULL, or none timed). */
static void scores(struct outcome *o, const double *beside, int n)
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
                     const struct mms_cand *ref, const struct pair_of *pair,
                     double *share, double *mflops)
{
    struct outcome ro;

    if (timing(s, st->name, ref, 0, 1, pair, *share, &ro) != 0)
        return -1;
    *share = 0;
    *mflops = ro.verdict == MMS_V_OK && ro.mflops > 0 ? ro.mflops : -1;
    return 0;
}

/* Candidate i of a screen (kernel p built and timed as h says) as a pair
 * line names it. */
static struct pair_of pair_for(const struct mms_search *s,
                               const struct mmg_params *p, struct how h,
                               int i)
{
    struct pair_of po = { i + 1, "" };

    mms_pair_of(p, s->pl.cc[h.cc].name, h.nc, po.of);
    return po;
}

/* Screen every candidate once: what the log holds is reused, the rest is
 * compiled in one parallel batch and timed one at a time (in a
 * whole-DGEMM step each just after the round reference: pair=; a
 * reference the log holds is reused, so after a kill between the two the
 * pair spans two runs).  Fills o[i] with each one's verdict, MFLOPS and
 * rank (scores). */
static int screen(struct mms_search *s, const struct mms_step *st,
                  const struct mmg_params *cand, const struct how *how,
                  int n, struct outcome *o)
{
    struct mms_cand *cs = calloc((size_t)n + 1, sizeof *cs);
    struct mms_cand **todo = calloc((size_t)n + 1, sizeof *todo);
    double *beside = calloc((size_t)n, sizeof *beside);
    int *self = calloc((size_t)n, sizeof *self);   /* is the reference */
    int ntodo = 0, rc = 0, k = 0, pairs = screens_in_pairs(s, st, n);
    int unpaired = 0;
    struct mms_cand *ref = NULL;   /* the reference, built with them */
    double t0 = now(), best = 0, share, ref_share;
    struct mmg_params rp;
    struct how rh;

    if (!cs || !todo || !beside || !self) {
        free(cs), free(todo), free(beside), free(self);
        return -1;
    }
    if (pairs)
        round_reference(s, st, &rp, &rh);
    for (int i = 0; i < n; i++) {
        const struct mms_record *r = logged(s, &cand[i], how_of(how, i),
                                            NULL, 0, 0);
        o[i].verdict = MMS_V_NONE;
        /* the reference itself: its own timing is the one beside it */
        self[i] = pairs && same_as(&cand[i], how_of(how, i), &rp, rh);
        if (pairs && !self[i]) {
            struct pair_of po = pair_for(s, &cand[i], how_of(how, i), i);
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
        prepare(s, &cs[i], &cand[i], how_of(how, i));
        todo[ntodo++] = &cs[i];
        unpaired += pairs && !self[i] && beside[i] == 0;
        if (self[i])
            ref = &cs[i];        /* built anyway: the reference's build */
    }
    if (unpaired && !ref) {      /* the reference, built with them */
        prepare(s, &cs[n], &rp, rh);
        todo[ntodo++] = ref = &cs[n];
    }
    show(s, st->name, "compiling", 0, ntodo, 0, t0);
    mms_build(&s->pl, todo, ntodo);
    share = ref_share = ntodo ? (now() - t0) / ntodo : 0;
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
            struct pair_of po = pair_for(s, &cand[i], how_of(how, i), i);
            rc = beside_of(s, st, ref, &po, &ref_share, &beside[i]);
        }
        s->beside = beside[i];
        if (rc == 0)
            rc = timing(s, st->name, &cs[i], 0, 0, NULL, share, &o[i]);
        s->beside = 0;
        if (o[i].verdict == MMS_V_OK && o[i].mflops > best)
            best = o[i].mflops;
        show(s, st->name, "candidate", ++k, ntodo, best, t0);
    }
    for (int i = 0; i < n; i++)      /* the reference itself: 1 */
        if (self[i])
            beside[i] = o[i].verdict == MMS_V_OK && o[i].mflops > 0
                        ? o[i].mflops : -1;
    scores(o, pairs ? beside : NULL, n);
    free(cs), free(todo), free(beside), free(self);
    return rc;
}

/* The library's full kernel for kernel k at the model's blocking for it
 * (pins kept), into p, with its NC into h (0 where the library has no
 * model for it: p is k).  Returns 0, or -1 with why. */
static int at_model(const struct mms_search *s, const struct mmg_params *k,
                    int cc, struct mmg_params *p, struct how *h, char *why,
                    size_t len)
{
    struct mms_blocks b = { s->pins.mc, s->pins.kc, s->pins.nc, 0,
                            s->pins.small };

    *p = *k, *h = (struct how){ cc, 0 };
    if (mms_blocks_model(&s->pc, k, &b, why, len) != 0)
        return -1;
    mms_blocks_kernel(k, &b, p);
    h->nc = b.nc;
    return 0;
}

/* The value a step starts from and keeps if nothing beats it: the
 * reference kernel so far, or in a blocks step the library's full kernel
 * for the blocking so far, timed as the whole DGEMM (in the dgemm step,
 * the first --candidate file's kernel when it is a candidate, else the
 * kernel so far, at the model's blocking). */
static void incumbent(const struct mms_search *s, const struct mms_step *st,
                      struct mmg_params *p, struct how *h)
{
    char why[MMS_WHY_MAX];

    if (mms_step_kind(st) == MMS_STEP_DGEMM && s->kept)
        *p = s->kept_p, *h = (struct how){ s->kept_cc, s->kept_nc };
    else if (mms_step_kind(st) == MMS_STEP_DGEMM)
        at_model(s, &s->ref, s->ref_cc, p, h, why, sizeof why);
    else if (mms_step_kind(st) == MMS_STEP_BLOCKS) {
        mms_blocks_kernel(&s->ref, &s->blocks, p);
        *h = (struct how){ s->ref_cc, s->blocks.nc };
    } else {
        *p = s->ref;
        *h = (struct how){ s->ref_cc, 0 };
    }
}

/* The fixed reference of every round (stats.h): the fixed kernel, or in
 * the blocks steps the whole DGEMM at the model's blocking (in the dgemm
 * and pf steps, the incumbent, which stays until the step decides: the
 * first --candidate file's kernel or the kernel so far). */
static void round_reference(const struct mms_search *s,
                            const struct mms_step *st, struct mmg_params *p,
                            struct how *h)
{
    if (mms_step_kind(st) == MMS_STEP_DGEMM)
        incumbent(s, st, p, h);
    else if (mms_step_kind(st) == MMS_STEP_BLOCKS) {
        mms_blocks_kernel(&s->ref, &s->blocks0, p);
        *h = (struct how){ s->ref_cc, s->blocks0.nc };
    } else {
        *p = s->fixed;
        *h = (struct how){ 0, 0 };
    }
}

/* 1 when candidate i is the step's incumbent, which joins the finalists
 * whenever it passed: the rounds then measure the others against it (a
 * tie does not keep it: tune/stats.h). */
static int is_incumbent(const struct mms_search *s, const struct mms_step *st,
                        const struct mmg_params *cand, const struct how *how,
                        int i)
{
    struct mmg_params p;
    struct how h;

    incumbent(s, st, &p, &h);
    return same_as(&cand[i], how_of(how, i), &p, h);
}

/* How hard step st looks: the level's finalists and rounds, or the
 * blocks steps' own (fewer: each of their timings is whole DGEMMs). */
static void effort(const struct mms_search *s, const struct mms_step *st,
                   int *finals, int *rounds, int *rounds_max)
{
    int blocks = mms_step_kind(st) == MMS_STEP_BLOCKS
                 || mms_step_kind(st) == MMS_STEP_DGEMM;

    *finals = blocks ? s->lv->blocks_finals : s->lv->finalists;
    *rounds = blocks ? s->lv->blocks_rounds : s->lv->rounds;
    *rounds_max = blocks ? s->lv->blocks_rounds_max : s->lv->rounds_max;
}

/* The finalists: the best screened ones (by their scores), and the
 * incumbent if it passed.
 * Returns how many (indices into cand in fin). */
static int finalists(const struct mms_search *s, const struct mms_step *st,
                     const struct mmg_params *cand, const struct how *how,
                     const struct outcome *o, int n, int *fin)
{
    int nfin = 0, finals, rounds, rounds_max;

    effort(s, st, &finals, &rounds, &rounds_max);
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
        if (o[i].verdict == MMS_V_OK && is_incumbent(s, st, cand, how, i)) {
            int taken = 0;
            for (int j = 0; j < nfin; j++)
                taken |= fin[j] == i;
            if (!taken)
                fin[nfin++] = i;
        }
    return nfin;
}

/* The samples of rounds 1..rounds of the finalists and, last, of the
 * fixed reference: from the log, or timed in the order A B C R A B C R
 * ... (built first if any is missing). */
static int time_rounds(struct mms_search *s, const struct mms_step *st,
                       const struct mmg_params *p, const struct how *h,
                       int np, int rounds,
                       struct outcome (*o)[MMS_ROUNDS_MAX])
{
    struct mms_cand *cs = calloc((size_t)np, sizeof *cs);
    struct mms_cand **all = calloc((size_t)np, sizeof *all);
    double *owed = calloc((size_t)np, sizeof *owed);   /* compile shares */
    int rc = 0, built = 0;

    if (!cs || !all || !owed) {
        free(cs), free(all), free(owed);
        return -1;
    }
    for (int r = 1; r <= rounds && rc == 0; r++)
        for (int i = 0; i < np && rc == 0; i++) {
            const struct mms_record *rec = logged(s, &p[i], h[i], st->name,
                                                  r, i == np - 1);
            if (rec) {
                o[i][r - 1].verdict = rec->m.verdict;
                o[i][r - 1].mflops = rec->m.mflops;
                continue;
            }
            if (!built) {
                double t = now();
                for (int j = 0; j < np; j++)
                    prepare(s, &cs[j], &p[j], h[j]), all[j] = &cs[j];
                mms_build(&s->pl, all, np);
                for (int j = 0; j < np; j++)
                    owed[j] = (now() - t) / np;
                built = 1;
            }
            rc = timing(s, st->name, &cs[i], r, i == np - 1, NULL, owed[i],
                        &o[i][r - 1]);
            owed[i] = 0;        /* paid by its first sample */
            show(s, st->name, "round", r, rounds, 0, now());
        }
    free(cs), free(all), free(owed);
    return rc;
}

static double median_mflops(const struct outcome *o, int n)
{
    double x[MMS_ROUNDS_MAX];

    for (int i = 0; i < n; i++)
        x[i] = o[i].mflops;
    return mms_median(x, n);
}

struct verdict_of_step {
    int chosen;          /* index into cand, -1: none */
    const char *by;      /* won, tie, only, none */
    double p, mflops;
    int rounds;
    char why[1200];
};

/* Each finalist's samples over the reference kernel's of the same round
 * (MFLOPS as they are when the reference failed a round); n[i] = 0 for a
 * finalist that failed a round.  Returns 1 when the ratios are to the
 * reference. */
static int ratios(struct outcome (*o)[MMS_ROUNDS_MAX], int nfin, int rounds,
                  double (*x)[MMS_ROUNDS_MAX], int *n)
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
                   const struct mmg_params *cand, const struct how *how,
                   const int *fin, int nfin,
                   struct outcome (*o)[MMS_ROUNDS_MAX], int rounds,
                   struct verdict_of_step *v)
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
        v->chosen = fin[0], v->by = "screen";
        snprintf(v->why, sizeof v->why, "every finalist failed in a "
                 "round: the best screened one is kept");
        return;
    }
    pick = d.ntied == 1 ? d.leader
                        : tie_break(s, st, cand, fin, nfin, &d, &pref_why);
    v->chosen = fin[pick];
    v->by = d.ntied == 1 ? "won" : "tie";
    v->p = d.p;
    v->mflops = median_mflops(o[pick], rounds);
    if (d.runner_up >= 0) {
        sets_text(s, st->sets, &cand[fin[d.runner_up]],
                  how_of(how, fin[d.runner_up]), next, sizeof next);
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
            sets_text(s, st->sets, &cand[fin[i]], how_of(how, fin[i]),
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
        sets_text(s, st->sets, &cand[fin[pick]], how_of(how, fin[pick]),
                  taken, sizeof taken);
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
                             const struct how *how, const int *fin, int nfin,
                             struct verdict_of_step *v)
{
    struct outcome o[2 * MMS_ROUNDS_MAX + 1][MMS_ROUNDS_MAX];
    struct mmg_params p[2 * MMS_ROUNDS_MAX + 1];
    struct how ph[2 * MMS_ROUNDS_MAX + 1];
    int finals, rounds, rounds_max;

    effort(s, st, &finals, &rounds, &rounds_max);
    for (int i = 0; i < nfin; i++)
        p[i] = cand[fin[i]], ph[i] = how_of(how, fin[i]);
    round_reference(s, st, &p[nfin], &ph[nfin]);
    for (;;) {
        if (time_rounds(s, st, p, ph, nfin + 1, rounds, o) != 0)
            return -1;
        decide(s, st, cand, how, fin, nfin, o, rounds, v);
        if (strcmp(v->by, "won") == 0 || rounds >= rounds_max)
            return 0;
        rounds = rounds + 2 < rounds_max ? rounds + 2 : rounds_max;
    }
}

/* ---- one step ---------------------------------------------------------- */

static int skip(struct mms_search *s, const struct mms_step *st,
                const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static int skip(struct mms_search *s, const struct mms_step *st,
                const char *fmt, ...)
{
    char why[600], rest[640];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    say(s, "%s: skipped: %s\n", st->name, why);
    snprintf(rest, sizeof rest, "why=%s", why);
    return mms_log_event(&s->log, "skip", st->name, rest);
}

static int log_chosen(struct mms_search *s, const struct mms_step *st,
                      const struct mmg_params *p, struct how h,
                      const struct verdict_of_step *v)
{
    char params[512], rest[2000], sets[128], nc[24] = "";

    mms_params_text(p, params, sizeof params);
    sets_text(s, st->sets, p, h, sets, sizeof sets);
    if (h.nc > 0)
        snprintf(nc, sizeof nc, "nc=%d ", h.nc);
    snprintf(rest, sizeof rest, "by=%s %s%s cc=%s mflops=%.1f p=%.4f "
             "rounds=%d why=%s", v->by, nc, params, s->pl.cc[h.cc].name,
             v->mflops, v->p, v->rounds, v->why);
    say(s, "%s: %s (%s, %.1f MFLOPS)\n", st->name, sets, v->by, v->mflops);
    return mms_log_event(&s->log, "chosen", st->name, rest);
}

/* The step's decision among its screened candidates: the best
 * finalists re-timed in rounds (v->chosen -1: none passed).  Returns 0,
 * or -1 when the log cannot be written. */
static int pick(struct mms_search *s, const struct mms_step *st,
                const struct mmg_params *cand, const struct how *how,
                const struct outcome *o, int n, struct verdict_of_step *v)
{
    int fin[2 * MMS_ROUNDS_MAX];
    int nfin = finalists(s, st, cand, how, o, n, fin);

    *v = (struct verdict_of_step){ -1, "none", 1, 0, 0, "" };
    if (nfin == 0) {
        snprintf(v->why, sizeof v->why, "no candidate passed: the values "
                 "so far are kept");
        return 0;
    }
    if (nfin == 1) {
        v->chosen = fin[0], v->by = "only", v->mflops = o[fin[0]].mflops;
        snprintf(v->why, sizeof v->why, "the only candidate that passed");
        return 0;
    }
    return rounds_and_decide(s, st, cand, how, fin, nfin, v);
}

/* The step's decision made and logged: the reference kernel, or in a
 * blocks step the blocking (the kernel stays). */
static int choose(struct mms_search *s, const struct mms_step *st,
                  const struct mmg_params *cand, const struct how *how,
                  const struct outcome *o, int n)
{
    struct verdict_of_step v;
    struct mmg_params p;
    struct how h;

    if (pick(s, st, cand, how, o, n, &v) != 0)
        return -1;
    if (v.chosen >= 0 && mms_step_kind(st) == MMS_STEP_BLOCKS) {
        p = cand[v.chosen], h = how_of(how, v.chosen);
        s->blocks = (struct mms_blocks){ p.m, p.k, h.nc, p.n,
                                         p.ncnb > 0 ? p.ncnb : 0 };
        s->has_blocks = 1;
        /* the step small's figure is at its own small sizes */
        if (strcmp(st->sets, "SMALL_MAX") != 0)
            s->blocks_mflops = v.mflops;
    } else if (v.chosen >= 0) {
        s->ref = cand[v.chosen];
        s->ref_cc = cc_of(how, v.chosen);
        s->ref_mflops = v.mflops;
    }
    incumbent(s, st, &p, &h);
    return log_chosen(s, st, &p, h, &v);
}

/* ---- the cc step ------------------------------------------------------- */

/* Each family among gcc and clang that the pipeline lacks (the
 * configured compiler is its family's), added when installed with the
 * configured flags made the family's; the absent ones listed in absent
 * ("" none). */
static void find_compilers(struct mms_search *s, char *absent, size_t len)
{
    const char *mine = mmt_cc_family(s->pl.cc[0].name);
    char flags[1024], cflags[1024] = "";
    size_t used = 0;

    for (int i = 1; s->pl.cc[0].argv[i]; i++)
        used += snprintf(cflags + used, sizeof cflags - used, "%s%s",
                         i > 1 ? " " : "", s->pl.cc[0].argv[i]);
    absent[0] = '\0';
    for (int f = 0; f < mmt_cc_nfamilies; f++) {
        const char *fam = mmt_cc_families[f];
        if (!strcmp(fam, mine) || mms_pipeline_find_cc(&s->pl, fam) >= 0)
            continue;
        if (!mmt_cc_installed(fam))
            snprintf(absent + strlen(absent), len - strlen(absent), "%s%s",
                     absent[0] ? "," : "", fam);
        else if (mmt_cc_flags_for(fam, cflags, flags, sizeof flags) != 0
                 || mms_pipeline_add_cc(&s->pl, fam, flags) < 0)
            say(s, "cc: %s: the flags do not fit; not tried\n", fam);
    }
}

/* 1 when step name decides the reference kernel (its candidates are
 * kernels the library could call: not step 6's non-copy ones, step 7's
 * K cleanups, or the full kernels of a whole DGEMM). */
static int ref_step(const struct mms_search *s, const char *name)
{
    for (int i = 0; i < s->nsteps; i++)
        if (strcmp(s->steps[i].name, name) == 0)
            return mms_step_kind(&s->steps[i]) == MMS_STEP_REF;
    return 0;
}

/* The kernels the cc step builds with every compiler: the winner, then
 * the best distinct others the earlier kernel steps screened (their
 * screening MFLOPS with the configured compiler), lv->cc_kernels in
 * all. */
static int cc_kernels(struct mms_search *s, struct mmg_params *k, int max)
{
    int n = 0;

    k[n++] = s->ref;
    while (n < s->lv->cc_kernels && n < max) {
        const struct mms_record *best = NULL;
        for (int i = 0; i < s->log.nrec; i++) {
            const struct mms_record *r = &s->log.rec[i];
            int seen = r->round != 0 || r->m.verdict != MMS_V_OK
                       || !ref_step(s, r->step)
                       || strcmp(r->cc, s->pl.cc[0].name) != 0;
            for (int j = 0; j < n && !seen; j++)
                seen = mms_params_equal(&k[j], &r->p);
            if (!seen && (!best || r->m.mflops > best->m.mflops))
                best = r;
        }
        if (!best)
            break;
        k[n++] = best->p;
    }
    return n;
}

/* Issue 8: the kernel compiler is searched too.  Every kernel of
 * cc_kernels with every installed compiler, screened and decided as the
 * other steps are (the configured compiler's timings come from the
 * earlier steps). */
static int run_cc(struct mms_search *s, const struct mms_step *st)
{
    static struct mmg_params cand[MMS_MAX_CANDS];
    static struct how cc[MMS_MAX_CANDS];
    int n = 0, nk;
    struct outcome o[MMS_MAX_CANDS];
    struct mmg_params k[8];
    char rest[1400], absent[64], names[160] = "";

    find_compilers(s, absent, sizeof absent);
    for (int c = 0; c < s->pl.ncc; c++)
        snprintf(names + strlen(names), sizeof names - strlen(names),
                 "%s%s", c ? "," : "", s->pl.cc[c].name);
    if (absent[0])
        say(s, "cc: not installed, not tried: %s\n", absent);
    if (s->pl.ncc < 2)
        return skip(s, st, "only %s is installed (absent: %s)", names,
                    absent[0] ? absent : "none");
    nk = cc_kernels(s, k, (int)(sizeof k / sizeof k[0]));
    for (int i = 0; i < nk; i++)
        for (int c = 0; c < s->pl.ncc && n < MMS_MAX_CANDS; c++) {
            cand[n] = k[i], cc[n] = (struct how){ c, 0 };
            mark_perturbed(s, &cand[n++]);
        }
    snprintf(rest, sizeof rest, "sets=%s n=%d rule=%d kernel%s with "
             "compilers %s (absent: %s): %s (%s)", st->sets, n, nk,
             nk > 1 ? "s" : "", names, absent[0] ? absent : "none", st->rule,
             st->source);
    say(s, "%s: %d candidates (%d kernel%s with %s)\n", st->name, n, nk,
        nk > 1 ? "s" : "", names);
    if (mms_log_event(&s->log, "step", st->name, rest) != 0
        || screen(s, st, cand, cc, n, o) != 0)
        return -1;
    return choose(s, st, cand, cc, o, n);
}

/* ---- side steps (paper 002 §III-B steps 6 and 7) ----------------------- */

/* Step 6 stops screening when a non-copy kernel falls this far below the
 * best non-copy one seen (ATLAS's 20%), step 7 when the specialised K
 * cleanup is at most this much faster than the general one (its 1%). */
#define NCNB_DROP 0.20
#define KCLEAN_WITHIN 1.01

/* Screen cand in range order, in chunks of as many as compilers run at
 * once, until an ok one falls NCNB_DROP below the best seen: the rest
 * keep verdict none (those of the last chunk past it were timed, and are
 * in the log, but not considered).  *stop is the index it stopped at, or
 * -1.  Returns 0, or -1 when the log cannot be written. */
static int screen_until_drop(struct mms_search *s, const struct mms_step *st,
                             const struct mmg_params *cand, int n,
                             struct outcome *o, int *stop, double *best)
{
    int chunk = s->pl.jobs > 1 ? s->pl.jobs : 2;

    *stop = -1, *best = 0;
    for (int i = 0; i < n; i += chunk) {
        int m = n - i < chunk ? n - i : chunk;
        if (screen(s, st, cand + i, NULL, m, o + i) != 0)
            return -1;
        for (int j = i; j < i + m && *stop < 0; j++) {
            if (o[j].verdict != MMS_V_OK)
                continue;
            if (o[j].mflops < (1 - NCNB_DROP) * *best)
                *stop = j;
            else if (o[j].mflops > *best)
                *best = o[j].mflops;
        }
        if (*stop >= 0) {
            for (int j = *stop + 1; j < n; j++)
                o[j].verdict = MMS_V_NONE;
            return 0;
        }
    }
    return 0;
}

/* The kernel a side step searched with (the reference so far; steps 6
 * and 7 leave it as it is). */
static void side_searched(struct mms_search *s)
{
    s->has_side = 1, s->side_p = s->ref;
}

/* Step 6: NCNB, a side result -- the reference kernel stays as it is. */
static int run_ncnb(struct mms_search *s, const struct mms_step *st,
                    const struct mmg_params *cand, int n)
{
    struct outcome o[MMS_MAX_CANDS];
    struct verdict_of_step v;
    char stopped[200];
    int stop;
    double best;
    size_t used;

    if (screen_until_drop(s, st, cand, n, o, &stop, &best) != 0
        || pick(s, st, cand, NULL, o, n, &v) != 0)
        return -1;
    if (stop >= 0)
        snprintf(stopped, sizeof stopped, "; screening stopped at NCNB=%d: "
                 "%.1f MFLOPS, %.0f%% below the best non-copy %.1f",
                 cand[stop].ncnb, o[stop].mflops, 100 * NCNB_DROP, best);
    else
        snprintf(stopped, sizeof stopped, "; every NCNB screened, none "
                 "%.0f%% below the best", 100 * NCNB_DROP);
    used = strlen(v.why);
    snprintf(v.why + used, sizeof v.why - used, "%s", stopped);
    if (v.chosen < 0) {
        snprintf(v.why, sizeof v.why, "no non-copy kernel passed: NCNB is "
                 "left out of params.conf%s", stopped);
        return log_chosen(s, st, &s->ref, (struct how){ s->ref_cc, 0 }, &v);
    }
    s->has_ncnb = 1;
    s->ncnb = cand[v.chosen].ncnb;
    side_searched(s);
    return log_chosen(s, st, &cand[v.chosen], (struct how){ s->ref_cc, 0 },
                      &v);
}

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
                         struct outcome *o)
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
        double t = now();
        for (int j = 0; j < ks->n; j++)
            all[j] = &ks->cs[j];
        mms_build(&s->pl, all, ks->n);
        ks->share = (now() - t) / ks->n;
        ks->built = 1;
    }
    c->kt = kt;
    r_share = ks->paid[i] ? 0 : ks->share;
    ks->paid[i] = 1;
    return timing(s, st->name, c, round, kt > 0, NULL, r_share, o);
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
        struct outcome os, og;
        /* which goes first alternates, so that neither kernel is always
         * the one timed after the other */
        int first_g = r % 2;
        if ((first_g && kclean_timing(s, st, ks, ks->n - 1, l, r, &og) != 0)
            || kclean_timing(s, st, ks, i, 0, r, &os) != 0
            || (!first_g
                && kclean_timing(s, st, ks, ks->n - 1, l, r, &og) != 0))
            return -1;
        show(s, st->name, "round", r, rounds, 0, now());
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
static int run_kclean(struct mms_search *s, const struct mms_step *st,
                      const struct mmg_params *cand, int n)
{
    struct kclean_set ks = { calloc((size_t)n + 1, sizeof *ks.cs), n + 1,
                             0, 0, calloc((size_t)n + 1, sizeof(int)) };
    struct verdict_of_step v = { -1, "none", 1, 0, 0, "" };
    struct mmg_params chosen;
    char ev[300] = "";
    int rc = 0, at = -1;

    if (!ks.cs || !ks.paid) {
        free(ks.cs), free(ks.paid);
        return -1;
    }
    for (int i = 0; i < n; i++)
        prepare(s, &ks.cs[i], &cand[i], (struct how){ s->ref_cc, 0 });
    mms_kclean_general(&s->ref, &ks.cs[n].p);
    prepare(s, &ks.cs[n], &ks.cs[n].p, (struct how){ s->ref_cc, 0 });
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
    side_searched(s);
    snprintf(v.why, sizeof v.why, "K_CROSSOVER=%d: median specialised / "
             "general per leftover (%s); %s", s->k_crossover, ev,
             at >= 0 ? "the general one is within 1% from there down"
             : "the general one is never within 1%: the specialised ones "
               "for every leftover");
    chosen = at >= 0 ? cand[at] : ks.cs[n].p;
    free(ks.cs), free(ks.paid);
    return rc != 0 ? -1 : log_chosen(s, st, &chosen,
                                     (struct how){ s->ref_cc, 0 }, &v);
}

/* ---- the blocks steps (issue 9) ---------------------------------------- */

/* The model's blocking for the kernel chosen, pins kept: where the
 * blocks steps start, and the reference of their rounds.  Made once.
 * Returns 0, or -1 with why. */
static int blocks_start(struct mms_search *s, char *why, size_t len)
{
    struct mms_blocks b = { s->pins.mc, s->pins.kc, s->pins.nc, 0,
                            s->pins.small };

    if (s->blocks_ready)
        return 0;
    if (mms_blocks_model(&s->pc, &s->ref, &b, why, len) != 0)
        return -1;
    s->blocks0 = s->blocks = b;
    s->blocks_ready = 1;
    s->has_blocks = s->pins.mc && s->pins.kc && s->pins.nc;
    return 0;
}

/* "200,500,1000,1000x32x1000,64x1000x1000": the shapes the whole DGEMM
 * is timed at (part -1), the square ones (0) or the narrow ones (1). */
static void sizes_text(const struct mms_pipeline *pl, char *buf, size_t len,
                       int part)
{
    struct mms_shape z[MMS_DGEMM_SHAPES];
    int k = mms_dgemm_sizes(pl, z);
    size_t used = 0;
    char name[48];

    buf[0] = '\0';
    for (int i = 0; i < k && used < len; i++) {
        int narrow = z[i].m != z[i].n || z[i].n != z[i].k;
        if (part >= 0 && part != narrow)
            continue;
        mms_shape_text(&z[i], name, sizeof name);
        used += snprintf(buf + used, len - used, "%s%s", used ? "," : "",
                         name);
    }
}

/* "square N=200,500,1000, narrow 1000x32x1000,64x1000x1000": a whole
 * DGEMM step's shapes as its header and its progress line say them. */
static void shapes_said(const struct mms_pipeline *pl, char *buf, size_t len)
{
    char square[MMS_SIZES_TEXT], narrow[MMS_SIZES_TEXT];

    sizes_text(pl, square, sizeof square, 0);
    sizes_text(pl, narrow, sizeof narrow, 1);
    snprintf(buf, len, "square N=%s%s%s", square, narrow[0] ? ", narrow "
             : "", narrow);
}

/* The candidates of blocks step st: its range around the blocking so
 * far, the pins applied, each completed by the library's model (a
 * blocking the library refuses, NC below NB, is left out) and made the
 * full kernel it implies, duplicates dropped.  Returns how many. */
static int blocks_candidates(struct mms_search *s, const struct mms_step *st,
                             struct mmg_params *cand, struct how *how,
                             int max)
{
    static struct mms_blocks pts[MMS_MAX_CANDS];
    int n = st->blocks(&s->space, &s->ref, &s->blocks, pts, max), kept = 0;
    char why[MMS_WHY_MAX];

    for (int i = 0; i < n; i++) {
        struct mms_blocks b = pts[i];
        int dup = 0;
        b.mc = s->pins.mc ? s->pins.mc : b.mc;
        b.kc = s->pins.kc ? s->pins.kc : b.kc;
        b.nc = s->pins.nc ? s->pins.nc : b.nc;
        b.small = s->pins.small ? s->pins.small : b.small;
        if (mms_blocks_model(&s->pc, &s->ref, &b, why, sizeof why) != 0)
            continue;
        mms_blocks_kernel(&s->ref, &b, &cand[kept]);
        mark_perturbed(s, &cand[kept]);
        how[kept] = (struct how){ s->ref_cc, b.nc };
        for (int j = 0; j < kept && !dup; j++)
            dup = mms_params_equal(&cand[j], &cand[kept])
                  && how[j].nc == b.nc;
        kept += !dup;
    }
    return kept;
}

/* The nc step's sizes: the level's and its nc_n past them, where the
 * panels of B a smaller NC cuts pay off (Zen 5, KVM guest: NC = 1440
 * won at 500-1500 and lost 5% at 2000, 14% at 3000 to 480, medians of 8
 * interleaved runs, B's panel outgrowing the LLC share other tenants
 * leave). */
static void nc_sizes(struct mms_search *s)
{
    int i = 0;

    while (i < MMS_DGEMM_SIZES - 1 && s->pl.dgemm_n[i]) {
        if (s->pl.dgemm_n[i] >= s->lv->nc_n)
            return;
        i++;
    }
    if (s->lv->nc_n > 0)
        s->pl.dgemm_n[i] = s->lv->nc_n;
}

/* The step small's sizes: each candidate's SMALL_MAX (at most
 * MMS_DGEMM_SIZES of them, increasing), every size on the path the
 * candidate routes it to, as the library does: a candidate is judged
 * where the two paths meet. */
static void small_sizes(struct mms_search *s, const struct mmg_params *cand,
                        int n)
{
    int k = 0;

    memset(s->pl.dgemm_n, 0, sizeof s->pl.dgemm_n);
    for (int i = 0; i < n && k < MMS_DGEMM_SIZES; i++)
        if (cand[i].ncnb > 0
            && (k == 0 || cand[i].ncnb > s->pl.dgemm_n[k - 1]))
            s->pl.dgemm_n[k++] = cand[i].ncnb;
    s->pl.dgemm_small_n = 0, s->pl.dgemm_route = 1;
}

static int run_blocks(struct mms_search *s, const struct mms_step *st)
{
    static struct mmg_params cand[MMS_MAX_CANDS];
    static struct how how[MMS_MAX_CANDS];
    struct outcome o[MMS_MAX_CANDS];
    char rest[1400], sizes[2 * MMS_SIZES_TEXT + 32], why[MMS_WHY_MAX];
    int n, rc, level_n[MMS_DGEMM_SIZES], level_small = s->pl.dgemm_small_n;

    if (s->skip_blocks)
        return skip(s, st, "--skip-blocks: MC, KC, NC and SMALL_MAX are "
                    "left to the library's model");
    if (blocks_start(s, why, sizeof why) != 0)
        return skip(s, st, "the library's model: %s", why);
    if (mms_pinned(&s->pins, st->sets))
        return skip(s, st, "pinned: %s=%d", st->sets,
                    mms_block_pin(&s->pins, st->sets));
    if (s->time_limit_s > 0 && now() - s->t0 > s->time_limit_s)
        return skip(s, st, "the time limit of %g s was reached; the values "
                    "so far are kept", s->time_limit_s);
    n = blocks_candidates(s, st, cand, how, MMS_MAX_CANDS);
    if (n == 0)
        return skip(s, st, "no candidates: %s", st->rule);
    memcpy(level_n, s->pl.dgemm_n, sizeof level_n);
    if (!strcmp(st->sets, "NC"))
        nc_sizes(s);
    if (!strcmp(st->sets, "SMALL_MAX"))
        small_sizes(s, cand, n);
    sizes_text(&s->pl, s->log.dgemm_sizes, sizeof s->log.dgemm_sizes, -1);
    shapes_said(&s->pl, sizes, sizeof sizes);
    snprintf(rest, sizeof rest, "sets=%s n=%d rule=%s; %s, operands "
             "flushed; the reference of every round: the model's MC=%d "
             "KC=%d NC=%d (%s)", st->sets, n, st->rule, sizes,
             s->blocks0.mc, s->blocks0.kc, s->blocks0.nc, st->source);
    say(s, "%s: %d candidates (%s, the whole DGEMM at %s)\n", st->name, n,
        st->sets, sizes);
    rc = mms_log_event(&s->log, "step", st->name, rest) != 0
         || screen(s, st, cand, how, n, o) != 0
         ? -1 : choose(s, st, cand, how, o, n);
    memcpy(s->pl.dgemm_n, level_n, sizeof level_n);
    s->pl.dgemm_small_n = level_small, s->pl.dgemm_route = 0;
    sizes_text(&s->pl, s->log.dgemm_sizes, sizeof s->log.dgemm_sizes, -1);
    return rc;
}

/* ---- the dgemm step: the kernel by the whole DGEMM ---------------------- */

/* Kernel p as the dgemm step's kernels hold it: the pins applied, the
 * planted fault cleared (mark_perturbed sets it again on the full
 * kernel). */
static struct mmg_params dgemm_kernel(const struct mms_search *s,
                                      const struct mmg_params *p)
{
    struct mmg_params q = *p;

    mms_pins_apply(&s->pins, &q);
    q.perturb = 0;
    return q;
}

/* The index of kernel p with compiler cc among the n kernels k, h, or
 * -1. */
static int dgemm_find(const struct mmg_params *p, int cc,
                      const struct mmg_params *k, const struct how *h, int n)
{
    for (int j = 0; j < n; j++)
        if (h[j].cc == cc && mms_params_equal(&k[j], p))
            return j;
    return -1;
}

/* Kernel p with compiler cc appended to the dgemm step's kernels k, h,
 * unless it is there or max are. */
static void dgemm_add(const struct mms_search *s, const struct mmg_params *p,
                      int cc, struct mmg_params *k, struct how *h, int *n,
                      int max)
{
    struct mmg_params q = dgemm_kernel(s, p);

    if (dgemm_find(&q, cc, k, h, *n) < 0 && *n < max)
        k[*n] = q, h[(*n)++] = (struct how){ cc, 0 };
}

/* The compiler (pl.cc index) --candidate file e's kernel is built with:
 * its own CC, else the winner's; -1 when it is left out (its compiler is
 * not installed, or the kernel is of another ISA than the winner's). */
static int extra_cc(const struct mms_search *s, int e)
{
    const struct mms_extra *x = &s->extra[e];
    int cc = x->cc[0] ? mms_pipeline_find_cc(&s->pl, x->cc) : s->ref_cc;

    return x->p.isa == s->ref.isa ? cc : -1;
}

/* The best MU x NU tile the munu step screened (ok, ref's ISA) whose MU
 * is none of k's, or NULL.  One per MU: the munu step screens every tile
 * at the NB chosen for the first, which a tile of another MU divides
 * worse (fractional register tiles), so its best other tiles by those
 * MFLOPS would be the first's neighbours; the whole DGEMM widens NB to
 * hold MC and KC, a multiple of the tile. */
static const struct mms_record *other_tile(const struct mms_search *s,
                                           const struct mmg_params *k,
                                           int n)
{
    const struct mms_record *best = NULL;

    for (int i = 0; i < s->log.nrec; i++) {
        const struct mms_record *r = &s->log.rec[i];
        int seen = strcmp(r->step, "munu") != 0 || r->round != 0 || r->ref
                   || r->m.verdict != MMS_V_OK || r->p.isa != s->ref.isa;
        for (int j = 0; j < n && !seen; j++)
            seen = k[j].mu == r->p.mu;
        if (!seen && (!best || r->m.mflops > best->m.mflops))
            best = r;
    }
    return best;
}

/* The dgemm step's kernels, in range order (the tie rule's): the kernel
 * steps' winner, the --candidate files' kernels (those of its ISA, with
 * their compilers when installed), the cc step's finalists (its round-1 samples, each
 * kernel with its compiler, in the order the cc step ranked them), and
 * the munu step's best lv->dgemm_tiles other tiles, one per MU (other
 * than those), with the winner's other values (IF and NF cut to the
 * tile's loads) and compiler;
 * lv->dgemm_kernels at most besides the files'.  Returns how many. */
static int dgemm_kernels(const struct mms_search *s, struct mmg_params *k,
                         struct how *h)
{
    int n = 0, max = s->lv->dgemm_kernels, tiles = s->lv->dgemm_tiles;

    dgemm_add(s, &s->ref, s->ref_cc, k, h, &n, max);
    for (int e = 0; e < s->nextra; e++)
        if (extra_cc(s, e) >= 0)
            dgemm_add(s, &s->extra[e].p, extra_cc(s, e), k, h, &n,
                      max + s->nextra);
    for (int i = 0; i < s->log.nrec; i++) {
        const struct mms_record *r = &s->log.rec[i];
        int cc = mms_pipeline_find_cc(&s->pl, r->cc);
        if (strcmp(r->step, "cc") == 0 && r->round == 1 && !r->ref
            && cc >= 0)
            dgemm_add(s, &r->p, cc, k, h, &n, max + s->nextra - tiles);
    }
    for (int t = 0; t < tiles; t++) {
        const struct mms_record *r = other_tile(s, k, n);
        struct mmg_params q = s->ref;
        int loads;
        if (!r)
            break;
        q.mu = r->p.mu, q.nu = r->p.nu;
        loads = mmg_loads_per_step(&q);
        q.ifetch = q.ifetch > loads ? loads : q.ifetch;
        q.nfetch = q.nfetch > loads ? loads : q.nfetch;
        dgemm_add(s, &q, s->ref_cc, k, h, &n, max + s->nextra);
    }
    return n;
}

/* The pf step's kernels: the kernel the dgemm step chose, its twin with
 * PF flipped and, on a SIMD ISA, its twin with PFB flipped (whether
 * prefetching the next tile's C, or B's next packed panel, pays shows
 * only where C and B come from memory and the L3: the kernel steps time
 * one tile, C hot).  Returns how many. */
static int pf_kernels(const struct mms_search *s, struct mmg_params *k,
                      struct how *h)
{
    struct mmg_params twin = s->ref;
    int n = 0;

    twin.pf = !twin.pf;
    dgemm_add(s, &s->ref, s->ref_cc, k, h, &n, 3);
    dgemm_add(s, &twin, s->ref_cc, k, h, &n, 3);
    if (mmg_vlen(s->ref.isa) > 1) {
        twin = s->ref;
        twin.pfb = !twin.pfb;
        dgemm_add(s, &twin, s->ref_cc, k, h, &n, 3);
    }
    return n;
}

/* The full kernels of the kernels k (each at the model's blocking for it;
 * one the model refuses is left out, why says the last such) into cand,
 * how, with the index of each one's kernel in from.  Returns how many. */
static int dgemm_candidates(const struct mms_search *s,
                            const struct mmg_params *k, const struct how *hk,
                            int nk, struct mmg_params *cand, struct how *how,
                            int *from, char *why, size_t len)
{
    int n = 0;

    for (int i = 0; i < nk; i++) {
        int dup = 0;
        if (at_model(s, &k[i], hk[i].cc, &cand[n], &how[n], why, len) != 0)
            continue;
        mark_perturbed(s, &cand[n]);
        for (int j = 0; j < n && !dup; j++)
            dup = mms_params_equal(&cand[j], &cand[n])
                  && how[j].cc == how[n].cc && how[j].nc == how[n].nc;
        if (!dup)
            from[n++] = i;
    }
    return n;
}

/* Why the dgemm step is not run, into why ("" when it is). */
static void dgemm_skip_why(const struct mms_search *s,
                           const struct mms_step *st, char *why, size_t len)
{
    char pins[160];

    why[0] = '\0';
    if (s->skip_blocks || s->skip_dgemm)
        snprintf(why, len, "%s: the kernel the kernel steps chose is kept",
                 s->skip_blocks ? "--skip-blocks" : "--skip-dgemm");
    else if (mms_pinned(&s->pins, st->sets)) {
        sets_text(s, st->sets, &s->ref, (struct how){ s->ref_cc, 0 }, pins,
                  sizeof pins);
        snprintf(why, len, "pinned: %s (one candidate)", pins);
    } else if (s->time_limit_s > 0 && now() - s->t0 > s->time_limit_s)
        snprintf(why, len, "the time limit of %g s was reached; the values "
                 "so far are kept", s->time_limit_s);
}

/* The kernel's decision: the winner becomes the reference kernel (its
 * MFLOPS alone, from the log, or timed at the end when it never was:
 * time_winner). */
static void dgemm_take(struct mms_search *s, const struct mmg_params *k,
                       struct how h, double dgemm_mflops)
{
    const struct mms_record *r;

    if (!mms_params_equal(k, &s->ref) || h.cc != s->ref_cc) {
        s->ref = *k, s->ref_cc = h.cc;
        r = mms_log_find_cc(&s->log, k, s->pl.cc[h.cc].name, NULL, 0, 0);
        s->ref_mflops = r && r->m.verdict == MMS_V_OK ? r->m.mflops : 0;
    }
    s->blocks_mflops = dgemm_mflops;
    s->blocks_ready = 0;        /* the blocks steps start from its model */
}

/* The dgemm step's incumbent: the first --candidate file's kernel when it is
 * one of the n candidates cand (k[from[i]] the kernel of cand[i], of the nk
 * kernels k, hk), not the kernel steps' winner.  It is every round's
 * reference and always a finalist, so each finalist is measured against
 * what a build from the file (make tune's: the architectural defaults)
 * has; a tie no longer keeps it (tune/stats.h): on the Zen 5 guest the
 * defaults' 24 x 8 kept that way was 7.6% faster as a whole DGEMM than
 * the kernel steps' 40 x 5, which an earlier tie had kept; either kept
 * on a tie could be the slower. */
static void keep_first_file(struct mms_search *s, const struct mmg_params *k,
                            const struct how *hk, int nk, const int *from,
                            const struct mmg_params *cand,
                            const struct how *how, int n)
{
    int cc = s->nextra ? extra_cc(s, 0) : -1, j = -1;
    struct mmg_params q;

    s->kept = 0;
    if (cc >= 0) {
        q = dgemm_kernel(s, &s->extra[0].p);
        j = dgemm_find(&q, cc, k, hk, nk);
    }
    for (int i = 1; i < n && j > 0 && !s->kept; i++)
        if (from[i] == j) {
            s->kept = 1, s->kept_p = cand[i];
            s->kept_cc = how[i].cc, s->kept_nc = how[i].nc;
        }
}

/* "; --candidate FILE: the kernel ... CC" for each file, appended to
 * buf (what the step line says of them; one of another ISA or with a
 * compiler not installed is named as left out). */
static void extras_text(const struct mms_search *s, char *buf, size_t len)
{
    for (int e = 0; e < s->nextra; e++) {
        const struct mms_extra *x = &s->extra[e];
        int cc = extra_cc(s, e);
        size_t used = strlen(buf);
        char k[160];
        if (cc < 0) {
            snprintf(buf + used, len - used, "; --candidate %s: left out "
                     "(%s)", x->path, x->p.isa != s->ref.isa ? "another "
                     "ISA" : "its compiler is not installed");
            continue;
        }
        kernel_text(s, &x->p, (struct how){ cc, 0 }, k, sizeof k);
        snprintf(buf + used, len - used, "; --candidate %s: %s", x->path,
                 k);
    }
}

static int run_dgemm(struct mms_search *s, const struct mms_step *st)
{
    static struct mmg_params k[MMS_MAX_CANDS], cand[MMS_MAX_CANDS];
    static struct how hk[MMS_MAX_CANDS], how[MMS_MAX_CANDS];
    struct outcome o[MMS_MAX_CANDS];
    struct verdict_of_step v;
    struct mmg_params p;
    struct how h;
    char rest[1800], sizes[2 * MMS_SIZES_TEXT + 32], ref[160];
    char why[MMS_WHY_MAX] = "";
    int from[MMS_MAX_CANDS], nk, n, rc;

    dgemm_skip_why(s, st, why, sizeof why);
    if (why[0])
        return skip(s, st, "%s", why);
    /* The step pf starts from PF=1 (steps.c), whatever the dgemm step's
     * kernel had: a --candidate file written before PF existed reads as
     * PF=0, and a tie would have kept that untried value (the Zen 5
     * guest's tune: PF=0 kept on a tie at N = 200-1500, where PF=1 ran
     * 2-6% faster at N = 1000-3000 in bench-dgemm); PFB from the
     * library model's, 1 on a SIMD ISA; a pinned value stays. */
    if (strcmp(st->name, "pf") == 0) {
        s->ref.pf = 1;
        s->ref.pfb = mmg_vlen(s->ref.isa) > 1;
        mms_pins_apply(&s->pins, &s->ref);
        nk = pf_kernels(s, k, hk);
    } else
        nk = dgemm_kernels(s, k, hk);
    n = dgemm_candidates(s, k, hk, nk, cand, how, from, why, sizeof why);
    if (n == 0 || from[0] != 0)
        return skip(s, st, "the library's model: %s", why);
    if (n == 1 && strcmp(st->name, "pf") == 0)
        return skip(s, st, "one candidate: PF pinned, and no PFB twin on "
                    "ISA=%s; the kernel is kept", mmg_isa_name(s->ref.isa));
    if (n == 1)
        return skip(s, st, "one candidate: no other cc finalist, no other "
                    "tile the munu step screened; the kernel is kept");
    if (strcmp(st->name, "dgemm") == 0)
        keep_first_file(s, k, hk, nk, from, cand, how, n);
    incumbent(s, st, &p, &h);
    shapes_said(&s->pl, sizes, sizeof sizes);
    kernel_text(s, &p, h, ref, sizeof ref);
    snprintf(rest, sizeof rest, "sets=%s n=%d rule=%s; %s, "
             "operands flushed; the reference of every round: %s %s at "
             "the model's MC=%d KC=%d NC=%d (%s)", st->sets,
             n, st->rule, sizes, s->kept ? "the first --candidate file's"
             : "the kernel steps'", ref, p.m, p.k, h.nc, st->source);
    extras_text(s, rest, sizeof rest);
    say(s, "%s: %d candidates (the kernel and its compiler, the whole "
        "DGEMM at %s)\n", st->name, n, sizes);
    rc = mms_log_event(&s->log, "step", st->name, rest) != 0
         || screen(s, st, cand, how, n, o) != 0
         || pick(s, st, cand, how, o, n, &v) != 0;
    s->kept = 0;                 /* the incumbent is the kernel so far */
    if (rc)
        return -1;
    if (v.chosen >= 0)
        dgemm_take(s, &k[from[v.chosen]], how[v.chosen], v.mflops);
    s->has_pfb = s->has_pfb || strcmp(st->name, "pf") == 0;
    incumbent(s, st, &p, &h);
    return log_chosen(s, st, &p, h, &v);
}

static int run_step(struct mms_search *s, const struct mms_step *st)
{
    static struct mmg_params cand[MMS_MAX_CANDS];
    struct outcome o[MMS_MAX_CANDS];
    char rest[1024], pins[128];
    int n;

    if (mms_step_kind(st) == MMS_STEP_BLOCKS)
        return run_blocks(s, st);
    if (mms_step_kind(st) == MMS_STEP_DGEMM)
        return run_dgemm(s, st);
    if (!st->range)
        return skip(s, st, "not searched yet: %s (%s)", st->rule,
                    st->source);
    if (mms_pinned(&s->pins, st->sets)) {
        sets_text(s, st->sets, &s->ref, (struct how){ s->ref_cc, 0 }, pins,
                  sizeof pins);
        if (mms_step_kind(st) == MMS_STEP_NCNB)
            s->has_ncnb = 1, s->ncnb = s->pins.p.ncnb;
        if (mms_step_kind(st) == MMS_STEP_KCLEAN) {
            s->has_kx = 1, s->k_crossover = s->pins.k_crossover;
            snprintf(pins, sizeof pins, "K_CROSSOVER=%d", s->k_crossover);
        }
        return skip(s, st, "pinned: %s", pins);
    }
    if (s->time_limit_s > 0 && now() - s->t0 > s->time_limit_s)
        return skip(s, st, "the time limit of %g s was reached; the values "
                    "so far are kept", s->time_limit_s);
    if (strcmp(st->name, "cc") == 0)
        return run_cc(s, st);
    n = mms_step_candidates(&s->space, st, &s->ref, cand, MMS_MAX_CANDS);
    if (n == 0)
        return skip(s, st, "no candidates: %s", st->rule);
    for (int i = 0; i < n; i++)
        mark_perturbed(s, &cand[i]);
    snprintf(rest, sizeof rest, "sets=%s n=%d rule=%s (%s)", st->sets, n,
             st->rule, st->source);
    say(s, "%s: %d candidates (%s)\n", st->name, n, st->sets);
    if (mms_log_event(&s->log, "step", st->name, rest) != 0)
        return -1;
    if (mms_step_kind(st) == MMS_STEP_NCNB)
        return run_ncnb(s, st, cand, n);
    if (mms_step_kind(st) == MMS_STEP_KCLEAN)
        return run_kclean(s, st, cand, n);
    if (screen(s, st, cand, NULL, n, o) != 0)
        return -1;
    return choose(s, st, cand, NULL, o, n);
}

/* ---- the search -------------------------------------------------------- */

static void note_resume(struct mms_search *s)
{
    char why[256];

    if (s->log.nread == 0 && !s->log.torn)
        return;
    snprintf(why, sizeof why, "why=resumed: %d timings in the log are "
             "reused, not re-timed%s", s->log.nread,
             s->log.torn ? "; a torn last line (the run was killed while "
             "writing it) was dropped" : "");
    mms_log_line(&s->log, "note", why);
    say(s, "%s\n", why + 4);
}

/* How the blocks steps time the whole DGEMM: the level's sizes, the
 * narrow shapes at the largest of them (MMS_NARROW_N, MMS_NARROW_M), and
 * samples (fewer than a kernel's: the calls take milliseconds to a
 * second, and the rounds repeat them), and a flush of twice the last
 * level (at least 8 MiB), so the operands come from memory as a
 * caller's would. */
static void dgemm_timing(struct mms_search *s)
{
    double llc = s->pc.llc_kib > s->pc.l2_kib ? s->pc.llc_kib
                                              : s->pc.l2_kib;
    size_t flush = (size_t)(2 * llc * 1024);

    s->pl.dgemm_small_n = MMS_DGEMM_SMALL_N;
    memset(s->pl.dgemm_n, 0, sizeof s->pl.dgemm_n);
    memcpy(s->pl.dgemm_n, s->lv->dgemm_n, sizeof s->lv->dgemm_n);
    s->pl.dgemm_narrow = 0;
    for (int i = 0; i < MMS_DGEMM_SIZES && s->pl.dgemm_n[i]; i++)
        if (s->pl.dgemm_n[i] > s->pl.dgemm_narrow)
            s->pl.dgemm_narrow = s->pl.dgemm_n[i];
    s->pl.dgemm_samples = s->lv->dgemm_samples;
    s->pl.dgemm_flush_bytes = flush > (8u << 20) ? flush : 8u << 20;
}

int mms_search_run(struct mms_search *s, const char *log_path, char *err,
                   size_t errlen)
{
    struct mms_log_head h;
    enum mmg_isa isa = s->pins.isa ? s->pins.p.isa : mms_widest_isa(&s->pc);

    s->t0 = now();
    s->pl.peak_mflops = s->pc.peak_mflops;
    s->pl.timing.samples = s->lv->samples;
    s->pl.timing.peak_mflops = s->pc.peak_mflops;
    dgemm_timing(s);
    mms_search_head(s, &h);
    if (mms_log_open(&s->log, log_path, &h, err, errlen) != 0)
        return -1;
    sizes_text(&s->pl, s->log.dgemm_sizes, sizeof s->log.dgemm_sizes, -1);
    note_resume(s);
    s->space = (struct mms_space){ &s->pc, s->lv, &s->pins };
    s->start(&s->space, isa, &s->fixed);
    mms_pins_apply(&s->pins, &s->fixed);
    s->ref = s->fixed;
    for (int i = 0; i < s->nsteps; i++)
        if (run_step(s, &s->steps[i]) != 0) {
            snprintf(err, errlen, "%s: cannot write: %s", log_path,
                     strerror(errno));
            return -1;
        }
    return 0;
}

/* Seconds the log's cand lines of step (NULL: every step) hold, the
 * earlier runs' (read from the file) or this run's or both. */
static double logged_seconds(const struct mms_log *lg, const char *step,
                             int earlier, int this_run)
{
    double t = 0;

    for (int i = 0; i < lg->nrec; i++)
        if ((step == NULL || strcmp(lg->rec[i].step, step) == 0)
            && (i < lg->nread ? earlier : this_run))
            t += lg->rec[i].secs;
    return t;
}

/* "isa 3.1 s, nb 10.4 s, ...": each step's candidates' seconds over every
 * run that worked on it, so a resumed search reports the whole cost. */
static void step_times(const struct mms_search *s, char *buf, size_t len)
{
    size_t used = 0;

    buf[0] = 0;
    for (int i = 0; i < s->nsteps && used < len; i++)
        if (mms_step_searched(&s->steps[i])) {
            snprintf(buf + used, len - used, "%s%s %.1f s", used ? ", " : "",
                     s->steps[i].name,
                     logged_seconds(&s->log, s->steps[i].name, 1, 1));
            used = strlen(buf);
        }
    for (int i = 0; i < s->log.nrec && used < len; i++)
        if (strcmp(s->log.rec[i].step, MMS_WINNER_STEP) == 0) {
            snprintf(buf + used, len - used, "%s%s %.1f s", used ? ", " : "",
                     MMS_WINNER_STEP,
                     logged_seconds(&s->log, MMS_WINNER_STEP, 1, 1));
            break;
        }
}

/* ---- the end ----------------------------------------------------------- */

/* A winner no step timed (everything pinned, or the step dgemm took a
 * --candidate file's kernel) is timed at the end this many times, this
 * far apart, and the best taken: one burst in a slow phase of the host
 * read 89.0 GFLOPS on the Zen 5 guest for a kernel that three searches
 * minutes later timed at 98.9, 100.6 and 103.5; three timings 0.5 s
 * apart still fell in one such phase (92.3, 94.1 and 92.8 for the 24 x 8
 * kernel a tune a few hours before had read at 106.9, same guest), whose
 * phases last seconds: five over 8 s. */
#define WINNER_TIMINGS 5
#define WINNER_GAP_NS 2000000000L
#define NS_PER_S 1000000000L

/* The winner's timing i, logged as a cand line of MMS_WINNER_STEP; NULL when
 * the log cannot be written. */
static const struct mms_record *winner_timing(struct mms_search *s,
                                              const struct mms_cand *c,
                                              int i)
{
    struct mms_record r;
    double t = now();

    memset(&r, 0, sizeof r);
    if (i > 0 && !s->pl.fake_timing)
        nanosleep(&(struct timespec){ WINNER_GAP_NS / NS_PER_S,
                                      WINNER_GAP_NS % NS_PER_S }, NULL);
    mms_measure(&s->pl, c, MMS_TIME, i, &r.m);
    s->timed++;
    return log_measured(s, MMS_WINNER_STEP, c, i, 0, NULL, &r, now() - t);
}

/* The winner's timings at the end, logged as the step MMS_WINNER_STEP (its
 * header, a cand line per timing, its choice) so that a resumed search
 * takes them from the log rather than timing again; the best into
 * s->ref_mflops and each into text.  Returns 0; -1 when one fails (its
 * measure in m); -2 when the log cannot be written (errno). */
static int time_winner(struct mms_search *s, struct mms_cand *c,
                       struct mms_measure *m, char *text, size_t len)
{
    const char *cc = s->pl.cc[c->cc].name;
    char rest[1200], params[512];
    size_t used = 0;
    double best = 0;

    snprintf(rest, sizeof rest, "sets=kernel n=%d rule=no step timed "
             "the winner: timed %d times %.1f s apart, the best taken",
             WINNER_TIMINGS, WINNER_TIMINGS, WINNER_GAP_NS / 1e9);
    if (mms_log_event(&s->log, "step", MMS_WINNER_STEP, rest) != 0)
        return -2;
    text[0] = '\0';
    for (int i = 0; i < WINNER_TIMINGS; i++) {
        const struct mms_record *r =
            mms_log_find_cc(&s->log, &c->p, cc, MMS_WINNER_STEP, i, 0);

        if (!r && !(r = winner_timing(s, c, i)))
            return -2;
        *m = r->m;
        if (m->verdict != MMS_V_OK)
            return -1;
        best = m->mflops > best ? m->mflops : best;
        if (used < len)
            used += (size_t)snprintf(text + used, len - used, " %.1f",
                                     m->mflops);
    }
    s->ref_mflops = best;
    mms_params_text(&c->p, params, sizeof params);
    /* no test, so p = 1; the rounds after the first, as a step counts */
    snprintf(rest, sizeof rest, "by=best %s cc=%s mflops=%.1f p=1 rounds=%d "
             "why=the best of %d timings", params, cc, best,
             WINNER_TIMINGS - 1, WINNER_TIMINGS);
    return mms_log_event(&s->log, "chosen", MMS_WINNER_STEP, rest) != 0 ? -2
                                                                    : 0;
}

/* The winner built with every beta variant and verified; timed too when
 * no step timed it (time_winner).  With s->verify_only, the beta-1
 * variant alone is built and verified, never timed (the model engine's
 * few seconds are mostly this compiler call).  Returns 0 or -1 with
 * err. */
static int verify_winner(struct mms_search *s, char *err, size_t errlen)
{
    struct mms_cand c, *one[] = { &c };
    struct mmg_params p = s->ref;
    struct mms_measure m;
    const struct mms_record *r = mms_log_find_cc(
        &s->log, &s->ref, s->pl.cc[s->ref_cc].name, NULL, 0, 0);
    int timed = s->ref_mflops == 0 && !r && !s->verify_only;
    char times[WINNER_TIMINGS * 16], note[400];
    int rc = 0;

    p.betas = s->verify_only ? MMG_BETA1 : MMG_BETA_ALL;
    snprintf(p.name, sizeof p.name, "mms_winner");
    mms_cand_init(&c, &s->pl, &p);
    mms_cand_use_cc(&c, &s->pl, s->ref_cc);
    mms_build(&s->pl, one, 1);
    mms_measure(&s->pl, &c, s->verify_only ? MMS_VERIFY : MMS_VERIFY_ALL,
                0, &m);
    if (m.verdict == MMS_V_OK && timed)
        rc = time_winner(s, &c, &m, times, sizeof times);
    if (rc == -2) {
        snprintf(err, errlen, "%s: cannot write: %s", s->log.path,
                 strerror(errno));
        return -1;
    }
    if (rc == -1) {
        snprintf(err, errlen, "the winner %s passed its final check, but "
                 "timing it failed (%s): %s", c.name,
                 mms_verdict_name(m.verdict), m.why);
        return -1;
    }
    if (m.verdict != MMS_V_OK) {
        snprintf(err, errlen, "the winner %s fails its final check (%s): "
                 "%s", c.name, mms_verdict_name(m.verdict), m.why);
        return -1;
    }
    if (s->ref_mflops == 0 && r)
        s->ref_mflops = r->m.mflops;
    if (s->verify_only)
        snprintf(note, sizeof note, "why=the kernel (beta-1 variant) passed "
                 "the oracle, not timed");
    else if (timed)
        snprintf(note, sizeof note, "why=the winner, built with every beta "
                 "variant, passed the oracle again; no step timed it: "
                 "timed %d times %.1f s apart,%s MFLOPS, the best taken",
                 WINNER_TIMINGS, WINNER_GAP_NS / 1e9, times);
    else
        snprintf(note, sizeof note, "why=the winner, built with every beta "
                 "variant, passed the oracle again");
    mms_log_line(&s->log, "note", note);
    return 0;
}

static void word_of_argv(char *const *argv, char *buf, size_t len)
{
    size_t used = 0;

    buf[0] = '\0';
    for (int i = 0; argv[i] && used < len; i++)
        used += snprintf(buf + used, len - used, "%s%s", i ? " " : "",
                         argv[i]);
}

static int write_params(const struct mms_search *s, const char *output,
                        char *err, size_t errlen)
{
    struct mmt_paramsconf pc;
    const struct mmg_params *p = &s->ref;

    memset(&pc, 0, sizeof pc);
    mmt_origin_here(&pc.origin, MMT_PARAMSCONF_FORMAT, "mmsearch");
    snprintf(pc.probe_fingerprint, KV_WORD_MAX, "%s", s->probe_fingerprint);
    snprintf(pc.generator, KV_WORD_MAX, "mmgen %s", MMG_VERSION);
    pc.kernel_abi = MMT_KERNEL_ABI;
    snprintf(pc.isa, KV_WORD_MAX, "%s", mmg_isa_name(p->isa));
    pc.nb = p->nb, pc.mu = p->mu, pc.nu = p->nu, pc.ku = p->ku;
    pc.ls = p->ls, pc.fma = p->fma, pc.ff = p->ff;
    pc.ifetch = p->ifetch, pc.nfetch = p->nfetch, pc.nr = p->nr;
    pc.pf = p->pf, pc.present[MMT_Q_PF] = 1;
    /* PFB only as the step pf decided it or the user pinned it: the
     * kernel steps' PFB=0 is no choice, and the library's model takes 1
     * on a SIMD ISA where the key is absent */
    pc.pfb = p->pfb;
    pc.present[MMT_Q_PFB] = s->has_pfb || mms_pinned(&s->pins, "PFB");
    pc.ncnb = s->ncnb, pc.present[MMT_Q_NCNB] = s->has_ncnb;
    pc.k_crossover = s->k_crossover;
    pc.present[MMT_Q_K_CROSSOVER] = s->has_kx;
    /* the blocks steps' choice; else only what was pinned (the library's
     * model fills the rest) */
    pc.mc = s->has_blocks ? s->blocks.mc : s->pins.mc;
    pc.kc = s->has_blocks ? s->blocks.kc : s->pins.kc;
    pc.nc = s->has_blocks ? s->blocks.nc : s->pins.nc;
    pc.present[MMT_Q_MC] = pc.mc > 0;
    pc.present[MMT_Q_KC] = pc.kc > 0;
    pc.present[MMT_Q_NC] = pc.nc > 0;
    /* the bound every whole DGEMM of the search ran with */
    pc.small_max = s->has_blocks ? s->blocks.small : s->pins.small;
    pc.present[MMT_Q_SMALL_MAX] = pc.small_max > 0;
    snprintf(pc.cc, KV_WORD_MAX, "%s", s->pl.cc[s->ref_cc].name);
    word_of_argv(s->pl.cc[s->ref_cc].argv + 1, pc.cflags, KV_WORD_MAX);
    if (!pc.cflags[0])
        snprintf(pc.cflags, KV_WORD_MAX, "-");
    pc.mflops = s->ref_mflops;
    pc.peak_percent = s->pc.peak_mflops > 0
        ? round(10000 * s->ref_mflops / s->pc.peak_mflops) / 100 : 0;
    if (s->verify_only)
        snprintf(pc.timing, KV_WORD_MAX, "not timed (engine %s: verified "
                 "only)", s->engine);
    else
        timer_text(s, pc.timing, sizeof pc.timing);
    /* LEVEL says the engine too where it is not the search */
    snprintf(pc.level, KV_WORD_MAX, "%s%s%s",
             strcmp(s->engine, "search") ? s->engine : "",
             strcmp(s->engine, "search") && !s->verify_only ? "-" : "",
             s->verify_only ? "" : s->lv->name);
    if (mmt_paramsconf_write(output, &pc) == 0)
        return 0;
    if (errno == EDOM)
        mmt_paramsconf_validate(&pc, err, errlen);
    else
        snprintf(err, errlen, "%s: cannot write: %s", output,
                 strerror(errno));
    return -1;
}

/* NCNB and K_CROSSOVER left out of params.conf when the search ends on
 * another kernel than steps 6 and 7 searched with (the step cc or dgemm
 * took another; the step pf's PF and PFB alone do not count, nor another
 * compiler for the same kernel: both steps compare variants of one
 * kernel's code), unless pinned (the user's): they were never timed with
 * it (the Zen 5 guest's tune wrote the 40 x 5 kernel's NCNB = 80 beside
 * the 24 x 8 kernel the step dgemm kept).  The library bounds its small path by
 * SMALL_MAX, which the search writes; NCNB counts only without it. */
static void forget_side_results(struct mms_search *s)
{
    struct mmg_params side = s->side_p;
    int ncnb = s->has_ncnb && !mms_pinned(&s->pins, "NCNB");
    int kx = s->has_kx && !mms_pinned(&s->pins, "K_CROSSOVER");

    side.pf = s->ref.pf, side.pfb = s->ref.pfb;
    if (!s->has_side || (!ncnb && !kx) || mms_params_equal(&side, &s->ref))
        return;
    s->has_ncnb = s->has_ncnb && !ncnb;
    s->has_kx = s->has_kx && !kx;
    mms_log_line(&s->log, "note", "why=the search ended on another kernel "
                 "than the steps ncnb and kclean searched with: the NCNB "
                 "and K_CROSSOVER they found (unless pinned) are left out "
                 "of params.conf");
}

int mms_search_finish(struct mms_search *s, const char *output, char *err,
                      size_t errlen)
{
    char params[512], rest[1400], why[600], blocks[160] = "";
    double pct;

    if (verify_winner(s, err, errlen) != 0)
        return -1;
    forget_side_results(s);
    if (s->has_blocks)
        snprintf(blocks, sizeof blocks, " mc=%d kc=%d nc=%d dgemm=%.1f",
                 s->blocks.mc, s->blocks.kc, s->blocks.nc,
                 s->blocks_mflops);
    s->reused = mms_log_reused(&s->log);
    pct = s->pc.peak_mflops > 0 ? 100 * s->ref_mflops / s->pc.peak_mflops
                                : 0;
    mms_params_text(&s->ref, params, sizeof params);
    if (s->steps_done[0])
        snprintf(why, sizeof why, "%s", s->steps_done);
    else
        step_times(s, why, sizeof why);
    /* this run whole, and what earlier runs' timings cost */
    snprintf(rest, sizeof rest, "%s cc=%s mflops=%.1f pct=%.2f%s "
             "seconds=%.1f timed=%d reused=%d why=%s", params,
             s->pl.cc[s->ref_cc].name, s->ref_mflops, pct, blocks,
             now() - s->t0 + logged_seconds(&s->log, NULL, 1, 0), s->timed,
             s->reused, why[0] ? why : "no step timed");
    if (mms_log_line(&s->log, "summary", rest) != 0) {
        snprintf(err, errlen, "%s: cannot write: %s", s->log.path,
                 strerror(errno));
        return -1;
    }
    say(s, "%s: %s NB=%d MU=%d NU=%d KU=%d LS=%d FMA=%d FF=%d IF=%d "
        "NF=%d CC=%s, %.1f MFLOPS (%.1f%% of peak); %d timings, %d from the "
        "log, %.1f s\n", s->verify_only ? "model (verified, not timed)"
        : "winner", mmg_isa_name(s->ref.isa), s->ref.nb, s->ref.mu,
        s->ref.nu, s->ref.ku, s->ref.ls, s->ref.fma, s->ref.ff,
        s->ref.ifetch, s->ref.nfetch, s->pl.cc[s->ref_cc].name,
        s->ref_mflops, pct, s->timed,
        s->reused, now() - s->t0);
    if (s->has_blocks)
        say(s, "blocking: MC=%d KC=%d NC=%d (NB=%d) SMALL_MAX=%d%s",
            s->blocks.mc, s->blocks.kc, s->blocks.nc, s->blocks.nb,
            s->blocks.small, s->blocks_mflops > 0 ? ", " : "\n");
    if (s->has_blocks && s->blocks_mflops > 0)
        say(s, "the whole DGEMM at %.1f MFLOPS (%.1f%% of peak)\n",
            s->blocks_mflops, s->pc.peak_mflops > 0
            ? 100 * s->blocks_mflops / s->pc.peak_mflops : 0);
    return output ? write_params(s, output, err, errlen) : 0;
}
