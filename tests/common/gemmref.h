/* An oracle for C = alpha op(A) op(B) + beta C (column major), shared by
 * the tests of the library and (later) of the search.
 *
 * An element passes when |c - ref| <= 2 (k + 2) eps (|alpha| sum_p
 * |op(A)_ip op(B)_pj| + |beta c0_ij|) + DBL_MIN: the rounding bound of a
 * length-k dot product in any order of summation, with one rounding each
 * for alpha (folded into A) and beta.  For beta = 0 the old C is not part
 * of the result (it may be NaN), and for alpha = 0 neither are A and B.
 * Cells of C's storage outside the m x n
 * block must be bit for bit what they were. */
#ifndef MMT_TEST_GEMMREF_H
#define MMT_TEST_GEMMREF_H

#include <stddef.h>

struct gr_gemm {
    int ta, tb;              /* 1: op(X) = X^T */
    size_t m, n, k;
    double alpha, beta;
    const double *a, *b;
    size_t lda, ldb, ldc;
    double eps;              /* the computed type's epsilon (float's for
                                SGEMM: its operands, exact in double,
                                given here); 0: DBL_EPSILON */
};

struct gr_result {
    long checked, bad;       /* elements compared, over the bound */
    long touched;            /* cells outside the block that changed */
    double worst;            /* largest error / bound (inf for NaN) */
    size_t bad_i, bad_j;     /* the first bad element */
};

/* Compare c (after the call) with c0 (a copy from before), both cells
 * long, at least ldc*(n-1) + m.  Every element when m*n*k <= budget,
 * else those with (i + j) % s == 0 for the s that keeps the work near
 * budget (every row and column is still visited).  Returns 0 when all
 * passed, -1 otherwise. */
int gr_check(const struct gr_gemm *g, const double *c, const double *c0,
             size_t cells, double budget, struct gr_result *r);

/* A deterministic generator: uniform in [-1, 1). */
double gr_rand(unsigned long long *state);

/* n doubles, NaN-filled (so reads of unassigned cells show), or exit with
 * "Bail out!" when there is no memory. */
double *gr_nan_array(size_t n);

#endif
