/* The analytical model of paper 002 §IV (summed up in its Fig. 20) with
 * the x86 refinement of §V-G, carried over to SIMD: every generator
 * parameter from probe.conf by a formula, each with the numbers that
 * chose it.  The §IV formulas live here only: the model engine reports
 * them and the hybrid engine searches around them.  The search's own
 * starting values (steps.h) are §III-B's reference values, not these; the
 * inequality the tile must fit is the generator's (mmg_regs_needed), and
 * L_s of eq. (13) is mmprobe's (probe.conf's LS).
 *
 * Engines (mmsearch --engine):
 *   search  paper 002 §III-B's orthogonal line search (tune/search.h);
 *   model   the model's values, verified and never timed; the log says
 *           which formula chose each value;
 *   hybrid  the search's steps, each timing only the neighbourhood of the
 *           model's value (the rules are in model.c's hybrid table), from
 *           the model's values as the start and the reference kernel. */
#ifndef MMS_MODEL_H
#define MMS_MODEL_H

#include <stddef.h>

#include "tune/search.h"

/* One decision of the model, under the name of the search step that
 * decides the same keys. */
struct mms_model_why {
    const char *step;        /* isa, fma, ls, munu, nb, ku, ff, ifnf, ncnb */
    const char *sets;        /* the keys: ISA, FMA, "MU,NU", ... */
    const char *rule;        /* the formula, in short */
    char why[600];           /* the values, the formula and its numbers */
};

enum { MMS_MODEL_NWHY = 9 };

struct mms_model {
    struct mmg_params p;
    struct mms_model_why why[MMS_MODEL_NWHY];
    int nwhy;
};

/* The model on the machine pc describes, for isa (MMG_NISA: the ISA the
 * model chooses).  Pinned values are kept, and the formulas after them
 * use them (a pinned MU bounds NU, a pinned tile sets NB's grain). */
void mms_model_compute(const struct mmc_probeconf *pc,
                       const struct mms_pins *pins, int isa,
                       struct mms_model *m);

/* FMA and LS (§V-G, §IV-E) and FF, IF, NF (§IV-F) for p->isa into p;
 * fma_why and ls_why (len bytes each) get the reasons. */
void mms_model_schedule(const struct mmc_probeconf *pc,
                        struct mmg_params *p, char *fma_why, char *ls_why,
                        size_t len);

/* Set s up for the engine named (search, model or hybrid).  Returns 0,
 * or -1 when name is none of them. */
int mms_engine_setup(struct mms_search *s, const char *name);

/* The model engine's run: s->ref from the model, each value with its
 * formula in the log at log_path (a step and a chosen line per decision)
 * and on s->out; mms_search_finish then verifies the kernel and writes
 * params.conf.  Returns 0, or -1 with a message in err. */
int mms_model_run(struct mms_search *s, const char *log_path, char *err,
                  size_t errlen);

#endif
