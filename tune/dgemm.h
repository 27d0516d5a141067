/* The whole DGEMM in mmsearch's child (the blocks steps, issue 9): the
 * library's driver (pl->driver_so, built by tune/blocks.h from the
 * library's own sources) loaded beside a candidate's full kernel, with a
 * plan made as the library makes its own (mml_plan_make); verified
 * against a plain-loop reference at odd sizes that run the full kernel,
 * the edge kernel and fractional register tiles, then timed at the
 * level's square sizes with every operand flushed from the caches. */
#ifndef MMS_DGEMM_H
#define MMS_DGEMM_H

#include <stddef.h>

#include "codegen/codegen.h"
#include "kernels/kernels.h"
#include "tune/candidate.h"

struct mms_dgemm {
    void *handle;                /* the driver's shared object */
    struct mml_plan plan;
    void (*blocked)(const struct mml_gemm *g, const struct mml_plan *p,
                    double *work);
    size_t (*work_elems)(const struct mml_plan *p,
                           const struct mml_gemm *g);
    /* the small-problem path on the driver's non-copy kernels */
    void (*small)(const struct mml_gemm *g, const struct mml_plan *p,
                  double *work);
    size_t (*small_elems)(const struct mml_plan *p,
                            const struct mml_gemm *g);
    int (*small_fits)(const struct mml_plan *p, const struct mml_gemm *g);
    /* the library's routing and paths (mml_dgemm_plan) */
    enum mml_path (*route)(const struct mml_gemm *g,
                           const struct mml_plan *p);
};

/* Load the driver at so and plan around full with the driver's edge
 * kernel, B's panels nc columns wide, and the small-problem path on the
 * driver's non-copy kernels (tune/blocks.h builds them from the same
 * parameters as full, as the library does) for M, N, K at most
 * small_max (0: the bound they were generated with; their code does not
 * depend on it).  Returns 0, or -1 with why. */
int mms_dgemm_load(struct mms_dgemm *dg, const char *so,
                   const struct mmt_kernel_desc *full, int nc, int small_max,
                   char *why, size_t len);

/* C = A B (beta 0 over a C of NaN, the rows past M a sentinel that must
 * stay) at M = 2 MC - 1, N = NB + NU + 1, K = 2 KC - 1 with leading
 * dimensions past them: full and edge blocks in each dimension, a
 * fractional register tile in M and N.  Every element of every seventh
 * column (11th or 13th where 7 divides NU) and of the columns past the
 * first NB must be within 2 (k + 2) eps sum |a b| of a plain-loop
 * reference (codegen/oracle.h's bound).  Then the small path likewise,
 * every column, at M = 2 MU + 3, N = 2 NU + 1, K = 2 KU + 3 of its
 * kernel (each at most NCNB): whole and fractional tiles, the narrow
 * kernel's rows, an unrolled K and its leftover.  Then the library's
 * routing under the plan (mml_dgemm_plan: the skinny path), every column,
 * at a panel of B ((NCNB + that M) x 33 x (max(NCNB, KC) + 7)) and at few
 * rows (that M x (NCNB + 9) x (NCNB + 7)).
 * Returns 0 when it passed, 1 when it did not (why says how), -1 out of
 * memory. */
int mms_dgemm_verify(const struct mms_dgemm *dg, char *why, size_t len);

/* Time C = A B at mms_dgemm_sizes's shapes: pl->dgemm_small_n (when
 * not 0) on the small-problem path, each of pl->dgemm_n on the blocked
 * path (with pl->dgemm_route, on the path the library routes it to), the
 * narrow shapes on the path the library routes them to (leading
 * dimensions M and K, the operands of the largest shape allocated and
 * filled once, and each routed shape called once untimed, so the
 * library's workspace is grown before), one call per sample with A, B
 * and C flushed (the timer's OneCallFlushLRU over pl->dgemm_flush_bytes),
 * pl->dgemm_samples samples, min of them (one where a call lasts
 * MMS_DGEMM_LONG_S or more at pl->peak_mflops: two such samples, back to
 * back, mostly share the machine's phase; on the AVX2 Zen 4 guest, 40
 * flushed pairs at N = 1000 and 1500, the second sample lowered the
 * first's time by 0.3% on average, by more than 2% twice, while the
 * second samples of N = 1000 and 1500 were 46% of the flops of a blocks
 * step's timing; docs/BENCHMARKS.md, 2026-12-01).  m gets
 * the geometric mean of the shapes' MFLOPS (each counts alike), the
 * largest spread, the most samples any shape took, and why =
 * "N=200:41234.5 N=500:84123.4 N=1000:... N=1000x32x1000:... small=200
 * skinny=1000x32x1000,64x1000x1000; <how the last shape was timed>"
 * (small=: the shapes on the small-problem path; skinny=: those the
 * library's routing sent to skinny.c).  Returns 0, or -1 with m->why. */
int mms_dgemm_time(const struct mms_dgemm *dg, const struct mms_pipeline *pl,
                   struct mms_measure *m);

/* Seconds of a call at the peak from which a shape takes one sample. */
#define MMS_DGEMM_LONG_S 0.04

/* The samples mms_dgemm_time takes of a shape of flops (2 M N K). */
int mms_dgemm_samples(const struct mms_pipeline *pl, double flops);

#endif
