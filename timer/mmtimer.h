/* mmtimer: the timer room's whole face to probe/, codegen/ benches and tune/.
 *
 * Everything mmtune decides is decided by these timings, so they follow
 * Whaley & Castaldo (paper 000): wall time with the minimum of samples,
 * CPU time with the median, cycle counts converted without round-off,
 * repetitions chosen from the clock's resolution (paper 004), and
 * MultiCallFlushLRU for kernels that are called many times per sample. */
#ifndef MMTM_TIMER_H
#define MMTM_TIMER_H

#include <stddef.h>
#include <stdint.h>

/* ---- clocks ------------------------------------------------------------ */

enum mmtm_clock {
    MMTM_CLOCK_WALL,    /* clock_gettime(CLOCK_MONOTONIC) */
    MMTM_CLOCK_CYCLES,  /* the TSC (rdtscp, or a fenced rdtsc), scaled by
                        * its measured rate */
    MMTM_CLOCK_CPU,     /* CLOCK_PROCESS_CPUTIME_ID */
    MMTM_NCLOCKS
};

struct mmtm_clock_info {
    enum mmtm_clock id;
    const char *name;        /* "wall", "cycles", "cpu" */
    int available;
    double resolution_s;     /* smallest nonzero step, measured */
    double cost_s;           /* time of one reading, measured */
    double rate_hz;          /* cycles: measured ticks per second; else 0 */
    const char *reads;       /* what reads it: "lfence; rdtsc; lfence" */
    const char *why_not;     /* unavailable: why, e.g. "the CPU has no
                              * time-stamp counter (cpuid leaf 1 EDX bit 4)" */
};

/* Seconds since an arbitrary origin on the given clock. */
double mmtm_clock_seconds(enum mmtm_clock id);
/* Raw cycle counter (0 where there is none). */
uint64_t mmtm_cycles(void);
/* A fresh measurement of the TSC rate in Hz, not the one the clock keeps:
 * the median of three >= 20 ms intervals of CLOCK_MONOTONIC; 0 without a
 * cycle clock.  For checks that the rate repeats (mmprobe). */
double mmtm_tsc_measure_hz(void);
/* Measure (once, then cached) and return what is known of a clock. */
const struct mmtm_clock_info *mmtm_clock_describe(enum mmtm_clock id);
/* Parse "wall" / "cycles" / "cpu"; -1 if unknown. */
int mmtm_clock_parse(const char *name);
/* Raw reading, kept integral so differences lose nothing (paper 000 §2.2):
 * nanoseconds for wall and cpu, TSC ticks for cycles. */
int64_t mmtm_clock_ticks(enum mmtm_clock id);
/* Seconds per tick of mmtm_clock_ticks (cycles: 1 / measured TSC rate). */
double mmtm_clock_tick_s(enum mmtm_clock id);
/* The CPU says its TSC runs at a constant rate in every P/C-state. */
int mmtm_tsc_invariant(void);

/* ---- aligned allocation (MemAlign, §5.5) ------------------------------- */

/* Memory whose first byte sits exactly `misalign` bytes past a multiple of
 * `align` (align a power of two, misalign < align).  Free with mmtm_free. */
void *mmtm_alloc(size_t bytes, size_t align, size_t misalign);
void mmtm_free(void *p);

/* ---- what is timed ----------------------------------------------------- */

#define MMTM_MAX_OPERANDS 4

struct mmtm_operand {
    const char *name;   /* "A", "X", ... */
    size_t bytes;
    int cold;           /* 1: moved between calls / flushed; 0: stays hot */
    int accumulates;    /* 1: output the kernel reads and writes (C, y) */
};

/* What one call sees: its working set, and signs that RangeGuard (§5.2)
 * flips on every full pass so repeated calls neither overflow nor let a
 * compiler treat them as identical. */
struct mmtm_call {
    void *op[MMTM_MAX_OPERANDS];
    double alpha;       /* +1 or -1 */
    double beta;        /* +1 or -1 for accumulating kernels, else 1 */
};

struct mmtm_kernel {
    const char *name;
    double flops;                       /* per call */
    int noperands;
    struct mmtm_operand operand[MMTM_MAX_OPERANDS];
    /* Fill one copy of an operand (called for every working set). */
    void (*init)(int operand, void *p, size_t bytes, void *user);
    void (*call)(const struct mmtm_call *call, void *user);
    void *user;
};

/* ---- how it is timed --------------------------------------------------- */

enum mmtm_flush {
    MMTM_FLUSH_NONE,          /* operands stay where the last call left them */
    MMTM_FLUSH_ONECALL_LRU,   /* one call per sample, big buffer read first */
    MMTM_FLUSH_ONECALL_X86,   /* one call per sample, clflush every line */
    MMTM_FLUSH_MULTICALL_LRU, /* many calls per sample, working sets walked */
    MMTM_NFLUSH
};

const char *mmtm_flush_name(enum mmtm_flush f);
int mmtm_flush_parse(const char *name);   /* -1 if unknown */
int mmtm_flush_available(enum mmtm_flush f);
/* The flush size used when flush_bytes is 0: max(2 x the private caches
 * of cpu0 as sysfs lists them, 4 MiB) -- see timer/flush.c. */
size_t mmtm_flush_default_bytes(void);
/* Bytes that evict cache level 1..3 (3: the last level), from sysfs:
 * twice the sum of levels 1..level.  0 if sysfs does not say. */
size_t mmtm_flush_bytes_for_level(int level);
/* Working sets MultiCallFlushLRU lays out for set_bytes of moving operands
 * in a flush area of flush_bytes (§4): enough that a set is revisited only
 * after flush_bytes of other sets were touched. */
int mmtm_flush_nsets(size_t set_bytes, size_t flush_bytes);

struct mmtm_timing_opts {
    enum mmtm_clock clock;
    enum mmtm_flush flush;
    size_t flush_bytes;     /* 0: the default (documented in mmtime --help) */
    int samples;            /* 0: default */
    size_t align;           /* 0: default (64) */
    size_t misalign;        /* bytes past align, for MemAlign experiments */
    double peak_mflops;     /* 0: unknown; else results above it are flagged */
    double rel_precision;   /* wanted relative MFLOPS precision; 0: default */
    /* Added by the timer room; zero keeps every default. */
    unsigned guards_off;    /* MMTM_GUARD_* bits to switch guards off */
    double min_sample_s;    /* floor on one sample's length; 0: none.
                             * mmtm_timing_defaults sets
                             * MMTM_MIN_SAMPLE_DEFAULT */
};

/* Guards of paper 000 §5 (all on by default; RangeGuard is always on). */
#define MMTM_GUARD_PAGE0  1u    /* touch every page of every operand (§5.3) */
#define MMTM_GUARD_INSTLD 2u    /* one dummy call before flushing (§5.4) */

#define MMTM_SAMPLES_DEFAULT 5   /* paper 000 §2.1: ATLAS uses 3 to 7 */
#define MMTM_SAMPLES_MAX 1000
#define MMTM_ALIGN_DEFAULT 64    /* a cache line; also an AVX-512 vector */
#define MMTM_PRECISION_DEFAULT 1e-3  /* 0.1 % of MFLOPS from clock error */
/* Eq. 5 alone asks for ~70 us samples of a ~40 ns clock.  On a shared VM
 * such short samples reported dot N=1024 at 1400-2700 MFLOPS in interleaved
 * runs where 1 ms samples gave a steady 3200-3600 (timer/timekernel.c). */
#define MMTM_MIN_SAMPLE_DEFAULT 1e-3

void mmtm_timing_defaults(struct mmtm_timing_opts *o);

struct mmtm_timing {
    double mflops;          /* from min time (wall/cycles) or median (cpu) */
    double seconds;         /* per call, the same statistic */
    double t_min, t_median, t_max;   /* per call, over samples */
    double t_mean;          /* per call, the average of the samples (the
                             * generated drivers report it, paper 001
                             * Fig. 5) */
    double spread;          /* (t_max - t_min) / t_min */
    long reps;              /* calls per sample */
    int samples;
    int nsets;              /* working sets (MultiCallFlushLRU) */
    int sane;               /* 0 < MFLOPS < peak (paper 003) */
    char how[320];          /* one line: exactly how this was timed */
};

/* Paper 004 equation 5: calls per sample so that a clock error of
 * dtime_s moves the MFLOPS of a kernel running at mflops_est by at most
 * rel_precision of it.  At least 1. */
long mmtm_repetitions(double flops, double mflops_est, double dtime_s,
                     double rel_precision);

/* Throttling check (paper 000 §5.1), never fatal: reads cpufreq in sysfs.
 * Returns 1 if the CPU may be throttled, 0 if not, -1 if there is no
 * cpufreq information; msg gets one line saying what was found. */
int mmtm_throttle_check(int cpu, char *msg, size_t len);

/* How busy the other CPUs were over an interval, from /proc/stat
 * (timer/load.c): work on a sibling vCPU slows every sample alike, which
 * no minimum over samples can see.  self is the CPU measuring (excluded). */
struct mmtm_load {
    int self, ok;
    unsigned long long busy0, total0;
};
void mmtm_load_start(struct mmtm_load *l, int self);
double mmtm_load_busy(const struct mmtm_load *l);   /* 0..1; 0 unknown */

/* Time kernel k.  Returns 0, or -1 with a message in r->how. */
int mmtm_time_kernel(const struct mmtm_kernel *k,
                    const struct mmtm_timing_opts *o, struct mmtm_timing *r);

/* ---- the machine and the flush size a user names ---------------------
 * mmtime's view of the machine (timer/flushsize.c): cache sizes and peak
 * from mmprobe's probe.conf (read through common/, never probe/) when
 * there is one, else sysfs.  Not in libmmtimer, which reads no files: it
 * is linked into mmtime, and into libmmspec beside the timer so that a
 * driver's --flush-size reads as mmtime's. */

struct mmtm_machine {
    int from_probe;          /* 1: the numbers below come from probe.conf */
    char source[320];        /* where they come from, for the notes */
    double kib[3];           /* L1d, L2, LLC, nominal (0: unknown) */
    double peak_mflops;      /* 0: unknown */
};

/* Read probe_conf (NULL: results/<host>/probe.conf if it exists).  A file
 * named explicitly that cannot be read is a usage error (exit 2); the
 * default one only warns.  Falls back to sysfs. */
void mmtm_machine_load(struct mmtm_machine *m, const char *probe_conf);

/* Bytes for --flush-size=TEXT: KiB, or L1/L2/LLC meaning twice the caches
 * up to that level; NULL: the library default.  Bad text exits 2.  note
 * says where the size came from. */
size_t mmtm_flush_size_resolve(const struct mmtm_machine *m, const char *text,
                              char *note, size_t len);

#endif
