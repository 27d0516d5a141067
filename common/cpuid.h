/* cpuid, decoded once for every room that reads it: the CPU's vendor,
 * family and model, and its description of the caches (common/cpuid.c
 * says which leaves and why).  The probe checks its measurements against
 * these claims; the library's build keys its saved defaults and sizes its
 * model's blocking with them.  Off x86 cpuid reads as all zeros. */
#ifndef MMC_CPUID_H
#define MMC_CPUID_H

/* What the system claims about one cache (sysfs, cpuid, /proc/cpuinfo):
 * for the cache probe the yardstick its answers are checked against,
 * never a replacement for them (probe/sysinfo.c); for the library's build
 * the cache sizes its blocking model starts from (kernels/archkey.c). */
enum mmc_cache_type {
    MMC_CT_DATA = 1, MMC_CT_INSTRUCTION = 2, MMC_CT_UNIFIED = 3
};
struct mmc_cache_claim {
    int level;                  /* 1, 2, 3 */
    enum mmc_cache_type type;
    long size_kib;
    int ways_lo, ways_hi;       /* a range where cpuid encodes one; a fully
                                 * associative cache has size/line ways;
                                 * 0: unknown */
    int line_bytes;             /* 0: unknown */
    const char *source;         /* "sysfs", "cpuid 0x80000006", ... */
    char doubt[160];            /* not empty: implausible, and why */
};

/* cpuid as a function, so that tests can replay recorded registers. */
struct mmc_cpuid_regs {
    unsigned eax, ebx, ecx, edx;
};
typedef void (*mmc_cpuid_fn)(void *arg, unsigned leaf, unsigned sub,
                               struct mmc_cpuid_regs *r);
/* The cpuid instruction (all zeros on other architectures). */
void mmc_cpuid_native(void *arg, unsigned leaf, unsigned sub,
                        struct mmc_cpuid_regs *r);
/* The caches cpuid describes: Intel's leaf 4, AMD's 0x8000001D, or, when
 * that is empty or absent, 0x80000005/0x80000006.  Fills up to max claims
 * and returns how many (0: cpuid describes none). */
int mmc_cpuid_caches(mmc_cpuid_fn fn, void *arg,
                       struct mmc_cache_claim *c, int max);

/* Leaf leaf, subleaf sub, into r where the CPU has it (the highest leaf
 * of its range, basic or 0x80000000, is at least leaf): 1; else 0, r all
 * zeros. */
int mmc_cpuid_leaf(mmc_cpuid_fn fn, void *arg, unsigned leaf, unsigned sub,
                   struct mmc_cpuid_regs *r);

/* Feature bits other rooms ask of cpuid (the timer's clocks and
 * flushes); common/cpuid.c holds their leaves and bits.  The kernel ISAs'
 * features are asked of __builtin_cpu_supports instead, which also checks
 * that the OS saves their registers (codegen/cpurun.h, common/isa.h). */
enum mmc_cpuid_feature {
    MMC_CPUID_TSC,            /* rdtsc */
    MMC_CPUID_RDTSCP,         /* rdtscp */
    MMC_CPUID_INVARIANT_TSC,  /* constant rate in every P/C-state */
    MMC_CPUID_CLFLUSH         /* clflush */
};
int mmc_cpuid_has(mmc_cpuid_fn fn, void *arg, enum mmc_cpuid_feature f);
/* The clflush line size in bytes (leaf 1 EBX[15:8] x 8), 0 when cpuid
 * does not say. */
unsigned mmc_cpuid_clflush_bytes(mmc_cpuid_fn fn, void *arg);

/* The vendor string ("AuthenticAMD", "" when cpuid has none) and the
 * display family and model (-1 when unknown): family 0xF adds the
 * extended family, families 6 and 0xF the extended model. */
void mmc_cpuid_ident(mmc_cpuid_fn fn, void *arg, char vendor[13],
                     int *family, int *model);

#endif
