/* The kernel ISAs, in one table that every room reads: the generator
 * (names, vector widths, syntax, target features), the probe (the vector
 * types it counts registers of, and the probe.conf key it writes the
 * count to), the search and the library (names,
 * widths, what a CPU needs for the library to choose an ISA).  The CPU
 * features are named as GCC's target attribute and __builtin_cpu_supports
 * name them; their cpuid bits are common/cpuid.c's. */
#ifndef MMC_ISA_H
#define MMC_ISA_H

#include <stddef.h>

#include "common/probeconf.h"

/* Narrowest first: the generator's enum mmg_isa and the order of
 * probe.conf's FP_REGS_* keys follow it. */
enum mmc_isa_id {
    MMC_ISA_NONE, MMC_ISA_SSE2, MMC_ISA_AVX2, MMC_ISA_AVX512, MMC_NISA
};

struct mmc_isa {
    const char *name;       /* mmgen's --isa, params.conf's ISA */
    int vlen;               /* doubles a vector; 1 for scalar */
    int vregs;              /* x86-64's vector registers (AVX-512: 32) */
    const char *vtype;      /* C type of a vector ("__m512d") */
    const char *vprefix;    /* intrinsics' prefix ("_mm512"; scalar "") */
    const char *target;     /* CPU features its kernels need (a target
                             * attribute, a descriptor's `requires`;
                             * scalar ""), FMA = 0 ... */
    const char *target_fma; /* ... and FMA = 1 */
    const char *target_half; /* ... and half-width masked tiles (FMA =
                              * 1, the 256-bit form of AVX-512's masked
                              * operations: AVX512VL); NULL: none */
    const char *cpu_needs;  /* what a CPU must have for the library to
                             * take the ISA: avx2 without fma is sse2 */
    const char *guard;      /* #if test: the compiler's flags enable the
                             * vector type (AVX's for __m256d) */
    enum mmc_probe_key fp_regs_key;  /* probe.conf's count of its
                                      * registers (FP_REGS_<ISA>) */
};
extern const struct mmc_isa mmc_isas[MMC_NISA];

/* The ISA named name exactly, or NULL. */
const struct mmc_isa *mmc_isa_find(const char *name);
/* The names joined by ", ", widest first when best_first (for messages:
 * "avx512, avx2, sse2, none"); returns buf. */
const char *mmc_isa_list(char *buf, size_t len, int best_first);

#endif
