/* Core clock: a long dependent chain of register-register integer adds runs
 * at exactly one add per core cycle, so adds / seconds is the core clock.
 *
 * Two traps (the issue's): the TSC ticks at a fixed rate that is not the
 * core clock under turbo or in a VM, so it is reported separately; and
 * adds of small immediates can be folded at rename (several per cycle on
 * recent Intel cores), so the chain adds a register, never a constant. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "probe/probes.h"

#include <math.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "common/common.h"
#include "timer/mmtimer.h"

enum { CHAIN_ITERS = 500 };

#if defined(__x86_64__)
static double add_chain_sample(void *arg)
{
    double t0 = probe_now();

    probe_int_chain(*(const long *)arg);
    return probe_now() - t0;
}

#endif

/* ---- TSC rate ----------------------------------------------------------
 * The timer measures the rate against CLOCK_MONOTONIC.  Confirmed when
 * three fresh measurements lie within 0.5 % of each other and no claim the
 * system makes about the rate is more than 1 % away (a TSC taken for the
 * core clock, or a broken measurement, is off by far more).  Claims, where
 * they exist: Intel's cpuid leaf 0x15 (crystal x ratio) or else 0x16 (base
 * MHz, which the TSC follows); a hypervisor's leaf 0x40000010 (TSC kHz);
 * in a VM without cpufreq or aperfmperf, /proc/cpuinfo's "cpu MHz", which
 * Linux then fills from its own TSC calibration (on bare metal it is the
 * moving core clock, so it is no claim there). */
enum { TSC_RUNS = 3, TSC_MAX_CLAIMS = 3 };
#define TSC_REPEAT 0.005
#define TSC_CLAIM_TOL 0.01

struct tsc_claim {
    const char *source;
    double mhz;
};

/* cpuid in common/cpuid.c's decoding: all zeros where there is none. */
static int cpuid(unsigned leaf, struct mmc_cpuid_regs *r)
{
    return mmc_cpuid_leaf(mmc_cpuid_native, NULL, leaf, 0, r);
}

/* A VM (leaf 1 ECX bit 31) whose CPU has no APERF/MPERF (leaf 6 ECX bit
 * 0): Linux can then take "cpu MHz" only from cpufreq or its TSC. */
static int vm_without_aperfmperf(void)
{
    struct mmc_cpuid_regs r;

    return cpuid(1, &r) && (r.ecx >> 31 & 1)
           && !(cpuid(6, &r) && (r.ecx & 1));
}

/* Leaves 0x15/0x16 (absent or zero on AMD), and 0x40000010 when the
 * hypervisor's leaf 0x40000000 says it has it. */
static int cpuid_claims(struct tsc_claim *c)
{
    struct mmc_cpuid_regs r;
    int n = 0;

    if (cpuid(0x15, &r) && r.eax && r.ebx && r.ecx)
        c[n++] = (struct tsc_claim){ "cpuid 0x15",
                                     (double)r.ecx * r.ebx / r.eax / 1e6 };
    else if (cpuid(0x16, &r) && (r.eax & 0xffff))
        c[n++] = (struct tsc_claim){ "cpuid 0x16", r.eax & 0xffff };
    if (cpuid(1, &r) && (r.ecx >> 31 & 1)) {
        /* Hypervisor leaves lie outside mmc_cpuid_leaf's ranges. */
        mmc_cpuid_native(NULL, 0x40000000u, 0, &r);
        if (r.eax >= 0x40000010u) {
            mmc_cpuid_native(NULL, 0x40000010u, 0, &r);
            if (r.eax)
                c[n++] = (struct tsc_claim){ "cpuid 0x40000010",
                                             r.eax / 1e3 };
        }
    }
    return n;
}

/* "cpu MHz" is the kernel's TSC calibration only when nothing else feeds
 * it: a VM, no APERF/MPERF, no cpufreq driver (see above). */
double probe_cpuinfo_mhz(int *is_tsc)
{
    char mhz[64], cpufreq[96];

    mmc_sysfs_cpufreq_dir(cpufreq, sizeof cpufreq, 0);
    *is_tsc = vm_without_aperfmperf() && access(cpufreq, F_OK) != 0;
    return mmc_cpuinfo("cpu MHz", mhz, sizeof mhz) == 0 && atof(mhz) > 0
           ? atof(mhz) : 0;
}

static int cpuinfo_claim(struct tsc_claim *c)
{
    int is_tsc;
    double mhz = probe_cpuinfo_mhz(&is_tsc);

    if (!is_tsc || mhz <= 0)
        return 0;
    *c = (struct tsc_claim){ MMC_PROC_CPUINFO, mhz };
    return 1;
}

/* Every claim more than TSC_CLAIM_TOL away is printed; returns how many
 * claims agreed (-1 if any disagreed) and names the sources in checked. */
static int check_claims(const struct probe_ctx *ctx, double mhz,
                        char *checked, size_t len)
{
    struct tsc_claim c[TSC_MAX_CLAIMS];
    int n = cpuid_claims(c), agree = 0, bad = 0;
    size_t used = 0;

    n += cpuinfo_claim(&c[n]);
    checked[0] = '\0';
    for (int i = 0; i < n; i++) {
        probe_note(ctx, "clock: TSC %.3f MHz, %s says %.3f\n", mhz,
                   c[i].source, c[i].mhz);
        if (fabs(mhz - c[i].mhz) > TSC_CLAIM_TOL * c[i].mhz) {
            fprintf(ctx->log, "mmprobe: note: TSC_MHZ measured %.3f, %s "
                    "says %.3f\n", mhz, c[i].source, c[i].mhz);
            bad++;
            continue;
        }
        agree++;
        if (used < len)
            used += (size_t)snprintf(checked + used, len - used, "%s%s",
                                     used ? ", " : "", c[i].source);
    }
    return bad ? -1 : agree;
}

/* TSC_MHZ: the median of TSC_RUNS fresh rates. */
int probe_tsc(struct probe_ctx *ctx, struct mmc_probeconf *pc)
{
    const struct mmtm_clock_info *ci = mmtm_clock_describe(MMTM_CLOCK_CYCLES);
    double mhz[TSC_RUNS], lo = INFINITY, hi = 0, med;
    char checked[64];
    int claims, repeat;

    if (!ci->available) {
        probe_set(pc, MMC_P_TSC_MHZ, 0, 1, "no TSC: %s", ci->why_not);
        return 0;
    }
    for (int i = 0; i < TSC_RUNS; i++) {
        mhz[i] = mmtm_tsc_measure_hz() / 1e6;
        lo = fmin(lo, mhz[i]);
        hi = fmax(hi, mhz[i]);
    }
    probe_note(ctx, "clock: TSC read with %s, MHz by run: %.3f %.3f %.3f\n",
               ci->reads, mhz[0], mhz[1], mhz[2]);
    med = probe_median(mhz, TSC_RUNS);
    repeat = lo > 0 && hi <= lo * (1 + TSC_REPEAT);
    if (!repeat)
        fprintf(ctx->log, "mmprobe: note: TSC_MHZ runs span %.3f..%.3f, "
                "more than %.1f%%\n", lo, hi, TSC_REPEAT * 100);
    claims = check_claims(ctx, med, checked, sizeof checked);
    probe_set(pc, MMC_P_TSC_MHZ, med, repeat && claims >= 0,
              "median of %d runs vs CLOCK_MONOTONIC within %.1f%%; %s%s",
              TSC_RUNS, TSC_REPEAT * 100, claims > 0 ? "agrees with " :
              claims < 0 ? "a claim disagrees" : "nothing to cross-check",
              claims > 0 ? checked : "");
    return 0;
}

enum { ROUNDS = 10, SAMPLES = 40, GAP_NS = 10000000 };

int probe_clock(struct probe_ctx *ctx, struct mmc_probeconf *pc)
{
#if defined(__x86_64__)
    /* Rounds 10 ms apart.  The core clock really moves (2.0-2.5 GHz on
     * the KVM guest, in ~1% steps), so there is no one clock to confirm:
     * the answer is the fastest round, the clock the kernels can reach and
     * the one a peak is made of (interference only slows a round down).
     * Confirmed when 3 rounds lie within 2% (two steps) of it, i.e. the
     * fastest is a rate the core held, not one lucky round. */
    const struct timespec gap = { 0, GAP_NS };
    long iters = CHAIN_ITERS;
    double adds = (double)PROBE_CHAIN_ADDS * CHAIN_ITERS, mhz[ROUNDS];
    double best = 0;
    int agree = 0;

    probe_note(ctx, "clock: %.0f dependent reg-reg adds, min of %d samples "
               "per round, MHz by round:", adds, SAMPLES);
    for (int r = 0; r < ROUNDS; r++) {
        nanosleep(&gap, NULL);
        mhz[r] = adds / probe_min_rounds(add_chain_sample, &iters, 1,
                                         SAMPLES, 0, 1, NULL) / 1e6;
        best = fmax(best, mhz[r]);
        probe_note(ctx, " %.0f", mhz[r]);
    }
    for (int r = 0; r < ROUNDS; r++)
        agree += mhz[r] >= best * 0.98;
    probe_note(ctx, "\nclock: %.1f MHz, %d of %d rounds within 2%%\n",
               best, agree, ROUNDS);
    ctx->ns_per_cycle = 1e3 / best;
    probe_set(pc, MMC_P_CLOCK_MHZ, best, agree >= 3,
              "fastest of 10 rounds 10 ms apart, 256-add reg-reg "
              "chain; the clock moves");
    return 0;
#else
    (void)ctx;
    return -1;
#endif
}
