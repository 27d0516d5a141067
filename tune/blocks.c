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

/* Generate q as the kernel named name, its source under dir into c->src. */
static int write_kernel(const struct mms_pipeline *pl, const char *dir,
                        struct mmg_params *q, const char *name,
                        struct mms_cand *c, char *why, size_t len)
{
    snprintf(q->name, sizeof q->name, "%s", name);
    mms_cand_init(c, pl, q);
    snprintf(c->src, sizeof c->src, "%.400s/%s.c", dir, name);
    if (c->verdict != MMS_V_NONE || mms_cand_generate(c) != 0) {
        snprintf(why, len, "the kernel %s: %s", name, c->why);
        return -1;
    }
    return 0;
}

/* The kernels the library generates around the full kernel p (each
 * driver's own, under dir), as kernels/local.mk makes them: the edge
 * kernel (M=N=K at run time, a tile that bounds every block, with p's
 * PF and PFB), and the small-problem path's two non-copy kernels,
 * mml_knc and mml_kncv: run-time sizes up to NCNB, FF=0, p's tile cut to
 * two vectors' rows with PFA=1 (IF and NF fitted to it: mmg_fit_fetch),
 * and a narrow tile of one vector's rows with IF=NF=2 (PFA=0).  k[0..2]
 * get them.  A planted fault in p (a test's) goes to the non-copy kernels
 * only. */
static int write_kernels(const struct mms_pipeline *pl, const char *dir,
                         const struct mmg_params *p,
                         const struct mml_libparams *lp, struct mms_cand *k,
                         char *why, size_t len)
{
    struct mmg_params q = *p, nc = *p;
    int v = mml_isa_vlen(lp->isa);

    q.copy = 1, q.perturb = 0;
    q.nb = EDGE_NB;
    q.m = q.n = q.k = MMG_RUNTIME;
    q.betas = MMG_BETA_ALL;
    if (write_kernel(pl, dir, &q, "mml_kedge", &k[0], why, len) != 0)
        return -1;
    nc.copy = 0, nc.ff = 0, nc.pfb = 0;
    nc.nb = lp->v[MML_NB], nc.ncnb = lp->v[MML_NCNB];
    nc.m = nc.n = nc.k = MMG_RUNTIME;
    nc.betas = MMG_BETA_ALL;
    q = nc;
    if (v > 1 && q.mu > 2 * v)
        q.mu = 2 * v;
    mmg_fit_fetch(&q);           /* as kernels/local.mk: --fit-fetch */
    q.pfa = 1;
    if (write_kernel(pl, dir, &q, "mml_knc", &k[1], why, len) != 0)
        return -1;
    q = nc;
    q.mu = v, q.ifetch = 2, q.nfetch = 2, q.pfa = 0;
    return write_kernel(pl, dir, &q, "mml_kncv", &k[2], why, len);
}

/* One compiler call of the driver's build: the compiler and its flags,
 * then words (NULL-terminated), its output to out. */
struct job {
    char *argv[96];
    char words[4096], out[MMS_PATH_MAX + 48];
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
    snprintf(j->out, sizeof j->out, "%s", out);
    return *words ? -1 : 0;
}

/* What run_jobs' compiler calls work on: the jobs, their deadline, and
 * the first failure's why. */
struct jobs_run {
    struct job *j;
    double timeout_s;
    char *why;
    size_t len;
    int failed;
};

static int start_job(void *ctx, int i, struct mmc_proc *pr)
{
    struct jobs_run *r = ctx;

    if (mmc_spawn(pr, r->j[i].argv, r->j[i].out, r->timeout_s) == 0)
        return 0;
    snprintf(r->why, r->len, "cannot run %s: %s", r->j[i].argv[0],
             strerror(errno));
    r->failed = 1;
    return -1;
}

/* A failure stops the run; the first one is why (its command and error
 * line). */
static int end_job(void *ctx, int i, int status, int late)
{
    struct jobs_run *r = ctx;
    char st[64], line[400];

    if (!late && WIFEXITED(status) && WEXITSTATUS(status) == 0)
        return 0;
    if (!r->failed) {
        mmc_status_text(status, st, sizeof st);
        mmc_first_error(r->j[i].out, line, sizeof line);
        snprintf(r->why, r->len, "%s %s: %s", r->j[i].argv[0],
                 late ? "ran past its deadline" : st, line);
    }
    r->failed = 1;
    return -1;
}

/* Run jobs j[0..n-1], up to `at_once` together (common/compile.h); 0
 * when all succeeded, else -1 with why (the first failure's command and
 * error line). */
static int run_jobs(struct job *j, int n, int at_once, double timeout_s,
                    char *why, size_t len)
{
    struct jobs_run r = { j, timeout_s, why, len, 0 };
    struct mmc_compile_ops ops = { start_job, end_job, &r };

    return mmc_compile_run(&ops, &n, at_once);
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

/* The driver's sources (MMS_DRIVER_SOURCES under the source tree) and the
 * generated ones gen[0..ngen-1], each compiled to an object under dir on
 * as many CPUs as the pipeline uses, then linked into so.  The kernels,
 * gen[0..nkern-1], are compiled with the candidate's compiler cc, the
 * rest with every step's (pl->cc[0]), as the library compiles its
 * kernels alone with the search's CC (kernels/local.mk): a candidate's
 * compiler then times its kernels, not the driver, and a clang
 * candidate's build reuses gcc's driver objects (on the AVX2 Zen 4
 * guest two clang builds took 11 s of the dgemm step's 63).  Each source
 * is preprocessed first, and an object an earlier driver's build made
 * from the same text with the same compiler is taken from the object
 * cache (pl->objdir, else pl->workdir/objects; tune/objcache.h) instead
 * of compiled: the driver's sources read the kernel's header for its
 * tile and blocking alone, so kernels that differ in anything else share
 * them.  *reused gets how many objects the cache gave. */
static int compile_driver(const struct mms_pipeline *pl, int cc,
                          const char *dir, const char *const *gen, int ngen,
                          int nkern, const char *so, int *reused, char *why,
                          size_t len)
{
    enum { MAXSRC = 48 };
    char list[] = MMS_DRIVER_SOURCES, src[MAXSRC][2 * MMS_PATH_MAX];
    char obj[MAXSRC][2 * MMS_PATH_MAX], ipath[MAXSRC][2 * MMS_PATH_MAX];
    char inc[3][MMS_PATH_MAX + 32], cache[MMS_PATH_MAX + 16];
    char out[MMS_PATH_MAX + 48], words_key[2][2048];
    const char *words[MAXSRC + 8];
    struct job *jobs = calloc(2 * MAXSRC + 1, sizeof *jobs);
    int n = 0, nj = 0, rc = -1, miss[MAXSRC], is_kernel[MAXSRC];

    *reused = 0;
    snprintf(inc[0], sizeof inc[0], "-I%s", dir);
    snprintf(inc[1], sizeof inc[1], "-I%s", pl->source_dir);
    snprintf(inc[2], sizeof inc[2], "-I%s", pl->include_dir);
    if (pl->objdir[0])
        snprintf(cache, sizeof cache, "%s", pl->objdir);
    else
        snprintf(cache, sizeof cache, "%s/objects", pl->workdir);
    cc_words(pl, 0, words_key[0], sizeof words_key[0]);
    cc_words(pl, cc, words_key[1], sizeof words_key[1]);
    for (char *w = strtok(list, " "); w; w = strtok(NULL, " ")) {
        if (n >= MAXSRC - ngen) {
            /* never a driver short of a file: its link would fail on
             * what the dropped file defines, far from the cause */
            snprintf(why, len, "the driver has more than %d sources: "
                     "raise MAXSRC in tune/blocks.c", MAXSRC - ngen);
            goto done;
        }
        is_kernel[n] = 0;
        snprintf(src[n++], sizeof src[0], "%s/%s", pl->source_dir, w);
    }
    for (int i = 0; i < ngen; i++) {
        is_kernel[n] = i < nkern;
        snprintf(src[n++], sizeof src[0], "%s", gen[i]);
    }
    for (int i = 0; jobs && i < n; i++) {
        const char *w[] = { MMS_BUILD_NO_DEBUG, "-fPIC", inc[0], inc[1],
                            inc[2], "-E", "-P", src[i], "-o", ipath[i],
                            NULL };
        snprintf(ipath[i], sizeof ipath[0], "%s/o%d.i", dir, i);
        snprintf(out, sizeof out, "%s/o%d.iout", dir, i);
        if (job_set(&jobs[nj++], pl, is_kernel[i] ? cc : 0, w, out) != 0)
            goto done;
    }
    if (!jobs || run_jobs(jobs, nj, pl->jobs > 0 ? pl->jobs : 1,
                          pl->compile_timeout_s, why, len) != 0)
        goto done;
    nj = 0;
    for (int i = 0; i < n; i++) {
        const char *w[] = { MMS_BUILD_NO_DEBUG, "-fPIC", inc[0], inc[1],
                            inc[2], "-c", src[i], "-o", obj[i], NULL };
        miss[i] = !mms_objcache_find(cache, words_key[is_kernel[i]], ipath[i],
                                     obj[i], sizeof obj[0]);
        if (!miss[i]) {
            ++*reused;
            continue;
        }
        snprintf(obj[i], sizeof obj[0], "%s/o%d.o", dir, i);
        snprintf(out, sizeof out, "%s/o%d.out", dir, i);
        if (job_set(&jobs[nj++], pl, is_kernel[i] ? cc : 0, w, out) != 0)
            goto done;
    }
    words[0] = "-shared", words[1] = "-o", words[2] = so;
    for (int i = 0; i < n; i++)
        words[3 + i] = obj[i];
    words[3 + n] = NULL;
    snprintf(out, sizeof out, "%s/link.out", dir);
    if (job_set(&jobs[nj], pl, 0, words, out) != 0)
        goto done;
    rc = run_jobs(jobs, nj, pl->jobs > 0 ? pl->jobs : 1,
                  pl->compile_timeout_s, why, len) != 0
         || run_jobs(jobs + nj, 1, 1, pl->compile_timeout_s, why, len) != 0
         ? -1 : 0;
    for (int i = 0; rc == 0 && i < n; i++)
        if (miss[i])
            mms_objcache_keep(cache, words_key[is_kernel[i]], ipath[i], obj[i]);
done:
    if (rc != 0 && !why[0])
        snprintf(why, len, "the driver's compiler commands do not fit");
    free(jobs);
    return rc;
}

int mms_driver_build(const struct mms_pipeline *pl, int cc, int id,
                     const struct mmg_params *p, const struct mms_blocks *b,
                     const struct mmc_probeconf *pc, char *so, size_t solen,
                     int *reused, char *why, size_t len)
{
    struct mml_libparams lp, s;
    struct mms_cand k[3];
    char dir[MMS_PATH_MAX + 16], stubs[MMS_PATH_MAX + 32];
    const char *gen[4] = { k[0].src, k[1].src, k[2].src, stubs };

    why[0] = '\0';
    *reused = 0;
    snprintf(dir, sizeof dir, "%s/driver%d", pl->workdir, id);
    snprintf(stubs, sizeof stubs, "%s/stubs.c", dir);
    snprintf(so, solen, "%s/mml_driver%d.so", pl->workdir, id);
    if (model(pc, p, b, &lp, &s, why, len) != 0)
        return -1;
    mms_pipeline_cc_text(pl, cc, lp.compiler, sizeof lp.compiler);
    if (write_header(dir, &lp, &s, why, len) != 0
        || write_stubs(stubs, why, len) != 0
        || write_kernels(pl, dir, p, &lp, k, why, len) != 0)
        return -1;
    return compile_driver(pl, cc, dir, gen, 4, 3, so, reused, why, len);
}
