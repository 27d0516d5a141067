/* A planted wrong BLAS for tests/bench/bench_dgemm.sh,
 * bench_dgemm_types.sh and bench_numpy.sh: sgemm_, dgemm_, cgemm_,
 * zgemm_ and cblas_dgemm right everywhere but the last element of C,
 * where edge tiles go wrong (in the imaginary part for the complex
 * ones).  bench-dgemm must report it and never time it; bench-numpy must
 * find NumPy's product wrong and time nothing. */
#include "plainblas.h"

PLAIN_BLAS(PLANT_LAST)
PLAIN_CBLAS_DGEMM
