/* Vectors of the kernels' width (MML_NARROW_MU doubles) as GCC's vector
 * extension, for the library's own loops beside the kernels (thin.c,
 * pack.c).  Functions using them carry MML_TARGET_ATTR, so the vectors
 * compile to the kernels' ISA, which the library runs only where the
 * kernels run. */
#ifndef MML_VEC_H
#define MML_VEC_H

#include <string.h>

#include "kernels/gen/libparams.h"

#define MML_V MML_NARROW_MU      /* doubles a vector */
#define MML_VINLINE static inline __attribute__((always_inline)) \
    MML_TARGET_ATTR

typedef double mml_vd __attribute__((vector_size(MML_V * sizeof(double))));

/* Unaligned loads and stores (memcpy: no alignment or aliasing
 * assumed; compilers make one vector move of it). */
MML_VINLINE mml_vd mml_vload(const double *p)
{
    mml_vd v;
    memcpy(&v, p, sizeof v);
    return v;
}

MML_VINLINE void mml_vstore(double *p, mml_vd v)
{
    memcpy(p, &v, sizeof v);
}

#endif
