/* bench-codegen: in-L1 (unflushed) MFLOPS of a few generated kernels,
 * scalar and SIMD, as a percentage of the machine's peak.  Not a test:
 * nothing here passes or fails.  The kernels are generated and compiled
 * by the bench-codegen make rule; their descriptors come in a table. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codegen/codegen.h"
#include "common/common.h"
#include "timer/mmtimer.h"

extern const struct mmt_kernel_desc *const bench_kernels[];

static void fill(int operand, void *p, size_t bytes, void *user)
{
    double *x = p;
    unsigned s = 777u + 31u * (unsigned)operand;

    (void)user;
    for (size_t i = 0; i < bytes / sizeof *x; i++) {
        s = s * 1103515245u + 12345u;
        x[i] = (double)(s >> 8 & 0xffff) / 65536.0 - 0.5;
    }
}

/* One call: the general-beta variant, so the timer's sign flips of beta
 * (RangeGuard) keep C bounded. */
static void call(const struct mmtm_call *c, void *user)
{
    const struct mmt_kernel_desc *d = user;
    int nb = d->nb;
    d->betax(nb, nb, nb, c->op[0], nb, c->op[1], nb, c->beta, c->op[2], nb);
}

/* Peak from probe.conf when there is one; otherwise FMA pipes x vector
 * width x 2 x the measured cycle-counter rate, assuming two FMA pipes;
 * 0 when neither is known (the table then shows no percentages). */
static double peak_mflops(const char *probe, char *source, size_t len)
{
    struct mmc_probeconf pc;
    char err[256] = "";
    const struct mmtm_clock_info *ci;
    int isa = MMC_NISA - 1, vlen;

    /* The widest of common/isa.h's ISAs the CPU runs, SSE2 at the least
     * (every x86-64 has it). */
    while (isa > MMC_ISA_SSE2 && !mmg_cpu_runs(mmc_isas[isa].cpu_needs))
        isa--;
    vlen = mmc_isas[isa].vlen;
    if (probe && mmc_probeconf_read(probe, &pc, err, sizeof err) == 0
        && pc.peak_mflops > 0) {
        snprintf(source, len, "PEAK_MFLOPS of %s (CLOCK_MHZ %.0f)", probe,
                 pc.clock_mhz);
        return pc.peak_mflops;
    }
    if (probe && err[0])
        mmc_warn("no peak to compare with: %s", err);
    else if (probe)
        mmc_warn("no peak to compare with: %s: PEAK_MFLOPS is 0", probe);
    ci = mmtm_clock_describe(MMTM_CLOCK_CYCLES);
    if (!ci || !ci->available) {
        snprintf(source, len, "unknown (no PEAK_MFLOPS from mmprobe, no "
                 "cycle counter)");
        return 0;
    }
    snprintf(source, len, "fallback, no probe.conf: 2 FMA pipes x %d "
             "doubles x 2 flops x TSC %.0f MHz", vlen, ci->rate_hz / 1e6);
    return 2.0 * vlen * 2.0 * ci->rate_hz / 1e6;
}

static int time_one(const struct mmt_kernel_desc *d, double peak,
                    struct mmtm_timing *r)
{
    size_t bytes = sizeof(double) * d->nb * d->nb;
    struct mmtm_kernel k = {
        .name = d->name, .flops = d->flops, .noperands = 3,
        .operand = { { "A", bytes, 0, 0 }, { "B", bytes, 0, 0 },
                     { "C", bytes, 0, 1 } },
        .init = fill, .call = call, .user = (void *)d,
    };
    struct mmtm_timing_opts o;

    mmtm_timing_defaults(&o);
    o.flush = MMTM_FLUSH_NONE;
    o.peak_mflops = peak;
    return mmtm_time_kernel(&k, &o, r);
}

static int by_value(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

/* MFLOPS as a percentage of the peak, or "-" with no peak to compare. */
static void percent(double mflops, double peak, char *out, size_t len)
{
    if (peak > 0)
        snprintf(out, len, "%5.1f%%", 100.0 * mflops / peak);
    else
        snprintf(out, len, "%6s", "-");
}

static void print_row(const struct mmt_kernel_desc *d, double best,
                      double median, double peak)
{
    char tile[16], pbest[16], pmedian[16];

    snprintf(tile, sizeof tile, "%dx%dx%d", d->mu, d->nu, d->ku);
    if (!best) {
        printf("%-6s %4d %-9s %-3d %-2d %8s %6s %8s %6s  (CPU lacks %s)\n",
               d->isa, d->nb, tile, d->fma, d->ls, "-", "-", "-", "-",
               d->requires);
        return;
    }
    percent(best, peak, pbest, sizeof pbest);
    percent(median, peak, pmedian, sizeof pmedian);
    printf("%-6s %4d %-9s %-3d %-2d %8.0f %s %8.0f %s  %d/%d%s\n", d->isa,
           d->nb, tile, d->fma, d->ls, best, pbest, median, pmedian,
           d->regs_needed, d->regs_available, peak > 0 && best > peak
           ? "  above peak (the clock ran faster than the peak assumes)"
           : "");
}

/* Usage: bench-codegen [PROBE.CONF|-] [ROUNDS] */
int main(int argc, char **argv)
{
    enum { MAXROUNDS = 50, MAXK = 32 };
    static double all[MAXK][MAXROUNDS];
    double best[MAXK] = { 0 }, median[MAXK] = { 0 }, peak;
    char source[256], how[320] = "";
    const char *probe = argc > 1 && strcmp(argv[1], "-") ? argv[1] : NULL;
    int nk = 0, rounds = 5;

    mmc_set_progname(argv[0]);
    if (argc > 2)
        rounds = (int)mmc_parse_long("ROUNDS", argv[2], 1, MAXROUNDS);
    peak = peak_mflops(probe, source, sizeof source);
    while (bench_kernels[nk] && nk < MAXK)
        nk++;
    /* Rounds interleave the kernels; the best round counts (noisy host). */
    for (int round = 0; round < rounds; round++)
        for (int i = 0; i < nk; i++) {
            struct mmtm_timing r;
            if (!mmg_cpu_runs(bench_kernels[i]->requires))
                continue;
            if (time_one(bench_kernels[i], peak, &r) != 0) {
                mmc_error("%s: %s", bench_kernels[i]->name, r.how);
                return MMC_EXIT_FAIL;
            }
            all[i][round] = r.mflops;
            snprintf(how, sizeof how, "%s", r.how);
        }
    for (int i = 0; i < nk; i++) {
        qsort(all[i], rounds, sizeof all[i][0], by_value);
        best[i] = all[i][rounds - 1];
        median[i] = all[i][rounds / 2];
    }
    printf("in-L1 (unflushed) MFLOPS of generated kernels: best and median "
           "of %d interleaved\nrounds\n", rounds);
    if (peak > 0)
        printf("peak %.0f MFLOPS: %s\n", peak, source);
    else
        printf("peak %s; %%peak is shown as -\n", source);
    printf("last timing: %s\n\n", how);
    printf("%-6s %4s %-9s %-3s %-2s %8s %6s %8s %6s  %s\n", "isa", "NB",
           "MUxNUxKU", "FMA", "LS", "best", "%peak", "median", "%peak",
           "regs");
    for (int i = 0; i < nk; i++)
        print_row(bench_kernels[i], best[i], median[i], peak);
    return MMC_EXIT_OK;
}
