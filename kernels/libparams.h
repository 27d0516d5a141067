/* The library's parameter set, one table (STYLE.md "one table drives
 * everything about a parameter"): the generated kernel's parameters, which
 * go to mmgen, and the driver's blocking, which go into the build as a
 * header.  Read from a KEY = value file (results/archdefs/<key>/params),
 * every value it leaves out taken from the model below.
 *
 * Blocking in BLIS's terms (DRIVER_CALIBRATION.md): for each K panel of
 * KC, B's KC x NC panel is packed once; for each MC rows, A's MC x KC block
 * is packed (it stays in L2); the kernel runs on every NB columns of the
 * panel (B's micro-panels of NU columns stay in L1).  One kernel call is
 * MC x NB x KC: the full kernel is generated with M=MC, N=NB, K=KC. */
#ifndef MML_LIBPARAMS_H
#define MML_LIBPARAMS_H

#include <stddef.h>
#include <stdio.h>

#include "kernels/archkey.h"

enum { MML_MU, MML_NU, MML_KU, MML_NB, MML_MC, MML_KC, MML_NC,
       MML_LS, MML_FMA, MML_FF, MML_IF, MML_NF, MML_NPARAMS };

struct mml_param {
    const char *key;     /* in the params file */
    const char *mmgen;   /* mmgen's key, NULL for the driver's own */
    int min, max;        /* loose for mmgen's keys: mmgen checks them */
    const char *help;
};
extern const struct mml_param mml_params[MML_NPARAMS];

/* Model defaults per ISA (the register tile; blocking comes from the
 * cache sizes). */
struct mml_isa_tile {
    const char *isa;
    int mu, nu, ku;
};
extern const struct mml_isa_tile mml_isa_tiles[];

struct mml_libparams {
    char isa[16];
    int v[MML_NPARAMS];  /* 0: not given (LS..NF: mmgen's default) */
};

/* Read path; ISA is required, every other key optional.  Returns 0, or -1
 * with "path:line: why" in err. */
int mml_params_read(const char *path, struct mml_libparams *p, char *err,
                    size_t errlen);

/* Fill what p leaves unset from the model for p->isa and cpu: the ISA's
 * register tile; MC the largest multiple of MU whose MC x 4 MC block of
 * doubles fills half the L2, KC = 4 MC (at most 512); NB the larger of
 * the two rounded up to a multiple of NU (or, when NB is given, MC and KC
 * at most NB); NC the multiple of NB whose KC x NC panel fills half the
 * last level, at most 4096.  Returns 0, or -1 when p->isa has no row. */
int mml_params_model(struct mml_libparams *p, const struct mml_cpu *cpu);

/* Rules between parameters (MC, KC <= NB <= NC).  Returns 0, or -1 with
 * a message naming the parameter. */
int mml_params_check(const struct mml_libparams *p, char *err,
                     size_t errlen);

/* The mmgen parameter file of the full kernel (M=MC N=NB K=KC), and the
 * header the driver is compiled with; source and why say where p came
 * from. */
void mml_params_mmgen_put(FILE *f, const struct mml_libparams *p,
                          const char *source);
void mml_params_header_put(FILE *f, const struct mml_libparams *p,
                           const char *source, const char *why,
                           const char *key);

/* Replace path by text unless it already holds exactly text (so make
 * rebuilds nothing when the choice did not change).  0, or -1 with errno. */
int mml_write_if_changed(const char *path, const char *text);

#endif
