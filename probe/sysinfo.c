/* What the system claims (sysfs, cpuid, /proc/cpuinfo): used only to
 * cross-check what was measured, never to replace it.  Every disagreement
 * is printed, since either the probe or the claim is wrong and the user
 * should know which numbers the tuner trusted. */
#include "probe/probe.h"

#include "common/origin.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define SYSFS_CACHE "/sys/devices/system/cpu/cpu0/cache"

/* First line of a sysfs file into buf; 0 or -1. */
static int read_line(const char *dir, const char *name, char *buf, int len)
{
    char path[256];
    FILE *fp;
    int ok;

    snprintf(path, sizeof path, "%s/%s", dir, name);
    fp = fopen(path, "r");
    if (!fp)
        return -1;
    ok = fgets(buf, len, fp) != NULL;
    fclose(fp);
    buf[strcspn(buf, "\n")] = '\0';
    return ok ? 0 : -1;
}

static long read_long(const char *dir, const char *name)
{
    char buf[64];
    char *end;
    long v;

    if (read_line(dir, name, buf, sizeof buf) < 0)
        return 0;
    v = strtol(buf, &end, 10);
    if (*end == 'K')
        return v;
    if (*end == 'M')
        return v * 1024;
    return v;
}

int probe_sysfs_caches(struct probe_sysfs_cache *c, int max)
{
    int n = 0;

    for (int i = 0; i < 16 && n < max; i++) {
        char dir[128];

        snprintf(dir, sizeof dir, SYSFS_CACHE "/index%d", i);
        if (read_line(dir, "type", c[n].type, sizeof c[n].type) < 0)
            continue;
        c[n].level = (int)read_long(dir, "level");
        c[n].size_kib = read_long(dir, "size");
        c[n].ways = read_long(dir, "ways_of_associativity");
        c[n].line_bytes = read_long(dir, "coherency_line_size");
        n++;
    }
    return n;
}

static const struct probe_sysfs_cache *
find_cache(const struct probe_sysfs_cache *c, int n, int level)
{
    for (int i = 0; i < n; i++)
        if (c[i].level == level && strcmp(c[i].type, "Instruction") != 0)
            return &c[i];
    return NULL;
}

/* The highest cache level sysfs lists. */
static const struct probe_sysfs_cache *
last_level(const struct probe_sysfs_cache *c, int n)
{
    const struct probe_sysfs_cache *best = NULL;

    for (int i = 0; i < n; i++)
        if (!best || c[i].level > best->level)
            best = &c[i];
    return best;
}

/* Report a disagreement between measured m and claimed s beyond tol. */
static int differ(const struct probe_ctx *ctx, const char *key, double m,
                  double s, double tol, const char *source)
{
    if (s <= 0 || fabs(m - s) <= tol * s)
        return 0;
    fprintf(ctx->log, "mmprobe: note: %s measured %g, %s says %g\n", key, m,
            source, s);
    return 1;
}

static int check_caches(const struct probe_ctx *ctx,
                        const struct mmt_probeconf *pc, const int *measured)
{
    struct probe_sysfs_cache c[16];
    int n = probe_sysfs_caches(c, 16), bad = 0;
    const struct probe_sysfs_cache *l1 = find_cache(c, n, 1);
    const struct probe_sysfs_cache *l2 = find_cache(c, n, 2);
    const struct probe_sysfs_cache *ll = last_level(c, n);
    const char *src = "sysfs";

    if (l1 && measured[MMT_P_L1D_KIB])
        bad += differ(ctx, "L1D_KIB", pc->l1d_kib, l1->size_kib, 0, src);
    if (l1 && measured[MMT_P_LINE_BYTES])
        bad += differ(ctx, "LINE_BYTES", pc->line_bytes, l1->line_bytes, 0,
                      src);
    if (l1 && measured[MMT_P_L1D_ASSOC])
        bad += differ(ctx, "L1D_ASSOC", pc->l1d_assoc, l1->ways, 0, src);
    if (l2 && measured[MMT_P_L2_KIB])
        bad += differ(ctx, "L2_KIB", pc->l2_kib, l2->size_kib, 0, src);
    if (ll && measured[MMT_P_LLC_KIB])
        bad += differ(ctx, "LLC_KIB", pc->llc_kib, ll->size_kib, 0,
                      "sysfs (reported, not effective)");
    return bad;
}

/* "cpu MHz" of /proc/cpuinfo, the kernel's view (often the TSC in VMs). */
static double cpuinfo_mhz(void)
{
    char mhz[64];

    return mmt_cpuinfo("cpu MHz", mhz, sizeof mhz) == 0 ? atof(mhz) : 0;
}

int probe_crosscheck(const struct probe_ctx *ctx,
                     const struct mmt_probeconf *pc, const int *measured)
{
    int bad = check_caches(ctx, pc, measured);

#if defined(__x86_64__)
    int avx = !!__builtin_cpu_supports("avx");
    int avx512 = !!__builtin_cpu_supports("avx512f");
    int fma = !!__builtin_cpu_supports("fma");
    int widest = avx512 ? 8 : avx ? 4 : 2;

    if (measured[MMT_P_FMA] && pc->fma != fma)
        bad++, fprintf(ctx->log, "mmprobe: note: FMA measured %d, cpuid "
                       "says %d\n", pc->fma, fma);
    if (measured[MMT_P_SIMD_DOUBLES] && pc->simd_doubles != widest)
        bad++, fprintf(ctx->log, "mmprobe: note: SIMD_DOUBLES measured %d, "
                       "widest cpuid ISA holds %d (kernel flags or the "
                       "hardware may not use it)\n", pc->simd_doubles, widest);
#endif
    if (measured[MMT_P_CLOCK_MHZ])
        bad += differ(ctx, "CLOCK_MHZ", pc->clock_mhz, cpuinfo_mhz(), 0.02,
                      "/proc/cpuinfo");
    return bad;
}
