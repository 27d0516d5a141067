/* cpuid facts for the library's parameter choice (archkey.h). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#ifdef HAVE_CPUID_H
#include <cpuid.h>
#endif

#include "codegen/cpurun.h"
#include "kernels/archkey.h"

/* Best first: mml_isa_best takes the first one the CPU runs. */
const struct mml_isa mml_isas[] = {
    { "avx512", "avx512f" },
    { "avx2", "avx2,fma" },
    { "sse2", "sse2" },
    { "none", "" },
};
const size_t mml_n_isas = sizeof mml_isas / sizeof mml_isas[0];

const struct mml_isa *mml_isa_find(const char *name)
{
    for (size_t i = 0; i < mml_n_isas; i++)
        if (!strcmp(mml_isas[i].name, name))
            return &mml_isas[i];
    return NULL;
}

const struct mml_isa *mml_isa_best(void)
{
    for (size_t i = 0; i + 1 < mml_n_isas; i++)
        if (mmg_cpu_runs(mml_isas[i].requires))
            return &mml_isas[i];
    return &mml_isas[mml_n_isas - 1];
}

#ifdef HAVE_CPUID_H
/* Size in bytes of a cache described by leaf 4 (Intel) or 0x8000001D
 * (AMD), which share one layout. */
static long leaf4_size(unsigned b, unsigned c)
{
    return (long)((b >> 22) + 1) * (((b >> 12) & 0x3ff) + 1)
           * ((b & 0xfff) + 1) * ((long)c + 1);
}

/* Walk the deterministic cache leaf; 0 when it lists nothing (KVM often
 * leaves it empty). */
static int caches_from_leaf(unsigned leaf, struct mml_cpu *cpu)
{
    unsigned a, b, c, d, max = __get_cpuid_max(leaf & 0x80000000u, NULL);
    int found = 0;

    if (max < leaf)
        return 0;
    for (unsigned sub = 0; sub < 16; sub++) {
        __cpuid_count(leaf, sub, a, b, c, d);
        unsigned type = a & 0x1f, level = (a >> 5) & 7;
        if (type == 0)
            break;
        if (type == 2)          /* instruction cache */
            continue;
        found = 1;
        if (level == 2 || (level == 1 && !cpu->l2_bytes))
            cpu->l2_bytes = leaf4_size(b, c);
        if (level >= 2)
            cpu->llc_bytes = leaf4_size(b, c);
    }
    (void)d;
    return found;
}

/* AMD's older leaf: L2 in KiB in ECX[31:16], L3 in 512 KiB units in
 * EDX[31:18]. */
static void caches_from_amd_legacy(struct mml_cpu *cpu)
{
    unsigned a, b, c, d;

    if (__get_cpuid_max(0x80000000u, NULL) < 0x80000006u
        || !__get_cpuid(0x80000006u, &a, &b, &c, &d))
        return;
    cpu->l2_bytes = (long)(c >> 16) * 1024;
    cpu->llc_bytes = (long)(d >> 18) * 512 * 1024;
    if (!cpu->llc_bytes)
        cpu->llc_bytes = cpu->l2_bytes;
}

void mml_cpu_ident(struct mml_cpu *cpu)
{
    unsigned a, b, c, d;

    memset(cpu, 0, sizeof *cpu);
    cpu->family = cpu->model = -1;
    if (!__get_cpuid(0, &a, &b, &c, &d))
        return;
    memcpy(cpu->vendor, &b, 4);
    memcpy(cpu->vendor + 4, &d, 4);
    memcpy(cpu->vendor + 8, &c, 4);
    if (__get_cpuid(1, &a, &b, &c, &d)) {
        unsigned fam = (a >> 8) & 0xf, mod = (a >> 4) & 0xf;
        cpu->family = (int)(fam == 0xf ? fam + ((a >> 20) & 0xff) : fam);
        cpu->model = (int)(fam == 0x6 || fam == 0xf
                           ? mod + (((a >> 16) & 0xf) << 4) : mod);
    }
    if (!caches_from_leaf(4, cpu) && !caches_from_leaf(0x8000001du, cpu))
        caches_from_amd_legacy(cpu);
}
#else
void mml_cpu_ident(struct mml_cpu *cpu)
{
    memset(cpu, 0, sizeof *cpu);
    cpu->family = cpu->model = -1;
}
#endif

static void vendor_word(const char *vendor, char *out, size_t len)
{
    size_t i = 0;

    if (!strcmp(vendor, "AuthenticAMD"))
        vendor = "amd";
    else if (!strcmp(vendor, "GenuineIntel"))
        vendor = "intel";
    else if (!vendor[0])
        vendor = "unknown";
    for (; vendor[i] && i + 1 < len; i++)
        out[i] = isalnum((unsigned char)vendor[i])
                 ? (char)tolower((unsigned char)vendor[i]) : '_';
    out[i] = '\0';
}

int mml_arch_key(const struct mml_cpu *cpu, const char *isa, char *buf,
                 size_t len)
{
    char vendor[16];
    int n;

    vendor_word(cpu->vendor, vendor, sizeof vendor);
    n = snprintf(buf, len, "%s-f%d-m%d-%s", vendor, cpu->family, cpu->model,
                 isa);
    return n < 0 || (size_t)n >= len ? -1 : 0;
}
