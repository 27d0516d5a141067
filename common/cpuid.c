/* cpuid's description of the caches, decoded in one place.
 *
 * Intel describes each cache in leaf 4 ("deterministic cache parameters",
 * SDM vol. 2A, CPUID), AMD in 0x8000001D with the same layout (APM vol. 3,
 * E.4.15); both list one cache per subleaf until a type of 0.  A
 * hypervisor may leave 0x8000001D empty (the Zen 5 guest here does),
 * and then AMD's older leaves still speak: 0x80000005 ECX for the L1d and
 * 0x80000006 ECX/EDX for the L2 and L3 (APM E.4.4, E.4.5), whose
 * associativity is an encoded field.  These are claims: the cache probe
 * compares them with what it measured and writes a claimed size only when
 * its curve bears it out; the library's build (kernels/archkey.c) takes
 * them as its model's starting sizes. */
#include "common/cpuid.h"

#include <stdio.h>
#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

void mmc_cpuid_native(void *arg, unsigned leaf, unsigned sub,
                        struct mmc_cpuid_regs *r)
{
    (void)arg;
    memset(r, 0, sizeof *r);
#if defined(__x86_64__) || defined(__i386__)
    __cpuid_count(leaf, sub, r->eax, r->ebx, r->ecx, r->edx);
#else
    (void)leaf, (void)sub;
#endif
}

static unsigned bits(unsigned v, int hi, int lo)
{
    return (v >> lo) & ((2u << (hi - lo)) - 1);
}

int mmc_cpuid_leaf(mmc_cpuid_fn fn, void *arg, unsigned leaf, unsigned sub,
                   struct mmc_cpuid_regs *r)
{
    fn(arg, leaf & 0x80000000u, 0, r);
    if (r->eax < leaf) {
        memset(r, 0, sizeof *r);
        return 0;
    }
    fn(arg, leaf, sub, r);
    return 1;
}

/* Where each feature's bit is (SDM vol. 2A, CPUID; APM vol. 3, E.4). */
static const struct {
    unsigned leaf;
    char reg;                   /* 'b', 'c', 'd' */
    int bit;
} feature_bits[] = {
    [MMC_CPUID_TSC] = { 1, 'd', 4 },
    [MMC_CPUID_RDTSCP] = { 0x80000001u, 'd', 27 },
    [MMC_CPUID_INVARIANT_TSC] = { 0x80000007u, 'd', 8 },
    [MMC_CPUID_CLFLUSH] = { 1, 'd', 19 },
};

int mmc_cpuid_has(mmc_cpuid_fn fn, void *arg, enum mmc_cpuid_feature f)
{
    struct mmc_cpuid_regs r;
    unsigned v;

    if (!mmc_cpuid_leaf(fn, arg, feature_bits[f].leaf, 0, &r))
        return 0;
    v = feature_bits[f].reg == 'b' ? r.ebx
        : feature_bits[f].reg == 'c' ? r.ecx : r.edx;
    return v >> feature_bits[f].bit & 1;
}

unsigned mmc_cpuid_clflush_bytes(mmc_cpuid_fn fn, void *arg)
{
    struct mmc_cpuid_regs r;

    if (!mmc_cpuid_leaf(fn, arg, 1, 0, &r))
        return 0;
    return (r.ebx >> 8 & 0xff) * 8;
}

/* Leaf 4 or 0x8000001D: one cache per subleaf, EAX[4:0] its type (0: no
 * more), EAX[7:5] its level, EAX[9] fully associative; EBX holds ways,
 * partitions and line size less one, ECX the sets less one. */
static int deterministic(mmc_cpuid_fn fn, void *arg, unsigned leaf,
                         const char *source, struct mmc_cache_claim *c,
                         int max)
{
    int n = 0;

    for (unsigned sub = 0; sub < 32 && n < max; sub++) {
        struct mmc_cpuid_regs r;
        fn(arg, leaf, sub, &r);
        unsigned type = bits(r.eax, 4, 0);
        if (type == 0)
            break;
        if (type > MMC_CT_UNIFIED)
            continue;
        unsigned long long ways = bits(r.ebx, 31, 22) + 1;
        unsigned long long line = bits(r.ebx, 11, 0) + 1;
        unsigned long long bytes = ways * (bits(r.ebx, 21, 12) + 1) *
                                   line * ((unsigned long long)r.ecx + 1);

        memset(&c[n], 0, sizeof c[n]);
        c[n].level = (int)bits(r.eax, 7, 5);
        c[n].type = (enum mmc_cache_type)type;
        c[n].size_kib = (long)(bytes / 1024);
        if (bits(r.eax, 9, 9))
            ways = bytes / line;
        c[n].ways_lo = c[n].ways_hi = (int)ways;
        c[n].line_bytes = (int)line;
        c[n].source = source;
        n++;
    }
    return n;
}

/* AMD's encoded associativity of 0x80000006 (APM E.4.5), as a range of
 * ways; FULL stands for as many ways as lines. */
enum { FULL = -1, SEE_1D = 9 };
static const struct { int lo, hi; } amd_assoc[16] = {
    { 0, 0 }, { 1, 1 }, { 2, 2 }, { 3, 3 }, { 4, 5 }, { 6, 7 }, { 8, 15 },
    { 0, 0 }, { 16, 31 }, { 0, 0 }, { 32, 47 }, { 48, 63 }, { 64, 95 },
    { 96, 127 }, { 128, FULL }, { FULL, FULL },
};

static void legacy(struct mmc_cache_claim *c, int level,
                   enum mmc_cache_type type, long kib, int lo, int hi,
                   int line, const char *source)
{
    int lines = line ? (int)(kib * 1024 / line) : 0;

    memset(c, 0, sizeof *c);
    c->level = level;
    c->type = type;
    c->size_kib = kib;
    c->ways_lo = lo == FULL ? lines : lo;
    c->ways_hi = hi == FULL ? lines : hi;
    c->line_bytes = line;
    c->source = source;
}

/* No AMD core reaches more L3 than its CCX's 96 MiB (3D V-Cache); the
 * field counts 512 KiB units and some hypervisors fill it with the whole
 * package's L3 or a figure of their own (1016 units, 508 MiB, on the
 * Zen 5 guest here, whose EDX[15:12] = 9 sends the reader to the empty
 * 0x8000001D). */
enum { AMD_L3_MAX_KIB = 128 * 1024 };

/* 0x80000005 ECX (L1d: size KiB, ways, line) and 0x80000006 ECX (L2:
 * size KiB, encoded ways, line) and EDX (L3: 512 KiB units, encoded ways,
 * line).  A size of 0 or ways encoded 0 mean no such cache. */
static int amd_legacy(mmc_cpuid_fn fn, void *arg, unsigned ext_max,
                      struct mmc_cache_claim *c, int max)
{
    static const char src5[] = "cpuid 0x80000005";
    static const char src6[] = "cpuid 0x80000006";
    struct mmc_cpuid_regs r;
    int n = 0;

    if (ext_max >= 0x80000005u && n < max) {
        fn(arg, 0x80000005u, 0, &r);
        int ways = (int)bits(r.ecx, 23, 16);
        if (bits(r.ecx, 31, 24))
            legacy(&c[n++], 1, MMC_CT_DATA, bits(r.ecx, 31, 24),
                   ways == 0xff ? FULL : ways, ways == 0xff ? FULL : ways,
                   (int)bits(r.ecx, 7, 0), src5);
    }
    if (ext_max < 0x80000006u)
        return n;
    fn(arg, 0x80000006u, 0, &r);
    unsigned l2 = bits(r.ecx, 15, 12), l3 = bits(r.edx, 15, 12);
    if (n < max && bits(r.ecx, 31, 16) && l2)
        legacy(&c[n++], 2, MMC_CT_UNIFIED, bits(r.ecx, 31, 16),
               amd_assoc[l2].lo, amd_assoc[l2].hi, (int)bits(r.ecx, 7, 0),
               src6);
    if (n < max && bits(r.edx, 31, 18) && l3) {
        long kib = (long)bits(r.edx, 31, 18) * 512;
        legacy(&c[n], 3, MMC_CT_UNIFIED, kib, amd_assoc[l3].lo,
               amd_assoc[l3].hi, (int)bits(r.edx, 7, 0), src6);
        if (kib > AMD_L3_MAX_KIB)
            snprintf(c[n].doubt, sizeof c[n].doubt, "L3 of %ld MiB is more "
                     "than any AMD core reaches (96 MiB)%s", kib / 1024,
                     l3 == SEE_1D ? ", and EDX[15:12] = 9 defers to an "
                     "empty 0x8000001D" : "");
        n++;
    }
    return n;
}

/* Leaf 0: the vendor string into vendor; returns the highest basic
 * leaf. */
static unsigned read_vendor(mmc_cpuid_fn fn, void *arg, char vendor[13])
{
    struct mmc_cpuid_regs r;

    fn(arg, 0, 0, &r);
    memcpy(vendor, &r.ebx, 4);
    memcpy(vendor + 4, &r.edx, 4);
    memcpy(vendor + 8, &r.ecx, 4);
    vendor[12] = '\0';
    return r.eax;
}

void mmc_cpuid_ident(mmc_cpuid_fn fn, void *arg, char vendor[13],
                     int *family, int *model)
{
    struct mmc_cpuid_regs r;

    *family = *model = -1;
    if (read_vendor(fn, arg, vendor) < 1)
        return;
    fn(arg, 1, 0, &r);
    unsigned fam = bits(r.eax, 11, 8), mod = bits(r.eax, 7, 4);
    *family = (int)(fam == 0xf ? fam + bits(r.eax, 27, 20) : fam);
    *model = (int)(fam == 0x6 || fam == 0xf ? mod + (bits(r.eax, 19, 16)
                                                     << 4) : mod);
}

int mmc_cpuid_caches(mmc_cpuid_fn fn, void *arg,
                       struct mmc_cache_claim *c, int max)
{
    struct mmc_cpuid_regs r;
    char vendor[13];
    unsigned basic_max, ext_max;
    int n = 0;

    basic_max = read_vendor(fn, arg, vendor);
    if (basic_max == 0 || max <= 0)
        return 0;
    fn(arg, 0x80000000u, 0, &r);
    ext_max = r.eax >= 0x80000000u ? r.eax : 0;
    if (strcmp(vendor, "GenuineIntel") == 0 && basic_max >= 4)
        n = deterministic(fn, arg, 4, "cpuid leaf 4", c, max);
    else if (ext_max >= 0x8000001Du)
        n = deterministic(fn, arg, 0x8000001Du, "cpuid 0x8000001D", c, max);
    return n ? n : amd_legacy(fn, arg, ext_max, c, max);
}
