/* What the build machine is, for choosing the library's parameters: the
 * best kernel ISA it runs, its architecture key (the directory name under
 * results/archdefs/) and the cache sizes the blocking model needs.  All
 * from cpuid; written once, used by mmselect (and later by `make
 * archdef`).  Internal to kernels/ (prefix mml_). */
#ifndef MML_ARCHKEY_H
#define MML_ARCHKEY_H

#include <stddef.h>

#include "common/common.h"

/* The best kernel ISA this CPU runs, of common/isa.h's: the widest whose
 * cpu_needs it has ("none" always runs). */
const struct mmc_isa *mml_isa_best(void);

struct mml_cpu {
    char vendor[13];      /* cpuid's vendor string, "" when unknown */
    int family, model;    /* display family and model, -1 when unknown */
    long l2_bytes;        /* per-core L2 (or L1 when there is none), 0 */
    long llc_bytes;       /* last level, 0 when cpuid does not say or
                             says what cannot be (common/cpuid.h doubt) */
};

/* This CPU, from cpuid. */
void mml_cpu_ident(struct mml_cpu *cpu);
/* The same from the cpuid function fn (tests replay recorded ones). */
void mml_cpu_ident_from(mmc_cpuid_fn fn, void *arg, struct mml_cpu *cpu);

/* The key of this CPU kind with kernels of the given ISA built by a
 * compiler of family cc (common/compilers.h: gcc, clang):
 * "<vendor>-f<family>-m<model>-<isa>-<cc>", vendor "amd", "intel" or the
 * cpuid string lower-cased ("unknown" off x86), e.g.
 * "amd-f26-m2-avx512-gcc"; cc NULL leaves "-<cc>" out (the keys before
 * issue 9 named the compiler).  Returns 0, or -1 when buf is too
 * small. */
int mml_arch_key(const struct mml_cpu *cpu, const char *isa, const char *cc,
                 char *buf, size_t len);

#endif
