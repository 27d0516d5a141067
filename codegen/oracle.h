/* The verification oracle of generated kernels: run one beta variant of a
 * kernel at every size it takes and compare each element of C with the
 * reference mini-MMM.  Shared by the generator's kernel check
 * (tests/codegen/check_kernels.c, compiled with the kernel compiler) and
 * the search (tune/, which verifies every candidate before timing it), so
 * it includes nothing but the kernel contract and libc.
 *
 * An element passes when |c - ref| <= 2 (k + 2) eps (sum_p |a_ip b_pj| +
 * |beta c0_ij|): the rounding bound of a length-k dot product, with room
 * for any order of summation; eps is the kernel's type's (DBL_EPSILON,
 * FLT_EPSILON for a single kernel, whose operands are drawn as floats and
 * whose reference is summed in double).  Cells of C outside the m x n
 * block (the rows below m up to ldc, and a guard column on either side)
 * must not change; for beta = 0 the old C is NaN, which must not leak
 * into the result.  Whatever of the A and B buffers the layout does not
 * assign is NaN too, so a kernel that reads outside its operands and uses
 * the value is caught.  The variants for beta 0 and 1 are passed a beta
 * they must ignore.  The sizes of K are checked in increasing order on one
 * draw of A and B, each k's reference extending the last one's: a kernel
 * with a run-time K at a fixed m x n costs NB^3 products, not NB^4 (the
 * search's general K cleanup at NB = 336 took 8 s a check that way). */
#ifndef MMG_ORACLE_H
#define MMG_ORACLE_H

#include "mmkernel.h"

/* Beta variants by index: 0 _b0, 1 _b1, 2 _bx. */
enum { MMG_ORACLE_B0, MMG_ORACLE_B1, MMG_ORACLE_BX };

struct mmg_oracle_run {
    double worst;        /* largest error / allowed (INFINITY: NaN, guard) */
    int fails;           /* bad elements, guard cells included */
    int calls;           /* kernel calls made */
    int oom;             /* 1: ran out of memory (nothing was judged) */
};

/* The function of variant v of a double kernel, or NULL when it was not
 * generated (and for a single kernel, whose variants it does not hold). */
mmt_mm_kernel *mmg_oracle_variant(const struct mmt_kernel_desc *d, int v);
/* 1 if variant v was generated, whatever the kernel's element type. */
int mmg_oracle_has(const struct mmt_kernel_desc *d, int v);

/* Run variant v of d at every size it can be called with (its fixed
 * sizes, or 1..NB for each run-time one).  *seed drives the operands and
 * is advanced, so a sequence of checks is reproducible. */
void mmg_oracle_check(const struct mmt_kernel_desc *d, int v,
                      unsigned long long *seed, struct mmg_oracle_run *r);

#endif
