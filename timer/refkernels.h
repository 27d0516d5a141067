/* Reference kernels mmtime can time: plain C, compiled with the user's
 * CFLAGS, written so repeated calls cannot be hoisted or elided (every
 * result flows into memory the caller can see, scaled by the alpha that
 * RangeGuard flips). */
#ifndef MMTM_TIMER_REFKERNELS_H
#define MMTM_TIMER_REFKERNELS_H

#include "timer/mmtimer.h"

/* "dot", "daxpy", "mmm" (C = beta*C + alpha*A*B, n x n, column-major). */
extern const char *const mmtm_refkernel_names[];

/* Describe kernel `name` of size n (vector length or matrix order) in k,
 * every operand cold.  Returns 0, or -1 for an unknown name. */
int mmtm_refkernel_make(const char *name, long n, struct mmtm_kernel *k);
void mmtm_refkernel_free(struct mmtm_kernel *k);
/* The kernel's natural default size. */
long mmtm_refkernel_default_n(const char *name);

/* The same kernels as plain C routines, the code mmtime times: for timers
 * that call a routine through its prototype (the drivers mmspec generates
 * from drivergen/specs/dot.spec, daxpy.spec and mmm.spec), so that the
 * hand-written and the generated timer can be compared. */
double mmtm_ref_dot(long n, const double *x, const double *y);
void mmtm_ref_daxpy(long n, double alpha, const double *x, double *y);
void mmtm_ref_mmm(long n, double alpha, const double *a, const double *b,
                 double beta, double *c);

#endif
