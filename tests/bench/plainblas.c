/* A right BLAS of every precision for tests/bench/bench_dgemm_types.sh:
 * sgemm_, dgemm_, cgemm_ and zgemm_ as plain loops in their own type, so
 * bench-dgemm's --type runs and checks them the same on every machine
 * (the library's own single and complex entries may not be there). */
#include "plainblas.h"

#include <stdio.h>
#include <stdlib.h>

/* With PLAINBLAS_LOG set, each call's element size appended to that
 * file: the order bench-dgemm calls the types in, as a test sees it. */
static void log_call(size_t elem)
{
    const char *path = getenv("PLAINBLAS_LOG");
    FILE *f = path ? fopen(path, "a") : NULL;

    if (f) {
        fprintf(f, "%zu\n", elem);
        fclose(f);
    }
}

/* A right answer is left as it is (and the call logged). */
#define AS_IS(c, m, n, ldc, unit) (log_call(sizeof *(c)), (void)(unit))

PLAIN_BLAS(AS_IS)
