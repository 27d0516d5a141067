/* cpuid, decoded once for every room that reads it: the CPU's vendor,
 * family and model, and its description of the caches (common/cpuid.c
 * says which leaves and why).  The probe checks its measurements against
 * these claims; the library's build keys its saved defaults and sizes its
 * model's blocking with them.  Off x86 cpuid reads as all zeros. */
#ifndef MMT_CPUID_H
#define MMT_CPUID_H

/* What the system claims about one cache (sysfs, cpuid, /proc/cpuinfo):
 * for the cache probe the yardstick its answers are checked against,
 * never a replacement for them (probe/sysinfo.c); for the library's build
 * the cache sizes its blocking model starts from (kernels/archkey.c). */
enum mmt_cache_type {
    MMT_CT_DATA = 1, MMT_CT_INSTRUCTION = 2, MMT_CT_UNIFIED = 3
};
struct mmt_cache_claim {
    int level;                  /* 1, 2, 3 */
    enum mmt_cache_type type;
    long size_kib;
    int ways_lo, ways_hi;       /* a range where cpuid encodes one; a fully
                                 * associative cache has size/line ways;
                                 * 0: unknown */
    int line_bytes;             /* 0: unknown */
    const char *source;         /* "sysfs", "cpuid 0x80000006", ... */
    char doubt[160];            /* not empty: implausible, and why */
};

/* cpuid as a function, so that tests can replay recorded registers. */
struct mmt_cpuid_regs {
    unsigned eax, ebx, ecx, edx;
};
typedef void (*mmt_cpuid_fn)(void *arg, unsigned leaf, unsigned sub,
                               struct mmt_cpuid_regs *r);
/* The cpuid instruction (all zeros on other architectures). */
void mmt_cpuid_native(void *arg, unsigned leaf, unsigned sub,
                        struct mmt_cpuid_regs *r);
/* The caches cpuid describes: Intel's leaf 4, AMD's 0x8000001D, or, when
 * that is empty or absent, 0x80000005/0x80000006.  Fills up to max claims
 * and returns how many (0: cpuid describes none). */
int mmt_cpuid_caches(mmt_cpuid_fn fn, void *arg,
                       struct mmt_cache_claim *c, int max);

/* Leaf leaf, subleaf sub, into r where the CPU has it (the highest leaf
 * of its range, basic or 0x80000000, is at least leaf): 1; else 0, r all
 * zeros. */
int mmt_cpuid_leaf(mmt_cpuid_fn fn, void *arg, unsigned leaf, unsigned sub,
                   struct mmt_cpuid_regs *r);

/* Feature bits other rooms ask of cpuid (the timer's clocks and
 * flushes); common/cpuid.c holds their leaves and bits.  The kernel ISAs'
 * features are asked of __builtin_cpu_supports instead, which also checks
 * that the OS saves their registers (codegen/cpurun.h, common/isa.h). */
enum mmt_cpuid_feature {
    MMT_CPUID_TSC,            /* rdtsc */
    MMT_CPUID_RDTSCP,         /* rdtscp */
    MMT_CPUID_INVARIANT_TSC,  /* constant rate in every P/C-state */
    MMT_CPUID_CLFLUSH         /* clflush */
};
int mmt_cpuid_has(mmt_cpuid_fn fn, void *arg, enum mmt_cpuid_feature f);
/* The clflush line size in bytes (leaf 1 EBX[15:8] x 8), 0 when cpuid
 * does not say. */
unsigned mmt_cpuid_clflush_bytes(mmt_cpuid_fn fn, void *arg);

/* The vendor string ("AuthenticAMD", "" when cpuid has none) and the
 * display family and model (-1 when unknown): family 0xF adds the
 * extended family, families 6 and 0xF the extended model. */
void mmt_cpuid_ident(mmt_cpuid_fn fn, void *arg, char vendor[13],
                     int *family, int *model);

#endif
