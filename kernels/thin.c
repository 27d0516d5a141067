/* The thin path: products with M = 1 or N = 1 (a matrix times a vector,
 * BLAS level 2 in a GEMM call).  Every element of the matrix operand is
 * used once, so the product runs at the speed memory delivers it, and
 * packing it (a read and a write of the whole matrix) only doubles the
 * traffic: measured on Zen 5, 2000 x 1 x 2000 ran at 2.2 GFLOPS through
 * the packed path, BLIS's gemv reaches 7.9.  Here the matrix is read once,
 * in place, as contiguous columns, in one of two forms:
 *
 * - columns (y += x(p) X(:,p)): the matrix's columns run along y; y is
 *   kept in a stack chunk of CHUNK doubles (in L1) while every column
 *   streams past it, 8 columns a sweep;
 * - dots (y(j) = X(:,j) . x): the matrix's columns run along x; 8 columns
 *   at a time, each a vector of partial sums.
 *
 * The vectors are GCC's vector extension at the kernels' vector length
 * (MML_NARROW_MU doubles) and this file is compiled for the kernels' ISA
 * (MML_TARGET_ATTR), so the path runs only where the kernels run. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "kernels/driver.h"
#include "kernels/vec.h"

#define V MML_V
#define CHUNK 1024               /* doubles of y or x on the stack: 8 KiB */
#define SWEEP 8                  /* columns a sweep */
#define INLINE MML_VINLINE

INLINE double lanes_sum(mml_vd v)
{
    double s = 0.0;
    for (int l = 0; l < V; l++)
        s += v[l];
    return s;
}

static size_t min_z(size_t a, size_t b)
{
    return a < b ? a : b;
}

/* The operand streamed: column p of length len at x + p*ld. */
struct mat {
    const double *x;
    size_t ld;
};

/* t[0..len) += sum over q < nq of s[q] X(r0.., p + q), nq a constant. */
INLINE void cols_add(double *t, size_t len, struct mat a, size_t r0,
                     size_t p, const double *s, int nq)
{
    const double *col[SWEEP];
    size_t i = 0;

#pragma GCC unroll 8
    for (int q = 0; q < nq; q++)
        col[q] = a.x + r0 + (p + (size_t)q) * a.ld;
    for (; i + V <= len; i += V) {
        mml_vd acc = mml_vload(t + i);
#pragma GCC unroll 8
        for (int q = 0; q < nq; q++)
            acc += mml_vload(col[q] + i) * s[q];
        mml_vstore(t + i, acc);
    }
    for (; i < len; i++)
        for (int q = 0; q < nq; q++)
            t[i] += col[q][i] * s[q];
}

/* The column form on rows r0.. (len of them) into t: every column of a,
 * times x(p) (stride incx). */
MML_TARGET_ATTR static void cols_chunk(double *t, size_t len, struct mat a,
                                       size_t r0, const double *x,
                                       size_t incx, size_t k)
{
    double s[SWEEP];
    size_t p = 0;

    memset(t, 0, len * sizeof *t);
    for (; p + SWEEP <= k; p += SWEEP) {
#pragma GCC unroll 8
        for (int q = 0; q < SWEEP; q++)
            s[q] = x[(p + (size_t)q) * incx];
        cols_add(t, len, a, r0, p, s, SWEEP);
    }
    for (; p < k; p++) {
        s[0] = x[p * incx];
        cols_add(t, len, a, r0, p, s, 1);
    }
}

/* y(i) (stride incy), i < len: alpha t(i) + beta y(i), y unread when
 * beta = 0. */
static void finish(double *y, size_t incy, size_t len, const double *t,
                   double alpha, double beta)
{
    for (size_t i = 0; i < len; i++, y += incy)
        *y = beta == 0.0 ? alpha * t[i] : alpha * t[i] + beta * *y;
}

/* y = beta y + alpha sum_p x(p) a(:, p): len(y) = rows, k columns. */
static void columns(struct mat a, size_t rows, size_t k, const double *x,
                    size_t incx, double alpha, double beta, double *y,
                    size_t incy)
{
    double t[CHUNK] __attribute__((aligned(64)));

    for (size_t r0 = 0; r0 < rows; r0 += CHUNK) {
        size_t len = min_z(CHUNK, rows - r0);
        cols_chunk(t, len, a, r0, x, incx, k);
        finish(y + r0 * incy, incy, len, t, alpha, beta);
    }
}

/* d[q] = a(p0.., j + q) . x(0..len), q < nq (a constant). */
INLINE void dots(double *d, struct mat a, size_t p0, size_t j,
                 const double *x, size_t len, int nq)
{
    const double *col[SWEEP];
    mml_vd acc[SWEEP];
    size_t p = 0;

#pragma GCC unroll 8
    for (int q = 0; q < nq; q++) {
        col[q] = a.x + p0 + (j + (size_t)q) * a.ld;
        acc[q] = (mml_vd){ 0.0 };
    }
    for (; p + V <= len; p += V) {
        mml_vd xv = mml_vload(x + p);
#pragma GCC unroll 8
        for (int q = 0; q < nq; q++)
            acc[q] += mml_vload(col[q] + p) * xv;
    }
    for (int q = 0; q < nq; q++) {
        d[q] = lanes_sum(acc[q]);
        for (size_t r = p; r < len; r++)
            d[q] += col[q][r] * x[r];
    }
}

/* y(j) (stride incy), j < n: alpha times the dot of a(p0.., j) with
 * x(0..len), added to beta y(j) when first (y unread when beta = 0), to
 * y(j) after that. */
MML_TARGET_ATTR static void dots_chunk(struct mat a, size_t p0, size_t n,
                                       const double *x, size_t len,
                                       double alpha, double beta, int first,
                                       double *y, size_t incy)
{
    double d[SWEEP];
    size_t j = 0;

    while (j < n) {
        int nq = n - j >= SWEEP ? SWEEP : 1;
        if (nq == SWEEP)
            dots(d, a, p0, j, x, len, SWEEP);
        else
            dots(d, a, p0, j, x, len, 1);
        for (int q = 0; q < nq; q++, j++) {
            double *yj = y + j * incy;
            *yj = !first ? *yj + alpha * d[q]
                  : beta == 0.0 ? alpha * d[q] : alpha * d[q] + beta * *yj;
        }
    }
}

/* y(j) = beta y(j) + alpha a(:, j) . x for j < n, columns of length k;
 * a strided x is gathered a chunk at a time. */
static void dot_form(struct mat a, size_t n, size_t k, const double *x,
                     size_t incx, double alpha, double beta, double *y,
                     size_t incy)
{
    double t[CHUNK] __attribute__((aligned(64)));

    if (incx == 1) {
        dots_chunk(a, 0, n, x, k, alpha, beta, 1, y, incy);
        return;
    }
    for (size_t p0 = 0; p0 < k; p0 += CHUNK) {
        size_t len = min_z(CHUNK, k - p0);
        for (size_t p = 0; p < len; p++)
            t[p] = x[(p0 + p) * incx];
        dots_chunk(a, p0, n, t, len, alpha, beta, p0 == 0, y, incy);
    }
}

MML_HOT
int mml_thin_fits(const struct mml_gemm *g)
{
    return g->m == 1 || g->n == 1;
}

void mml_gemm_thin(const struct mml_gemm *g)
{
    if (g->n == 1) {             /* y = C(:, 0), x = op(B)(:, 0) */
        size_t incx = g->tb ? g->ldb : 1;
        struct mat a = { g->a, g->lda };
        if (g->ta)
            dot_form(a, g->m, g->k, g->b, incx, g->alpha, g->beta, g->c,
                     1);
        else
            columns(a, g->m, g->k, g->b, incx, g->alpha, g->beta, g->c,
                    1);
    } else {                     /* y = C(0, :), x = op(A)(0, :) */
        size_t incx = g->ta ? 1 : g->lda;
        struct mat b = { g->b, g->ldb };
        if (g->tb)
            columns(b, g->n, g->k, g->a, incx, g->alpha, g->beta, g->c,
                    g->ldc);
        else
            dot_form(b, g->n, g->k, g->a, incx, g->alpha, g->beta, g->c,
                     g->ldc);
    }
}
