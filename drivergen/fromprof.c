/* mmspec --from-profile: one spec per call shape of an mmprofile table,
 * heaviest first, so that the application's own calls can be timed (and
 * tuned) without the application (paper 001 §3-4).  A spec fixes what the
 * application passed: sizes (as Macro defaults, so a driver can still be
 * moved), transposes, leading dimensions, alpha and beta; its operands are
 * hot when most of the shape's calls reused the previous call's operands,
 * flushed otherwise. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "common/common.h"
#include "drivergen/mmspec_cli.h"
#include "drivergen/profile.h"

static const char *const dgemm_proto =
"routine = void dgemm_(const char *TRANSA, const char *TRANSB,\n"
"                      const int *M, const int *N, const int *K,\n"
"                      const double *ALPHA, const double *A,"
" const int *LDA,\n"
"                      const double *B, const int *LDB,\n"
"                      const double *BETA, double *C, const int *LDC);\n";

static const char *const cblas_proto =
"routine = void cblas_dgemm(enum CBLAS_ORDER Order,\n"
"                           enum CBLAS_TRANSPOSE TRANSA,\n"
"                           enum CBLAS_TRANSPOSE TRANSB,"
" int M, int N, int K,\n"
"                           double ALPHA, const double *A, int LDA,\n"
"                           const double *B, int LDB, double BETA,\n"
"                           double *C, int LDC);\n";

/* alpha or beta of a class: "a" stands for some other value. */
static const char *scalar(const char *cls)
{
    return strcmp(cls, "a") == 0 ? "0.5" : cls;
}

/* CBLAS_TRANSPOSE of N, T, C. */
static int cblas_trans(char t)
{
    return t == 'N' ? 111 : t == 'T' ? 112 : 113;
}

/* The arrays' stored shapes as a column-major spec sees them: a
 * row-major r x c matrix is a column-major c x r one. */
static void arrays(FILE *fp, const struct mmd_shape *s, const char *state)
{
    int ta = s->transa != 'N', tb = s->transb != 'N';
    const char *a[2] = { "M", "K" }, *b[2] = { "K", "N" },
               *c[2] = { "M", "N" };
    int ra = ta != s->row, rb = tb != s->row, rc = s->row;

    fprintf(fp, "    A = Matrix(double, %s, %s, RANDOM(1), %s, align(64), "
            "ld(LDA));\n", a[ra], a[!ra], state);
    fprintf(fp, "    B = Matrix(double, %s, %s, RANDOM(2), %s, align(64), "
            "ld(LDB));\n", b[rb], b[!rb], state);
    fprintf(fp, "    C = Matrix(double, %s, %s, RANDOM(3), %s, align(64), "
            "ld(LDC));\n", c[rc], c[!rc], state);
}

static void spec(FILE *fp, const struct mmd_profile *p, int rank,
                 const struct mmd_shape *s, const char *table)
{
    int hot = 2 * s->warm > s->count, cblas = s->routine[0] == 'c';

    fprintf(fp, "# Shape %d of %d of %s (line %d), by mmspec "
            "--from-profile:\n# %s, %ld calls (%ld with the previous call's "
            "operands), %.6g s in\n# all, %.6g s a call, in %s.\n", rank,
            p->nshapes, table, s->line, s->routine, s->count, s->warm,
            s->total_s, s->per_call_s, p->program);
    fprintf(fp, "# Operands %s: %s.\n# The sizes can be moved (--M=...); "
            "leading dimensions, transposes,\n# alpha and beta are the "
            "application's.\n", hot ? "hot" : "flushed", hot
            ? "most calls reused the previous call's operands"
            : "most calls found new operands");
    fprintf(fp, "%s\ninit = {\n", cblas ? cblas_proto : dgemm_proto);
    fprintf(fp, "    M = Macro(MS, %ld);  N = Macro(NS, %ld);  K = "
            "Macro(KS, %ld);\n", s->m, s->n, s->k);
    if (cblas)
        fprintf(fp, "    Order = %d;  TRANSA = %d;  TRANSB = %d;  "
                "# %s-major, %c, %c\n", s->row ? 101 : 102,
                cblas_trans(s->transa), cblas_trans(s->transb),
                s->row ? "row" : "column", s->transa, s->transb);
    else
        fprintf(fp, "    TRANSA = '%c';  TRANSB = '%c';\n", s->transa,
                s->transb);
    fprintf(fp, "    LDA = %ld;  LDB = %ld;  LDC = %ld;\n", s->lda, s->ldb,
            s->ldc);
    fprintf(fp, "    ALPHA = %s;  BETA = %s;%s\n", scalar(s->alpha),
            scalar(s->beta), strcmp(s->alpha, "a") && strcmp(s->beta, "a")
            ? "" : "   # 'a' in the table: not 0, 1, -1");
    arrays(fp, s, hot ? "hot" : "flush");
    fprintf(fp, "};\n\nflop = \"2*M*N*K\";\n");
}

static int write_spec(const struct mmd_cli *c, const struct mmd_profile *p,
                      int rank)
{
    const struct mmd_shape *s = &p->shape[rank - 1];
    struct mmc_atomic_file af;
    char path[4096];
    FILE *fp;

    snprintf(path, sizeof path, "%s/%02d-%s-%s%c%c-%ldx%ldx%ld.spec",
             c->output, rank, s->routine, s->row ? "row" : "col",
             s->transa, s->transb, s->m, s->n, s->k);
    fp = mmc_atomic_open(&af, path);
    if (fp == NULL) {
        mmc_error("%s: cannot write: %s", path, strerror(errno));
        return -1;
    }
    spec(fp, p, rank, s, c->profile);
    if (ferror(fp) || mmc_atomic_commit(&af) != 0) {
        mmc_error("%s: cannot write: %s", path, strerror(errno));
        if (ferror(fp))
            mmc_atomic_discard(&af);
        return -1;
    }
    printf("%s\n", path);
    return 0;
}

/* mkdir -p: every missing directory of path. */
static int make_dirs(const char *path)
{
    char buf[4096];

    snprintf(buf, sizeof buf, "%s", path);
    for (char *p = buf + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(buf, 0777) != 0 && errno != EEXIST)
            return -1;
        *p = '/';
    }
    return mkdir(buf, 0777) != 0 && errno != EEXIST ? -1 : 0;
}

int mmd_from_profile(const struct mmd_cli *c)
{
    struct mmd_profile p;
    char err[1024];
    int rc = MMC_EXIT_OK;

    if (mmd_profile_read(c->profile, &p, err, sizeof err) != 0) {
        mmc_error("%s", err);
        return MMC_EXIT_USAGE;
    }
    if (make_dirs(c->output) != 0) {
        mmc_error("%s: cannot make the directory: %s", c->output,
                  strerror(errno));
        rc = MMC_EXIT_FAIL;
    }
    for (int i = 1; rc == MMC_EXIT_OK && i <= p.nshapes && i <= c->top; i++)
        if (write_spec(c, &p, i) != 0)
            rc = MMC_EXIT_FAIL;
    mmd_profile_free(&p);
    return rc;
}
