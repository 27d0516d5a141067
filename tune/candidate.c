/* The candidate pipeline (candidate.h): verdicts, compilers, a
 * candidate's source generated, the work directory.  Building them is
 * build.c, verifying and timing them measure.c. */
#define _GNU_SOURCE
#include "tune/candidate.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "codegen/codegen.h"

static const char *const verdict_names[MMS_NVERDICTS] = {
    [MMS_V_NONE] = "none", [MMS_V_OK] = "ok", [MMS_V_WRONG] = "wrong",
    [MMS_V_COMPILE] = "compile-error", [MMS_V_CRASH] = "crash",
    [MMS_V_TIMEOUT] = "timeout",
};

const char *mms_verdict_name(enum mms_verdict v)
{
    return (unsigned)v < MMS_NVERDICTS ? verdict_names[v] : "?";
}

int mms_verdict_parse(const char *word)
{
    for (int v = 0; v < MMS_NVERDICTS; v++)
        if (strcmp(word, verdict_names[v]) == 0)
            return v;
    return -1;
}

/* Split "cc cflags" at blanks into k.  Returns 0, or -1 when it does not
 * fit. */
static int compiler_set(struct mms_compiler *k, const char *cc,
                        const char *cflags)
{
    size_t nw = 0, max = sizeof k->argv / sizeof k->argv[0];

    memset(k, 0, sizeof *k);
    if (snprintf(k->words, sizeof k->words, "%s %s", cc, cflags)
        >= (int)sizeof k->words
        || snprintf(k->name, sizeof k->name, "%s", cc) >= (int)sizeof k->name)
        return -1;
    /* Room for the words mms_build appends (7 and the NULL). */
    for (char *w = strtok(k->words, " \t"); w; w = strtok(NULL, " \t"))
        if (nw + 8 < max)
            k->argv[nw++] = w;
        else
            return -1;
    return nw == 0 ? -1 : 0;
}

int mms_pipeline_init(struct mms_pipeline *pl, const char *cc,
                      const char *cflags, const char *include_dir,
                      const char *workdir)
{
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);

    memset(pl, 0, sizeof *pl);
    if (snprintf(pl->include_dir, sizeof pl->include_dir, "%s",
                 include_dir) >= (int)sizeof pl->include_dir
        || snprintf(pl->workdir, sizeof pl->workdir, "%s", workdir)
        >= (int)sizeof pl->workdir
        || compiler_set(&pl->cc[0], cc, cflags) != 0)
        return -1;
    pl->ncc = 1;
    pl->compile_timeout_s = 120;
    pl->run_timeout_s = 60;
    pl->busy_limit = 0.5;
    pl->busy_retakes = 2;
    pl->busy_pause_ms = 500;
    pl->jobs = cpus > 0 ? (int)cpus : 1;
    mmtm_timing_defaults(&pl->timing);
    /* Measured once here, so that every child inherits the answer. */
    mmtm_clock_describe(pl->timing.clock);
    return 0;
}

int mms_pipeline_add_cc(struct mms_pipeline *pl, const char *cc,
                        const char *cflags)
{
    if (pl->ncc >= MMS_CC_MAX || compiler_set(&pl->cc[pl->ncc], cc,
                                              cflags) != 0)
        return -1;
    return pl->ncc++;
}

int mms_pipeline_find_cc(const struct mms_pipeline *pl, const char *name)
{
    for (int i = 0; i < pl->ncc; i++)
        if (strcmp(pl->cc[i].name, name) == 0)
            return i;
    return -1;
}

void mms_pipeline_cc_text(const struct mms_pipeline *pl, int i, char *buf,
                          size_t len)
{
    size_t used = 0;

    buf[0] = '\0';
    for (int w = 0; pl->cc[i].argv[w] && used < len; w++)
        used += snprintf(buf + used, len - used, "%s%s", w ? " " : "",
                         pl->cc[i].argv[w]);
}

static void set_paths(struct mms_cand *c, const struct mms_pipeline *pl)
{
    if (c->cc == 0)
        snprintf(c->so, sizeof c->so, "%.300s/%.128s.so", pl->workdir,
                 c->name);
    else
        snprintf(c->so, sizeof c->so, "%.300s/%.128s@%.32s.so", pl->workdir,
                 c->name, pl->cc[c->cc].name);
}

void mms_cand_use_cc(struct mms_cand *c, const struct mms_pipeline *pl,
                     int cc)
{
    c->cc = cc >= 0 && cc < pl->ncc ? cc : 0;
    set_paths(c, pl);
}

void mms_cand_init(struct mms_cand *c, const struct mms_pipeline *pl,
                   const struct mmg_params *p)
{
    memset(c, 0, sizeof *c);
    c->p = c->gen = *p;
    mmg_kernel_name(&c->p, c->name, sizeof c->name);
    snprintf(c->src, sizeof c->src, "%.300s/%.128s.c", pl->workdir, c->name);
    set_paths(c, pl);
    if (mmg_params_check(&c->p, c->why, sizeof c->why) != 0)
        c->verdict = MMS_V_COMPILE;
}

void mms_cand_from_source(struct mms_cand *c, const struct mms_pipeline *pl,
                          const char *src, const char *name)
{
    memset(c, 0, sizeof *c);
    mmg_params_default(&c->p);
    c->gen = c->p;
    snprintf(c->name, sizeof c->name, "%s", name);
    snprintf(c->src, sizeof c->src, "%s", src);
    set_paths(c, pl);
}

int mms_cand_generate(struct mms_cand *c)
{
    char command[1200] = "mmgen ";
    FILE *fp;
    int rc;

    if (access(c->src, R_OK) == 0)
        return 0;
    mmg_params_options(&c->gen, command + 6, sizeof command - 6);
    fp = fopen(c->src, "w");
    if (!fp) {
        snprintf(c->why, sizeof c->why, "%.300s: %s", c->src,
                 strerror(errno));
        return -1;
    }
    rc = mmg_emit_prologue(fp, command) || mmg_emit_kernel(fp, &c->gen,
                                                            command);
    if (fclose(fp) != 0 || rc != 0) {
        snprintf(c->why, sizeof c->why, "mmgen: writing %.300s failed",
                 c->src);
        remove(c->src);
        return -1;
    }
    return 0;
}

void mms_cand_clean(const struct mms_cand *c)
{
    remove(c->so);
}

int mms_workdir_create(char *buf, size_t len, const char *parent)
{
    if (snprintf(buf, len, "%s/mmsearch.XXXXXX", parent) >= (int)len) {
        errno = ENAMETOOLONG;
        return -1;
    }
    return mkdtemp(buf) ? 0 : -1;
}

/* dir and what it holds, depth directories down (the drivers' builds
 * are driver<i>/kernels/gen/libparams.h); links are removed, never
 * followed (d_type says so without a stat). */
static void remove_tree(const char *dir, int depth)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char path[MMS_PATH_MAX + 256];

    while (d && (e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (e->d_type == DT_DIR && depth > 0)
            remove_tree(path, depth - 1);
        else
            remove(path);
    }
    if (d)
        closedir(d);
    rmdir(dir);
}

void mms_workdir_remove(const char *dir)
{
    remove_tree(dir, 4);
}
