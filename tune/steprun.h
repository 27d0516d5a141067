/* Who runs each kind of step (steps.h's mms_step_kind): search.c's table
 * calls one of these per step, each in its own file.  Each returns 0
 * (run, or skipped and logged so), or -1 when the log cannot be
 * written. */
#ifndef MMS_STEPRUN_H
#define MMS_STEPRUN_H

#include "tune/search.h"

int mms_run_kernels(struct mms_search *s, const struct mms_step *st);
int mms_run_ncnb(struct mms_search *s, const struct mms_step *st);
int mms_run_kclean(struct mms_search *s, const struct mms_step *st);
int mms_run_cc(struct mms_search *s, const struct mms_step *st);
int mms_run_dgemm(struct mms_search *s, const struct mms_step *st);
int mms_run_blocks(struct mms_search *s, const struct mms_step *st);
int mms_run_seeds(struct mms_search *s, const struct mms_step *st);

/* The compiler (pl.cc index) --candidate file e's kernel is built with
 * (stepdgemm.c): its own CC, else the winner's; -1 when it is left out
 * (its compiler is not installed, or the kernel is of an ISA other than
 * the winner's and not of the same peak). */
int mms_extra_cc(const struct mms_search *s, int e);

/* What the blocks steps and the step seeds share (stepblocks.c): the
 * model's blocking for the kernel chosen, pins kept, into s->blocks0 and
 * s->blocks: where the blocks steps start, and the reference of their
 * rounds; made once; 0, or -1 with why. */
int mms_blocks_start(struct mms_search *s, char *why, size_t len);

/* What the steps of range rules share (stepkernel.c).  mms_step_gate: 1
 * when step st runs, else 0 when it is logged as skipped (not searched
 * yet, pinned, past the time limit), -1 when the log cannot be written.
 * mms_step_start: the gate, then the step's candidates into cand and its
 * step line; how many, or 0 or -1 as the gate. */
int mms_step_gate(struct mms_search *s, const struct mms_step *st);
int mms_step_start(struct mms_search *s, const struct mms_step *st,
                   struct mmg_params *cand);

/* The kernel a side step (ncnb, kclean) searched with: the reference so
 * far, which they leave as it is. */
void mms_side_searched(struct mms_search *s);

#endif
