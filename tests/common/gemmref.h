/* An oracle for C = alpha op(A) op(B) + beta C (column major), shared by
 * the tests of the library and (later) of the search.
 *
 * An element passes when |c - ref| <= 2 (k + 2) eps (|alpha| sum_p
 * |op(A)_ip op(B)_pj| + |beta c0_ij|) + DBL_MIN: the rounding bound of a
 * length-k dot product in any order of summation, with one rounding each
 * for alpha (folded into A) and beta.  For beta = 0 the old C is not part
 * of the result (it may be NaN), and for alpha = 0 neither are A and B.
 * Cells of C's storage outside the m x n
 * block must be bit for bit what they were.
 *
 * Complex (cplx 1, the 1m method's products): each element two doubles,
 * re then im, the leading dimensions in elements; op 2 is the conjugate
 * transpose.  The sums run in long double and |.| is |re| + |im|; the
 * bound is 2 (2k + 6) eps (|alpha| sum_p |op(A)_ip| |op(B)_pj| + |beta|
 * |c0_ij|): 2k real products a part after alpha is folded into A (one
 * complex product), one more product and an add for beta. */
#ifndef MMT_TEST_GEMMREF_H
#define MMT_TEST_GEMMREF_H

#include <stddef.h>

struct gr_gemm {
    int ta, tb;              /* 1: op(X) = X^T; 2: X^H (complex) */
    size_t m, n, k;
    double alpha, beta;
    const double *a, *b;
    size_t lda, ldb, ldc;
    double eps;              /* the computed type's epsilon (float's for
                                SGEMM: its operands, exact in double,
                                given here); 0: DBL_EPSILON */
    int cplx;                /* 1: complex, alpha and beta's imaginary
                                parts below */
    double alpha_im, beta_im;
};

struct gr_result {
    long checked, bad;       /* elements compared, over the bound */
    long touched;            /* cells outside the block that changed */
    double worst;            /* largest error / bound (inf for NaN) */
    size_t bad_i, bad_j;     /* the first bad element */
};

/* Compare c (after the call) with c0 (a copy from before), both cells
 * elements long, at least ldc*(n-1) + m.  Every element when m*n*k <= budget,
 * else those with (i + j) % s == 0 for the s that keeps the work near
 * budget (every row and column is still visited).  Returns 0 when all
 * passed, -1 otherwise. */
int gr_check(const struct gr_gemm *g, const double *c, const double *c0,
             size_t cells, double budget, struct gr_result *r);

/* The column-major problem a call of m x n x k with ops ta, tb amounts
 * to, into g's ops, sizes and leading dimensions (each pad beyond the
 * least): row major (row 1) is C^T = op(B)^T op(A)^T, M and N and the
 * ops swapped.  The shapes of A and B as stored go to shape (rows and
 * columns of A, then of B). */
void gr_view(struct gr_gemm *g, int row, int ta, int tb, size_t m,
             size_t n, size_t k, size_t pad, size_t shape[4]);

/* A deterministic generator: uniform in [-1, 1). */
double gr_rand(unsigned long long *state);

/* n doubles, NaN-filled (so reads of unassigned cells show), or exit with
 * "Bail out!" when there is no memory. */
double *gr_nan_array(size_t n);

/* A copy of x's n doubles as floats (single 1: SGEMM's, CGEMM's
 * operands) or as doubles; gr_untyped copies one back into x.  Exits
 * with "Bail out!" when there is no memory. */
void *gr_typed(const double *x, size_t n, int single);
void gr_untyped(double *x, const void *y, size_t n, int single);

#endif
