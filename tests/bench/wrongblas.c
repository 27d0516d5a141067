/* A planted wrong BLAS for tests/bench/bench_dgemm.sh and
 * bench_dgemm_types.sh: sgemm_, dgemm_, cgemm_ and zgemm_ right
 * everywhere but the last element of C, where edge tiles go wrong (in
 * the imaginary part for the complex ones).  bench-dgemm must report it
 * and never time it. */
#include "plainblas.h"

PLAIN_BLAS(PLANT_LAST)
