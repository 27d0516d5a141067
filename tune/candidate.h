/* One candidate kernel through the pipeline of issue 8: parameters ->
 * mmgen source (in-process) -> shared object (the kernel compiler, in
 * batches on every core) -> verified against the oracle and timed with
 * MultiCallFlushLRU, in a child with a deadline.  Whatever goes wrong is a
 * verdict with a reason, never fatal to the search.  (candidate.c: the
 * pipeline and a candidate's source; build.c: compiling, on the compile
 * scheduler, common/compile.h; measure.c: the child; shapes.c: the whole
 * DGEMM's shapes.) */
#ifndef MMS_CANDIDATE_H
#define MMS_CANDIDATE_H

#include <stddef.h>

#include "codegen/codegen.h"
#include "timer/mmtimer.h"

enum mms_verdict {
    MMS_V_NONE,          /* not judged yet */
    MMS_V_OK,
    MMS_V_WRONG,         /* the oracle rejected it */
    MMS_V_COMPILE,       /* generate, compile or load failed */
    MMS_V_CRASH,         /* the child died or reported no result */
    MMS_V_TIMEOUT,       /* compiling or running passed its deadline */
    MMS_NVERDICTS
};

const char *mms_verdict_name(enum mms_verdict v);
/* -1 if unknown. */
int mms_verdict_parse(const char *word);

#define MMS_PATH_MAX 512
#define MMS_WHY_MAX 400

struct mms_cand {
    struct mmg_params p;         /* the kernel as the search knows it */
    struct mmg_params gen;       /* what its source is generated from:
                                    p, or in the packed context p at the
                                    library's blocking (tune/timing.c) */
    int packed;                  /* 1: timed in the packed context */
    int cc;                      /* its compiler: an index into pl->cc */
    char name[128];              /* kernel base name; <name>_desc */
    char src[MMS_PATH_MAX];      /* source in the work directory */
    char so[MMS_PATH_MAX];       /* the shared object built from it */
    enum mms_verdict verdict;    /* of the build (MMS_V_NONE: built) */
    char why[MMS_WHY_MAX];
    int kt;                      /* K=0 kernels: the k to time them at
                                    (step 7); 0: the tile */
    int nc;                      /* > 0: the library's full kernel, timed
                                    as the whole DGEMM through the
                                    pipeline's driver with B's panels NC
                                    wide (the blocks steps); 0: alone */
    char driver_so[MMS_PATH_MAX];  /* with an nc: the driver built for
                                      its kernel ("": pl->driver_so) */
};

/* The packed context (pl->packed): a kernel step's copy kernel p is
 * generated as the library's full kernel for it (M = MC, N = NB, K = KC
 * of the library's blocking model, tune/blocks.h) and timed as one call
 * of the library's macro-kernel: A's packed MC x KC block hot (packed
 * just before, it sits in L2), B's packed KC x NB panel and C cold, C an
 * MC x NB block of a matrix with this leading dimension (a caller's
 * N = 2000, issue 32's size).  The L1 context (one call at M = N = K =
 * NB, A and B cold, C hot) ranked the fastest kernels unlike whole
 * DGEMMs (docs/SEARCH.md). */
#define MMS_PACKED_LDC 2000

/* A kernel compiler: its command, as the log and params.conf name it,
 * and its flags. */
struct mms_compiler {
    char name[32];
    char *argv[48];              /* compiler and flags, NULL-terminated */
    char words[1024];            /* the storage argv points into */
};

/* Put after the flags in every compile of the search's own (the timed
 * kernels, the whole-DGEMM drivers), which are thrown away: no debug
 * information.  Neither compiler lets it change the code (gcc 12 and
 * clang 14 gave the same text for a non-copy kernel with and without
 * -g), and it is a fifth to a third of the compile (knc.c on Zen 5: gcc
 * 3.3 s with -g, 2.3 without; clang 3.1 and 2.5).  The flags recorded
 * for the library stay the configured ones. */
#define MMS_BUILD_NO_DEBUG "-g0"

/* The configured compiler (or the pinned one) and the others the cc step
 * tries. */
#define MMS_CC_MAX 4

/* The square sizes one whole-DGEMM timing takes at most: a level's four
 * and the nc step's own, or the step small's candidates and
 * MMS_DGEMM_SMALL_N (tune/steps.h). */
#define MMS_DGEMM_SIZES 9

/* The narrow shapes a whole-DGEMM timing adds at the level's largest
 * square size L (pl->dgemm_narrow): L x MMS_NARROW_N x L, a panel of few
 * columns (LAPACK's trailing updates), and MMS_NARROW_M x L x L, few
 * rows: both take the library's skinny path, which runs the non-copy
 * kernels that SMALL_MAX bounds (the panel in slabs of MC x KC, the few
 * rows in blocks of at most SMALL_MAX), where the square sizes take the
 * packed one (bench-dgemm's 2000x32x2000 and
 * 64x2000x2000).  A tune of the Zen 5 guest with clang chose a kernel and
 * SMALL_MAX that ran those at 0.73-0.81x of clang's defaults, unseen by
 * square sizes. */
#define MMS_NARROW_N 32
#define MMS_NARROW_M 64

/* The warm square sizes a whole-DGEMM timing takes at most, and those
 * the steps ncnu and seeds take (pl->dgemm_warm_n): a loop of small
 * calls, where OpenBLAS's small-matrix kernels lead. */
#define MMS_DGEMM_WARM 4
extern const int mms_dgemm_warm_sizes[MMS_DGEMM_WARM];

/* One shape of a whole-DGEMM timing, C = A B: M x N x K; small 1: on the
 * small-problem path whatever the bound (the small size, first); routed
 * 1: on the path the library routes it to (mml_dgemm_plan), else the
 * packed one; warm 1: called again and again on the same operands, no
 * flush (a loop of small calls, as a blocked factorization or batched
 * code makes them), named "<N>w". */
struct mms_dgemm_shape {
    int m, n, k;
    int small, routed, warm;
};
#define MMS_DGEMM_SHAPES (MMS_DGEMM_SIZES + 3 + MMS_DGEMM_WARM)

/* How candidates are built and run: one per search. */
struct mms_pipeline {
    char workdir[MMS_PATH_MAX];
    char objdir[MMS_PATH_MAX];   /* the driver builds' object cache
                                    (tune/objcache.h; "": workdir's) */
    struct mms_compiler cc[MMS_CC_MAX];   /* cc[0]: every step's */
    int ncc;
    char include_dir[MMS_PATH_MAX];   /* holds mmkernel.h */
    double compile_timeout_s, run_timeout_s;
    int jobs;                    /* compilers at once */
    struct mmtm_timing_opts timing;
    double peak_mflops;          /* probe.conf's; 0 unknown */
    int packed;                  /* 1: the kernel steps' copy kernels
                                    are timed as the library calls
                                    them (MMS_PACKED_LDC); 0: in L1 */
    int fake_timing;             /* test hook: MFLOPS from the name (and
                                    the compiler's, but cc[0]'s) */
    /* A timing during which the other CPUs were busier than busy_limit
     * (timer/load.c: a sibling vCPU's work slows every sample alike) is
     * taken again, up to busy_retakes times (a whole DGEMM's once),
     * busy_pause_ms apart. */
    double busy_limit;           /* 0.5; below 0 every timing is busy
                                    (test hook) */
    int busy_retakes, busy_pause_ms;
    /* The whole DGEMM (the blocks steps: tune/blocks.h, tune/dgemm.h). */
    char source_dir[MMS_PATH_MAX];   /* the source tree the library's
                                        driver is compiled from */
    char driver_so[MMS_PATH_MAX];    /* that driver, built; "" not yet */
    int dgemm_small_n;               /* square size on the small path
                                        timed first; 0: none */
    int dgemm_n[MMS_DGEMM_SIZES];    /* square sizes, 0 ends the list */
    int dgemm_samples;
    int dgemm_route;                 /* 1: each of dgemm_n on the path
                                        the library routes it to (the
                                        step small), else the blocked */
    int dgemm_narrow;                /* L of the narrow shapes (0: none),
                                        always routed */
    int dgemm_no_panel;              /* 1: of them the few rows alone
                                        (the step small, whose SMALL_MAX
                                        does not cut the panel) */
    int dgemm_warm_n[MMS_DGEMM_WARM];    /* warm square sizes, routed, 0
                                            ends the list (first) */
    size_t dgemm_flush_bytes;        /* read before each call */
};

/* The shapes a whole-DGEMM timing with pl takes, in its order
 * (pl->dgemm_warm_n, then pl->dgemm_small_n when not 0, then
 * pl->dgemm_n, square, then the narrow ones), into s[MMS_DGEMM_SHAPES].
 * Returns how many. */
int mms_dgemm_sizes(const struct mms_pipeline *pl, struct mms_dgemm_shape *s);

/* "1000" for a square shape, "1000x32x1000" for another, "32w" for a
 * warm one: how the log names it (in the why, and in the list of a
 * step's shapes). */
void mms_shape_text(const struct mms_dgemm_shape *s, char *buf, size_t len);

/* Append "N=shape:mflops" to the string in buf (a space before it
 * unless it is the first): how a whole DGEMM's why lists its shapes,
 * which the log reads back (tune/logfind.c). */
void mms_dgemm_why_size(char *buf, size_t len, const struct mms_dgemm_shape *s,
                        double mflops);

/* 1 when shape s runs on the small-problem path: the small size; or a
 * routed shape that the plan's small path takes (fits 1), as the library
 * routes a call. */
int mms_dgemm_on_small(const struct mms_dgemm_shape *s, int fits);

/* Append shape s to the why's list of the shapes that ran on path
 * ("small": the small-problem path; "skinny": the library's routing took
 * skinny.c), " small=n" or ",n", after all its shapes: the path each took
 * is in the log, where a test can check the routing. */
void mms_dgemm_why_path(char *buf, size_t len, const char *path,
                        const struct mms_dgemm_shape *s);

/* One timing of one candidate. */
struct mms_measure {
    enum mms_verdict verdict;
    double mflops;
    double spread;               /* (max - min) / min of the samples */
    int samples;
    double busy;                 /* other CPUs' busy fraction while timed
                                    (0: unknown or not timed) */
    int retaken;                 /* timings thrown away as busy */
    char why[MMS_WHY_MAX];       /* the reason, or how it was timed */
};

/* Settings from cc and cflags (split at blanks; no quoting), with the
 * other fields at their defaults.  Returns 0, or -1 when they do not fit. */
int mms_pipeline_init(struct mms_pipeline *pl, const char *cc,
                      const char *cflags, const char *include_dir,
                      const char *workdir);

/* One more compiler for the cc step.  Returns its index, or -1 when it
 * does not fit. */
int mms_pipeline_add_cc(struct mms_pipeline *pl, const char *cc,
                        const char *cflags);
/* The index of the compiler named name, or -1. */
int mms_pipeline_find_cc(const struct mms_pipeline *pl, const char *name);

/* Compiler i as one line ("gcc -O2 ..."). */
void mms_pipeline_cc_text(const struct mms_pipeline *pl, int i, char *buf,
                          size_t len);

/* A generated candidate for p (checked with mmg_params_check; a bad p is
 * a compile-error verdict), with the beta variants p->betas asks for.
 * The search generates only beta 1: the one timed (the library's call for
 * every K block but the first). */
void mms_cand_init(struct mms_cand *c, const struct mms_pipeline *pl,
                   const struct mmg_params *p);

/* Build c with compiler cc (an index into pl->cc) rather than cc[0]: its
 * object gets the compiler's name, so both can sit in the work
 * directory. */
void mms_cand_use_cc(struct mms_cand *c, const struct mms_pipeline *pl,
                     int cc);

/* A candidate from a ready source file whose descriptor is <name>_desc
 * (tests plant broken kernels this way). */
void mms_cand_from_source(struct mms_cand *c, const struct mms_pipeline *pl,
                          const char *src, const char *name);

/* Write c's mmgen source (unless it is there).  Returns 0, or -1 with
 * c->why. */
int mms_cand_generate(struct mms_cand *c);

/* The timer's operand init: uniform values in [-0.5, 0.5), a sequence
 * fixed by the operand's index; doubles, or (_float, a single kernel's
 * operands) floats, the same values rounded: a double's bits read as
 * floats would hold denormals and NaNs, which time otherwise. */
void mms_fill_operand(int operand, void *p, size_t bytes, void *user);
void mms_fill_operand_float(int operand, void *p, size_t bytes, void *user);

/* Generate (if needed) and compile every candidate not yet judged, up to
 * pl->jobs compilers at once.  Failures become verdicts on the candidate;
 * the compiler's first output line is the reason. */
void mms_build(const struct mms_pipeline *pl, struct mms_cand **c, int n);

/* What mms_measure does, as bits. */
enum {
    MMS_VERIFY = 1,      /* the beta-1 variant against the oracle */
    MMS_VERIFY_ALL = 2,  /* every variant the kernel has */
    MMS_TIME = 4         /* then time the beta-1 variant */
};

/* Load c's shared object in a child, verify and time it as `what` says
 * (round picks the fake timing's noise).  It is timed as called on one
 * block: m and n the tile (or its fixed sizes), k its fixed K, else
 * c->kt, else the tile; a non-copy kernel with lda = ldb = ldc = the
 * tile (NCNB); in the packed context (c->packed) A hot, B and C cold,
 * ldc MMS_PACKED_LDC; MFLOPS count 2*m*n*k.  A candidate with an NC is
 * verified and timed as the whole DGEMM instead (tune/dgemm.h: the
 * geometric mean of the MFLOPS at mms_dgemm_sizes's shapes, why saying
 * each).  Fills m; without MMS_TIME a kernel that passes is ok at 0
 * MFLOPS.  A timing made beside busy CPUs is taken again (pl->busy_*);
 * if the last one is still busy, m->why begins with "BUSY". */
void mms_measure(const struct mms_pipeline *pl, const struct mms_cand *c,
                 unsigned what, int round, struct mms_measure *m);

/* A fresh work directory "<parent>/mmsearch.XXXXXX" into buf.  Returns 0,
 * or -1 with errno. */
int mms_workdir_create(char *buf, size_t len, const char *parent);
/* Remove a work directory and everything in it (the drivers' builds
 * too). */
void mms_workdir_remove(const char *dir);

/* Remove c's shared object. */
void mms_cand_clean(const struct mms_cand *c);

#endif
