/* bench-dgemm: DGEMM GFLOPS of libmmtune beside other BLAS libraries and the
 * naive loops (or, with --type, SGEMM's, CGEMM's and ZGEMM's, a round of
 * each type in turn), column-major C = op(A) op(B) (beta = 0),
 * one thread, square
 * and rectangular shapes (either operand may be stored transposed: the
 * shapes a profiled program calls, bench-app), operands flushed or warm.
 * Not a test: nothing here passes or fails, but a library whose answer is
 * wrong is reported (and never timed).  Within each round every library runs
 * every shape in every mode in turn (alternated, so a busy neighbour hurts
 * them alike); each figure is the least per-call wall time (CLOCK_MONOTONIC)
 * over rounds x calls, the samples spread over the whole run, or with
 * --stat=median their median: a small flushed call's least time is one lucky
 * call (on the Zen 5 guest, one library's at N = 32 read 19.1 and 22.3
 * GFLOPS in two runs of 60 rounds, where the median of 150 alternated calls,
 * one a round, read 4.22-4.24 us in three runs of a harness of its own).
 * Flushed: a buffer larger than the caches is written before every call, so
 * operands and C come from memory; warm: the call before left them in cache.
 * Two modes take a flushed call apart, for the small products where a cold
 * call costs several warm ones: code-cold (flushed, then the operands and C
 * read back in: what is left from memory is the library's code and its own
 * data) and operands-cold (flushed, then the same library called on other
 * operands of the shape: its code, tables and workspace are back in cache,
 * the operands and C are not). */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench/bench_dgemm.h"
#include "common/common.h"

/* The default products: square N from inside L1 to far beyond the LLC,
 * then shapes libraries treat apart -- a rank-64 update, a short fat
 * product, a panel of 32 columns (a blocked factorisation's: the large
 * operand is used 32 times, so copying it costs), a matrix times a
 * vector. */
static const char default_sizes[] = "32,64,100,200,300,500,700,1000,1500,"
                                    "2000,3000";
static const char default_shapes[] = "2000x2000x64,2000x64x64,64x2000x2000,"
                                     "2000x32x2000,2000x1x2000";

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Write the flush buffer: what the call needs comes from memory. */
static volatile double flush_sink;
static void flush(double *buf, size_t n)
{
    double s = 0.0;
    for (size_t i = 0; i < n; i += 8) {
        buf[i] += 1.0;
        s += buf[i];
    }
    flush_sink = s;
}

static void usage(void)
{
    printf("Usage: bench-dgemm [OPTION]...\n"
           "Time dgemm_ (or --type's ?gemm_) of each library (loaded at run "
           "time, never\nlinked) and of the naive loops on C = "
           "op(A)*op(B) (NN unless a shape says,\ncolumn major, beta 0), one "
           "thread (or --threads), libraries alternated within\neach round; "
           "each library's answer is checked against loops of the bench's "
           "own\nonce per shape first, to the type's epsilon (a wrong one is "
           "reported, not\ntimed).  Prints one table per type and mode: "
           "GFLOPS (and percent of peak),\nand the first library over the "
           "best of the others.\n\n"
           "  --type=T,...      s, d, c, z: SGEMM, DGEMM, CGEMM, ZGEMM "
           "(float, double and\n                    their complex; GFLOPS "
           "count 2 M N K real, 8 M N K complex),\n                    a "
           "round of each in turn, in the order given (default d)\n"
           "  --lib=LABEL=PATH[:VAR=VALUE]  a library with ?gemm_, VAR=VALUE "
           "set while it\n                    loads (repeatable; the first "
           "is the one compared)\n"
           "  --libs=NAME,...   known libraries, those installed (default: "
           "'default' when\n                    no --lib is given, else "
           "'none')\n"
           "  --sizes=N,...     square shapes (default %s)\n"
           "  --shapes=MxNxK,...  other shapes (default %s);\n"
           "                    MxNxK:TN and the like: op(A) op(B), A or B "
           "stored\n                    transposed (T) or not (N); given "
           "either option, only\n                    what is given is run\n"
           "  --modes=MODE,...  flushed, warm, code-cold (flushed, then the "
           "operands and C\n                    read back in), "
           "operands-cold (flushed, then the library\n"
           "                    called on other operands); default "
           "flushed\n"
           "  --rounds=R        rounds (default 3)\n"
           "  --stat=min|median|both  each figure from the least time per "
           "call (default)\n"
           "                    or the median of every call's (steadier for "
           "small flushed\n"
           "                    calls; take more rounds); both: each median "
           "table, then\n"
           "                    the least times' of the same calls\n"
           "  --naive-max=N     time the naive loops up to M*N*K = N^3 "
           "(default 500)\n"
           "  --flush=MIB       MiB written before every flushed call "
           "(default 256;\n                    0: warm only, as "
           "--modes=warm)\n"
           "  --peak=GFLOPS     also print percent of this peak (double's; "
           "twice it for\n                    float's)\n"
           "  --probe=FILE      the peak from FILE's PEAK_MFLOPS "
           "(a probe.conf)\n"
           "  --threads=T,...   time every library at each of these "
           "thread counts (up to\n                    4), alternated, "
           "labelled LABEL/Tt; a table per count,\n                    "
           "then the scaling (default: one thread)\n"
           "  --plot=FILE       write a gnuplot script drawing GFLOPS "
           "against N to FILE\n                    (its PNG: FILE with .gp "
           "made .png, beside it)\n\n", default_sizes, default_shapes);
    bd_known_help(stdout);
    printf("\nExit status: 0 measured, 1 failure (a library computed a "
           "wrong product, or\nnone could be loaded or had a type's "
           "symbol), 2 bad usage.\n");
}

/* "MxNxK" or "MxNxK:TN" (op(A) op(B), each N or T) into sh.  0, or -1. */
static int parse_shape(const char *tok, struct bd_shape *sh)
{
    char end, t[3] = "NN";
    int used = 0;

    if (sscanf(tok, "%dx%dx%d%n", &sh->m, &sh->n, &sh->k, &used) != 3)
        return -1;
    if (tok[used] == ':' && sscanf(tok + used, ":%2[NTnt]%c", t, &end) != 1)
        return -1;
    if (tok[used] != ':' && tok[used] != '\0')
        return -1;
    sh->ta = t[0] == 'n' || t[0] == 'N' ? 'N' : 'T';
    sh->tb = t[1] == 'n' || t[1] == 'N' ? 'N' : 'T';
    return t[1] ? 0 : -1;
}

/* Append the list's shapes ("N" square, or "MxNxK[:TT]") to r. */
static void parse_shapes(const char *opt, const char *text, struct bd_run *r)
{
    char *s = strdup(text), *tok, *save = NULL;
    int sizes = strcmp(opt, "--sizes") == 0;

    for (tok = strtok_r(s, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        struct bd_shape sh = { 0, 0, 0, 'N', 'N' };
        char end;
        int bad = sizes ? sscanf(tok, "%d%c", &sh.m, &end) != 1
                        : parse_shape(tok, &sh) != 0;
        if (sizes)
            sh.n = sh.k = sh.m;
        if (bad || sh.m < 1 || sh.n < 1 || sh.k < 1) {
            fprintf(stderr, "bench-dgemm: %s: '%s' is not %s\n", opt, tok,
                    sizes ? "a size" : "a shape MxNxK or MxNxK:TN");
            exit(2);
        }
        if (r->nshapes == BD_MAX_SHAPES) {
            fprintf(stderr, "bench-dgemm: at most %d shapes\n",
                    BD_MAX_SHAPES);
            exit(2);
        }
        r->shapes[r->nshapes++] = sh;
    }
    free(s);
}

/* The mode named name, or -1. */
static int mode_named(const char *name)
{
    for (int m = 0; m < BD_NMODES; m++)
        if (strcmp(name, bd_mode_name[m]) == 0)
            return m;
    return -1;
}

/* The type --type names name (its letter), or -1. */
static int type_named(const char *name)
{
    const struct bd_type *t = bd_type_named(name[0]);

    return t && name[1] == '\0' ? (int)(t - bd_types) : -1;
}

/* The comma-separated names of option opt into out, each once, by named
 * (-1: not a name; expected says what is).  Returns how many. */
static int parse_names(const char *opt, const char *text,
                       int (*named)(const char *), const char *expected,
                       int *out)
{
    char *s = strdup(text), *tok, *save = NULL;
    int n = 0;

    for (tok = strtok_r(s, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        int v = named(tok), again = 0;
        for (int i = 0; i < n; i++)
            again |= out[i] == v;
        if (v < 0 || again) {
            fprintf(stderr, "bench-dgemm: %s: '%s': expected %s, once "
                    "each\n", opt, tok, expected);
            exit(2);
        }
        out[n++] = v;
    }
    free(s);
    if (n == 0) {
        fprintf(stderr, "bench-dgemm: %s: none given\n", opt);
        exit(2);
    }
    return n;
}

/* The peak from a probe.conf (read whole, as every mmtune reader does). */
static void read_peak(const char *path, struct bd_run *r)
{
    static struct mmc_probeconf pc;
    char err[512];

    if (mmc_probeconf_read(path, &pc, err, sizeof err) != 0) {
        fprintf(stderr, "bench-dgemm: --probe: %s\n", err);
        exit(1);
    }
    r->peak = pc.peak_mflops / 1000.0;
    r->peak_from = path;
}

/* Calls per library, shape and round: about 0.05 s of work at 50 GFLOPS
 * (a flush before each flushed call costs more than a small product, so
 * fewer of those; the rounds spread them over time). */
static int calls_for(struct bd_shape s, const struct bd_lib *l, int mode)
{
    double flops = l->type->flops * s.m * (double)s.n * s.k;
    int c = (int)ceil(0.05 * 50e9 / flops), max = mode == BD_WARM ? 40 : 10;

    if (!l->fn)
        return 1;
    return c < 1 ? 1 : c > max ? max : c;
}

static int naive_runs(const struct bd_run *r, struct bd_shape s)
{
    double n = (double)r->naive_max;
    return (double)s.m * s.n * (double)s.k <= n * n * n;
}

/* Check every library's answer at every shape; returns how many were
 * wrong (reported, and never timed). */
static int check_all(struct bd_run *r)
{
    char why[256];
    int wrong = 0;

    for (int i = 0; i < r->nshapes; i++)
        for (int l = 0; l < r->nlibs; l++) {
            struct bd_lib *lib = &r->libs[l];
            if (!lib->fn) {
                lib->verdict[i] = BD_RIGHT;   /* the reference itself */
                continue;
            }
            lib->verdict[i] = bd_check(lib, r->shapes[i], why, sizeof why);
            if (lib->verdict[i] == BD_WRONG) {
                printf("# %s: WRONG at M=%d N=%d K=%d (%s): %s; not "
                       "timed\n", lib->label, r->shapes[i].m,
                       r->shapes[i].n, r->shapes[i].k, r->type->symbol, why);
                wrong++;
            }
        }
    return wrong;
}

/* The operands timed (a, b, c, as large as the largest shape needs),
 * others as large for operands-cold's call before (a2, b2, c2; NULL
 * without that mode), and the flush buffer. */
struct buffers {
    void *a, *b, *c, *a2, *b2, *c2;
    double *flush;
    size_t nflush;
};

static int has_mode(const struct bd_run *r, enum bd_mode mode)
{
    for (int m = 0; m < r->nmodes; m++)
        if (r->modes[m] == (int)mode)
            return 1;
    return 0;
}

/* bu's operands for r's type and shapes; its flush buffer flush when
 * given (every type's run shares one), else its own. */
static void alloc_buffers(const struct bd_run *r, struct buffers *bu,
                          double *flush)
{
    size_t na = 1, nb = 1, nc = 1, e = r->type->size;
    size_t parts = (size_t)r->type->parts;
    int flushed = 0;

    for (int i = 0; i < r->nshapes; i++) {
        struct bd_shape s = r->shapes[i];
        na = (size_t)s.m * s.k > na ? (size_t)s.m * s.k : na;
        nb = (size_t)s.k * s.n > nb ? (size_t)s.k * s.n : nb;
        nc = (size_t)s.m * s.n > nc ? (size_t)s.m * s.n : nc;
    }
    for (int m = 0; m < r->nmodes; m++)
        flushed |= r->modes[m] != BD_WARM;
    bu->nflush = flushed ? (size_t)(r->flush_mib * 1048576 / sizeof(double))
                         : 0;
    bu->a = malloc(e * na);
    bu->b = malloc(e * nb);
    bu->c = malloc(e * nc);
    bu->flush = !bu->nflush ? NULL
                : flush ? flush : calloc(bu->nflush, sizeof(double));
    bu->a2 = bu->b2 = bu->c2 = NULL;
    if (has_mode(r, BD_OPERANDS_COLD)) {
        bu->a2 = malloc(e * na);
        bu->b2 = malloc(e * nb);
        bu->c2 = malloc(e * nc);
    }
    if (!bu->a || !bu->b || !bu->c || (bu->nflush && !bu->flush)
        || (has_mode(r, BD_OPERANDS_COLD) && !(bu->a2 && bu->b2 && bu->c2))) {
        fprintf(stderr, "bench-dgemm: out of memory\n");
        exit(1);
    }
    /* every part, a complex element's imaginary one too */
    for (size_t i = 0; i < na * parts; i++)
        bd_set_part(r->type, bu->a, i, (double)(i % 17) / 17.0 - 0.5);
    for (size_t i = 0; i < nb * parts; i++)
        bd_set_part(r->type, bu->b, i, (double)(i % 13) / 13.0 - 0.5);
    if (bu->a2)
        memcpy(bu->a2, bu->a, e * na);
    if (bu->b2)
        memcpy(bu->b2, bu->b, e * nb);
}

/* Read one word of every 64-byte line of the n bytes at x back into cache
 * (as integers: C is never initialised). */
static volatile uint64_t read_sink;
static void read_back(const void *x, size_t n)
{
    const unsigned char *p = x;
    uint64_t s = 0, w;
    for (size_t i = 0; i + sizeof w <= n; i += 64) {
        memcpy(&w, p + i, sizeof w);
        s ^= w;
    }
    read_sink = s;
}

/* What comes between the flush and a timed call of l at s in mode. */
static void prepare(const struct bd_lib *l, struct bd_shape s, int mode,
                    const struct buffers *bu)
{
    if (mode == BD_CODE_COLD) {
        size_t e = l->type->size;
        read_back(bu->a, e * s.m * s.k);
        read_back(bu->b, e * s.k * s.n);
        read_back(bu->c, e * s.m * s.n);
    } else if (mode == BD_OPERANDS_COLD) {
        bd_call(l, s, bu->a2, bu->b2, bu->c2);
    }
}

/* One library at one shape in one mode: its calls of this round. */
static void time_calls(struct bd_lib *l, int i, struct bd_shape s, int mode,
                       const struct buffers *bu)
{
    for (int k = calls_for(s, l, mode); k > 0; k--) {
        double t0, t;
        if (mode != BD_WARM)
            flush(bu->flush, bu->nflush);
        prepare(l, s, mode, bu);
        t0 = now();
        bd_call(l, s, bu->a, bu->b, bu->c);
        t = now() - t0;
        if (t < l->best[mode][i])
            l->best[mode][i] = t;
        if (l->all[mode][i])
            l->all[mode][i][l->nall[mode][i]++] = t;
    }
}

static int by_value(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;

    return (a > b) - (a < b);
}

/* With --stat=median, room for every call of each library, mode and shape
 * (exits when there is none); each figure then becomes their median. */
static void keep_all(struct bd_run *r)
{
    if (!r->median)
        return;
    for (int l = 0; l < r->nlibs; l++)
        for (int m = 0; m < r->nmodes; m++)
            for (int i = 0; i < r->nshapes; i++) {
                size_t n = (size_t)r->rounds * (size_t)calls_for(
                    r->shapes[i], &r->libs[l], r->modes[m]);
                double **all = &r->libs[l].all[r->modes[m]][i];
                if (!(*all = malloc(n * sizeof **all))) {
                    fprintf(stderr, "bench-dgemm: out of memory\n");
                    exit(1);
                }
            }
}

static void take_medians(struct bd_run *r)
{
    for (int l = 0; l < r->nlibs; l++)
        for (int m = 0; m < BD_NMODES; m++)
            for (int i = 0; i < r->nshapes; i++) {
                struct bd_lib *lib = &r->libs[l];
                int n = lib->nall[m][i];
                /* untimed (the naive loops past --naive-max): INFINITY,
                 * "-" in either table */
                lib->least[m][i] = lib->best[m][i];
                if (n > 0) {
                    qsort(lib->all[m][i], (size_t)n, sizeof(double),
                          by_value);
                    lib->best[m][i] = n % 2 ? lib->all[m][i][n / 2]
                                      : (lib->all[m][i][n / 2 - 1]
                                         + lib->all[m][i][n / 2]) / 2;
                }
                free(lib->all[m][i]);
                lib->all[m][i] = NULL;
            }
}

static void progress(int round, const struct bd_run *r, int mode, int i)
{
    struct bd_shape s = r->shapes[i];

    if (isatty(2))
        fprintf(stderr, "\rbench-dgemm: %s, round %d/%d, %s, M=%d N=%d "
                "K=%d   ", r->type->name, round + 1, r->rounds,
                bd_mode_name[mode], s.m, s.n, s.k);
}

/* Every run of runs[0..n-1] (one a type) measured, a round of each in
 * turn: the types alternate as the libraries do, so a phase of the host
 * falls on all of them alike. */
static void measure(struct bd_run *runs, int n)
{
    static struct buffers bu[BD_NTYPES];

    for (int t = 0; t < n; t++) {
        struct bd_run *r = &runs[t];
        alloc_buffers(r, &bu[t], t > 0 ? bu[0].flush : NULL);
        for (int l = 0; l < r->nlibs; l++)
            for (int m = 0; m < BD_NMODES; m++)
                for (int i = 0; i < r->nshapes; i++)
                    r->libs[l].best[m][i] = INFINITY;
        keep_all(r);
    }
    for (int round = 0; n > 0 && round < runs[0].rounds; round++)
        for (int t = 0; t < n; t++) {
            struct bd_run *r = &runs[t];
            for (int m = 0; m < r->nmodes; m++)
                for (int i = 0; i < r->nshapes; i++) {
                    progress(round, r, r->modes[m], i);
                    for (int l = 0; l < r->nlibs; l++) {
                        struct bd_lib *lib = &r->libs[l];
                        if (lib->verdict[i] == BD_WRONG
                            || (!lib->fn && !naive_runs(r, r->shapes[i])))
                            continue;
                        time_calls(lib, i, r->shapes[i], r->modes[m],
                                   &bu[t]);
                    }
                }
        }
    if (isatty(2))
        fprintf(stderr, "\r%60s\r", "");
    for (int t = 0; t < n; t++) {
        take_medians(&runs[t]);
        free(bu[t].a), free(bu[t].b), free(bu[t].c);
        free(bu[t].a2), free(bu[t].b2), free(bu[t].c2);
    }
    if (n > 0)
        free(bu[0].flush);
}

/* --stat=both: the least times in r's figures in place of the medians,
 * or back. */
static void swap_stat(struct bd_run *r)
{
    for (int l = 0; l < r->nlibs; l++)
        for (int m = 0; m < BD_NMODES; m++)
            for (int i = 0; i < r->nshapes; i++) {
                struct bd_lib *lib = &r->libs[l];
                double t = lib->best[m][i];
                lib->best[m][i] = lib->least[m][i];
                lib->least[m][i] = t;
            }
    r->median = !r->median;
}

/* The gnuplot script, whole or not at all; its PNG is named after it. */
static int write_plot(const char *path, const struct bd_run *runs,
                      int nruns)
{
    struct mmc_atomic_file af;
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    size_t n = strlen(base);
    char png[1024];
    FILE *fp;

    if (n > 3 && strcmp(base + n - 3, ".gp") == 0)
        n -= 3;
    snprintf(png, sizeof png, "%.*s.png", (int)n, base);
    if (!(fp = mmc_atomic_open(&af, path)))
        goto fail;
    if (bd_plot_script(fp, runs, nruns, png) != 0) {
        mmc_atomic_discard(&af);
        goto fail;
    }
    if (mmc_atomic_commit(&af) != 0)
        goto fail;
    return 0;
fail:
    fprintf(stderr, "bench-dgemm: --plot=%s: cannot write: %s\n", path,
            strerror(errno));
    return -1;
}

static void head(const struct bd_run *r)
{
    printf("# bench-dgemm: C = op(A) op(B) (NN unless a shape says :TN and the "
           "like;\n# column major, alpha 1, beta 0), %s; each\n# library "
           "checked against the naive loops "
           "first; the %s time per call over %d round%s,\n# libraries "
           "alternated within each\n",
           r->ncounts ? "at each --threads count" : "one thread",
           r->both ? "median (then the least)" : bd_stat_name(r), r->rounds,
           r->rounds == 1 ? "" : "s");
    for (int t = 0; r->ntypes > 1 && t < r->ntypes; t++)
        printf("%s %s%s", t ? "," : "#", bd_types[r->types[t]].name,
               t == r->ntypes - 1 ? ": a round of each in turn\n" : "");
    for (int m = 0; m < r->nmodes; m++)
        if (r->modes[m] == BD_FLUSHED)
            printf("# flushed: %g MiB written before every call (operands "
                   "and C from memory)\n", r->flush_mib);
        else if (r->modes[m] == BD_WARM)
            printf("# warm: called again on the same operands, left in "
                   "cache by the call before\n");
        else if (r->modes[m] == BD_CODE_COLD)
            printf("# code-cold: flushed, then A, B and C read back in "
                   "(the library's code\n#   and own data from memory)\n");
        else
            printf("# operands-cold: flushed, then the library called on "
                   "other operands of\n#   the shape (its code and own "
                   "data in cache, A, B and C from memory)\n");
    if (r->peak > 0)
        printf("# peak %.1f GFLOPS (%s)\n", r->peak, r->peak_from);
}

/* --threads=1,2: counts from 1 to 1024, at most BD_MAX_COUNTS. */
static void parse_counts(const char *arg, struct bd_run *r)
{
    const char *s = arg;

    r->ncounts = 0;
    while (*s) {
        char *end;
        long v = strtol(s, &end, 10);
        if (end == s || v < 1 || v > 1024 || (*end && *end != ',')
            || r->ncounts == BD_MAX_COUNTS) {
            fprintf(stderr, "bench-dgemm: --threads=%s: up to %d counts "
                    "from 1 to 1024, comma-separated\n", arg,
                    BD_MAX_COUNTS);
            exit(2);
        }
        r->counts[r->ncounts++] = (int)v;
        s = *end ? end + 1 : end;
    }
}

struct cli {
    const char *libs, *plot, *sizes, *shapes, *modes, *types;
    const char *specs[BD_MAX_LIBS];   /* --lib, in order */
    int nspecs;
};

static void parse_args(int argc, char **argv, struct bd_run *r,
                       struct cli *cl)
{
    static const struct option lo[] = {
        { "lib", required_argument, NULL, 'l' },
        { "libs", required_argument, NULL, 'L' },
        { "sizes", required_argument, NULL, 's' },
        { "shapes", required_argument, NULL, 'S' },
        { "modes", required_argument, NULL, 'm' },
        { "type", required_argument, NULL, 'y' },
        { "rounds", required_argument, NULL, 'r' },
        { "stat", required_argument, NULL, 't' },
        { "naive-max", required_argument, NULL, 'n' },
        { "flush", required_argument, NULL, 'f' },
        { "peak", required_argument, NULL, 'p' },
        { "probe", required_argument, NULL, 'P' },
        { "plot", required_argument, NULL, 'g' },
        { "threads", required_argument, NULL, 'T' },
        { "help", no_argument, NULL, 'h' },
        { NULL, 0, NULL, 0 },
    };
    int c;

    while ((c = getopt_long(argc, argv, "", lo, NULL)) != -1) {
        switch (c) {
        case 'l':
            if (cl->nspecs == BD_MAX_LIBS - 1) {
                fprintf(stderr, "bench-dgemm: at most %d libraries\n",
                        BD_MAX_LIBS - 1);
                exit(2);
            }
            cl->specs[cl->nspecs++] = optarg;
            break;
        case 'L': cl->libs = optarg; break;
        case 's': cl->sizes = optarg; break;
        case 'S': cl->shapes = optarg; break;
        case 'm': cl->modes = optarg; break;
        case 'y': cl->types = optarg; break;
        case 'r': r->rounds = atoi(optarg) > 0 ? atoi(optarg) : 1; break;
        case 't':
            if (strcmp(optarg, "min") && strcmp(optarg, "median")
                && strcmp(optarg, "both")) {
                fprintf(stderr, "bench-dgemm: --stat=%s: not min, median "
                        "or both\n", optarg);
                exit(2);
            }
            r->median = strcmp(optarg, "min") != 0;
            r->both = strcmp(optarg, "both") == 0;
            break;
        case 'n': r->naive_max = atol(optarg); break;
        case 'f': r->flush_mib = atof(optarg); break;
        case 'p': r->peak = atof(optarg), r->peak_from = "--peak"; break;
        case 'P': read_peak(optarg, r); break;
        case 'g': cl->plot = optarg; break;
        case 'T': parse_counts(optarg, r); break;
        case 'h': usage(); exit(0);
        default:
            fprintf(stderr, "Try 'bench-dgemm --help'.\n");
            exit(2);
        }
    }
    if (optind < argc) {
        fprintf(stderr, "bench-dgemm: '%s': unexpected argument\n",
                argv[optind]);
        exit(2);
    }
}

/* What the options left to defaults: products and modes. */
static void settle(struct bd_run *r, const struct cli *cl)
{
    if (cl->sizes)
        parse_shapes("--sizes", cl->sizes, r);
    if (cl->shapes)
        parse_shapes("--shapes", cl->shapes, r);
    if (!cl->sizes && !cl->shapes) {
        parse_shapes("--sizes", default_sizes, r);
        parse_shapes("--shapes", default_shapes, r);
    }
    r->nmodes = parse_names("--modes", cl->modes ? cl->modes
                            : r->flush_mib > 0 ? "flushed" : "warm",
                            mode_named, "flushed, warm, code-cold or "
                            "operands-cold", r->modes);
    r->ntypes = parse_names("--type", cl->types ? cl->types : "d",
                            type_named, "s, d, c or z", r->types);
    for (int m = 0; m < r->nmodes; m++)
        if (r->modes[m] != BD_WARM && !(r->flush_mib > 0)) {
            fprintf(stderr, "bench-dgemm: --modes=%s needs --flush "
                    "above 0\n", bd_mode_name[r->modes[m]]);
            exit(2);
        }
}

/* --lib's libraries in order, then the known ones --libs names ('none'
 * when only --lib is given, else 'default'). */
static void load_libs(struct bd_run *r, const struct cli *cl)
{
    unsigned types = 0;

    for (int t = 0; t < r->ntypes; t++)
        types |= 1u << r->types[t];
    for (int i = 0; i < cl->nspecs; i++)
        r->nlibs += bd_load_spec(cl->specs[i], types, &r->libs[r->nlibs]);
    r->nlibs = bd_load_known(cl->libs ? cl->libs
                             : cl->nspecs ? "none" : "default", types,
                             r->libs, r->nlibs, BD_MAX_LIBS - 1);
}

/* What a type's tables count and how its answers are checked. */
static void type_head(const struct bd_run *r)
{
    const struct bd_type *t = r->type;
    const char *part = t->size / (size_t)t->parts == sizeof(float)
                       ? "float" : "double";

    printf("# %s: %s on %s%s\n#   GFLOPS count %.0f M N K%s; answers "
           "checked to %s's epsilon, %.1e\n", t->name, t->symbol, t->what,
           t->parts == 2 ? ", (re, im) side by side, alpha (1, 0), beta "
           "(0, 0)" : "", t->flops, t->parts == 2 ? " (a complex "
           "multiply-add is 8 flops)" : "", part, t->eps);
    if (r->peak > 0 && strcmp(part, "float") == 0)
        printf("#   peak %.1f GFLOPS: twice double's (twice the lanes)\n",
               r->peak);
}

/* r's entries that hold type t's symbol, each set to call it, then the
 * naive loops, into *into (its head printed); an entry without it is
 * noted and left out.  -1 when none holds it. */
static int for_type(const struct bd_run *r, int t, struct bd_run *into)
{
    const struct bd_type *ty = &bd_types[t];

    *into = *r;
    into->type = ty;
    into->peak = r->peak * (double)(sizeof(double) * (size_t)ty->parts)
                 / (double)ty->size;
    into->nlibs = 0;
    type_head(into);
    for (int l = 0; l < r->nlibs; l++) {
        struct bd_lib lib = r->libs[l];
        if (!lib.sym[t]) {
            printf("# %s: no %s in it: left out of the %s rows\n",
                   lib.label, ty->symbol, ty->name);
            continue;
        }
        lib.fn = lib.sym[t], lib.type = ty;
        into->libs[into->nlibs++] = lib;
    }
    if (into->nlibs == 0) {
        fprintf(stderr, "bench-dgemm: no library has %s: no %s table\n",
                ty->symbol, ty->name);
        return -1;
    }
    if (r->naive_max > 0)
        into->libs[into->nlibs++] = (struct bd_lib){ .label = "naive",
                                                     .type = ty };
    return 0;
}

int main(int argc, char **argv)
{
    static struct bd_run r, runs[BD_NTYPES];
    static struct cli cl;
    int wrong = 0, missing = 0, nruns = 0;

    char most[16] = "1";

    r.rounds = 3, r.naive_max = 500, r.flush_mib = 256;
    parse_args(argc, argv, &r, &cl);
    /* one thread (or the most --threads asks for: OpenBLAS's OpenMP build
     * never goes past the count it loaded with) for whatever reads these
     * when it loads or first runs; each entry then sets its own count */
    for (int c = 0; c < r.ncounts; c++)
        if (r.counts[c] > atoi(most))
            snprintf(most, sizeof most, "%d", r.counts[c]);
    setenv("OPENBLAS_NUM_THREADS", most, 1);
    setenv("OMP_NUM_THREADS", most, 1);
    setenv("BLIS_NUM_THREADS", most, 1);
    setenv("MMTUNE_NUM_THREADS", most, 1);
    settle(&r, &cl);
    head(&r);
    load_libs(&r, &cl);
    if (r.nlibs == 0) {
        fprintf(stderr, "bench-dgemm: no library could be loaded\n");
        return 1;
    }
    if (r.ncounts > 0)
        r.nlibs = bd_per_count(r.libs, r.nlibs, r.counts, r.ncounts,
                               BD_MAX_LIBS - 1);
    for (int t = 0; t < r.ntypes; t++) {
        struct bd_run *tr = &runs[nruns];
        fflush(stdout);
        if (for_type(&r, r.types[t], tr) != 0) {
            missing = 1;
            continue;
        }
        fflush(stdout);
        wrong += check_all(tr);
        fflush(stdout);
        nruns++;
    }
    measure(runs, nruns);
    for (int t = 0; t < nruns; t++)
        for (int m = 0; m < runs[t].nmodes; m++) {
            bd_table(stdout, &runs[t], runs[t].modes[m]);
            bd_scaling(stdout, &runs[t], runs[t].modes[m]);
            if (!runs[t].both)
                continue;
            swap_stat(&runs[t]);
            bd_table(stdout, &runs[t], runs[t].modes[m]);
            bd_scaling(stdout, &runs[t], runs[t].modes[m]);
            swap_stat(&runs[t]);
        }
    if (cl.plot && nruns > 0 && write_plot(cl.plot, runs, nruns) != 0)
        return 1;
    return wrong || missing ? 1 : 0;
}
