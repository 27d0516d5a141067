/* bench-search's dense sweep (search_sweep.h). */
#define _GNU_SOURCE
#include "bench/search_sweep.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "common/common.h"
#include "timer/mmtimer.h"
#include "tune/tune.h"

enum { CHUNK_MAX = 256 };

static double now(void)
{
    return mmtm_clock_seconds(MMTM_CLOCK_WALL);
}

/* ---- the space --------------------------------------------------------- */

static const struct mms_step *step_named(const char *name)
{
    for (int i = 0; i < mms_nsteps; i++)
        if (strcmp(mms_steps[i].name, name) == 0)
            return &mms_steps[i];
    return NULL;
}

static int fits(const struct mmg_params *p)
{
    return mmg_regs_needed(p) <= mmg_regs_available(p);
}

/* The winner's values with tile mu x nu and KU = 1; IF and NF brought
 * into the tile's loads per k step where the winner's exceed them. */
static void tile_base(const struct mmg_params *w, int mu, int nu,
                      struct mmg_params *b)
{
    int loads;

    *b = *w;
    b->mu = mu, b->nu = nu, b->ku = 1;
    loads = mmg_loads_per_step(b);
    if (b->ifetch > loads)
        b->ifetch = loads;
    if (b->nfetch > loads)
        b->nfetch = loads;
}

/* Does p have the values --pin asked for? */
static int wanted(const struct bs_opts *o, const struct mmg_params *p)
{
    struct mmg_params q = *p;

    mms_pins_apply(&o->only, &q);
    return mms_params_equal(&q, p);
}

static int add_point(struct bs_sweep *s, const struct mmg_params *p,
                     int *cap)
{
    if (s->n == *cap) {
        int more = *cap ? 2 * *cap : 256;
        struct bs_point *pt = realloc(s->pt, sizeof *pt * (size_t)more);
        if (!pt)
            return -1;
        s->pt = pt, *cap = more;
    }
    memset(&s->pt[s->n], 0, sizeof s->pt[s->n]);
    s->pt[s->n].p = *p;
    s->pt[s->n++].verdict = MMS_V_NONE;
    return 0;
}

/* NB of the tile of b, as the normal level's nb step ranges it (its
 * KU = NB twins left out), thinned by --nb-step (the winner's NB always
 * kept) and bounded by --nb-max. */
static int add_tile(struct bs_sweep *s, const struct mms_space *sp,
                    const struct mmg_params *b, int *cap)
{
    static struct mmg_params nbs[MMS_MAX_CANDS];
    int n = mms_step_candidates(sp, step_named("nb"), b, nbs,
                                MMS_MAX_CANDS), k = 0;

    for (int i = 0; i < n; i++) {
        if (nbs[i].ku != 1)
            continue;
        if ((k++ % s->o->nb_step != 0 && nbs[i].nb != s->winner.nb)
            || (s->o->nb_max && nbs[i].nb > s->o->nb_max)
            || !wanted(s->o, &nbs[i]))
            continue;
        if (add_point(s, &nbs[i], cap) != 0)
            return -1;
    }
    return 0;
}

int bs_space(struct bs_sweep *s, const struct mmg_params *w)
{
    static struct mmg_params tiles[MMS_MAX_CANDS];
    /* normal's NB reach; every fitting tile (the full level's MU x NU) */
    struct mms_level lv = *mms_level_find("normal");
    struct mms_pins none;
    struct mms_space sp = { s->pc, &lv, &none };
    struct mmg_params ref = *w;
    int nt, cap = 0;

    memset(&none, 0, sizeof none);
    lv.munu_keep = 0;
    s->winner = *w;
    ref.ku = 1;
    nt = mms_step_candidates(&sp, step_named("munu"), &ref, tiles,
                             MMS_MAX_CANDS);
    for (int i = 0; i < nt; i++) {
        struct mmg_params b;
        tile_base(w, tiles[i].mu, tiles[i].nu, &b);
        if (fits(&b) && add_tile(s, &sp, &b, &cap) != 0)
            return -1;
    }
    return 0;
}

void bs_tile_text(const struct mmg_params *p, char *buf, size_t len)
{
    snprintf(buf, len, "NB=%d MU=%d NU=%d KU=%d", p->nb, p->mu, p->nu,
             p->ku);
}

/* ---- timing: on one CPU, under the lock -------------------------------- */

static cpu_set_t all_cpus;
static int lock_fd = -1;

void bs_lock(const struct bs_opts *o)
{
    if (o->lock && lock_fd < 0) {
        lock_fd = open(o->lock, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW,
                       0600);
        if (lock_fd < 0)
            mmc_warn("%s: cannot open the timing lock: %s (timing "
                     "without it)", o->lock, strerror(errno));
    }
    if (lock_fd >= 0 && flock(lock_fd, LOCK_EX | LOCK_NB) != 0) {
        fprintf(stderr, "%s: waiting for the timing lock %s\n",
                mmc_progname(), o->lock);
        flock(lock_fd, LOCK_EX);
    }
}

void bs_unlock(void)
{
    if (lock_fd >= 0)
        flock(lock_fd, LOCK_UN);
}

/* Take the lock and the CPU for a timing phase (compiles run between
 * phases, on every CPU, without the lock). */
static void timing_begin(const struct bs_opts *o)
{
    cpu_set_t one;

    bs_lock(o);
    if (o->cpu < 0)
        return;
    sched_getaffinity(0, sizeof all_cpus, &all_cpus);
    CPU_ZERO(&one);
    CPU_SET(o->cpu, &one);
    if (sched_setaffinity(0, sizeof one, &one) != 0)
        mmc_warn("--cpu=%d: cannot run there: %s (timing unpinned)", o->cpu,
                 strerror(errno));
}

static void timing_end(const struct bs_opts *o)
{
    if (o->cpu >= 0)
        sched_setaffinity(0, sizeof all_cpus, &all_cpus);
    bs_unlock();
}

/* One timing; the first ok one says how timings are made. */
static void measure(struct bs_sweep *s, const struct mms_cand *c,
                    unsigned what, struct mms_measure *m)
{
    mms_measure(s->pl, c, what, ++s->seq, m);
    if (m->verdict == MMS_V_OK && (what & MMS_TIME) && !s->how[0]) {
        snprintf(s->how, sizeof s->how, "%s", m->why);
        /* that one timing's spread is no property of the others */
        if (strstr(s->how, ", spread "))
            *strstr(s->how, ", spread ") = '\0';
    }
}

static void cand_of(const struct bs_sweep *s, const struct mmg_params *p,
                    struct mms_cand *c)
{
    struct mmg_params q = *p;

    q.betas = MMG_BETA1;           /* the variant timed, as the search */
    mms_cand_init(c, s->pl, &q);
}

/* ---- screening --------------------------------------------------------- */

static void log_point(const struct bs_sweep *s, const struct bs_point *t)
{
    char params[512];

    if (!s->log)
        return;
    mms_params_text(&t->p, params, sizeof params);
    fprintf(s->log, "sweep %s verdict=%s mflops=%.1f pct=%.2f "
            "winner_mflops=%.1f ratio=%.4f why=%s\n", params,
            mms_verdict_name(t->verdict), t->mflops,
            s->pc->peak_mflops > 0 ? 100 * t->mflops / s->pc->peak_mflops
                                   : 0, t->winner_mflops, t->ratio,
            t->why[0] ? t->why : "-");
}

static int best_point(const struct bs_sweep *s)
{
    int best = -1;

    for (int i = 0; i < s->n; i++)
        if (s->pt[i].verdict == MMS_V_OK
            && (best < 0 || s->pt[i].ratio > s->pt[best].ratio))
            best = i;
    return best;
}

static void show(const struct bs_sweep *s, const char *what, int k, int n,
                 double t0)
{
    int b = best_point(s);
    char tile[64] = "-";
    double t = now() - t0, left = k > 0 ? t / k * (n - k) : 0;

    if (b >= 0)
        bs_tile_text(&s->pt[b].p, tile, sizeof tile);
    if (s->o->progress)
        fprintf(stderr, "\r\033[Ksweep: %s %d/%d, best %s at %.3f of the "
                "winner, %.0f s, ~%.0f s left", what, k, n, tile,
                b >= 0 ? s->pt[b].ratio : 0, t, left);
    else if (strcmp(what, "timed") == 0)
        printf("sweep: %d of %d timed, %.0f s; best so far %s at %.3f of "
               "the winner\n", k, n, t, tile, b >= 0 ? s->pt[b].ratio : 0);
    fflush(stdout);
}

/* The winner's timing (A), for the ratios of the points timed next to
 * it. */
static double winner_timing(struct bs_sweep *s, const struct mms_cand *w)
{
    struct mms_measure a;

    measure(s, w, MMS_TIME, &a);
    return a.verdict == MMS_V_OK ? a.mflops : 0;
}

/* The point's timing; its ratio comes when the winner's after it is in. */
static void screen_one(struct bs_sweep *s, const struct mms_cand *c,
                       struct bs_point *t)
{
    struct mms_measure b;

    measure(s, c, MMS_VERIFY | MMS_TIME, &b);
    t->verdict = b.verdict;
    t->mflops = b.verdict == MMS_V_OK ? b.mflops : 0;
    if (b.verdict != MMS_V_OK)
        snprintf(t->why, sizeof t->why, "%s", b.why);
    else if (strstr(b.why, "SUSPECT"))
        snprintf(t->why, sizeof t->why, "%s", strstr(b.why, "SUSPECT"));
}

/* A point over the mean of the winner's timings just before and just
 * after it (A B A C A ...): a slow phase that starts or ends next to it
 * weighs half. */
static void set_ratio(struct bs_point *t, double before, double after)
{
    int n = (before > 0) + (after > 0);

    t->winner_mflops = n ? (before + after) / n : 0;
    t->ratio = t->winner_mflops > 0 ? t->mflops / t->winner_mflops : 0;
}

static void screen_chunk(struct bs_sweep *s, const struct mms_cand *w,
                         int from, int to, double t0)
{
    static struct mms_cand cs[CHUNK_MAX];
    struct mms_cand *todo[CHUNK_MAX];
    double before;

    for (int i = from; i < to; i++) {
        cand_of(s, &s->pt[i].p, &cs[i - from]);
        todo[i - from] = &cs[i - from];
    }
    if (s->o->progress)
        show(s, "building", from, s->n, t0);
    mms_build(s->pl, todo, to - from);
    timing_begin(s->o);
    before = winner_timing(s, w);
    for (int i = from; i < to; i++) {
        double after;
        screen_one(s, &cs[i - from], &s->pt[i]);
        after = winner_timing(s, w);
        set_ratio(&s->pt[i], before, after);
        before = after;
        log_point(s, &s->pt[i]);
        s->timed++;
        if (s->o->progress)
            show(s, "timed", i + 1, s->n, t0);
    }
    timing_end(s->o);
    for (int i = from; i < to; i++)
        mms_cand_clean(&cs[i - from]);
}

/* The winner, built and verified before anything is compared with it. */
static int winner_ready(struct bs_sweep *s, struct mms_cand *w, char *err,
                        size_t errlen)
{
    struct mms_cand *one[] = { w };
    struct mms_measure m;

    cand_of(s, &s->winner, w);
    mms_build(s->pl, one, 1);
    measure(s, w, MMS_VERIFY, &m);
    if (m.verdict == MMS_V_OK)
        return 0;
    snprintf(err, errlen, "the search's winner %s: %s: %s", w->name,
             mms_verdict_name(m.verdict), m.why);
    return -1;
}

int bs_screen(struct bs_sweep *s, char *err, size_t errlen)
{
    static struct mms_cand w;
    double t0 = now();
    int from, chunk = s->o->chunk < 1 ? 1 : s->o->chunk > CHUNK_MAX
        ? CHUNK_MAX : s->o->chunk;

    if (winner_ready(s, &w, err, errlen) != 0)
        return -1;
    for (from = 0; from < s->n; from += chunk) {
        if (from > 0 && s->o->time_limit_s > 0
            && now() - t0 > s->o->time_limit_s)
            break;
        screen_chunk(s, &w, from, from + chunk < s->n ? from + chunk : s->n,
                     t0);
        if (!s->o->progress)
            show(s, "timed", s->timed, s->n, t0);
    }
    if (s->o->progress)
        fputs("\r\033[K", stderr);
    for (int i = from; i < s->n; i++) {
        snprintf(s->pt[i].why, sizeof s->pt[i].why, "not timed: the time "
                 "limit of %g s was reached", s->o->time_limit_s);
        log_point(s, &s->pt[i]);
    }
    s->screen_s = now() - t0;
    return 0;
}

/* ---- the final rounds -------------------------------------------------- */

static int in_finals(const struct bs_sweep *s, const struct mmg_params *p)
{
    for (int i = 0; i < s->nfin; i++)
        if (mms_params_equal(&s->fin[i].p, p))
            return 1;
    return 0;
}

static void add_final(struct bs_sweep *s, const char *role,
                      const struct mmg_params *p)
{
    struct bs_final *f = &s->fin[s->nfin++];

    memset(f, 0, sizeof *f);
    snprintf(f->role, sizeof f->role, "%s", role);
    f->p = *p;
    f->ok = 1;
    for (int i = 0; i < s->n && !f->in_sweep; i++)
        f->in_sweep = mms_params_equal(&s->pt[i].p, p);
}

/* The winner first, the model's kernel, then the best screened points
 * by ratio (the kernels already there are not taken twice). */
static void pick_finals(struct bs_sweep *s)
{
    int want = s->o->finalists;

    s->nfin = 0;
    add_final(s, "winner", &s->winner);
    if (s->has_model && !in_finals(s, &s->model))
        add_final(s, "model", &s->model);
    while (want > 0 && s->nfin < BS_FINALS_MAX) {
        int best = -1;
        char role[16];
        for (int i = 0; i < s->n; i++)
            if (s->pt[i].verdict == MMS_V_OK && !in_finals(s, &s->pt[i].p)
                && (best < 0 || s->pt[i].ratio > s->pt[best].ratio))
                best = i;
        if (best < 0)
            break;
        snprintf(role, sizeof role, "sweep#%d", s->o->finalists - --want);
        add_final(s, role, &s->pt[best].p);
    }
}

static void log_final(const struct bs_sweep *s, const struct bs_final *f,
                      int round)
{
    char params[512];

    if (!s->log)
        return;
    mms_params_text(&f->p, params, sizeof params);
    fprintf(s->log, "final role=%s in_sweep=%d round=%d %s mflops=%.1f "
            "ratio=%.4f\n", f->role, f->in_sweep, round, params,
            f->mflops[round - 1], f->ratio[round - 1]);
}

static void one_round(struct bs_sweep *s, struct mms_cand *cs, int round)
{
    int r = round - 1;

    for (int i = 0; i < s->nfin; i++) {
        struct bs_final *f = &s->fin[i];
        struct mms_measure m;
        measure(s, &cs[i], MMS_TIME, &m);
        f->mflops[r] = m.verdict == MMS_V_OK ? m.mflops : 0;
        if (m.verdict != MMS_V_OK && f->ok) {
            f->ok = 0;
            snprintf(f->why, sizeof f->why, "%s: %.300s",
                     mms_verdict_name(m.verdict), m.why);
        }
    }
    for (int i = 0; i < s->nfin; i++) {
        struct bs_final *f = &s->fin[i];
        f->ratio[r] = s->fin[0].mflops[r] > 0
            ? f->mflops[r] / s->fin[0].mflops[r] : 0;
    }
}

static void summarise(struct bs_final *f, const struct bs_final *w,
                      int rounds)
{
    f->p_faster = mms_rank_sum_p(f->ratio, rounds, w->ratio, rounds);
    f->med_mflops = mms_median(f->mflops, rounds);
    f->med_ratio = mms_median(f->ratio, rounds);
    f->lo_ratio = f->hi_ratio = f->ratio[0];
    for (int r = 1; r < rounds; r++) {
        if (f->ratio[r] < f->lo_ratio)
            f->lo_ratio = f->ratio[r];
        if (f->ratio[r] > f->hi_ratio)
            f->hi_ratio = f->ratio[r];
    }
}

/* Every finalist built and verified (the model's kernel was not yet). */
static void finals_ready(struct bs_sweep *s, struct mms_cand *cs)
{
    struct mms_cand *todo[BS_FINALS_MAX];

    for (int i = 0; i < s->nfin; i++) {
        cand_of(s, &s->fin[i].p, &cs[i]);
        todo[i] = &cs[i];
    }
    mms_build(s->pl, todo, s->nfin);
    for (int i = 0; i < s->nfin; i++) {
        struct mms_measure m;
        measure(s, &cs[i], MMS_VERIFY, &m);
        if (m.verdict != MMS_V_OK) {
            s->fin[i].ok = 0;
            snprintf(s->fin[i].why, sizeof s->fin[i].why, "%s: %.300s",
                     mms_verdict_name(m.verdict), m.why);
        }
    }
}

int bs_finals(struct bs_sweep *s, char *err, size_t errlen)
{
    static struct mms_cand cs[BS_FINALS_MAX];
    int rounds = s->o->rounds;

    pick_finals(s);
    finals_ready(s, cs);
    timing_begin(s->o);
    for (int r = 1; r <= rounds; r++) {
        if (s->o->progress)
            fprintf(stderr, "\r\033[Kfinal rounds: %d/%d", r, rounds);
        one_round(s, cs, r);
        for (int i = 0; i < s->nfin; i++)
            log_final(s, &s->fin[i], r);
    }
    timing_end(s->o);
    if (s->o->progress)
        fputs("\r\033[K", stderr);
    for (int i = 0; i < s->nfin; i++)
        summarise(&s->fin[i], &s->fin[0], rounds);
    if (s->fin[0].ok)
        return 0;
    snprintf(err, errlen, "the search's winner failed in the final rounds: "
             "%s", s->fin[0].why);
    return -1;
}

int bs_best_final(const struct bs_sweep *s)
{
    int best = -1;

    for (int i = 0; i < s->nfin; i++)
        if (s->fin[i].in_sweep && s->fin[i].ok
            && (best < 0 || s->fin[i].med_ratio > s->fin[best].med_ratio))
            best = i;
    return best;
}
