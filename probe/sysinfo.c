/* What the system claims (sysfs, cpuid, /proc/cpuinfo): used only to
 * cross-check what was measured, never to replace it.  Every disagreement
 * is printed, since either the probe or the claim is wrong and the user
 * should know which numbers the tuner trusted. */
#include "probe/probes.h"

#include "common/common.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static long read_long(const char *dir, const char *name)
{
    char buf[64];
    char *end;
    long v;

    if (mmc_sysfs_read(dir, name, buf, sizeof buf) < 0)
        return 0;
    v = strtol(buf, &end, 10);
    if (*end == 'K')
        return v;
    if (*end == 'M')
        return v * 1024;
    return v;
}

static enum mmc_cache_type type_of(const char *text)
{
    return strcmp(text, "Data") == 0 ? MMC_CT_DATA
         : strcmp(text, "Instruction") == 0 ? MMC_CT_INSTRUCTION
         : MMC_CT_UNIFIED;
}

int probe_sysfs_caches(struct mmc_cache_claim *c, int max)
{
    int n = 0;

    for (int i = 0; i < 16 && n < max; i++) {
        char dir[128], type[16];

        mmc_sysfs_cache_dir(dir, sizeof dir, i);
        if (mmc_sysfs_read(dir, "type", type, sizeof type) < 0)
            continue;
        memset(&c[n], 0, sizeof c[n]);
        c[n].type = type_of(type);
        c[n].level = (int)read_long(dir, "level");
        c[n].size_kib = read_long(dir, "size");
        c[n].ways_lo = c[n].ways_hi =
            (int)read_long(dir, "ways_of_associativity");
        c[n].line_bytes = (int)read_long(dir, "coherency_line_size");
        c[n].source = "sysfs";
        n++;
    }
    return n;
}

/* /proc/cpuinfo's "cache size" is the kernel's reading of cpuid: the L2 on
 * AMD (from 0x80000006), the last level on Intel.  Only the AMD case names
 * its level for sure, so only it becomes a claim. */
static int cpuinfo_cache(struct mmc_cache_claim *c)
{
    char vendor[64], size[64];

    if (mmc_cpuinfo("vendor_id", vendor, sizeof vendor) != 0 ||
        mmc_cpuinfo("cache size", size, sizeof size) != 0 ||
        (strcmp(vendor, "AuthenticAMD") != 0 &&
         strcmp(vendor, "HygonGenuine") != 0) || atol(size) <= 0)
        return 0;
    memset(c, 0, sizeof *c);
    c->level = 2;
    c->type = MMC_CT_UNIFIED;
    c->size_kib = atol(size);
    c->source = MMC_PROC_CPUINFO;
    return 1;
}

static const char *type_name(enum mmc_cache_type t)
{
    return t == MMC_CT_DATA ? "data" : t == MMC_CT_INSTRUCTION
                                        ? "instruction" : "unified";
}

/* Print the claims (--verbose) and every pair of sources that disagree on
 * a level's size: one of them is wrong, and the user should know. */
static void compare_claims(const struct probe_ctx *ctx,
                           const struct mmc_cache_claim *c, int n)
{
    for (int i = 0; i < n; i++) {
        probe_note(ctx, "claim: %s: L%d %s %ld KiB, %d-%d ways, %d B "
                   "lines%s%s\n", c[i].source, c[i].level,
                   type_name(c[i].type), c[i].size_kib, c[i].ways_lo,
                   c[i].ways_hi, c[i].line_bytes, c[i].doubt[0] ? "; " : "",
                   c[i].doubt);
        for (int j = 0; j < i; j++)
            if (c[j].level == c[i].level && c[j].type == c[i].type &&
                c[j].source != c[i].source && !c[i].doubt[0] &&
                !c[j].doubt[0] && c[j].size_kib != c[i].size_kib)
                probe_disagree(ctx, "L%d %s cache: %s says %ld KiB, %s "
                               "says %ld KiB", c[i].level,
                               type_name(c[i].type), c[j].source,
                               c[j].size_kib, c[i].source, c[i].size_kib);
    }
}

int probe_cache_claims(const struct probe_ctx *ctx,
                       struct mmc_cache_claim *c, int max)
{
    int n = probe_sysfs_caches(c, max);

    n += mmc_cpuid_caches(mmc_cpuid_native, NULL, c + n, max - n);
    if (n < max)
        n += cpuinfo_cache(c + n);
    compare_claims(ctx, c, n);
    return n;
}

const struct mmc_cache_claim *
probe_claim_for(const struct mmc_cache_claim *c, int n, int level,
                const struct mmc_cache_claim **doubt)
{
    const struct mmc_cache_claim *passed = NULL;
    int last = 0;

    for (int i = 0; i < n; i++)
        if (c[i].type != MMC_CT_INSTRUCTION && c[i].level > last)
            last = c[i].level;
    if (level == 0)
        level = last;
    if (doubt)
        *doubt = NULL;
    for (int i = 0; i < n; i++) {
        if (c[i].level != level || c[i].type == MMC_CT_INSTRUCTION)
            continue;
        if (!c[i].doubt[0])
            return &c[i];
        if (!passed)
            passed = &c[i];
    }
    if (doubt)
        *doubt = passed;
    return NULL;
}

void probe_disagree(const struct probe_ctx *ctx, const char *fmt, ...)
{
    va_list ap;

    if (!ctx->log)
        return;
    fprintf(ctx->log, "mmprobe: note: ");
    va_start(ap, fmt);
    vfprintf(ctx->log, fmt, ap);
    va_end(ap);
    fprintf(ctx->log, "\n");
}

/* Report a disagreement between measured m and claimed s beyond tol. */
static int differ(const struct probe_ctx *ctx, const char *key, double m,
                  double s, double tol, const char *source)
{
    if (s <= 0 || fabs(m - s) <= tol * s)
        return 0;
    probe_disagree(ctx, "%s measured %g, %s says %g", key, m, source, s);
    return 1;
}

int probe_crosscheck(const struct probe_ctx *ctx,
                     const struct mmc_probeconf *pc, const int *measured)
{
    int bad = 0;

#if defined(__x86_64__)
    int avx = !!__builtin_cpu_supports("avx");
    int avx512 = !!__builtin_cpu_supports("avx512f");
    int fma = !!__builtin_cpu_supports("fma");
    int widest = mmc_isas[avx512 ? MMC_ISA_AVX512 : avx ? MMC_ISA_AVX2
                          : MMC_ISA_SSE2].vlen;

    if (measured[MMC_P_FMA] && pc->fma != fma)
        bad++, probe_disagree(ctx, "FMA measured %d, cpuid says %d", pc->fma,
                              fma);
    if (measured[MMC_P_SIMD_DOUBLES] && pc->simd_doubles != widest)
        bad++, probe_disagree(ctx, "SIMD_DOUBLES measured %d, widest cpuid "
                              "ISA holds %d (kernel flags or the hardware "
                              "may not use it)", pc->simd_doubles, widest);
#endif
    /* Where "cpu MHz" is the TSC's rate (a guest without cpufreq), it
     * says nothing of the core clock: no disagreement to print. */
    int is_tsc;
    double claim = probe_cpuinfo_mhz(&is_tsc);
    if (measured[MMC_P_CLOCK_MHZ] && !is_tsc)
        bad += differ(ctx, "CLOCK_MHZ", pc->clock_mhz, claim, 0.02,
                      MMC_PROC_CPUINFO);
    return bad;
}
