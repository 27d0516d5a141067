/* A search.log regrouped per step (report.h). */
#include "tune/report.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tune/steps.h"

/* ---- reading ----------------------------------------------------------- */

static struct mmr_step *step_of(struct mmr_report *r, const char *name)
{
    for (int i = 0; i < r->nsteps; i++)
        if (strcmp(r->step[i].name, name) == 0)
            return &r->step[i];
    if (r->nsteps == MMR_MAX_STEPS)
        return NULL;
    snprintf(r->step[r->nsteps].name, sizeof r->step[0].name, "%s", name);
    r->step[r->nsteps].secs = -1;
    return &r->step[r->nsteps++];
}

static void text(char *dst, const struct mms_event *ev, const char *key)
{
    const char *v = mms_event_value(ev, key);

    snprintf(dst, MMR_TEXT, "%s", v ? v : "");
}

static void take_chosen(struct mmr_step *st, const struct mms_event *ev)
{
    st->has_chosen = 1;
    st->chosen = ev->rec;
    snprintf(st->by, sizeof st->by, "%s", mms_event_value(ev, "by"));
    st->p = strtod(mms_event_value(ev, "p"), NULL);
    st->chosen_rounds = atoi(mms_event_value(ev, "rounds"));
    text(st->chosen_why, ev, "why");
}

static void take_summary(struct mmr_report *r, const struct mms_event *ev)
{
    r->has_summary = 1;
    r->summary = ev->rec;
    r->seconds = strtod(mms_event_value(ev, "seconds"), NULL);
    r->timed = atoi(mms_event_value(ev, "timed"));
    r->reused = atoi(mms_event_value(ev, "reused"));
    text(r->summary_why, ev, "why");
    if (mms_event_value(ev, "mc")) {
        r->mc = atoi(mms_event_value(ev, "mc"));
        r->kc = atoi(mms_event_value(ev, "kc"));
        r->nc = atoi(mms_event_value(ev, "nc"));
        r->dgemm = strtod(mms_event_value(ev, "dgemm"), NULL);
    }
}

/* mms_event_fn: each event into r (the walk keeps the cand lines
 * themselves in r->log); steps in the order they appear. */
static int on_event(const struct mms_event *ev, void *ctx, char *why,
                    size_t len)
{
    struct mmr_report *r = ctx;
    struct mmr_step *st = NULL;

    if (strcmp(ev->type, "note") == 0)
        return 0;
    if (strcmp(ev->type, "summary") == 0) {
        take_summary(r, ev);
        return 0;
    }
    if (!(st = step_of(r, ev->rec.step))) {
        snprintf(why, len, "more than %d steps", MMR_MAX_STEPS);
        return -1;
    }
    if (strcmp(ev->type, "step") == 0) {
        text(st->sets, ev, "sets");   /* sets is short: truncated safely */
        text(st->rule, ev, "rule");
    } else if (strcmp(ev->type, "skip") == 0) {
        st->skipped = 1;
        text(st->skip_why, ev, "why");
    } else if (strcmp(ev->type, "chosen") == 0) {
        take_chosen(st, ev);
    }
    return 0;
}

/* ---- one step's candidates --------------------------------------------- */

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The median of v[0..n) (sorted in place); 0 when n is 0. */
static double median(double *v, int n)
{
    if (n == 0)
        return 0;
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static int is_step(const struct mms_record *rec, const struct mmr_step *st)
{
    return strcmp(rec->step, st->name) == 0;
}

/* The same kernel built with the same compiler, timed the same way. */
static int same(const struct mms_record *rec, const struct mmg_params *p,
                int nc, const char *cc)
{
    return mms_params_equal(&rec->p, p) && rec->nc == nc
           && strcmp(rec->cc, cc) == 0;
}

static struct mmr_cand *cand_of(struct mmr_step *st,
                                const struct mms_record *rec)
{
    for (int i = 0; i < st->ncand; i++)
        if (same(rec, &st->cand[i].p, st->cand[i].nc, st->cand[i].cc))
            return &st->cand[i];
    st->cand[st->ncand] = (struct mmr_cand){ .p = rec->p, .nc = rec->nc,
                                             .verdict = MMS_V_OK };
    snprintf(st->cand[st->ncand].cc, sizeof st->cand[0].cc, "%s", rec->cc);
    return &st->cand[st->ncand++];
}

/* The round-0 timing of p anywhere in the log: the value a step carries
 * in from the one before was screened there. */
static const struct mms_record *screen_of(const struct mmr_report *r,
                                          const struct mmr_cand *c)
{
    for (int i = 0; i < r->nrec; i++)
        if (r->rec[i].round == 0 && !r->rec[i].ref
            && same(&r->rec[i], &c->p, c->nc, c->cc))
            return &r->rec[i];
    return NULL;
}

static void take_record(struct mmr_step *st, const struct mms_record *rec)
{
    struct mmr_cand *c;

    if (rec->ref) {
        st->has_ref = 1, st->ref = rec->p, st->ref_nc = rec->nc;
        st->ref_kt |= rec->kt > 0;
        snprintf(st->ref_cc, sizeof st->ref_cc, "%s", rec->cc);
        if (rec->pair)   /* its candidate is the step's next screen */
            st->paired = 1, st->pending = rec->m.verdict == MMS_V_OK
                                          ? rec->m.mflops : -1;
        return;
    }
    c = cand_of(st, rec);
    if (rec->round == 0) {
        c->screen = rec, c->screen_here = 1;
        if (st->pending > 0 && rec->m.verdict == MMS_V_OK)
            c->beside = rec->m.mflops / st->pending;
        st->pending = 0;
    }
    if (rec->m.verdict != MMS_V_OK && c->verdict == MMS_V_OK)
        c->verdict = rec->m.verdict, c->why = rec->m.why;
}

/* The reference kernel's timing in the step's round at the run-time k
 * kt (0: its tile), or 0. */
static double ref_in_round(const struct mmr_report *r,
                           const struct mmr_step *st, int round, int kt)
{
    for (int i = 0; i < r->nrec; i++) {
        const struct mms_record *rec = &r->rec[i];
        if (rec->ref && rec->round == round && rec->kt == kt
            && is_step(rec, st) && rec->m.verdict == MMS_V_OK)
            return rec->m.mflops;
    }
    return 0;
}

/* c's re-timings: how many, their median and the median of their
 * ratios to the reference kernel of the same round (what the step's
 * rank-sum test compared; tune/decide.c).  In step 7 the reference is
 * the general K cleanup, timed at each candidate's K (kt=). */
static void retimings(const struct mmr_report *r, const struct mmr_step *st,
                      struct mmr_cand *c, double *mflops, double *ratio)
{
    int n = 0, nratio = 0, kt = st->ref_kt && c->p.k > 0 ? c->p.k : 0;

    for (int i = 0; i < r->nrec; i++) {
        const struct mms_record *rec = &r->rec[i];
        double ref;
        if (rec->ref || rec->round == 0 || !is_step(rec, st)
            || rec->m.verdict != MMS_V_OK
            || !same(rec, &c->p, c->nc, c->cc))
            continue;
        mflops[n++] = rec->m.mflops;
        if ((ref = ref_in_round(r, st, rec->round, kt)) > 0)
            ratio[nratio++] = rec->m.mflops / ref;
    }
    c->rounds = n;
    c->median = median(mflops, n);
    c->ratio = median(ratio, nratio);
}

static void ref_stats(const struct mmr_report *r, struct mmr_step *st,
                      double *mflops)
{
    int n = 0;

    for (int i = 0; i < r->nrec; i++)     /* its rounds' timings */
        if (r->rec[i].ref && !r->rec[i].pair && is_step(&r->rec[i], st)
            && r->rec[i].m.verdict == MMS_V_OK)
            mflops[n++] = r->rec[i].m.mflops;
    st->ref_median = median(mflops, n);
}

/* ---- one step's columns and time --------------------------------------- */

static int in_list(const char *list, const char *key)
{
    size_t n = strlen(key);
    const char *p = list;

    while (p) {
        if (strncmp(p, key, n) == 0 && (p[n] == ',' || p[n] == '\0'))
            return 1;
        p = strchr(p, ',');
        p = p ? p + 1 : NULL;
    }
    return 0;
}

static int param_value(const struct mmg_params *p, int i)
{
    return *(const int *)((const char *)p + mmg_int_params[i].offset);
}

/* Whether column col tells the step's candidates apart (or the step
 * decides it). */
static int col_varies(const struct mmr_step *st, int col)
{
    const char *key = mmr_col_name(col);

    if (in_list(st->sets, key))
        return 1;
    for (int i = 1; i < st->ncand; i++) {
        const struct mmg_params *a = &st->cand[0].p, *b = &st->cand[i].p;
        if (col == MMR_CC ? strcmp(st->cand[0].cc, st->cand[i].cc) != 0
            : col == MMR_NC ? st->cand[0].nc != st->cand[i].nc
            : col == MMR_MC ? a->m != b->m : col == MMR_KC ? a->k != b->k
            : col == MMR_SMALL ? a->ncnb != b->ncnb
            : col == MMR_TILE ? a->mu != b->mu || a->nu != b->nu
            : col == MMR_ISA ? a->isa != b->isa
                           : param_value(a, col) != param_value(b, col))
            return 1;
    }
    return 0;
}

static int key_col(const char *key)
{
    for (int i = 0; i < (int)mmg_n_int_params; i++)
        if (strcmp(mmg_int_params[i].key, key) == 0)
            return i;
    return MMR_ISA;
}

/* The columns of cols[0..n-1] that vary, in that order, as the room
 * (of a table's 80 columns) allows. */
static void varying_columns(struct mmr_step *st, const int *cols, int n,
                            int room)
{
    st->ncol = 0;
    for (int i = 0; i < n && st->ncol < MMR_MAX_COLS; i++)
        if (col_varies(st, cols[i]) && mmr_col_width(cols[i]) <= room) {
            st->col[st->ncol++] = cols[i];
            room -= mmr_col_width(cols[i]);
        }
}

/* The dgemm, pf and ncnu steps' columns, in this order, each when it
 * varies and the room is left (a table's other columns take 61 of its
 * 80, a row's mark 4): the compiler, the tile, then the kernel's other
 * keys (not its blocking, which follows the kernel there).  The step
 * seeds' (whole sets): the blocking first, then those, in the room of a
 * blocks step's four columns. */
static void kernel_columns(struct mmr_step *st, int whole)
{
    static const char *const keys[] = { "NCNU", "PF", "PFB", "KU", "FMA",
                                        "LS", "FF", "IF", "NF" };
    int cols[18] = { MMR_MC, MMR_KC, MMR_NC, MMR_SMALL };
    int n = whole ? 4 : 0;

    cols[n++] = MMR_CC, cols[n++] = MMR_TILE, cols[n++] = MMR_ISA;
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        cols[n++] = key_col(keys[i]);
    varying_columns(st, cols, n, whole ? 20 : 80 - 61 - 4);
}

/* A blocks step's columns: MC, KC, NB, NC and SMALL_MAX (the kernel's
 * M, K, N and NCNB are MC, KC, NB and SMALL_MAX); any other step's: the
 * ISA, the compiler and the generator's parameters (the dgemm step's:
 * those of the kernel).  Each only when it varies or is decided. */
static void pick_columns(struct mmr_step *st)
{
    static const int blocks[] = { MMR_MC, MMR_KC, -1, MMR_NC, MMR_SMALL };
    int dgemm = st->ncand > 0 && st->cand[0].nc > 0;

    st->ncol = 0;
    for (size_t i = 0; dgemm && i < sizeof blocks / sizeof *blocks; i++) {
        int col = blocks[i] == -1 ? key_col("NB") : blocks[i];
        if (col_varies(st, col))
            st->col[st->ncol++] = col;
    }
    for (int col = MMR_CC; !dgemm && col < (int)mmg_n_int_params; col++)
        if (st->ncol < MMR_MAX_COLS && col_varies(st, col))
            st->col[st->ncol++] = col;
}

/* The summary's per-step seconds; without a summary (a search killed
 * or still running) the sum of the step's cand secs=, which hold the
 * timings and the compiles but not the decisions between them. */
static void step_time(const struct mmr_report *r, struct mmr_step *st)
{
    if (r->has_summary) {
        st->secs = mms_summary_step_seconds(r->summary_why, st->name);
        return;
    }
    for (int i = 0; i < r->nrec; i++)
        if (is_step(&r->rec[i], st)) {
            st->secs = (st->secs < 0 ? 0 : st->secs) + r->rec[i].secs;
            st->secs_timings_only = 1;
        }
}

static int build_step(struct mmr_report *r, struct mmr_step *st)
{
    double *scratch = malloc(2 * sizeof *scratch * (size_t)(r->nrec + 1));

    st->cand = calloc((size_t)r->nrec + 1, sizeof *st->cand);
    if (!scratch || !st->cand) {
        free(scratch);
        return -1;
    }
    for (int i = 0; i < r->nrec; i++)
        if (is_step(&r->rec[i], st))
            take_record(st, &r->rec[i]);
    for (int i = 0; i < st->ncand; i++) {
        struct mmr_cand *c = &st->cand[i];
        if (!c->screen)
            c->screen = screen_of(r, c);
        retimings(r, st, c, scratch, scratch + r->nrec);
        c->chosen = st->has_chosen && same(&st->chosen, &c->p, c->nc,
                                           c->cc);
        /* the reference screened in a paired screen is its own pair */
        if (st->paired && c->screen_here && c->screen->m.verdict == MMS_V_OK
            && same(c->screen, &st->ref, st->ref_nc, st->ref_cc))
            c->beside = 1;
    }
    ref_stats(r, st, scratch);
    if (in_list(st->sets, "KERNEL") || in_list(st->sets, "PF")
        || in_list(st->sets, "NCNU") || in_list(st->sets, "ALL"))
        kernel_columns(st, in_list(st->sets, "ALL"));
    else
        pick_columns(st);
    step_time(r, st);
    free(scratch);
    return 0;
}

int mmr_read(struct mmr_report *r, const char *path, char *err,
             size_t errlen)
{
    memset(r, 0, sizeof *r);
    r->path = path;
    r->ncand_lines = mms_log_walk(path, &r->head, &r->log, on_event, r, err,
                                  errlen);
    if (r->ncand_lines < 0)
        return -1;
    r->rec = r->log.rec, r->nrec = r->log.nrec;
    for (int i = 0; i < r->nsteps; i++)
        if (build_step(r, &r->step[i]) != 0) {
            snprintf(err, errlen, "%s: out of memory", path);
            return -1;
        }
    return 0;
}

void mmr_free(struct mmr_report *r)
{
    for (int i = 0; i < r->nsteps; i++)
        free(r->step[i].cand);
    mms_log_close(&r->log);
    r->rec = NULL, r->nrec = r->nsteps = 0;
}

const struct mmr_step *mmr_step_find(const struct mmr_report *r,
                                     const char *name)
{
    for (int i = 0; i < r->nsteps; i++)
        if (strcmp(r->step[i].name, name) == 0)
            return &r->step[i];
    return NULL;
}

/* ---- parameters as text ------------------------------------------------ */

const char *mmr_col_name(int col)
{
    return col == MMR_NC ? "NC" : col == MMR_MC ? "MC" : col == MMR_KC ? "KC"
        : col == MMR_SMALL ? "SMALL_MAX"
        : col == MMR_TILE ? "TILE"
        : col == MMR_CC ? "CC" : col == MMR_ISA ? "ISA"
        : mmg_int_params[col].key;
}

int mmr_col_width(int col)
{
    int name = (int)strlen(mmr_col_name(col)) + 1;

    return col == MMR_ISA || col == MMR_CC ? 7 : col == MMR_TILE ? 6
        : name > 5 ? name : 5;
}

void mmr_col_value(int col, const struct mmg_params *p, const char *cc,
                   int nc, char *buf, size_t len)
{
    if (col == MMR_TILE)
        snprintf(buf, len, "%dx%d", p->mu, p->nu);
    else if (col == MMR_NC || col == MMR_MC || col == MMR_KC
             || col == MMR_SMALL)
        snprintf(buf, len, "%d", col == MMR_NC ? nc
                 : col == MMR_MC ? p->m : col == MMR_KC ? p->k : p->ncnb);
    else if (col == MMR_CC)
        snprintf(buf, len, "%s", cc);
    else if (col == MMR_ISA)
        snprintf(buf, len, "%s", mmg_isa_name(p->isa));
    else
        snprintf(buf, len, "%d", param_value(p, col));
}

void mmr_params_text(const struct mmg_params *p, char *buf, size_t len)
{
    size_t used = (size_t)snprintf(buf, len, "ISA=%s", mmg_isa_name(p->isa));

    for (int s = 0; s < mms_nsteps; s++)
        for (int i = 0; i < (int)mmg_n_int_params && used < len; i++)
            if (in_list(mms_steps[s].sets, mmg_int_params[i].key)
                && param_value(p, i) != MMG_TILE)
                used += (size_t)snprintf(buf + used, len - used, " %s=%d",
                                         mmg_int_params[i].key,
                                         param_value(p, i));
}
