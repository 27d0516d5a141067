/* The blocks steps' parent side (blocks.h). */
#define _GNU_SOURCE
#include "tune/blocks.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kernels/kernels.h"
#include "common/common.h"
#include "tune/objcache.h"

/* The library's list, kernels/local.mk's MML_DRIVER_SOURCES, from the
 * build (tune/local.mk): a copy here would fall behind it. */
#ifndef MMS_DRIVER_SOURCES
#error "MMS_DRIVER_SOURCES: the build passes kernels/local.mk's list"
#endif

enum { EDGE_NB = 1024 };  /* mmgen's largest tile: any block fits */

void mms_libparams_of(const struct mmg_params *p, struct mml_libparams *lp)
{
    memset(lp, 0, sizeof *lp);
    snprintf(lp->isa, sizeof lp->isa, "%s", mmg_isa_name(p->isa));
    lp->v[MML_MU] = p->mu, lp->v[MML_NU] = p->nu, lp->v[MML_KU] = p->ku;
    lp->v[MML_NB] = p->nb, lp->v[MML_LS] = p->ls, lp->v[MML_FMA] = p->fma;
    lp->v[MML_FF] = p->ff, lp->v[MML_IF] = p->ifetch;
    lp->v[MML_NF] = p->nfetch, lp->v[MML_PF] = p->pf;
    lp->v[MML_PFB] = p->pfb, lp->given[MML_PFB] = 1;
}

/* lp with b's blocking, completed by the library's model; and when s
 * is not NULL, the single set derived from it (the header names both). */
static int model(const struct mmc_probeconf *pc, const struct mmg_params *p,
                 const struct mms_blocks *b, struct mml_libparams *lp,
                 struct mml_libparams *s, char *why, size_t len)
{
    struct mml_cpu cpu = { .l2_bytes = (long)(pc->l2_kib * 1024),
                           .llc_bytes = (long)(pc->llc_kib * 1024) };

    mms_libparams_of(p, lp);
    lp->v[MML_MC] = b->mc, lp->v[MML_KC] = b->kc, lp->v[MML_NC] = b->nc;
    lp->v[MML_SMALL_MAX] = b->small;
    if (s)
        memset(s, 0, sizeof *s);
    if ((s && mml_params_single(lp, &cpu, s) != 0)
        || mml_params_model(lp, &cpu) != 0) {
        snprintf(why, len, "the library has no model for ISA %s",
                 lp->isa);
        return -1;
    }
    return mml_params_check(lp, why, len);
}

int mms_blocks_model(const struct mmc_probeconf *pc,
                     const struct mmg_params *p, struct mms_blocks *b,
                     char *why, size_t len)
{
    struct mml_libparams lp;

    if (model(pc, p, b, &lp, NULL, why, len) != 0)
        return -1;
    b->mc = lp.v[MML_MC], b->kc = lp.v[MML_KC], b->nc = lp.v[MML_NC];
    b->nb = lp.v[MML_NB], b->small = lp.v[MML_SMALL_MAX];
    return 0;
}

void mms_blocks_kernel(const struct mmg_params *p, const struct mms_blocks *b,
                       struct mmg_params *out)
{
    *out = *p;
    out->copy = 1;
    out->nb = b->nb;
    out->m = b->mc, out->n = b->nb, out->k = b->kc;
    /* a copy kernel's code does not depend on NCNB: here it carries the
     * small-problem path's bound to the DGEMM that times it */
    out->ncnb = b->small > 0 ? b->small : MMG_TILE;
}

/* ---- the driver -------------------------------------------------------- */

/* The header the driver's sources include as kernels/gen/libparams.h,
 * under dir. */
static int write_header(const char *dir, const struct mml_libparams *lp,
                        const struct mml_libparams *s, char *why,
                        size_t len)
{
    char path[MMS_PATH_MAX + 64];
    FILE *f;

    snprintf(path, sizeof path, "%s/kernels", dir);
    mkdir(dir, 0777), mkdir(path, 0777);
    snprintf(path, sizeof path, "%s/kernels/gen", dir);
    mkdir(path, 0777);
    snprintf(path, sizeof path, "%s/kernels/gen/libparams.h", dir);
    f = fopen(path, "w");
    if (!f) {
        snprintf(why, len, "%.300s: %s", path, strerror(errno));
        return -1;
    }
    mml_params_header_put(f, lp, s, "mmsearch (blocks steps)",
                          "the library's driver around the kernels being "
                          "timed", "-");
    if (fclose(f) != 0) {
        snprintf(why, len, "%.300s: cannot write", path);
        return -1;
    }
    return 0;
}

/* The descriptor the driver's sources name for the library's full
 * kernel: not a kernel (ABI 0), so the library's own plan is never
 * usable; the full kernel comes with each candidate. */
static int write_stubs(const char *path, char *why, size_t len)
{
    FILE *f = fopen(path, "w");

    if (!f) {
        snprintf(why, len, "%.300s: %s", path, strerror(errno));
        return -1;
    }
    fprintf(f, "/* mmsearch's build of the library's driver: the full "
            "kernel comes with each\n * candidate. */\n"
            "#include \"mmkernel.h\"\n"
            "const struct mmt_kernel_desc mml_kfull_desc = {\n"
            "    .abi = 0, .name = \"none\", .command = \"\", "
            ".isa = \"none\",\n    .requires = \"\", .vlen = 1, "
            ".layout = MMT_LAYOUT_PANEL, .nb = 1,\n"
            "    .mu = 1, .nu = 1, .ku = 1 };\n");
    if (fclose(f) != 0) {
        snprintf(why, len, "%.300s: cannot write", path);
        return -1;
    }
    return 0;
}

/* Generate q as the kernel named name, its source under dir into c->src.
 * The values q's code never reads are made the same for every driver:
 * a non-copy kernel's NB is its tile (NCNB), a copy kernel's NCNB its
 * NB, and NCNU none (mmg_small_path has made it q's NU).  They are only
 * written in a kernel's comments and its descriptor's command, and made
 * two candidates' identical kernels two texts, compiled twice (the step
 * seeds' two sets, NB 640 and 385 with the same 16 x 8 non-copy tile: 10
 * s of compiles of the step's 16; the step ncnu's edge kernels, the same
 * but for NCNU). */
static int write_kernel(const struct mms_pipeline *pl, const char *dir,
                        struct mmg_params *q, const char *name,
                        struct mms_cand *c, char *why, size_t len)
{
    if (q->copy)
        q->ncnb = MMG_TILE;
    else
        q->nb = mmg_tile(q);
    q->ncnu = 0;
    snprintf(q->name, sizeof q->name, "%s", name);
    mms_cand_init(c, pl, q);
    snprintf(c->src, sizeof c->src, "%.400s/%s.c", dir, name);
    if (c->verdict != MMS_V_NONE || mms_cand_generate(c) != 0) {
        snprintf(why, len, "the kernel %s: %.300s", name, c->why);
        return -1;
    }
    return 0;
}

/* The kernels the library generates around the full kernel p (each
 * driver's own, under dir), as kernels/local.mk makes them: the edge
 * kernel (M=N=K at run time, a tile that bounds every block, with p's
 * PF and PFB), and the non-copy kernels (run-time sizes up to NCNB):
 * mml_knc, the small-problem path's (mms_small_kernel, codegen's
 * mmg_small_path: the rule kernels/local.mk follows too); mml_kncp, the
 * same tile with p's KU and PFA=1, for the blocks with a slab below
 * (skinny.c's panels and tall products); and mml_kncv, a narrow tile of
 * one vector's rows with IF=NF=2.  The edge kernel and kncp take p's KU
 * lowered as mmgen lowers it for a run-time K (mmg_runtime_unroll).  KU=1
 * where the library has it, not p's: one kncp-like kernel had stood for
 * all three, so a search whose line chose KU = 64 or 120 timed the small
 * path on kernels the library never builds, and their compiles took
 * 3.0-4.7 s each on the AVX-512 Zen 4 guest against 1.2 s with gcc (2.4
 * with clang) at KU = 1.  k[0..3] get them.  A planted fault in p (a
 * test's) goes to the non-copy kernels only; nc_pf, when not -1, is
 * their PF (tune/timing.c nc_pf).  Each with the beta 0 and 1 variants
 * alone: the driver times C = A B, whose first K block takes beta 0 and
 * the others 1, and the library's general-beta variant (a third of each
 * kernel's compile) would never run; tune/dgemm.c refuses kernels
 * without the two. */
static int write_kernels(const struct mms_pipeline *pl, const char *dir,
                         const struct mmg_params *p, int nc_pf,
                         const struct mml_libparams *lp, struct mms_cand *k,
                         char *why, size_t len)
{
    struct mmg_params q = *p, nc = *p;

    if (nc_pf >= 0)
        nc.pf = nc_pf;
    q.copy = 1, q.perturb = 0;
    q.nb = EDGE_NB;
    q.m = q.n = q.k = MMG_RUNTIME;
    q.betas = MMG_BETA0 | MMG_BETA1;
    mmg_runtime_unroll(&q);
    if (write_kernel(pl, dir, &q, "mml_kedge", &k[0], why, len) != 0)
        return -1;
    nc.nb = lp->v[MML_NB], nc.ncnb = lp->v[MML_NCNB];
    nc.betas = MMG_BETA0 | MMG_BETA1;
    mms_small_kernel(&nc, &q);
    if (write_kernel(pl, dir, &q, "mml_knc", &k[2], why, len) != 0)
        return -1;
    q.pfa = 1, q.ku = p->ku;
    mmg_runtime_unroll(&q);
    if (write_kernel(pl, dir, &q, "mml_kncp", &k[1], why, len) != 0)
        return -1;
    mms_small_kernel(&nc, &q);
    q.mu = mmg_lanes(&q), q.ifetch = 2, q.nfetch = 2;
    return write_kernel(pl, dir, &q, "mml_kncv", &k[3], why, len);
}

/* One compiler call of a batch of drivers' builds: the compiler and its
 * flags, then words (NULL-terminated), its output to out; the driver it
 * builds (an index into the batch's units) and its source there (-1: the
 * link). */
struct job {
    char *argv[96];
    char words[4096], out[MMS_PATH_MAX + 48];
    int unit, src, ok;
};

static int job_set(struct job *j, const struct mms_pipeline *pl, int cc,
                   const char *const *words, const char *out)
{
    size_t used = 0;
    int n = 0;

    for (char *const *w = pl->cc[cc].argv; *w && n < 64; w++)
        j->argv[n++] = *w;
    for (; *words && n < 94; words++) {
        int len = snprintf(j->words + used, sizeof j->words - used, "%s",
                           *words);
        if (len < 0 || (size_t)len >= sizeof j->words - used)
            return -1;
        j->argv[n++] = j->words + used;
        used += (size_t)len + 1;
    }
    j->argv[n] = NULL;
    j->ok = 0;
    snprintf(j->out, sizeof j->out, "%s", out);
    return *words ? -1 : 0;
}

/* One driver's build inside a batch (mms_drivers_build): its files, its
 * sources (the library's, then the generated ones: the kernels first),
 * their preprocessed texts and objects, and whether it failed (its why
 * in d->why). */
enum { MAXSRC = 48, NGEN = 5, NKERN = 4 };
struct unit {
    struct mms_driver_build *d;
    char dir[MMS_PATH_MAX + 16], stubs[MMS_PATH_MAX + 32];
    char inc[3][MMS_PATH_MAX + 32], words_key[2][2048];
    struct mms_cand k[NKERN];
    int n, failed;
    char src[MAXSRC][2 * MMS_PATH_MAX], obj[MAXSRC][2 * MMS_PATH_MAX];
    char ipath[MAXSRC][2 * MMS_PATH_MAX];
    int is_kernel[MAXSRC];
    /* the source's object: 0 taken from the cache, 1 compiled for this
     * driver (its job), 2 compiled for the earlier driver from[i] of the
     * batch, which preprocessed it to the same text */
    int made[MAXSRC], from[MAXSRC], job[MAXSRC];
};

/* What run_jobs' compiler calls work on: the jobs, the drivers they
 * build, their deadline. */
struct jobs_run {
    struct job *j;
    struct unit *u;
    double timeout_s;
};

/* u failed: why, unless it failed already (the first failure says it). */
static void unit_fail(struct unit *u, const char *why)
{
    if (!u->failed)
        snprintf(u->d->why, sizeof u->d->why, "%s", why);
    u->failed = 1;
}

/* A call that cannot start fails its driver; the others go on. */
static int start_job(void *ctx, int i, struct mmc_proc *pr)
{
    struct jobs_run *r = ctx;
    char why[MMS_WHY_MAX];

    if (mmc_spawn(pr, r->j[i].argv, r->j[i].out, r->timeout_s) == 0)
        return 0;
    snprintf(why, sizeof why, "cannot run %.200s: %s", r->j[i].argv[0],
             strerror(errno));
    unit_fail(&r->u[r->j[i].unit], why);
    return 1;
}

/* A failure fails its driver, the first one its why (its command and
 * error line); the other drivers' calls go on. */
static int end_job(void *ctx, int i, int status, int late)
{
    struct jobs_run *r = ctx;
    char st[64], line[256], why[MMS_WHY_MAX];

    if (!late && WIFEXITED(status) && WEXITSTATUS(status) == 0) {
        r->j[i].ok = 1;
        return 0;
    }
    mmc_status_text(status, st, sizeof st);
    mmc_first_error(r->j[i].out, line, sizeof line);
    snprintf(why, sizeof why, "%.60s %s: %s", r->j[i].argv[0],
             late ? "ran past its deadline" : st, line);
    unit_fail(&r->u[r->j[i].unit], why);
    return 0;
}

/* Run jobs j[0..n-1] of the drivers u, up to `at_once` together
 * (common/compile.h). */
static void run_jobs(struct job *j, int n, struct unit *u, int at_once,
                     double timeout_s)
{
    struct jobs_run r = { j, u, timeout_s };
    struct mmc_compile_ops ops = { start_job, end_job, &r };

    mmc_compile_run(&ops, &n, at_once);
}

/* The compiler words a driver's objects are made with, as one string:
 * the objects' cache key (tune/objcache.h). */
static void cc_words(const struct mms_pipeline *pl, int cc, char *out,
                     size_t len)
{
    size_t used = 0;

    out[0] = '\0';
    for (char *const *w = pl->cc[cc].argv; *w && used < len; w++)
        used += (size_t)snprintf(out + used, len - used, "%s ", *w);
    if (used < len)
        snprintf(out + used, len - used, "%s -fPIC", MMS_BUILD_NO_DEBUG);
}

/* u's files (its header, stubs and kernels under its own directory) and
 * its sources: MMS_DRIVER_SOURCES under the source tree, then the
 * generated ones, the kernels first (compiled with the candidate's
 * compiler, the rest with every step's). */
static void unit_setup(const struct mms_pipeline *pl,
                       const struct mmc_probeconf *pc, struct unit *u)
{
    struct mms_driver_build *d = u->d;
    struct mml_libparams lp, s;
    char list[] = MMS_DRIVER_SOURCES;
    const char *gen[NGEN] = { u->k[0].src, u->k[1].src, u->k[2].src,
                              u->k[3].src, u->stubs };

    snprintf(u->dir, sizeof u->dir, "%s/driver%d", pl->workdir, d->id);
    snprintf(u->stubs, sizeof u->stubs, "%s/stubs.c", u->dir);
    snprintf(d->so, sizeof d->so, "%.480s/mml_driver%d.so", pl->workdir,
             d->id);
    if (model(pc, &d->p, &d->b, &lp, &s, d->why, sizeof d->why) != 0) {
        u->failed = 1;
        return;
    }
    mms_pipeline_cc_text(pl, d->cc, lp.compiler, sizeof lp.compiler);
    if (write_header(u->dir, &lp, &s, d->why, sizeof d->why) != 0
        || write_stubs(u->stubs, d->why, sizeof d->why) != 0
        || write_kernels(pl, u->dir, &d->p, d->nc_pf, &lp, u->k, d->why,
                         sizeof d->why) != 0) {
        u->failed = 1;
        return;
    }
    snprintf(u->inc[0], sizeof u->inc[0], "-I%s", u->dir);
    snprintf(u->inc[1], sizeof u->inc[1], "-I%s", pl->source_dir);
    snprintf(u->inc[2], sizeof u->inc[2], "-I%s", pl->include_dir);
    cc_words(pl, 0, u->words_key[0], sizeof u->words_key[0]);
    cc_words(pl, d->cc, u->words_key[1], sizeof u->words_key[1]);
    for (char *w = strtok(list, " "); w; w = strtok(NULL, " ")) {
        if (u->n >= MAXSRC - NGEN) {
            /* never a driver short of a file: its link would fail on
             * what the dropped file defines, far from the cause */
            snprintf(d->why, sizeof d->why, "the driver has more than %d "
                     "sources: raise MAXSRC in tune/blocks.c",
                     MAXSRC - NGEN);
            u->failed = 1;
            return;
        }
        snprintf(u->src[u->n++], sizeof u->src[0], "%s/%s", pl->source_dir,
                 w);
    }
    for (int i = 0; i < NGEN; i++) {
        u->is_kernel[u->n] = i < NKERN;
        snprintf(u->src[u->n++], sizeof u->src[0], "%s", gen[i]);
    }
}

/* A job for u's source i (-1: its link) with the words w, its output
 * beside; 0, or -1 with u failed (the words do not fit). */
static int add_job(const struct mms_pipeline *pl, struct unit *u, int ui,
                   int i, const char *const *w, const char *out,
                   struct job *j, int *nj)
{
    int cc = i >= 0 && u->is_kernel[i] ? u->d->cc : 0;

    j[*nj].unit = ui, j[*nj].src = i;
    if (i >= 0)
        u->job[i] = -1;
    if (job_set(&j[*nj], pl, cc, w, out) != 0) {
        unit_fail(u, "the driver's compiler commands do not fit");
        return -1;
    }
    if (i >= 0)
        u->job[i] = *nj;
    ++*nj;
    return 0;
}

/* The kernel in src (".../mml_knc.c") compiled for d: "knc" on its
 * list. */
static void compiled_name(struct mms_driver_build *d, const char *src)
{
    const char *name = strrchr(src, '/') ? strrchr(src, '/') + 1 : src;
    size_t used = strlen(d->compiled), len = strcspn(name, ".");

    if (!strncmp(name, "mml_", 4))
        name += 4, len -= 4;
    snprintf(d->compiled + used, sizeof d->compiled - used, "%s%.*s",
             used ? " " : "", (int)len, name);
}

/* u's source i: from the cache, or as compiled for an earlier driver of
 * the batch (u[0..ui-1]) from the same text with the same words; else a
 * compile job. */
static void find_object(const struct mms_pipeline *pl, const char *cache,
                        struct unit *u, int ui, int i, struct job *j,
                        int *nj)
{
    struct unit *me = &u[ui];
    const char *key = me->words_key[me->is_kernel[i]];
    char out[MMS_PATH_MAX + 48];

    if (mms_objcache_find(cache, key, me->ipath[i], me->obj[i],
                          sizeof me->obj[0])) {
        me->made[i] = 0;
        me->d->reused++;
        return;
    }
    for (int e = 0; e < ui; e++)
        if (!u[e].failed && u[e].made[i] == 1
            && mms_objcache_same(u[e].words_key[u[e].is_kernel[i]],
                                 u[e].ipath[i], key, me->ipath[i])) {
            snprintf(me->obj[i], sizeof me->obj[0], "%s", u[e].obj[i]);
            me->made[i] = 2, me->from[i] = e;
            me->d->reused++;
            return;
        }
    me->made[i] = 1;
    if (me->is_kernel[i])
        compiled_name(me->d, me->src[i]);
    snprintf(me->obj[i], sizeof me->obj[0], "%s/o%d.o", me->dir, i);
    snprintf(out, sizeof out, "%s/o%d.out", me->dir, i);
    {
        const char *w[] = { MMS_BUILD_NO_DEBUG, "-fPIC", me->inc[0],
                            me->inc[1], me->inc[2], "-c", me->src[i], "-o",
                            me->obj[i], NULL };
        add_job(pl, me, ui, i, w, out, j, nj);
    }
}

/* 1 when u's source i was compiled for it, by its job in j. */
static int compiled(const struct job *j, const struct unit *u, int i)
{
    return u->made[i] == 1 && u->job[i] >= 0 && j[u->job[i]].ok;
}

/* The drivers u[0..nu-1] (unit_setup): every source of each preprocessed
 * first, all in one batch; then an object whose text an earlier build
 * (the cache: pl->objdir, else pl->workdir/objects; tune/objcache.h) or
 * an earlier driver of this batch compiled with the same compiler words
 * is taken, the rest compiled in one batch, the kernels first (the
 * longest calls: the CPUs stay busy to the end); then each driver
 * linked.  A failed call fails its driver alone. */
static void compile_units(const struct mms_pipeline *pl, struct unit *u,
                          int nu)
{
    char cache[MMS_PATH_MAX + 16], out[MMS_PATH_MAX + 48];
    struct job *j = calloc((size_t)nu * (2 * MAXSRC + 1), sizeof *j);
    int nj = 0, at_once = pl->jobs > 0 ? pl->jobs : 1;

    if (!j) {
        for (int e = 0; e < nu; e++)
            unit_fail(&u[e], strerror(errno));
        return;
    }
    if (pl->objdir[0])
        snprintf(cache, sizeof cache, "%s", pl->objdir);
    else
        snprintf(cache, sizeof cache, "%s/objects", pl->workdir);
    for (int e = 0; e < nu; e++)
        for (int i = 0; !u[e].failed && i < u[e].n; i++) {
            const char *w[] = { MMS_BUILD_NO_DEBUG, "-fPIC", u[e].inc[0],
                                u[e].inc[1], u[e].inc[2], "-E", "-P",
                                u[e].src[i], "-o", u[e].ipath[i], NULL };
            snprintf(u[e].ipath[i], sizeof u[e].ipath[0], "%s/o%d.i",
                     u[e].dir, i);
            snprintf(out, sizeof out, "%s/o%d.iout", u[e].dir, i);
            add_job(pl, &u[e], e, i, w, out, j, &nj);
        }
    run_jobs(j, nj, u, at_once, pl->compile_timeout_s);
    nj = 0;
    for (int kern = 1; kern >= 0; kern--)
        for (int e = 0; e < nu; e++)
            for (int i = 0; !u[e].failed && i < u[e].n; i++)
                if (u[e].is_kernel[i] == kern)
                    find_object(pl, cache, u, e, i, j, &nj);
    run_jobs(j, nj, u, at_once, pl->compile_timeout_s);
    for (int e = 0; e < nu; e++)     /* the same text failed it there */
        for (int i = 0; !u[e].failed && i < u[e].n; i++)
            if (u[e].made[i] == 2 && !compiled(j, &u[u[e].from[i]], i))
                unit_fail(&u[e], u[u[e].from[i]].d->why);
    nj = 0;
    for (int e = 0; e < nu; e++) {
        const char *w[MAXSRC + 8] = { "-shared", "-o", u[e].d->so };
        for (int i = 0; i < u[e].n; i++)
            w[3 + i] = u[e].obj[i];
        w[3 + u[e].n] = NULL;
        snprintf(out, sizeof out, "%s/link.out", u[e].dir);
        if (!u[e].failed)
            add_job(pl, &u[e], e, -1, w, out, j + MAXSRC * nu, &nj);
    }
    run_jobs(j + MAXSRC * nu, nj, u, at_once, pl->compile_timeout_s);
    /* every object compiled is kept, its driver built or not */
    for (int e = 0; e < nu; e++)
        for (int i = 0; i < u[e].n; i++)
            if (compiled(j, &u[e], i))
                mms_objcache_keep(cache, u[e].words_key[u[e].is_kernel[i]],
                                  u[e].ipath[i], u[e].obj[i]);
    free(j);
}

void mms_drivers_build(const struct mms_pipeline *pl,
                       const struct mmc_probeconf *pc,
                       struct mms_driver_build *d, int n)
{
    struct unit *u = calloc((size_t)(n > 0 ? n : 1), sizeof *u);

    for (int e = 0; e < n; e++) {
        d[e].why[0] = d[e].compiled[0] = '\0';
        d[e].reused = d[e].objects = d[e].ok = 0;
        if (!u)
            snprintf(d[e].why, sizeof d[e].why, "%s", strerror(errno));
    }
    if (!u)
        return;
    for (int e = 0; e < n; e++) {
        u[e].d = &d[e];
        for (int i = 0; i < MAXSRC; i++)
            u[e].job[i] = -1;
        unit_setup(pl, pc, &u[e]);
    }
    compile_units(pl, u, n);
    for (int e = 0; e < n; e++)
        d[e].ok = !u[e].failed, d[e].objects = u[e].n;
    free(u);
}
