/* The GEMM driver around the generated kernels: packing, blocking, edges
 * (paper 002 Sec. II-C; docs/LIBRARY.md for the loop order).
 * Internal to kernels/: the public faces are in blas.c and
 * blas_complex.c. */
#ifndef MML_DRIVER_H
#define MML_DRIVER_H

#include <stddef.h>

#include "codegen/codegen.h"
#include "kernels/elem.h"
#include "kernels/trans.h"

/* On the path of every call (the faces, the dispatch, the small path):
 * gathered into one stretch of the library's text (GCC's .text.hot), so
 * a call from a cold cache fetches fewer lines and pages of code. */
#define MML_HOT __attribute__((hot))

/* x rounded up to whole steps; the smaller of a and b (the paths' sizes
 * and workspace parts). */
static inline size_t mml_up_to(size_t x, size_t step)
{
    return (x + step - 1) / step * step;
}

static inline size_t mml_min_z(size_t a, size_t b)
{
    return a < b ? a : b;
}

/* An operand that no pair of strides describes, packed by its owner:
 * complex.c's 1m method packs its real A (and op(B) transposed) straight
 * from the complex one, where expanding it whole for the packing to copy
 * again cost a pass over memory.  pack puts the operand's rows (A) or
 * columns (B) [x, x + ext) of its K range [pc, pc + kc) at dst as
 * mml_pack lays them out: panels of w, the last one's missing rows or
 * columns zero up to a multiple of pad. */
struct mml_packer {
    void (*pack)(const struct mml_packer *self, size_t x, size_t pc,
                 int ext, int kc, int w, int pad, mml_elem *dst);
};

/* A C that is no real matrix, assembled by its owner: complex_split.c's
 * product, whose column pairs make a complex column.  merge puts the
 * block at C's rows [row, row + m) and columns [col, col + n) from the
 * tile t (leading dimension ldt) the kernel computed it into, with C
 * scaled by beta (never read at 0). */
struct mml_merger {
    void (*merge)(const struct mml_merger *self, size_t row, size_t col,
                  int m, int n, mml_elem beta, const mml_elem *t, int ldt);
};

/* One checked call, column major: C = alpha op(A) op(B) + beta C. */
struct mml_gemm {
    int ta, tb;              /* 1: op(X) = X^T */
    size_t m, n, k;
    mml_elem alpha, beta;
    const mml_elem *a, *b;
    mml_elem *c;
    size_t lda, ldb, ldc;
    /* non-NULL: op(A) (alpha folded in) or op(B) comes from here, its
     * array, leading dimension and op unread (alpha 1 with apack).  Only
     * the packed path and the plain loops take such a call: its owner
     * passes one only where mml_route, which never looks at the
     * operands' addresses, chooses MML_PATH_BLOCKED. */
    const struct mml_packer *apack, *bpack;
    /* non-NULL: C is this one's (c and ldc unread); the same paths */
    const struct mml_merger *merge;
};

/* How a call's C is shared (split.c): jc ways over its columns, ic over
 * its rows, thread id taking grid block (id / (ic jr), id / jr % ic), and
 * its share (id % jr) of every NB block's columns there. */
struct mml_ways {
    int jc, ic, jr;
};

/* How the driver blocks and which kernels it calls.  The full kernel runs
 * the blocks of exactly MC x NB x KC; every other block (fractional in M,
 * N or K) goes to the edge kernel, which takes its sizes at run time. */
struct mml_plan {
    const struct mmt_kernel_desc *full;   /* NULL: the edge kernel only */
    const struct mmt_kernel_desc *edge;
    int mc, kc, nb, nc;
    int pmu, pnu;            /* panel widths of the layout (1 for ATLAS's) */
    int pv;                  /* A's last panel padded to a multiple of
                                this (the kernels' vector; 1: tight, the
                                edge kernel's masked tiles take it) */
    int ctile;               /* 1: every block through the C tile (tests) */
    /* The small-problem path: non-copy kernels (run-time sizes up to
     * ncnb) of the full tile and of a narrow one; NULL: no such path. */
    const struct mmt_kernel_desc *knc, *kncv;
    int ncnb;
    /* Their tiles and beta variants, copied from the descriptors: a
     * small call from a cold cache reads the plan's lines, not three
     * more pages. */
    struct mml_nckern {
        int mu, nu;
        int masked;          /* the descriptor's masked_rows */
        mml_kernel *b0, *b1, *bx;
    } nck, nckv;
    /* The same two reading op(B) = B^T in place (KERNEL_ABI.md layout
     * 4), same tiles; NULL (knct): op(B) = B^T is copied instead. */
    const struct mmt_kernel_desc *knct, *kncvt;
    struct mml_nckern nckt, nckvt;
    /* The full tile again, also prefetching the rows of A below its
     * block (PFA=1, codegen/mmkernel.h): for skinny.c's slabs that have
     * a slab below; the others have nothing below to fetch.  NULL
     * (kncp): knc serves those slabs too. */
    const struct mmt_kernel_desc *kncp;
    struct mml_nckern nckp;
    /* Threads (parallel.c): the multiply-adds a thread must have for a
     * team to pay (0: every call on the calling thread), and the ways
     * taken when the split's model ties (1: jc, columns; 0: ic, rows). */
    double mt_work;
    int mt_jc;
    /* The same for a team still awake (mt_hot_work <= mt_work; 0: none
     * counted on): one whose calling thread made a call of that much
     * work or more at most mt_hot_s seconds ago (teamwarm.c). */
    double mt_hot_work, mt_hot_s;
    /* The least M N K a team may take: 2 x the smaller of the two (0:
     * none). */
    double mt_min;
    /* The packed path's ways, when set (jc > 0): the tests', to run
     * every kind of team whatever the model would choose. */
    struct mml_ways mt_ways;
};

/* The blocked path's plan around the full kernel (blocks of its M x N x
 * K: MC x NB x KC) and the edge kernel, B's panels NC columns wide; no
 * small-problem path (mml_plan_small adds it).  The library's plan is
 * made with it, and so is every plan mmsearch times the whole DGEMM with
 * (tune/dgemm.c). */
void mml_plan_make(struct mml_plan *p, const struct mmt_kernel_desc *full,
                   const struct mmt_kernel_desc *edge, int nc);

/* Give plan p the small-problem path: the non-copy kernels knc (the full
 * tile) and kncv (the narrow one), for calls of M, N and K up to ncnb,
 * and the build's kernels of the same tiles reading B^T in place and
 * prefetching the rows below (knct, kncvt, kncp), where it has them.
 * Returns 0, or -1 (p without that path) when either lacks this ABI or
 * needs what this CPU lacks.  The library's plan is completed with it,
 * and so is the plan mmsearch times the small path with. */
int mml_plan_small(struct mml_plan *p, const struct mmt_kernel_desc *knc,
                   const struct mmt_kernel_desc *kncv, int ncnb);

/* Give plan p its threads: a team for calls past a cube of side
 * thread_n (0: never), prefer_jc for the split's ties. */
void mml_plan_threads(struct mml_plan *p, int thread_n, int prefer_jc);

/* And for calls that find the team awake: a team past a cube of side
 * thread_n_hot when the calling thread's last call of that size or more
 * ended at most hot_us microseconds ago (either 0: never counted on). */
void mml_plan_threads_hot(struct mml_plan *p, int thread_n_hot,
                          int hot_us);

/* The library's plan (its generated kernels, NC from the build), or NULL
 * when this CPU cannot run them. */
const struct mml_plan *mml_plan_default(void);

/* Elements of workspace call g needs under plan p. */
size_t mml_work_elems(const struct mml_plan *p, const struct mml_gemm *g);

/* The blocked product on a workspace of mml_work_elems elements,
 * 64-byte aligned.  Needs m, n, k >= 1 and alpha != 0. */
void mml_gemm_blocked(const struct mml_gemm *g, const struct mml_plan *p,
                      mml_elem *work);

/* The small path's direct form: the call needs nothing but the full
 * non-copy kernel on the caller's arrays (op(A) = A, op(B) read in
 * place, masked row tiles, alpha 1 or beta 0, at least 2 rows and
 * MML_THIN_COLS columns: the thin path does not take it), and runs by
 * the shortest code from dgemm_ to the kernel (small.c).  Fits, run (no
 * workspace). */
int mml_small_direct_fits(const struct mml_plan *p, const struct mml_gemm *g);
void mml_gemm_small_direct(const struct mml_gemm *g,
                           const struct mml_plan *p);

/* 1 when call g takes the small-problem path under plan p: M, N and K
 * at most NCNB, leading dimensions within the kernels' int indexing. */
int mml_small_fits(const struct mml_plan *p, const struct mml_gemm *g);

/* Elements of workspace the small path needs for g (copies of a
 * transposed or scaled op(A), of B^T when no kernels read it in place,
 * C tiles of its edges when beta is not 0); 0 for calls with op(A) = A,
 * alpha 1 or beta 0, op(B) read in place and beta 0 or whole tiles (work
 * may then be NULL: no thread-local lookup). */
size_t mml_small_elems(const struct mml_plan *p, const struct mml_gemm *g);

/* Elements of workspace that mml_gemm_small needs at most for any call
 * of m x n x k or smaller (any transposes, alpha and beta). */
size_t mml_small_bound(const struct mml_plan *p, size_t m, size_t n,
                       size_t k);

/* The small-problem path on a workspace of mml_small_elems elements: the
 * non-copy kernels on the caller's arrays, every row by the full kernel
 * where they have masked row tiles (AVX-512, AVX2), else whole vectors of
 * rows only, the last fractional one shifted over rows done already; the
 * kernels' exact-width tiles take the last fractional columns (small.c).
 * Needs mml_small_fits and m, n, k >= 1.  mml_gemm_small runs a whole
 * call (its operands and the workspace loaded first);
 * mml_gemm_small_block one block of a larger product (skinny.c), which
 * loads nothing first but B's block when load_b is 1, and whose full
 * tiles prefetch the rows of A below it (the plan's kncp) when below is
 * 1: the caller runs them next. */
void mml_gemm_small(const struct mml_gemm *g, const struct mml_plan *p,
                    mml_elem *work);
void mml_gemm_small_block(const struct mml_gemm *g,
                          const struct mml_plan *p, mml_elem *work,
                          int load_b, int below);

/* A TT call (op(A) = A^T, op(B) = B^T) of the small path as its
 * transpose, C^T = B A on the arrays as stored, into the workspace and
 * transposed into C (small.c); on a workspace of mml_small_tt_elems
 * elements (never 0).  mml_small_tt_pays: 1 for the TT calls it serves
 * better than copying op(A). */
int mml_small_tt_pays(const struct mml_gemm *g);
size_t mml_small_tt_elems(const struct mml_plan *p,
                            const struct mml_gemm *g);
void mml_gemm_small_tt(const struct mml_gemm *g, const struct mml_plan *p,
                       mml_elem *work);

/* The transpose of call g, C^T = op(B)^T op(A)^T, with alpha 1 and beta
 * 0 into T (N x M, leading dimension N) at t; the workspace T needs, and
 * C's update from it (alpha T^T + beta C, through a second part of that
 * workspace unless beta = 0 and ldc = M): small.c. */
struct mml_gemm mml_as_transpose(const struct mml_gemm *g, mml_elem *t);
size_t mml_transpose_elems(const struct mml_gemm *g);
void mml_transpose_into_c(const struct mml_gemm *g, mml_elem *work);

/* 1 when call g takes the skinny path under plan p: M at most NCNB, or N
 * and K at most NCNB, or a panel of few columns with op(A) = A (blocks of
 * the small path, nothing packed). */
int mml_skinny_fits(const struct mml_plan *p, const struct mml_gemm *g);

/* 1 when piece (of C's rows or columns of call g, both taking the
 * skinny path) sums every element as g does: the same K panels, alpha
 * folded into the same operand. */
int mml_skinny_same_sums(const struct mml_plan *p, const struct mml_gemm *g,
                         const struct mml_gemm *piece);

/* Elements of workspace the skinny path needs for g. */
size_t mml_skinny_elems(const struct mml_plan *p, const struct mml_gemm *g);

/* The skinny path on a workspace of mml_skinny_elems elements, 64-byte
 * aligned.  Needs mml_skinny_fits and m, n, k >= 1. */
void mml_gemm_skinny(const struct mml_gemm *g, const struct mml_plan *p,
                     mml_elem *work);

/* A panel of few columns with op(A) = A^T (panelt.c) as its transpose:
 * the skinny path on C^T = op(B)^T A, A read in place, into the
 * workspace, then transposed into C.  Fits, workspace, run. */
int mml_panel_t_fits(const struct mml_plan *p, const struct mml_gemm *g);
size_t mml_panel_t_elems(const struct mml_plan *p,
                           const struct mml_gemm *g);
void mml_gemm_panel_t(const struct mml_gemm *g, const struct mml_plan *p,
                      mml_elem *work);

/* Columns from which the thin path takes a call only when it is a
 * vector (M = 1). */
#define MML_THIN_COLS 8

/* 1 when call g is a matrix times a vector (M or N = 1) or has fewer
 * than MML_THIN_COLS columns and op(A) = A: the thin path, which reads
 * the matrix once in place (no packing, no workspace); but not from 5
 * columns on (vectors of 8, M at least a vector) when plan p's small
 * path takes the call.  Also 8 and 9 columns, op(A) = A, M and K at
 * least 200, when the small path does not take the call (A read twice,
 * a group of columns a pass: thin.c). */
int mml_thin_fits(const struct mml_plan *p, const struct mml_gemm *g);

/* The thin path.  Needs mml_thin_fits, k >= 1 and a CPU that runs the
 * kernels' ISA (it is compiled for it). */
void mml_gemm_thin(const struct mml_gemm *g);

/* One prefetch into every page of A, B and C (the page walks of a cold
 * call at once); then A and B as stored read once, one word a line, so
 * the kernels find them in cache (small.c: a sequential pass the
 * prefetchers follow), when they are large enough for that to pay and
 * answer as from memory (nothing at all then when they are not); 1 when
 * they were read.  Needs M, N, K >= 1. */
int mml_load_operands(const struct mml_gemm *g);

/* The reading of a span of loads (coldlines.c): the time-stamp counter
 * at its start, and 1 when the `lines` loads since t0, once done, took
 * as long as from memory or the far L3 (against lines in L1, read when
 * the library loads); always 1 where no such counter is read. */
unsigned long long mml_ticks(void);
int mml_cold_since(unsigned long long t0, size_t lines);

/* Vector registers of a build whose vectors are vbytes wide: AVX-512's
 * 32 at 64 bytes, else x86-64's 16 (AVX2, SSE2).  The TT and TN paths
 * serve a build only where their register tiles fit whole (tt.c, tn.c):
 * a tile that spills runs behind the copy route's packing.  Measured
 * both ways: with AVX-512's 16 floats (the tiles 35 and 52 vectors) on
 * the Zen 5 guest SGEMM ran the copy route 1.7-2.8 times as fast warm at
 * TN 32^3-64^3, 32 x 32 x 200 and TT 32^3-100^3, 64 x 32 x 200, flushed
 * 1.2-2.0 times but at 32^3 (TN 0.92, TT 0.67); with AVX2's 8 floats (19
 * and 28 vectors of 16) on an AVX2-only Zen 4 1.2-1.7 times warm at TN
 * 48^3-64^3, 128 x 64 x 32, 32 x 32 x 200 and TT 48^3-100^3, 64 x 32 x
 * 200, flushed 1.4 times at TT 100^3, 0.84 at TN 48^3, 0.97-1.12
 * elsewhere (bench-dgemm, 9 rounds, medians).  Doubles (AVX-512's 8
 * lanes, AVX2's 4) fit, and are LIBRARY.md's TT and TN sections. */
#define MML_VREGS(vbytes) ((vbytes) >= 64 ? 32 : 16)

/* 1 when call g has both operands transposed and N at least one vector
 * (a SIMD build whose TT tile fits its registers): the TT path, which
 * reads both in place (tt.c). */
int mml_tt_fits(const struct mml_gemm *g);

/* The TT path.  Needs mml_tt_fits, k >= 1 and a CPU that runs the
 * kernels' ISA. */
void mml_gemm_tt(const struct mml_gemm *g);

/* 1 when call g has op(A) = A^T, op(B) = B, M at least one vector, K at
 * least 32 and M N K within the TN path's bound (a SIMD build whose TN
 * tile fits its registers): the TN path, which reads both in place
 * (tn.c).  Needs N >= 1. */
int mml_tn_fits(const struct mml_gemm *g);

/* The TN path.  Needs mml_tn_fits, M, N, K >= 1 and a CPU that runs the
 * kernels' ISA. */
void mml_gemm_tn(const struct mml_gemm *g);

/* The size of the blocks that cut n into as few pieces of at most max as
 * possible, all but the last equal and a multiple of step (helpers.c). */
size_t mml_even_blocks(size_t n, int max, int step);

/* The kernel variant for beta (KERNEL_ABI.md "Beta variants"). */
mml_kernel *mml_variant(const struct mmt_kernel_desc *d, mml_elem beta);

/* C = beta C + T on m x n (T of leading dimension ldt), never reading C
 * when beta = 0: a C tile computed with padding into its place. */
void mml_merge(int m, int n, mml_elem beta, const mml_elem *t, int ldt,
               mml_elem *c, size_t ldc);

/* The reference path: plain loops on the caller's arrays, no workspace.
 * For CPUs without the kernels' ISA and when no workspace can be had. */
void mml_gemm_naive(const struct mml_gemm *g);

/* C = beta C on m x n, never reading C when beta = 0. */
void mml_scale_c(size_t m, size_t n, mml_elem beta, mml_elem *c, size_t ldc);

/* The path a call took: what mml_dgemm returns, for the tests that check
 * each path is taken where its bounds say (a path that stopped being
 * taken would pass every test of results through another). */
enum mml_path {
    MML_PATH_NONE,       /* a quick return: M, N = 0, or alpha, K = 0 */
    MML_PATH_THIN,       /* thin.c */
    MML_PATH_TT,         /* tt.c */
    MML_PATH_TN,         /* tn.c */
    MML_PATH_SMALL_DIRECT, /* small.c, the full kernel alone */
    MML_PATH_SMALL,      /* small.c, op(A) read in place or copied */
    MML_PATH_SMALL_TT,   /* small.c, TT computed as its transpose */
    MML_PATH_PANEL_T,    /* panelt.c */
    MML_PATH_SKINNY,     /* skinny.c */
    MML_PATH_BLOCKED,    /* blocked.c, packed */
    MML_PATH_NAIVE       /* naive.c: no kernels here, or no workspace */
};

/* Threads (threads.c).  The most a call's team may have. */
#define MML_THREADS_MAX 1024

/* The count text gives (a whole number from 1 to MML_THREADS_MAX, the
 * first of OMP_NUM_THREADS's list): 0, or -1 when it gives none. */
int mml_threads_parse(const char *text, int *count);

/* The setting (mmt_get_num_threads), read without a lock. */
int mml_threads_setting(void);

/* The threads a call made here may use: the setting, or 1 in a serial
 * build, inside the program's parallel region unless it allows nesting,
 * and in a child forked after a team ran (libgomp does not survive a
 * fork). */
int mml_threads_here(void);

/* Called before a team starts: a child forked from now on keeps its
 * calls on one thread.  mml_threads_teams: how many have started (the
 * tests' window on the crossovers). */
void mml_threads_team_starts(void);
long mml_threads_teams(void);


/* Range [*lo, *hi) of part id of n cut into ways parts of whole units
 * (the last part's end at n), as even as units allow: none holds more
 * than ceil(units / ways) units. */
void mml_split_range(size_t n, size_t unit, int ways, int id, size_t *lo,
                     size_t *hi);

/* The ways for at most t threads on m x n x k with mu x nu tiles and B
 * panels nc wide, from a model of the busiest thread's time (its tiles'
 * multiply-adds and the packing it waits on): of the jc x ic grids within
 * 5% of the least time, those with the most column ways (prefer_jc) or
 * row ways, then the least time; jr ways (jr_ok: the packed layout) only
 * where the model puts them more than 5% ahead of that grid. */
struct mml_ways mml_split_ways(size_t m, size_t n, size_t k, int mu, int nu,
                               int nc, int t, int prefer_jc, int jr_ok);

/* At most t, and no more than give each thread work_min multiply-adds
 * (work_min 0: t). */
int mml_split_threads(size_t m, size_t n, size_t k, double work_min, int t);

/* 1 when work multiply-adds are past p's crossover for a team that may
 * be asleep (THREAD_N). */
static inline int mml_split_pays_asleep(const struct mml_plan *p,
                                        double work)
{
    return p->mt_work > 0.0 && work >= 2.0 * p->mt_work;
}

/* The threads (at most t) for m x n x k under p's crossovers when the
 * calling thread's last call past p's mt_min ended gap seconds ago and
 * the team stays awake window seconds after a call: p's mt_hot_work
 * within the window, mt_work past it; 1 below either. */
int mml_split_team(const struct mml_plan *p, size_t m, size_t n, size_t k,
                   double gap, double window, int t);

/* Team warmth (teamwarm.c), per calling thread, as the OpenMP runtime
 * keeps a team per thread that opens parallel regions: the clock, in
 * seconds since the library loaded; this thread's last note (none: long
 * before the load), and the note. */
double mml_team_now(void);
double mml_team_last(void);
void mml_team_note(double t);

/* Seconds the team stays awake after a region: hot_s as make tune timed
 * it (0: none counted on), unless the runtime's wait policy (policy, in
 * any case; NULL: none set) says otherwise: PASSIVE, the threads sleep
 * at once, 0; ACTIVE, they never do, HUGE_VAL.  mml_team_window: under
 * the policy the program started with (mml_team_policy of its
 * environment). */
double mml_team_window_under(double hot_s, const char *policy);
/* The policy those variables' values make ("passive", "active", NULL):
 * OMP_WAIT_POLICY, unless GOMP_SPINCOUNT or KMP_BLOCKTIME is 0 (passive)
 * or infinite (active). */
const char *mml_team_policy(const char *omp_wait_policy,
                            const char *gomp_spincount,
                            const char *kmp_blocktime);
double mml_team_window(double hot_s);

/* A call of at least p's mt_min multiply-adds (mml_call_may_team, an
 * inline test on the path of every call): its threads chosen from the
 * setting, the work and the team's warmth, then run (parallel.c). */
enum mml_path mml_dgemm_team(const struct mml_gemm *g,
                             const struct mml_plan *p);
static inline int mml_call_may_team(const struct mml_plan *p,
                                    const struct mml_gemm *g)
{
    double work = (double)g->m * (double)g->n * (double)g->k;

    return p->mt_min > 0.0 && work >= p->mt_min;
}

/* Call g on the calling thread alone (route.c, for the team). */
enum mml_path mml_dgemm_serial(const struct mml_gemm *g,
                               const struct mml_plan *p);

/* Call g on a team of t threads, along the path mml_route gives it (the
 * calling thread alone when its pieces would not take that path). */
enum mml_path mml_dgemm_parallel(const struct mml_gemm *g,
                                 const struct mml_plan *p, int t);

/* The packed path's workspace for a team of ways w: the B panels the
 * groups share (and with jr ways the A blocks the grid blocks share), and
 * each thread's own A block and C tile. */
size_t mml_blocked_shared_elems(const struct mml_plan *p,
                                  const struct mml_gemm *g,
                                  struct mml_ways w);
size_t mml_blocked_own_elems(const struct mml_plan *p,
                               const struct mml_gemm *g);

/* Thread id's part of the packed path, called by every thread of a team
 * of w.jc x w.ic x w.jr inside its parallel region (it meets the team's
 * barriers): bshared of mml_blocked_shared_elems, own of
 * mml_blocked_own_elems. */
void mml_gemm_blocked_part(const struct mml_gemm *g,
                           const struct mml_plan *p, struct mml_ways w,
                           int id, mml_elem *bshared, mml_elem *own);

/* The path call g takes under plan p (NULL: the plain loops), workspace
 * aside. */
enum mml_path mml_route(const struct mml_gemm *g, const struct mml_plan *p);

/* Path `path` (mml_route's) on the calling thread, with its workspace;
 * the plain loops when none can be had.  Returns the path taken. */
enum mml_path mml_dgemm_path(const struct mml_gemm *g,
                             const struct mml_plan *p, enum mml_path path);

/* Call g on the calling thread: the shortest way to the kernel for the
 * smallest calls, else mml_route's path.  Inline for the dispatcher's
 * top (driver.c), on the path of every call; mml_dgemm_serial is the
 * same, called by the team. */
static inline enum mml_path mml_dgemm_alone(const struct mml_gemm *g,
                                            const struct mml_plan *p)
{
    /* the shortest way to the kernel for the smallest calls */
    if (p && mml_small_direct_fits(p, g)) {
        mml_gemm_small_direct(g, p);
        return MML_PATH_SMALL_DIRECT;
    }
    return mml_dgemm_path(g, p, mml_route(g, p));
}

/* The whole call (quick returns, plan, workspace, fallback); the
 * arguments are already checked.  Returns the path it took. */
enum mml_path mml_dgemm(const struct mml_gemm *g);

/* One checked complex call, column major: C = alpha op(A) op(B) + beta
 * C, each element two mml_elem in a row (re, im), the leading dimensions
 * counted in complex elements; ta, tb: MML_TRANS_N, _T or _C (trans.h;
 * C the conjugate transpose). */
struct mml_complex_gemm {
    int ta, tb;
    size_t m, n, k;
    mml_elem alpha[2], beta[2];
    const mml_elem *a, *b;
    mml_elem *c;
    size_t lda, ldb, ldc;
};

/* z = x y, complex values (re, im) (z may be x or y). */
static inline void mml_ctimes(const mml_elem x[2], const mml_elem y[2],
                              mml_elem z[2])
{
    mml_elem re = x[0] * y[0] - x[1] * y[1];

    z[1] = x[0] * y[1] + x[1] * y[0];
    z[0] = re;
}

/* The complex blocks of complex.c's 1m method where it expands A
 * (complex rows of op(A) and C, and K; a product that takes the packed
 * path is one real call, whose K panels split K evenly), about these, in
 * whole steps of half the plan's MC and KC:
 * a real call of whole MC x KC blocks runs the full kernel, where one
 * of 512 real K under KC = 768 ran the edge kernel (its run-time
 * sizes) on every block.  Each K block is one more pass over C and
 * op(B)'s copy; each M block one more packing of op(B)'s K block by the
 * real call, which at 256 rows took 14% of a CGEMM at N = 2000 (perf,
 * cpu-clock): up to 2048 rows it is packed once for most calls (CGEMM
 * flushed 1.11-1.12 times the 256 rows' at N = 2000 and 3000, ZGEMM
 * 1.04; Zen 5, 5 alternated rounds, medians, 11:23).  The expanded A
 * block, 4 reals an element, is then at most 25 MiB of doubles (12.6 of
 * floats), allocated per call; a real K of 768 is one of the driver's
 * own K panels. */
#define MML_COMPLEX_MB 2048
#define MML_COMPLEX_KB 256

/* The whole complex call by the 1m method on mml_dgemm (complex.c);
 * the arguments are already checked. */
void mml_zgemm(const struct mml_complex_gemm *g);

/* The same (M, N, K >= 1, alpha != 0, C already scaled where beta is
 * not real) by the split method where the real product takes the packed
 * path under plan p (complex_split.c), beta the real one: 1 done, 0 not
 * taken (nothing was done). */
int mml_zgemm_split(const struct mml_complex_gemm *g,
                    const struct mml_plan *p, mml_elem beta);

/* The same (alpha != 0, K >= 1) computed directly on the complex values
 * (complex_narrow.c) where N is at most MML_COMPLEX_NARROW and M K at most
 * MML_COMPLEX_NARROW_MK: 1 done, 0 not taken (nothing was done).  Where
 * it stopped winning against 1m (docs/LIBRARY.md, "The direct path"). */
#define MML_COMPLEX_NARROW 16
#define MML_COMPLEX_NARROW_MK (512 * 512)
int mml_zgemm_narrow(const struct mml_complex_gemm *g);

/* The same (alpha != 0, K >= 1) for op(A) = A as one real product on A
 * as stored, where plan p's route gives that product to the thin path
 * (complex_narrow.c): 1 done, 0 not taken (nothing was done).  Asked
 * before the direct path past M K = MML_COMPLEX_THIN_MK: on the Zen 3
 * guest (ZGEMM, 7 rounds, medians, GFLOPS, thin form and direct path)
 * 512 x 4 x 512 warm 25.8 and 16.7, flushed 12.0 and 5.9, 300 x 2 x 300
 * 27.2 and 25.9, 8.9 and 2.6; but 200 x 4 x 200 warm 26.7 and 34.7
 * (flushed 9.3 and 4.6), 32 x 3 x 32 15.1 and 34.1. */
#define MML_COMPLEX_THIN_MK (256 * 256)
int mml_zgemm_thin(const struct mml_complex_gemm *g,
                   const struct mml_plan *p);

/* The same past the quick returns (M, N, K >= 1, alpha != 0) under plan
 * p (NULL: no kernels, the plain loops): the routing and the paths the
 * library takes with its own plan, which mmsearch times with each
 * candidate's (tune/dgemm.c). */
enum mml_path mml_dgemm_plan(const struct mml_gemm *g,
                             const struct mml_plan *p);

/* This thread's workspace, grown to at least n elements and 64-byte
 * aligned; NULL when it cannot be had. */
mml_elem *mml_workspace(size_t n);

/* A second one of this thread's, for a caller whose real calls take the
 * first (complex.c): MML_SIDE_ELEMS elements (64 KiB of doubles: a
 * complex call's expanded A and B^T to N = 36), 64-byte aligned, kept
 * for the thread's life; NULL when n is more or it cannot be had. */
#define MML_SIDE_ELEMS 8192
mml_elem *mml_side_workspace(size_t n);

/* Pack ext x kc of op(X) into panels of width w, the last one as wide
 * as its rows rounded up to a multiple of pad (the kernel layout for ext
 * so rounded): element (x, p) of the view, read at src[x*sx + p*sp],
 * goes to dst[(x / w)*w*kc + p*wl + x % w] (wl the panel's width), times
 * scale; the last panel's padding rows are zero. */
void mml_pack(const mml_elem *src, size_t sx, size_t sp, int ext, int kc,
              int w, int pad, mml_elem scale, mml_elem *dst);

/* The column-major copy of a rows x cols view, times scale: element (i,
 * j) of the view, read at src[i*sx + j*sp] (sx == 1 or sp == 1), goes to
 * dst[i + j*rows] (the non-copy kernels' layout, leading dimension rows):
 * a transposed or scaled operand made fit for them. */
void mml_copy_cm(const mml_elem *src, size_t sx, size_t sp, int rows,
                 int cols, mml_elem scale, mml_elem *dst);

#endif
