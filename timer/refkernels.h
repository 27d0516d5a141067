/* Reference kernels mmtime can time: plain C, compiled with the user's
 * CFLAGS, written so repeated calls cannot be hoisted or elided (every
 * result flows into memory the caller can see, scaled by the alpha that
 * RangeGuard flips). */
#ifndef MMT_TIMER_REFKERNELS_H
#define MMT_TIMER_REFKERNELS_H

#include "timer/mmtimer.h"

/* "dot", "daxpy", "mmm" (C = beta*C + alpha*A*B, n x n, column-major). */
extern const char *const mmt_refkernel_names[];

/* Describe kernel `name` of size n (vector length or matrix order) in k,
 * every operand cold.  Returns 0, or -1 for an unknown name. */
int mmt_refkernel_make(const char *name, long n, struct mmt_kernel *k);
void mmt_refkernel_free(struct mmt_kernel *k);
/* The kernel's natural default size. */
long mmt_refkernel_default_n(const char *name);

#endif
