/* bench-dgemm: DGEMM GFLOPS of libmmtune beside other BLAS libraries and
 * the naive loops, square column-major C = A*B (beta = 0), one thread.
 * Not a test: nothing here passes or fails.
 *
 * Every library is loaded at run time with dlmopen into a namespace of its
 * own, so two copies of one library with different settings (OpenBLAS as
 * shipped and with OPENBLAS_CORETYPE) sit side by side and none is a build
 * dependency.  Within each round every library runs every size in turn
 * (alternated, so a busy neighbour hurts them alike); each figure is the
 * best per-call wall time (CLOCK_MONOTONIC) over rounds x calls, with a
 * buffer larger than the caches written before every call when --flush is
 * not 0 (operands and C come from memory). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef void dgemm_fn(const char *, const char *, const int *, const int *,
                      const int *, const double *, const double *,
                      const int *, const double *, const int *,
                      const double *, double *, const int *);

#define MAX_LIBS 12
#define MAX_SIZES 32

struct lib {
    const char *label;
    dgemm_fn *fn;            /* NULL: the naive loops */
    double best[MAX_SIZES];  /* seconds per call */
};

struct opts {
    int sizes[MAX_SIZES], nsizes, rounds, naive_max;
    double flush_mib, peak;
};

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void naive(int n, const double *a, const double *b, double *c)
{
    for (int j = 0; j < n; j++) {
        for (int i = 0; i < n; i++)
            c[i + (size_t)j * n] = 0.0;
        for (int p = 0; p < n; p++) {
            double t = b[p + (size_t)j * n];
            for (int i = 0; i < n; i++)
                c[i + (size_t)j * n] += t * a[i + (size_t)p * n];
        }
    }
}

static void run(const struct lib *l, int n, const double *a, const double *b,
                double *c)
{
    double one = 1.0, zero = 0.0;
    if (l->fn)
        l->fn("N", "N", &n, &n, &n, &one, a, &n, b, &n, &zero, c, &n);
    else
        naive(n, a, b, c);
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

/* label=path[:VAR=VALUE]; the variable is set while the library loads (it
 * reads it then) and restored afterwards. */
static int load(const char *spec, struct lib *l)
{
    char *s = strdup(spec), *eq = strchr(s, '='), *var, *old = NULL;
    void *h;

    if (!eq) {
        fprintf(stderr, "bench-dgemm: --lib=%s: expected LABEL=PATH\n", spec);
        exit(2);
    }
    *eq = '\0';
    var = strchr(eq + 1, ':');
    if (var) {
        char *val = strchr(var + 1, '=');
        *var++ = '\0';
        if (!val) {
            fprintf(stderr, "bench-dgemm: --lib=%s: expected VAR=VALUE after "
                    "':'\n", spec);
            exit(2);
        }
        *val++ = '\0';
        old = getenv(var) ? strdup(getenv(var)) : NULL;
        setenv(var, val, 1);
    }
    h = dlmopen(LM_ID_NEWLM, eq + 1, RTLD_NOW | RTLD_LOCAL);
    if (var) {
        if (old)
            setenv(var, old, 1);
        else
            unsetenv(var);
    }
    l->label = s;
    l->fn = h ? (dgemm_fn *)dlsym(h, "dgemm_") : NULL;
    if (!l->fn)
        printf("# %s: not measured (%s)\n", s, h ? "no dgemm_" : dlerror());
    return l->fn != NULL;
}

static void usage(void)
{
    printf("Usage: bench-dgemm [OPTION]... --lib=LABEL=PATH[:VAR=VALUE]...\n"
           "Time dgemm_ of each library (loaded with dlmopen, VAR=VALUE set "
           "while it loads)\nand of the naive loops on square NN products, "
           "one thread, libraries\nalternated within each round; GFLOPS "
           "and the first library's ratio to each.\n\n"
           "  --lib=LABEL=PATH[:VAR=VALUE]  a library with dgemm_ "
           "(repeatable)\n"
           "  --sizes=N,N,...   default 200,300,500,700,1000,1500,2000\n"
           "  --rounds=R        rounds (default 3)\n"
           "  --naive-max=N     time the naive loops up to N (default 500)\n"
           "  --flush=MIB       write MIB MiB before every call; 0: warm "
           "(default 256)\n"
           "  --peak=GFLOPS     also print percent of this peak\n"
           "Exit status: 0 measured, 1 failure, 2 bad usage.\n");
}

static void parse_sizes(const char *text, struct opts *o)
{
    char *s = strdup(text), *tok, *save = NULL;
    o->nsizes = 0;
    for (tok = strtok_r(s, ",", &save); tok && o->nsizes < MAX_SIZES;
         tok = strtok_r(NULL, ",", &save))
        if ((o->sizes[o->nsizes++] = atoi(tok)) < 1) {
            fprintf(stderr, "bench-dgemm: --sizes: '%s' is not a size\n",
                    tok);
            exit(2);
        }
    free(s);
}

/* Calls per round: about 0.05 s of work at 50 GFLOPS, 1 to 40. */
static int calls_for(int n, const struct lib *l)
{
    double flops = 2.0 * n * n * (double)n;
    int c = (int)ceil(0.05 * 50e9 / flops);
    if (!l->fn)
        return 1;
    return c < 1 ? 1 : c > 40 ? 40 : c;
}

static void measure(struct lib *libs, int nlibs, const struct opts *o)
{
    int nmax = 0;
    size_t nflush = (size_t)(o->flush_mib * 1024 * 1024 / sizeof(double));
    double *a, *b, *c, *buf = NULL;

    for (int s = 0; s < o->nsizes; s++)
        nmax = o->sizes[s] > nmax ? o->sizes[s] : nmax;
    a = malloc(sizeof *a * nmax * nmax);
    b = malloc(sizeof *b * nmax * nmax);
    c = malloc(sizeof *c * nmax * nmax);
    if (nflush)
        buf = calloc(nflush, sizeof *buf);
    if (!a || !b || !c || (nflush && !buf)) {
        fprintf(stderr, "bench-dgemm: out of memory\n");
        exit(1);
    }
    for (size_t i = 0; i < (size_t)nmax * nmax; i++) {
        a[i] = (double)(i % 17) / 17.0 - 0.5;
        b[i] = (double)(i % 13) / 13.0 - 0.5;
    }
    for (int l = 0; l < nlibs; l++)
        for (int s = 0; s < o->nsizes; s++)
            libs[l].best[s] = INFINITY;
    for (int r = 0; r < o->rounds; r++)
        for (int s = 0; s < o->nsizes; s++)
            for (int l = 0; l < nlibs; l++) {
                int n = o->sizes[s];
                if (!libs[l].fn && n > o->naive_max)
                    continue;
                for (int k = calls_for(n, &libs[l]); k > 0; k--) {
                    double t0, t;
                    if (nflush)
                        flush(buf, nflush);
                    t0 = now();
                    run(&libs[l], n, a, b, c);
                    t = now() - t0;
                    if (t < libs[l].best[s])
                        libs[l].best[s] = t;
                }
            }
    free(a), free(b), free(c), free(buf);
}

static void table(const struct lib *libs, int nlibs, const struct opts *o)
{
    printf("# GFLOPS (2 N^3 / best seconds per call)%s; then %s / each\n",
           o->peak > 0 ? ", [percent of peak]" : "", libs[0].label);
    printf("%6s", "N");
    for (int l = 0; l < nlibs; l++)
        printf(" %*s", o->peak > 0 ? 20 : 14, libs[l].label);
    for (int l = 1; l < nlibs; l++)
        printf(" %11.11s", libs[l].label);
    printf("\n");
    for (int s = 0; s < o->nsizes; s++) {
        double n = o->sizes[s], g[MAX_LIBS];
        printf("%6d", o->sizes[s]);
        for (int l = 0; l < nlibs; l++) {
            g[l] = isinf(libs[l].best[s]) ? NAN
                   : 2.0 * n * n * n / libs[l].best[s] / 1e9;
            if (isnan(g[l]))            /* not run at this size */
                printf(" %14s", "-");
            else if (o->peak > 0)
                printf(" %12.1f [%4.0f%%]", g[l], 100.0 * g[l] / o->peak);
            else
                printf(" %14.1f", g[l]);
        }
        for (int l = 1; l < nlibs; l++)
            if (isnan(g[0] / g[l]))
                printf(" %11s", "-");
            else
                printf(" %10.2fx", g[0] / g[l]);
        printf("\n");
    }
}

int main(int argc, char **argv)
{
    static const struct option lo[] = {
        { "lib", required_argument, NULL, 'l' },
        { "sizes", required_argument, NULL, 's' },
        { "rounds", required_argument, NULL, 'r' },
        { "naive-max", required_argument, NULL, 'n' },
        { "flush", required_argument, NULL, 'f' },
        { "peak", required_argument, NULL, 'p' },
        { "help", no_argument, NULL, 'h' },
        { NULL, 0, NULL, 0 },
    };
    struct opts o = { { 0 }, 0, 3, 500, 256, 0 };
    struct lib libs[MAX_LIBS];
    int nlibs = 0, c;

    parse_sizes("200,300,500,700,1000,1500,2000", &o);
    /* one thread for whatever reads these when it loads */
    setenv("OPENBLAS_NUM_THREADS", "1", 1);
    setenv("OMP_NUM_THREADS", "1", 1);
    setenv("BLIS_NUM_THREADS", "1", 1);
    while ((c = getopt_long(argc, argv, "", lo, NULL)) != -1) {
        switch (c) {
        case 'l':
            if (nlibs == MAX_LIBS - 1) {
                fprintf(stderr, "bench-dgemm: at most %d libraries\n",
                        MAX_LIBS - 1);
                return 2;
            }
            nlibs += load(optarg, &libs[nlibs]);
            break;
        case 's': parse_sizes(optarg, &o); break;
        case 'r': o.rounds = atoi(optarg) > 0 ? atoi(optarg) : 1; break;
        case 'n': o.naive_max = atoi(optarg); break;
        case 'f': o.flush_mib = atof(optarg); break;
        case 'p': o.peak = atof(optarg); break;
        case 'h': usage(); return 0;
        default:
            fprintf(stderr, "Try 'bench-dgemm --help'.\n");
            return 2;
        }
    }
    if (nlibs == 0) {
        fprintf(stderr, "bench-dgemm: no library could be loaded\n");
        return 1;
    }
    if (o.naive_max > 0)
        libs[nlibs++] = (struct lib){ "naive", NULL, { 0 } };
    printf("# bench-dgemm: square C = A*B, column major, beta = 0, one "
           "thread; best of %d rounds, libraries alternated; %s\n", o.rounds,
           o.flush_mib > 0 ? "a flush buffer written before every call"
                           : "operands warm");
    measure(libs, nlibs, &o);
    table(libs, nlibs, &o);
    return 0;
}
