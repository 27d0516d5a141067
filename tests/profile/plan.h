/* Known DGEMM calls for the profiler's tests: each made through a given
 * dgemm_ and cblas_dgemm and checked against the oracle of
 * tests/common/gemmref.h, so a profiler that disturbs a call shows. */
#ifndef MMT_TEST_PLAN_H
#define MMT_TEST_PLAN_H

#include <stddef.h>

#include "tests/profile/fakeblas.h"

struct plan_call {
    int cblas;               /* 0: dgemm_, 1: cblas_dgemm */
    int order;               /* cblas: 101 row major, 102 column major */
    char ta, tb;             /* as passed ('n', 'T', 'C', ...) */
    int m, n, k, lda, ldb, ldc;
    double alpha, beta;
    int reps;                /* calls of this shape */
    int reuse;               /* 1: every rep on the same arrays */
};

struct plan_blas {
    fake_dgemm_fn *dgemm;
    fake_cblas_dgemm_fn *cblas_dgemm;
};

/* The calls of tests/profile/profile.sh's expected table, in order. */
extern const struct plan_call plan_known[];
extern const size_t plan_known_n;

/* Make the calls in order; every operand array stays allocated until all
 * are made (so no fresh array takes a recent one's address).  0 when
 * every result is right, else -1 with a line on stderr per wrong call. */
int plan_run(const struct plan_blas *blas, const struct plan_call *calls,
             size_t n);

#endif
