/* Candidates built (candidate.h's mms_build): in batches, one compiler
 * call each, a failed batch's candidates again alone, on the compile
 * scheduler (common/compile.h). */
#define _GNU_SOURCE
#include "tune/candidate.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/common.h"

/* A compiler call: one candidate's source, or a batch file including
 * several (their names never clash: every symbol carries the kernel's
 * name, as in the generator's test grid). */
enum { BATCH_MAX = 16 };

struct unit {
    struct mms_cand *c[BATCH_MAX];
    int n;
    char src[MMS_PATH_MAX], so[MMS_PATH_MAX];
};

static int start_compile(const struct mms_pipeline *pl, struct unit *u,
                         struct mmc_proc *pr)
{
    char *argv[64], inc[MMS_PATH_MAX + 2], out[MMS_PATH_MAX + 8];
    char *const *cc = pl->cc[u->c[0]->cc].argv;
    int n = 0;

    while (cc[n])
        argv[n] = cc[n], n++;
    snprintf(inc, sizeof inc, "-I%s", pl->include_dir);
    argv[n++] = MMS_BUILD_NO_DEBUG;
    argv[n++] = "-fPIC";
    argv[n++] = "-shared";
    argv[n++] = inc;
    argv[n++] = "-o";
    argv[n++] = u->so;
    argv[n++] = u->src;
    argv[n] = NULL;
    snprintf(out, sizeof out, "%s.err", u->so);
    if (mmc_spawn(pr, argv, out, pl->compile_timeout_s * u->n) == 0)
        return 0;
    for (int i = 0; i < u->n; i++) {
        snprintf(u->c[i]->why, sizeof u->c[i]->why, "cannot run %s: %s",
                 argv[0], strerror(errno));
        u->c[i]->verdict = MMS_V_COMPILE;
    }
    return -1;
}

/* The verdict of a single candidate's compiler call. */
static void judge_compile(const struct mms_pipeline *pl, struct unit *u,
                          int status, int timed_out)
{
    struct mms_cand *c = u->c[0];
    char out[MMS_PATH_MAX + 8], st[64], line[300];

    snprintf(out, sizeof out, "%s.err", u->so);
    if (timed_out) {
        c->verdict = MMS_V_TIMEOUT;
        snprintf(c->why, sizeof c->why, "the compiler ran past %g s",
                 pl->compile_timeout_s);
    } else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        c->verdict = MMS_V_COMPILE;
        mmc_status_text(status, st, sizeof st);
        mmc_first_error(out, line, sizeof line);
        snprintf(c->why, sizeof c->why, "%.40s %.50s: %s", pl->cc[c->cc].name,
                 st, line);
    }
}

static void single(struct unit *u, struct mms_cand *c)
{
    u->n = 1;
    u->c[0] = c;
    snprintf(u->src, sizeof u->src, "%s", c->src);
    snprintf(u->so, sizeof u->so, "%s", c->so);
}

/* After a batch: each member's object is a link to the batch's.  When
 * the batch failed, each member goes again alone (appended to units),
 * so that only the culprit gets the verdict. */
static void finish_unit(const struct mms_pipeline *pl, struct unit *u,
                        int status, int timed_out, struct unit *units,
                        int *nunits)
{
    char out[MMS_PATH_MAX + 8];
    int ok = !timed_out && WIFEXITED(status) && WEXITSTATUS(status) == 0;

    snprintf(out, sizeof out, "%s.err", u->so);
    if (u->n == 1)
        judge_compile(pl, u, status, timed_out);
    for (int i = 0; i < u->n && u->n > 1; i++) {
        const char *base = strrchr(u->so, '/');
        if (!ok)
            single(&units[(*nunits)++], u->c[i]);
        else if (symlink(base ? base + 1 : u->so, u->c[i]->so) != 0)
            single(&units[(*nunits)++], u->c[i]);
    }
    remove(out);
}

/* A batch file of count candidates from c. */
static int batch(const struct mms_pipeline *pl, struct unit *u,
                 struct mms_cand **c, int count)
{
    static int seq;
    FILE *fp;

    if (count == 1) {
        single(u, c[0]);
        return 0;
    }
    u->n = count;
    memcpy(u->c, c, sizeof *c * (size_t)count);
    snprintf(u->src, sizeof u->src, "%.300s/batch-%d.c", pl->workdir, seq);
    snprintf(u->so, sizeof u->so, "%.300s/batch-%d.so", pl->workdir, seq++);
    fp = fopen(u->src, "w");
    if (!fp)
        return -1;
    for (int i = 0; i < count; i++) {
        char *path = realpath(c[i]->src, NULL);
        fprintf(fp, "#include \"%s\"\n", path ? path : c[i]->src);
        free(path);
    }
    return fclose(fp);
}

/* The candidates to build, generated, as batches: the same compiler and
 * FMA setting in each (whatever the generator says about contraction
 * stays within one kind), at most BATCH_MAX, and as many batches as
 * compilers run at once, or more.  Returns the number of units. */
static int plan(const struct mms_pipeline *pl, struct mms_cand **c, int n,
                struct unit *units, int jobs)
{
    struct mms_cand **todo = calloc((size_t)n + 1, sizeof *todo);
    int ntodo = 0, nunits = 0;

    if (!todo)
        return 0;
    for (int cc = 0; cc < pl->ncc; cc++)
        for (int fma = 0; fma <= 1; fma++)
            for (int i = 0; i < n; i++)
                if (c[i]->verdict == MMS_V_NONE && c[i]->p.fma == fma
                    && c[i]->cc == cc && access(c[i]->so, R_OK) != 0) {
                    if (mms_cand_generate(c[i]) != 0)
                        c[i]->verdict = MMS_V_COMPILE;
                    else
                        todo[ntodo++] = c[i];
                }
    for (int i = 0; i < ntodo; ) {
        int same = 1, size;
        while (i + same < ntodo && todo[i + same]->p.fma == todo[i]->p.fma
               && todo[i + same]->cc == todo[i]->cc)
            same++;
        size = (same + jobs - 1) / jobs;
        size = size > BATCH_MAX ? BATCH_MAX : size;
        for (int end = i + same, count; i < end; i += count) {
            count = end - i < size ? end - i : size;
            if (batch(pl, &units[nunits], todo + i, count) == 0)
                nunits++;
            else
                for (int j = 0; j < count; j++)
                    single(&units[nunits++], todo[i + j]);
        }
    }
    free(todo);
    return nunits;
}


/* What mms_build's compiler calls work on: the units planned, and those
 * a failed batch adds (each of its candidates alone). */
struct build {
    const struct mms_pipeline *pl;
    struct unit *units;
    int nunits;
};

static int start_unit(void *ctx, int i, struct mmc_proc *pr)
{
    struct build *b = ctx;

    return start_compile(b->pl, &b->units[i], pr) == 0 ? 0 : 1;
}

static int end_unit(void *ctx, int i, int status, int timed_out)
{
    struct build *b = ctx;

    finish_unit(b->pl, &b->units[i], status, timed_out, b->units,
                &b->nunits);
    return 0;
}

void mms_build(const struct mms_pipeline *pl, struct mms_cand **c, int n)
{
    int jobs = pl->jobs < 1 ? 1 : pl->jobs > MMC_COMPILE_MAX
               ? MMC_COMPILE_MAX : pl->jobs;
    /* every candidate may end up alone after its batch failed */
    struct build b = { pl, calloc(2 * (size_t)n + 1, sizeof *b.units), 0 };
    struct mmc_compile_ops ops = { start_unit, end_unit, &b };

    if (!b.units)
        return;
    b.nunits = plan(pl, c, n, b.units, jobs);
    mmc_compile_run(&ops, &b.nunits, jobs);
    free(b.units);
}
