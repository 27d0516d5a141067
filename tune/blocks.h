/* The blocks steps (issue 9): the library's blocking MC, KC, NC around
 * the winning kernel, each candidate timed as the whole DGEMM the library
 * would run.  The parent's side is here: the library's own blocking model
 * (kernels/paramset.h) for the start and for what a candidate implies,
 * the full kernel a blocking needs, and the library's driver compiled
 * from its own sources (kernels/, MML_DRIVER_SOURCES) around the edge
 * kernel, once a search.  The child's side, which loads that driver with
 * a candidate's full kernel, verifies and times it, is tune/dgemm.h. */
#ifndef MMS_BLOCKS_H
#define MMS_BLOCKS_H

#include <stddef.h>

#include "codegen/codegen.h"
#include "common/common.h"
#include "tune/candidate.h"
#include "tune/steps.h"

/* The library's parameter set for kernel p (kernels/paramset.h): its
 * tile and schedule, nothing of the blocking. */
struct mml_libparams;
void mms_libparams_of(const struct mmg_params *p, struct mml_libparams *lp);

/* What the library makes of b for the kernel p on the machine pc
 * describes (kernels/paramset.h, mml_params_model; its cache sizes are
 * probe.conf's, as the library's build takes them): MC, KC, NC and
 * SMALL_MAX as b gives them, the model's where b has 0, and NB widened
 * to hold MC and KC.  Returns 0, or -1 with why (no model for p's ISA, NC below NB). */
int mms_blocks_model(const struct mmc_probeconf *pc,
                     const struct mmg_params *p, struct mms_blocks *b,
                     char *why, size_t len);

/* The full kernel the library generates for b: p at M=MC N=NB K=KC,
 * its NCNB b's SMALL_MAX (the bound of the small-problem path in the
 * DGEMM around it; the copy kernel's code does not depend on it). */
void mms_blocks_kernel(const struct mmg_params *p, const struct mms_blocks *b,
                       struct mmg_params *out);

/* One driver of mms_drivers_build: what to build -- the kernel p, its
 * compiler cc (an index into pl->cc), the blocking b, the id naming its
 * files -- and what came of it. */
struct mms_driver_build {
    int cc, id;
    struct mmg_params p;
    int nc_pf;              /* the non-copy kernels' PF: -1 p's; else this
                             * one (a step whose sizes never run them,
                             * tune/timing.c nc_pf) */
    struct mms_blocks b;
    char so[MMS_PATH_MAX];  /* pl->workdir/mml_driver<id>.so */
    int ok;                 /* 1 built; 0 not, why says why */
    int reused;             /* objects not compiled for it (see below) */
    int objects;            /* objects it has, reused or compiled */
    char compiled[64];      /* its kernels compiled for it ("knc kncv"),
                             * the others taken as an earlier driver's */
    char why[MMS_WHY_MAX];  /* the compiler's first error line */
};

/* Compile the library's driver for each of d[0..n-1]: its kernels with
 * its compiler cc and the rest with pl->cc[0], as the library's build
 * compiles its kernels alone with the chosen compiler, into
 * pl->workdir/mml_driver<id>.so (its objects under driver<id>/: a run
 * builds one for each kernel it times the whole DGEMM with): the sources
 * MMS_DRIVER_SOURCES of the source tree pl->source_dir, a header written
 * as the library's build writes kernels/gen/libparams.h (p's tile, b's
 * blocking), p's edge kernel (M=N=K at run time) and the small-problem
 * path's non-copy kernels, as the library's build makes them from p
 * (with p->perturb, a test's planted fault, in them only), and an empty
 * descriptor where the library has its full kernel (the candidate brings
 * it).  Their compiler calls share the pipeline's CPUs as one batch (one
 * driver's alone left a CPU idle while its longest kernel compiled).  An
 * object whose source preprocesses to what an earlier build's did, or an
 * earlier driver's of the batch, with the same compiler, is that one's
 * (tune/objcache.h); reused counts them.  A driver that fails leaves the
 * others be: each one's ok says. */
void mms_drivers_build(const struct mms_pipeline *pl,
                       const struct mmc_probeconf *pc,
                       struct mms_driver_build *d, int n);

#endif
