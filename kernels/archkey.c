/* cpuid facts for the library's parameter choice (archkey.h). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "codegen/codegen.h"
#include "common/common.h"
#include "kernels/archkey.h"

const struct mmc_isa *mml_isa_best(void)
{
    int i = MMC_NISA - 1;

    while (i > MMC_ISA_NONE && !mmg_cpu_runs(mmc_isas[i].cpu_needs))
        i--;
    return &mmc_isas[i];
}

/* The sizes the blocking model needs, from cpuid's claims (common/
 * cpuid.h): the L2 (the L1d when there is none) and the last level
 * listed.  A last level the decoder doubts (a hypervisor's L3 bigger than
 * any core reaches) is left unknown, so the model takes its guess: taken
 * as it was, the Zen 5 guest's 508 MiB gave NC = 3840 where its nc step
 * chose 768 over 1536 and 3072 (issue 9); the avx2 model's library there,
 * flushed, NC = 3840 over 768 in two runs: N = 1000 0.97 and 0.96, 2000
 * 0.91 and 0.99, 3000 1.01 and 0.98.  The guess (8 MiB) gives NC = NB. */
static void cache_sizes(mmc_cpuid_fn fn, void *arg, struct mml_cpu *cpu)
{
    struct mmc_cache_claim c[16];
    int n = mmc_cpuid_caches(fn, arg, c, 16);

    for (int i = 0; i < n; i++) {
        long bytes = c[i].size_kib * 1024;
        if (c[i].type == MMC_CT_INSTRUCTION)
            continue;
        if (c[i].level == 2 || (c[i].level == 1 && !cpu->l2_bytes))
            cpu->l2_bytes = bytes;
        if (c[i].level >= 2)
            cpu->llc_bytes = c[i].doubt[0] ? 0 : bytes;
    }
}

void mml_cpu_ident_from(mmc_cpuid_fn fn, void *arg, struct mml_cpu *cpu)
{
    memset(cpu, 0, sizeof *cpu);
    mmc_cpuid_ident(fn, arg, cpu->vendor, &cpu->family, &cpu->model);
    if (cpu->family >= 0)
        cache_sizes(fn, arg, cpu);
}

void mml_cpu_ident(struct mml_cpu *cpu)
{
    mml_cpu_ident_from(mmc_cpuid_native, NULL, cpu);
}

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

int mml_arch_key(const struct mml_cpu *cpu, const char *isa, const char *cc,
                 char *buf, size_t len)
{
    char vendor[16];
    int n;

    vendor_word(cpu->vendor, vendor, sizeof vendor);
    n = snprintf(buf, len, "%s-f%d-m%d-%s%s%s", vendor, cpu->family,
                 cpu->model, isa, cc ? "-" : "", cc ? cc : "");
    return n < 0 || (size_t)n >= len ? -1 : 0;
}
