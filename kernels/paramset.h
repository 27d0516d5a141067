/* The library's parameter set, one table (docs/DESIGN.md: "one table drives
 * everything about a parameter"): the generated kernel's parameters, which
 * go to mmgen, and the driver's blocking, which go into the build as a
 * header.  Read from a params.conf (results/<host>/ after make tune, or
 * results/archdefs/<key>/), every value it leaves out taken from the model
 * below.  Defined in libparams.c; not kernels/gen/libparams.h, the build's
 * parameters as mmselect writes them.
 *
 * Blocking in BLIS's terms (docs/LIBRARY.md): for each K panel of
 * KC, B's KC x NC panel is packed once; for each MC rows, A's MC x KC block
 * is packed (it stays in L2); the kernel runs on every NB columns of the
 * panel (B's micro-panels of NU columns stay in L1).  One kernel call is
 * MC x NB x KC: the full kernel is generated with M=MC, N=NB, K=KC.
 *
 * Below the crossover NCNB (every one of M, N, K at most NCNB) the driver
 * copies nothing: non-copy kernels (COPY=0, paper 002 Sec. II-C) run on
 * the caller's arrays, one of MU x NU and a narrow one of one vector's
 * rows for the fractional rows (gen/libparams.h's MML_NARROW_MU).
 *
 * The single-precision set (float elements: the sgemm the driver's
 * -DMML_SINGLE build serves) is a second struct mml_libparams of the same
 * keys: a params.conf's single keys where it has them, the rest derived
 * from the double set by one rule (mml_params_single).  mmselect writes
 * it beside the double one: skernel.params for mmgen (TYPE = s) and, in
 * the same gen/libparams.h, MML_SPARAM_<KEY> for every MML_PARAM_<KEY> and
 * MML_SNARROW_MU (floats a vector). */
#ifndef MML_PARAMSET_H
#define MML_PARAMSET_H

#include <stddef.h>
#include <stdio.h>

#include "common/common.h"
#include "kernels/archkey.h"

enum { MML_MU, MML_NU, MML_KU, MML_NB, MML_MC, MML_KC, MML_NC, MML_NCNB,
       MML_LS, MML_FMA, MML_FF, MML_IF, MML_NF, MML_PF, MML_PFB,
       MML_SMALL_MAX, MML_THREAD_N, MML_THREAD_JC, MML_THREAD_N_HOT,
       MML_THREAD_HOT_US, MML_NCNU, MML_NPARAMS };

/* One library parameter: its params.conf key (common/paramsconf.h holds
 * the file's schema: ranges, notes, which keys are optional) and mmgen's
 * key for the full kernel, NULL for the driver's own. */
struct mml_param {
    const char *key;
    const char *mmgen;
};
extern const struct mml_param mml_params[MML_NPARAMS];

/* Model defaults per ISA, common/isa.h's index (the register tile;
 * blocking comes from the cache sizes). */
struct mml_isa_tile {
    int mu, nu, ku;
};
extern const struct mml_isa_tile mml_isa_tiles[MMC_NISA];

/* Doubles a vector of the ISA, the narrow cleanup tile (common/isa.h; 1
 * when it names none). */
int mml_isa_vlen(const char *isa);

struct mml_libparams {
    int single;          /* 1: the single-precision set (floats) */
    char isa[16];
    int v[MML_NPARAMS];  /* 0: not given (LS..NF: mmgen's default) */
    int given[MML_NPARAMS];  /* 1: v[i] was read from params.conf (or,
                                in the single set, derived from the
                                double's): kept, even 0 (FF = 0,
                                FMA = 0 are values) */
    char cc[64];         /* params.conf's CC ("" none) and its line */
    int cc_line;
    char compiler[1100]; /* what the kernels are built with: command and
                            flags (mmselect decides) */
};

/* Elements a vector of p's ISA holds (doubles, or floats when
 * p->single; 1 for the scalar ISA): p's narrow cleanup tile. */
int mml_params_lanes(const struct mml_libparams *p);

/* Read a params.conf (common/paramsconf.h) and the probe.conf beside it,
 * which the params.conf must be bound to (its PROBE_FINGERPRINT): p takes
 * the kernel, its compiler (CC) and whatever blocking the file holds, s
 * the single-precision keys it holds (S_MU, ...: given[], for
 * mml_params_single), cpu's cache sizes become probe.conf's for the
 * model.  Returns 0, or -1 with "path:line: why" (or "path: why") in
 * err. */
int mml_params_load(const char *path, struct mml_libparams *p,
                    struct mml_libparams *s, struct mml_cpu *cpu, char *err,
                    size_t errlen);

/* Fill what p leaves unset from the model for p->isa and cpu: the ISA's
 * register tile, with the next tile's C prefetched (PF = 1) when the tile
 * too is the model's; MC the largest multiple of MU whose MC x 8 MC block
 * of p's elements (doubles, or floats when p->single) fills at most 5/8
 * of the L2, KC = 8 MC (at most 1024); NB
 * widened to hold both, a multiple of NU; NC the multiple of NB whose
 * KC x NC panel fills a quarter of the last level (cpu's, else a guess of
 * 8 MiB), at least NB and at most 4096; NCNB, the small-problem
 * path's bound, SMALL_MAX when given (mmsearch's step small), else at
 * least the crossover measured on Zen 5 (NCNB_MODEL in libparams.c), and
 * SMALL_MAX set to it.  Returns 0, or -1 when p->isa has no row. */
int mml_params_model(struct mml_libparams *p, const struct mml_cpu *cpu);

/* The model's NC: the multiple of nb whose kc x NC panel of elements of
 * elem_bytes fills a quarter of an LLC of llc_bytes (0: the guess of 8
 * MiB), at least nb and at most 4096.  Also the most mmsearch's nc step
 * offers (tune/blockranges.c). */
int mml_nc_model(long llc_bytes, int elem_bytes, int kc, int nb);

/* The single-precision set s for the double set d, d as loaded (before
 * mml_params_model: its NB is then the search's L1 tile, or 0).  What s
 * gives (given[]) is kept; the rest is derived (the rule is
 * libparams.c's) and completed by the model for floats.  Returns 0, or
 * -1 when d->isa has no row in the model. */
int mml_params_single(const struct mml_libparams *d,
                      const struct mml_cpu *cpu, struct mml_libparams *s);

/* The single L1 tile for the double one, nb: the same bytes of L1 hold
 * twice the floats, so sqrt 2 times the side (at most mmgen's 1024).
 * mml_params_single's rule, and mmsearch --precision=s's start. */
int mml_single_nb(int nb);

/* Rules between parameters (NB <= NC).  Returns 0, or -1 with a message
 * naming the parameter. */
int mml_params_check(const struct mml_libparams *p, char *err,
                     size_t errlen);

/* The mmgen parameter file of the full kernel (M=MC N=NB K=KC; TYPE = s
 * for the single set), and the header the driver is compiled with, the
 * double set p's MML_PARAM_* and the single set s's MML_SPARAM_*; source
 * and why say where p came from. */
void mml_params_mmgen_put(FILE *f, const struct mml_libparams *p,
                          const char *source);
void mml_params_header_put(FILE *f, const struct mml_libparams *p,
                           const struct mml_libparams *s,
                           const char *source, const char *why,
                           const char *key);

/* The compiler the library's kernels are built with, into p->compiler:
 * the configured cc and cflags, unless p names another compiler (a
 * params.conf's CC) that is installed: then that one with cflags made
 * its family's (common/compilers.h), as the search built it.  Returns 0,
 * or -1 when p's CC is not installed (the configured one is taken; why
 * says so, naming source:line). */
int mml_params_compiler(struct mml_libparams *p, const char *source,
                        const char *cc, const char *cflags, char *why,
                        size_t len);

/* Replace path by text unless it already holds exactly text (so make
 * rebuilds nothing when the choice did not change).  0, or -1 with errno. */
int mml_write_if_changed(const char *path, const char *text);

#endif
