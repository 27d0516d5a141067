/* bench-dgemm's parts: the four precisions (gemm_types.c), the libraries
 * it loads (gemm_libs.c), the check of each library's answer
 * (gemm_check.c), the tables and the plot script (gemm_table.c), the
 * timing loop and the options (bench_dgemm.c). */
#ifndef BENCH_DGEMM_H
#define BENCH_DGEMM_H

#include <stddef.h>
#include <stdio.h>

/* The Fortran BLAS face every library is timed through: every argument
 * of ?gemm_ is an address, so one prototype calls the four of them. */
typedef void bd_gemm_fn(const char *, const char *, const int *,
                        const int *, const int *, const void *,
                        const void *, const int *, const void *,
                        const int *, const void *, void *, const int *);

#define BD_MAX_LIBS 16
#define BD_MAX_SHAPES 48

/* How a timed call finds the caches.  flushed: everything from memory
 * (a buffer larger than the caches written before it); warm: everything
 * in cache (the call before left it); code-cold: the operands in cache,
 * the library's code and own data from memory; operands-cold: the
 * reverse (the library ran just before, on other operands). */
enum bd_mode { BD_FLUSHED, BD_WARM, BD_CODE_COLD, BD_OPERANDS_COLD,
               BD_NMODES };
extern const char *const bd_mode_name[BD_NMODES];   /* as --modes has it */
extern const char *const bd_mode_what[BD_NMODES];   /* a plot's title */

/* What a library's answer at a shape turned out to be. */
enum bd_verdict { BD_UNCHECKED, BD_RIGHT, BD_WRONG };

/* C = op(A) op(B), M x N x K; ta, tb 'N' or 'T'.  A is stored M x K
 * (lda M) or, transposed, K x M (lda K); B K x N (ldb K) or N x K (ldb
 * N): every operand dense, as a caller's arrays usually are. */
struct bd_shape {
    int m, n, k;
    char ta, tb;
};

/* The naive loops: C = A B as stored (NN), column major, dense. */
typedef void bd_naive_fn(struct bd_shape, const void *, const void *,
                         void *);

/* What tells SGEMM, DGEMM, CGEMM and ZGEMM apart, as data: the rest of
 * the bench is one program.  A complex element is its real and
 * imaginary parts side by side, as Fortran's COMPLEX is. */
#define BD_NTYPES 4
struct bd_type {
    char letter;            /* --type's: s, d, c, z */
    const char *name;       /* SGEMM ... */
    const char *symbol;     /* sgemm_ ... */
    const char *what;       /* the element, in words */
    size_t size;            /* bytes of an element, both parts */
    int parts;              /* 1 real, 2 complex */
    double eps, tiny;       /* a part's epsilon and least normal */
    double flops;           /* per multiply-add: 2 real, 8 complex */
    const void *one, *zero; /* alpha and beta, in the type */
    bd_naive_fn *naive;
};
extern const struct bd_type bd_types[BD_NTYPES];

/* A library's own way to set its thread count (mmt_set_num_threads,
 * openblas_set_num_threads, bli_thread_set_num_threads, else its OpenMP
 * runtime's omp_set_num_threads), and the count it was last set to
 * (shared by every entry of that library). */
struct bd_threads {
    void (*set_int)(int);
    int (*set_mmt)(int);
    void (*set_long)(long);
    int current;
};

#define BD_MAX_COUNTS 4

struct bd_lib {
    const char *label;
    bd_gemm_fn *sym[BD_NTYPES];             /* each type's ?gemm_ in it
                                               (NULL: none) */
    const struct bd_type *type;             /* what fn computes */
    bd_gemm_fn *fn;                         /* NULL: the naive loops */
    struct bd_threads *threads;             /* NULL: none found */
    int nthreads;                           /* set before each call (0:
                                               left as loaded) */
    enum bd_verdict verdict[BD_MAX_SHAPES];
    double best[BD_NMODES][BD_MAX_SHAPES];  /* seconds per call; INFINITY:
                                               not timed */
    double least[BD_NMODES][BD_MAX_SHAPES]; /* with --stat=median, the
                                               least time beside best's
                                               median (--stat=both) */
    double *all[BD_NMODES][BD_MAX_SHAPES];  /* every call's seconds, with
                                               --stat=median; NULL else */
    int nall[BD_NMODES][BD_MAX_SHAPES];
};

/* Leading dimensions of the stored A and B of shape s. */
int bd_lda(struct bd_shape s);
int bd_ldb(struct bd_shape s);

/* Call l's ?gemm_ of its type on shape s, alpha 1, beta 0 (the naive
 * loops when l has none). */
void bd_call(const struct bd_lib *l, struct bd_shape s, const void *a,
             const void *b, void *c);

struct bd_run {
    const struct bd_type *type;     /* what every entry computes */
    int types[BD_NTYPES], ntypes;   /* --type's, in the order given */
    struct bd_lib libs[BD_MAX_LIBS];
    int nlibs;
    struct bd_shape shapes[BD_MAX_SHAPES];
    int nshapes;
    int modes[BD_NMODES], nmodes;   /* enum bd_mode, in the order given */
    int rounds;
    int counts[BD_MAX_COUNTS], ncounts;  /* --threads (0 counts: as
                                            loaded, one thread) */
    int median;                     /* 1: each figure is the median time
                                       per call (--stat=median), not the
                                       least */
    int both;                       /* --stat=both: the medians' tables,
                                       each followed by the least times' */
    long naive_max;                 /* naive loops when M*N*K <= this^3 */
    double flush_mib;
    double peak;                    /* GFLOPS of type; 0: unknown */
    const char *peak_from;          /* where peak came from */
};

/* ---- gemm_types.c ---- */

/* The type --type calls letter, or NULL. */
const struct bd_type *bd_type_named(char letter);

/* Part i of x (element i / parts), as double. */
double bd_part(const struct bd_type *t, const void *x, size_t i);

/* Part i of x set to v, rounded to the type. */
void bd_set_part(const struct bd_type *t, void *x, size_t i, double v);

/* The n parts of wide stored into x in the type, and wide rounded to what
 * x then holds (x may be wide when the parts are doubles). */
void bd_narrow(const struct bd_type *t, void *x, double *wide, size_t n);

/* ---- gemm_libs.c ---- */

/* Load --lib's LABEL=PATH[:VAR=VALUE] into l (VAR set while it loads),
 * each type's symbol looked up.  Returns 1 when l holds the symbol of a
 * type in the mask types (bit t: bd_types[t]), 0 when the library was
 * left out (a '#' note on stdout says why); exits 2 on a malformed
 * spec. */
int bd_load_spec(const char *spec, unsigned types, struct bd_lib *l);

/* Load the known libraries named in list ("openblas,blis", "all", "none";
 * see bd_known_help) that are installed and hold a symbol of types,
 * after the nlibs already in libs; the absent ones get a '#' note.
 * Returns the new count; exits 2 on an unknown name. */
int bd_load_known(const char *list, unsigned types, struct bd_lib *libs,
                  int nlibs, int max);

/* Each loaded library libs[0..nlibs-1] once per thread count of r (its
 * label then "LABEL/Tt"), in place; a library with no way to set its
 * threads is left out at counts other than 1, with a note.  Returns the
 * new count; exits 2 when they do not fit. */
int bd_per_count(struct bd_lib *libs, int nlibs, const int *counts,
                 int ncounts, int max);

/* The known libraries' names and what they are, for --help. */
void bd_known_help(FILE *fp);

/* ---- gemm_check.c ---- */

/* Run l once at s on fresh operands of its type (C filled with NaN,
 * beta = 0) and compare with loops of its own in double: every column
 * when N is small, else a spread of columns, and C*t against A*(B*t) for
 * a random t, to the type's epsilon.  Returns BD_RIGHT or BD_WRONG (with
 * the first wrong element in why). */
enum bd_verdict bd_check(const struct bd_lib *l, struct bd_shape s,
                         char *why, size_t whylen);

/* ---- gemm_table.c ---- */
/* "median" or "least": the statistic each figure of r is. */
const char *bd_stat_name(const struct bd_run *r);

/* The GFLOPS table of one mode (with --threads, one per count). */
void bd_table(FILE *fp, const struct bd_run *r, enum bd_mode mode);

/* With two or more thread counts: each library's GFLOPS at the first and
 * the last, the speed-up, and the first library over each other at the
 * last count. */
void bd_scaling(FILE *fp, const struct bd_run *r, enum bd_mode mode);

/* A gnuplot script drawing GFLOPS against N (square shapes only) of the
 * runs of each type runs[0..nruns-1], a row of panels per type, one panel
 * per mode, one line per library, its data inline, output png.  Returns
 * 0, or -1 with errno set. */
int bd_plot_script(FILE *fp, const struct bd_run *runs, int nruns,
                   const char *png);

#endif
