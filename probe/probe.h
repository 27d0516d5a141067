/* The probes' shared face inside probe/ (not for other rooms: they read
 * probe.conf through probeconf.h).
 *
 * Every probe follows the same policy on a noisy, shared machine: a sample
 * is short, the answer is the minimum over many samples taken in several
 * rounds spread over time (interference only ever adds time, paper 000
 * §2.1), and a value is "confirmed" when the rounds agree.  Every loop has a
 * fixed number of iterations, so no probe can run forever. */
#ifndef MMT_PROBE_H
#define MMT_PROBE_H

#include <stddef.h>
#include <stdio.h>

#include "common/probeconf.h"

struct probe_ctx {
    int verbose;            /* print the curve behind each answer */
    FILE *log;              /* where curves and notes go */
    double ns_per_cycle;    /* from the clock probe; 0 until it ran */
    int vec_bits_max;       /* widest vector the kernel flags target */
    int have_fma_isa;       /* CPU says FMA3 (run-time) */
    const char *kernel_cc, *kernel_cflags;
};

/* Busy fraction of the other CPUs over an interval (probe/load.c). */
struct probe_load {
    int self, ok;
    unsigned long long busy0, total0;
};
void probe_load_start(struct probe_load *l, int self);
double probe_load_busy(const struct probe_load *l);   /* 0..1; 0 unknown */

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
    double cycles;          /* out: cycles per operation */
    int confirmed;          /* out: 3 rounds within 2% of it */
};

/* Time every job in each of 8 rounds 0.1 s apart, so that a busy phase of
 * a shared machine cannot decide an answer alone.  In a round, the job
 * runs 11 times between integer add chains; the round keeps the ratio of
 * the fastest job to the fastest chain (a clock change between rounds
 * cancels), and the answer is the median of the rounds.  --verbose prints
 * every round.  Returns 0, or -1 when out of memory (nothing timed). */
int probe_time_jobs(const struct probe_ctx *ctx, struct probe_job *jobs,
                    int n);

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
void probe_set(struct mmt_probeconf *pc, enum mmt_probe_key k, double v,
               int confirmed, const char *how_fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* The probes, one job each.  They return 0, or -1 when they could not
 * measure at all (values then stay 0 and unconfirmed). */
int probe_clock(struct probe_ctx *ctx, struct mmt_probeconf *pc);
int probe_fpu(struct probe_ctx *ctx, struct mmt_probeconf *pc);
int probe_regs(struct probe_ctx *ctx, struct mmt_probeconf *pc);
int probe_cache(struct probe_ctx *ctx, struct mmt_probeconf *pc);

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

/* L2 and effective LLC sizes read from a latency curve over sizes from
 * 2 x l1 up to 64 MiB (a geometric grid); 0, or -1 if no L2 edge (then
 * *l2 = *llc = 0).  *llc is 0 when the LLC plateau has no clean edge. */
int probe_levels_from_curve(const size_t *bytes, const double *ns, int n,
                            size_t l1, size_t *l2, size_t *llc);

/* What the system claims, for cross-checks only. */
struct probe_sysfs_cache {
    int level;              /* 1, 2, 3 */
    char type[16];          /* "Data", "Instruction", "Unified" */
    long size_kib, ways, line_bytes;
};
/* Fill up to max entries from /sys/devices/system/cpu/cpu0/cache/; returns
 * how many (0: no sysfs). */
int probe_sysfs_caches(struct probe_sysfs_cache *c, int max);
/* Compare what was measured with sysfs and cpuid; print every disagreement
 * on ctx->log and return how many there were. */
int probe_crosscheck(const struct probe_ctx *ctx,
                     const struct mmt_probeconf *pc, const int *measured);

#endif
