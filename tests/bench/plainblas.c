/* A right BLAS of every precision for tests/bench/bench_dgemm_types.sh:
 * sgemm_, dgemm_, cgemm_ and zgemm_ as plain loops in their own type, so
 * bench-dgemm's --type runs and checks them the same on every machine
 * (the library's own single and complex entries may not be there). */
#include "plainblas.h"

/* A right answer is left as it is. */
#define AS_IS(c, m, n, ldc, unit) ((void)(c), (void)(unit))

PLAIN_BLAS(AS_IS)
