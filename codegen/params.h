/* One parameter set of the generator (paper 002, Table 1, plus what the
 * SIMD emitter and the cleanup kernels need), its table of keys and ranges,
 * validation, and reading from a KEY = value file. */
#ifndef MMG_PARAMS_H
#define MMG_PARAMS_H

#include <stddef.h>

#include "common/common.h"

/* The generator's names for common/isa.h's ISAs (an index of mmc_isas). */
enum mmg_isa {
    MMG_ISA_NONE = MMC_ISA_NONE, MMG_ISA_SSE2 = MMC_ISA_SSE2,
    MMG_ISA_AVX2 = MMC_ISA_AVX2, MMG_ISA_AVX512 = MMC_ISA_AVX512,
    MMG_NISA = MMC_NISA
};

/* What the emitters spell differently for each element type (mmg_types
 * is indexed by mmkernel.h's enum mmt_kernel_type).  A vector holds as
 * many bytes whatever the type, so the ISA table's widths in doubles
 * times per_double give a SIMD ISA's lanes. */
struct mmg_type {
    const char *word;       /* mmgen's --type, a file's TYPE: "d", "s" */
    const char *ctype;      /* "double", "float" */
    const char *suffix;     /* intrinsics' element suffix: "pd", "ps" */
    const char *lib;        /* mmkernel.h's helpers for the type, C's
                               math library way: mmt_fmadd, mmt_fmaddf,
                               mmt_pfb, mmt_pfbf */
    const char *prefix;     /* kernel names: "mmk", "smmk" */
    const char *lane_int;   /* AVX2 mask lanes compared: "epi64" */
    const char *lane_set;   /* and set: "epi64x" */
    const char *perturb;    /* PERTURB's growth a trip: far above the
                               type's rounding, so the oracle sees it */
    int per_double;         /* lanes in a double's width: 1, 2 */
};
extern const struct mmg_type mmg_types[2];

/* Beta variants, as a bit set. */
enum { MMG_BETA0 = 1, MMG_BETA1 = 2, MMG_BETAX = 4, MMG_BETA_ALL = 7 };

/* M, N, K: a size fixed at generation time, MMG_RUNTIME (the kernel takes
 * it at run time: the general cleanup kernels of §III-B step 7), or
 * MMG_TILE (the default: the tile size NB, or NCNB when COPY=0). */
enum { MMG_TILE = -1, MMG_RUNTIME = 0 };

struct mmg_params {
    int nb, ncnb, copy;
    int ncnu;            /* the non-copy kernels' NU (mmg_small_path); 0:
                            NU */
    int bt;              /* COPY=0 only: B stored transposed (layout 4) */
    int m, n, k;
    int mu, nu, ku, ls, fma, ff, ifetch, nfetch;
    int pf;              /* 1: prefetch the C tile visited next */
    int pfa;             /* COPY=0 only: prefetch the A rows below */
    int pfb;             /* SIMD COPY=1 only: prefetch B's next panel */
    int regs;            /* NR: registers for the spill report; 0: ISA
                            default (nr is a tile's columns elsewhere) */
    int perturb;         /* test only: one update is made wrong on purpose */
    enum mmg_isa isa;
    int type;            /* enum mmt_kernel_type (mmkernel.h, which
                            this header leaves out): MMT_TYPE_D, the
                            default, or MMT_TYPE_S */
    int betas;           /* MMG_BETA* bits */
    char name[96];       /* "" : derived from the parameters */
};

/* One integer parameter: its file key, option name and hard range. */
struct mmg_int_param {
    const char *key;
    const char *option;
    int min, max;
    size_t offset;       /* in struct mmg_params */
    const char *help;
};

extern const struct mmg_int_param mmg_int_params[];
extern const size_t mmg_n_int_params;

void mmg_params_default(struct mmg_params *p);

/* Set KEY (a file key or option name without dashes) from text.  Returns 0,
 * or -1 with "KEY: why (allowed ...)" in err. */
int mmg_params_set(struct mmg_params *p, const char *key, const char *text,
                   char *err, size_t errlen);

/* Read a KEY = value file, or a params.conf (common/paramsconf.h), over
 * p.  Returns 0, or -1 with file:line: why. */
int mmg_params_read(struct mmg_params *p, const char *path,
                    char *err, size_t errlen);

/* Cross-parameter rules.  Returns 0, or -1 with a message that names the
 * parameter and its allowed range. */
int mmg_params_check(const struct mmg_params *p, char *err, size_t errlen);

/* Derived values (valid after a successful check). */
int mmg_tile(const struct mmg_params *p);         /* NB or NCNB */
int mmg_dim(const struct mmg_params *p, int dim); /* 'm','n','k': size or 0 */
int mmg_vlen(enum mmg_isa isa);        /* doubles a vector, 1 for none */
int mmg_lanes(const struct mmg_params *p);  /* elements a vector, 1 for
                                               none */
const char *mmg_isa_name(enum mmg_isa isa);
int mmg_loads_per_step(const struct mmg_params *p);
/* IF and NF lowered to mmg_loads_per_step where they exceed it: a kernel
 * cut from another's tile (the library's non-copy kernels, at most two
 * vectors tall, beside a full kernel of three: 24 x 8 takes IF up to 11,
 * 16 x 8 up to 10) keeps its schedule where it can. */
void mmg_fit_fetch(struct mmg_params *p);
/* The library's small-path kernel cut from its full kernel p, in place:
 * COPY=0 (the caller's arrays), FF=0, PFB=0, PFA=0, KU=1, M, N and K at
 * run time, MU at most two vectors (the narrow kernel takes the rest),
 * NU the NCNU mmsearch's step ncnu chose where it chose one; IF and NF
 * are left to mmg_fit_fetch, after whatever else a caller
 * changes.  kernels/local.mk (mmgen --small-path), where the
 * measurements behind each value are, and mmsearch (its ncnb step and its
 * drivers) both make the library's non-copy kernels by it. */
void mmg_small_path(struct mmg_params *p);
/* The most k steps a kernel with K at run time unrolls: its loop body
 * holds KU steps of the tile, and one of 64 or 120 (what a search in L1,
 * at K = NB = KU, can choose) made clang spill the accumulators of a
 * 40 x 5 AVX-512 tile (9045 stack references in the edge kernel against
 * 2385 at KU = 8): the library's packed path, which runs on the edge
 * kernel, then ran 0.39-0.62 of KU = 8 at N = 500-2000; with gcc 0.92-1.00
 * (AVX-512 Zen 4 guest, docs/BENCHMARKS.md, 2026-12-01).  KU of 1, 4 and
 * 8 in the edge kernel of a 32 x 5 gcc tile ran within 3.5% at N =
 * 200-2000. */
#define MMG_RUNTIME_KU_MAX 8
/* KU lowered to MMG_RUNTIME_KU_MAX where K is at run time and KU is
 * larger; the fixed-K kernel keeps its KU.  mmgen applies it to every
 * kernel it writes, mmsearch to the kernels it builds for the library's
 * driver, so both build the same code. */
void mmg_runtime_unroll(struct mmg_params *p);
int mmg_regs_needed(const struct mmg_params *p);
int mmg_regs_available(const struct mmg_params *p);

struct option;   /* <getopt.h> */

/* getopt_long options for a command: the nfixed of fixed, then
 * --<option>=N for every integer parameter, whose val is first plus its
 * index in mmg_int_params.  Terminated; owned here, kept until the next
 * call (a command's --help or usage error exits from inside its option
 * loop: the table stays reachable, no leak for LeakSanitizer).  It
 * serves commands' option parsing, so out of memory it says so and
 * exits 1. */
struct option *mmg_long_options(const struct option *fixed, size_t nfixed,
                                int first);

/* The kernel's base name; it encodes every parameter. */
void mmg_kernel_name(const struct mmg_params *p, char *out, size_t len);
/* The mmgen options that recreate p, canonical order, no program name. */
void mmg_params_options(const struct mmg_params *p, char *out, size_t len);

#endif
