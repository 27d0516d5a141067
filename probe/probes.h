/* The probes' shared face inside probe/ (not for other rooms: they read
 * probe.conf through probeconf.h).
 *
 * Every probe follows the same policy on a noisy, shared machine: a sample
 * is short, the answer is the minimum over many samples taken in several
 * rounds spread over time (interference only ever adds time, paper 000
 * §2.1), and a value is "confirmed" when the rounds agree.  Every loop has a
 * fixed number of iterations, so no probe can run forever. */
#ifndef PROBE_PROBES_H
#define PROBE_PROBES_H

#include <stddef.h>
#include <stdio.h>

#include "common/common.h"

struct probe_ctx {
    int verbose;            /* print the curve behind each answer */
    FILE *log;              /* where curves and notes go */
    double ns_per_cycle;    /* from the clock probe; 0 until it ran */
    int vec_bits_max;       /* widest vector the kernel flags target */
    int have_fma_isa;       /* CPU says FMA3 (run-time) */
    const char *kernel_cc, *kernel_cflags;
};

/* One timed sample: run the kernel once and return its seconds. */
typedef double (*probe_sample_fn)(void *arg);

/* Minimum seconds over rounds x samples.  *confirmed is set when at least
 * `need` round minima lie within tol (relative) of the overall minimum. */
double probe_min_rounds(probe_sample_fn fn, void *arg, int rounds,
                        int samples, double tol, int need, int *confirmed);

/* A kernel to time in cycles per operation: kernel(iters) performs
 * ops_per_iter operations per iteration. */
struct probe_job {
    const char *name;       /* for --verbose */
    void (*kernel)(long);
    long iters;
    double ops_per_iter;
    int fastest;            /* a throughput: the fastest round answers */
    double cycles;          /* out: cycles per operation */
    int confirmed;          /* out: 3 rounds agree with it */
};

/* Time every job in each of 8 rounds 0.1 s apart, so that a busy phase of
 * a shared machine cannot decide an answer alone.  In a round, the job
 * runs 11 times between integer add chains; the round keeps the ratio of
 * the fastest job to the fastest chain (a clock change between rounds
 * cancels), and the answer is the median of the rounds (a latency), or
 * the fastest round (a throughput, fastest set: a busy phase only slows
 * a kernel that its pipes bound).  --verbose prints every round.
 * Returns 0, or -1 when out of memory (nothing timed). */
int probe_time_jobs(const struct probe_ctx *ctx, struct probe_job *jobs,
                    int n);

/* The answer of a job from its rounds' cycles v[0..n-1] (n <= 64), as
 * probe_time_jobs gives it; *confirmed as there. */
double probe_vote(const double *v, int n, int fastest, int *confirmed);

/* PROBE_CHAIN_ADDS dependent register-register adds per iteration: long
 * enough that the loop's own branch is lost in the chain. */
enum { PROBE_CHAIN_ADDS = 256 };
void probe_int_chain(long iters);

/* Median of v[0..n-1], n >= 1; sorts v. */
double probe_median(double *v, int n);

/* Wall-clock seconds (the timer room's monotonic clock). */
double probe_now(void);

/* Print to ctx->log when verbose. */
void probe_note(const struct probe_ctx *ctx, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Record a value, whether it was confirmed, and how it was measured. */
void probe_set(struct mmc_probeconf *pc, enum mmc_probe_key k, double v,
               int confirmed, const char *how_fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* The probes, one job each.  They return 0, or -1 when they could not
 * measure at all (values then stay 0 and unconfirmed). */
int probe_tsc(struct probe_ctx *ctx, struct mmc_probeconf *pc);
/* /proc/cpuinfo's "cpu MHz" (0 if none); *is_tsc says whether it is the
 * kernel's TSC calibration (a VM without APERF/MPERF or cpufreq) rather
 * than its view of the core clock. */
double probe_cpuinfo_mhz(int *is_tsc);
int probe_clock(struct probe_ctx *ctx, struct mmc_probeconf *pc);
int probe_fpu(struct probe_ctx *ctx, struct mmc_probeconf *pc);
/* Whether the FMAs a cycle ops[pick] (of the widths 0..pick, narrowest
 * first; ok[i] their rounds' agreement, ops[i] 0 where not timed) are
 * confirmed: by their own rounds, or by a narrower width's agreeing
 * rounds on the same whole count (fpu.c, open to tests). */
int probe_pipes_confirmed(const double *ops, const int *ok, int pick);
int probe_regs(struct probe_ctx *ctx, struct mmc_probeconf *pc);
int probe_cache(struct probe_ctx *ctx, struct mmc_probeconf *pc);


/* Every claim this machine makes: sysfs, then cpuid, then /proc/cpuinfo's
 * "cache size".  Returns how many; prints them (--verbose) and every two
 * sources that disagree. */
int probe_cache_claims(const struct probe_ctx *ctx,
                       struct mmc_cache_claim *c, int max);
/* The claim a measured level is judged by: the first plausible data or
 * unified claim of that level, in the order above; level 0 means the last
 * level (the highest any source names; NULL when its only claims are
 * implausible).  *doubt, when not NULL, gets the first implausible claim
 * passed over, for the note that says why it was not used. */
const struct mmc_cache_claim *
probe_claim_for(const struct mmc_cache_claim *c, int n, int level,
                const struct mmc_cache_claim **doubt);
/* Print "mmprobe: note: ..." on ctx->log (whatever --verbose says). */
void probe_disagree(const struct probe_ctx *ctx, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Pieces of the cache probe that read measurements, open to tests. */
struct probe_geometry {
    int ways;
    size_t way_bytes;
};
/* Nanoseconds per load of a walk over n lines `stride` bytes apart. */
typedef double (*probe_set_ns_fn)(void *arg, int n, size_t stride);
/* L1 ways and way size from compact sets; 0, or -1 if no clean edge. */
int probe_l1_geometry(const struct probe_ctx *ctx, probe_set_ns_fn set_ns,
                      void *arg, struct probe_geometry *g);
/* L1 capacity read from a latency curve on a 4 KiB grid (0: none). */
size_t probe_l1_from_curve(const size_t *bytes, const double *ns, int n);

/* Everything the L1 probe saw: up to PROBE_L1_PASSES set-conflict passes
 * (ways 0: no clean edge) and the (last) capacity sweep. */
enum { PROBE_L1_PASSES = 6 };
struct probe_l1_evidence {
    int passes;
    struct probe_geometry g[PROBE_L1_PASSES];
    size_t swept;               /* 0: no cliff */
};
struct probe_answer {
    double value;
    int confirmed;
    char how[96];
};
/* The L1 size and ways from the evidence, judged against claim (NULL:
 * none): the geometry most passes saw, confirmed only when two passes saw
 * it, the sweep read the same size and the claim (if any) agrees.  Every
 * disagreement is printed.  Returns 0, or 1 when the set conflicts and
 * the sweep disagree (worth measuring again), or -1 when there is nothing
 * to answer with. */
int probe_l1_decide(const struct probe_ctx *ctx,
                    const struct probe_l1_evidence *e,
                    const struct mmc_cache_claim *claim,
                    struct probe_answer *size_kib, struct probe_answer *ways);

/* What the chase curves say of one level above L1, in bytes (0: not
 * found): the edge (a third of the way up to the next level: the
 * measured estimate of the nominal size) and the effective size (a tenth
 * of the way up: about one load in ten goes further), each read on the
 * curve all sweeps make together ([0]) and on two independent
 * repetitions ([1], [2]). */
struct probe_level_reading {
    size_t edge[3], eff[3];
};
/* How far the edge may lie from a claim that it corroborates. */
struct probe_tolerance {
    double lo, hi;              /* edge / claim */
};
extern const struct probe_tolerance probe_l2_tolerance, probe_llc_tolerance;
/* Whether the edges of all three curves lie within tol of the claim (0
 * when there is no claim): what confirms a level's nominal size. */
int probe_level_fits(const struct probe_level_reading *r,
                     const struct mmc_cache_claim *claim,
                     const struct probe_tolerance *tol);
/* Two figures for a level (name: "L2", "LLC"): the nominal size, which is
 * the claim when the edges of all three curves lie within tol of it
 * (confirmed) and else the measured edge (unconfirmed, disagreement
 * printed); and the effective size, confirmed when both repetitions lie
 * within 20% of it.  doubt: an implausible claim passed over (or NULL),
 * said in the note.  Returns 0, or -1 when there is neither an edge nor a
 * claim (nothing valid to write). */
int probe_level_decide(const struct probe_ctx *ctx, const char *name,
                       const struct probe_level_reading *r,
                       const struct mmc_cache_claim *claim,
                       const struct mmc_cache_claim *doubt,
                       const struct probe_tolerance *tol,
                       struct probe_answer *nominal_kib,
                       struct probe_answer *eff_kib);

/* L2 and LLC read from one latency curve over sizes from 2 x l1 up to
 * 64 MiB (a geometric grid); returns 0, or -1 if no L2 edge (then all are
 * 0).  The LLC figures are those of the L2 when there is no level between
 * L2 and memory, and 0 when its plateau has no clean edge. */
struct probe_edges {
    size_t l2, l2_eff, llc, llc_eff;
};
int probe_levels_from_curve(const size_t *bytes, const double *ns, int n,
                            size_t l1, struct probe_edges *e);

/* /sys/devices/system/cpu/cpu0/cache/ as claims (0: no sysfs). */
int probe_sysfs_caches(struct mmc_cache_claim *c, int max);
/* Compare the non-cache answers with cpuid and /proc/cpuinfo (the cache
 * probe checks its own); print every disagreement on ctx->log and return
 * how many there were. */
int probe_crosscheck(const struct probe_ctx *ctx,
                     const struct mmc_probeconf *pc, const int *measured);

#endif
