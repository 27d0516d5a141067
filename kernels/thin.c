/* The thin path: products with M = 1 or N = 1 (a matrix times a vector,
 * BLAS level 2 in a GEMM call), or with fewer than 8 columns and op(A) =
 * A (with vectors of 8, 5 to 7 columns only where the small path cannot
 * take the call), or 8 and 9 columns, M and K at least 200, where it
 * cannot (in two groups: mml_thin_fits).  Every element of the matrix
 * operand is used once (or by a few columns), so the product runs at the
 * speed memory delivers it, and packing it (a read and a write of the
 * whole matrix) only doubles the traffic: measured on Zen 5, 2000 x 1 x 2000
 * ran at 2.2 GFLOPS through the packed path, BLIS's gemv reaches 7.9.
 * Here the matrix is read once, in place, as contiguous columns, in one
 * of two forms:
 *
 * - columns (Y += A(:,p) X(p,:)): A's columns run along Y; 8 of them a
 *   sweep stream past ROWS_IN_PLACE rows of Y's 1 to 7 columns, updated
 *   in place (in L2), or past a stack chunk of a strided y;
 * - dots (y(j) = X(:,j) . x): the matrix's columns run along x; 8 columns
 *   at a time, each a vector of partial sums.
 *
 * 2000 x N x 2000 flushed, N = 2, 4, 7: 14, 25, 29 GFLOPS (packed 4, 9,
 * 12; OpenBLAS 8, 15, 22).  The vectors are GCC's vector extension at the
 * kernels' vector length (vec.h) and this file is compiled for the
 * kernels' ISA (MML_TARGET_ATTR), so the path runs only where the
 * kernels run. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "kernels/driver.h"
#include "kernels/vec.h"

#define V MML_V
#define CHUNK 1024               /* elements of y or x on the stack (8 KiB
                                    of doubles) */
#define SWEEP 8                  /* columns a sweep */
#define RHS_MAX MML_THIN_COLS    /* right-hand sides of the column form,
                                    fewer than this */
#define ROWS_IN_PLACE 4096       /* rows of C updated per sweep */
#define INLINE MML_VINLINE

INLINE mml_elem lanes_sum(mml_vd v)
{
    mml_elem s = 0.0f;
    for (int l = 0; l < V; l++)
        s += v[l];
    return s;
}

/* The operand streamed: column p of length len at x + p*ld. */
struct mat {
    const mml_elem *x;
    size_t ld;
};

/* The right-hand sides: element p of x_j at x[p*incx + j*ldx], j < nr. */
struct rhs {
    const mml_elem *x;
    size_t incx, ldx;
    int nr;
};

/* t_j[0..len) += sum over q < nq of s[q][j] a(r0.., p + q) for j < nr,
 * t_j at t + j*ld; nq and nr constants, len whole vectors. */
INLINE void cols_add(mml_elem *t, size_t ld, size_t len, struct mat a,
                     size_t r0, size_t p, mml_elem s[][RHS_MAX], int nq,
                     int nr)
{
    const mml_elem *col[SWEEP];

#pragma GCC unroll 8
    for (int q = 0; q < nq; q++)
        col[q] = a.x + r0 + (p + (size_t)q) * a.ld;
    for (size_t i = 0; i < len; i += V) {
        mml_vd acc[RHS_MAX];
#pragma GCC unroll 8
        for (int j = 0; j < nr; j++)
            acc[j] = mml_vload(t + j * ld + i);
#pragma GCC unroll 8
        for (int q = 0; q < nq; q++) {
            mml_vd v = mml_vload(col[q] + i);
#pragma GCC unroll 8
            for (int j = 0; j < nr; j++)
                acc[j] += v * s[q][j];
        }
#pragma GCC unroll 8
        for (int j = 0; j < nr; j++)
            mml_vstore(t + j * ld + i, acc[j]);
    }
}

/* The last rows, fewer than a vector (rem of them), over every column of
 * a at once: t_j = alpha (sum_p x_j(p) a(r0.., p)) + beta t_j (t_j unread
 * when beta = 0), the sums in a register each, one partial load of a's
 * rows a k step.  They had gone element by element through memory, each
 * sweep's every step a load and a store of t: on Zen 5 a loop of 6 x 6 x
 * 6 products on the same operands took 166 ns a call, 47 with the rows
 * in registers.  Beta and alpha are applied here, once a column, not by
 * scale_cols before and to every term: its scalar stores, read back by a
 * vector load, stall the store forwarding (6 x 6 x 6 from 46-50 to 26
 * ns, 7 x 7 x 7 from 59-63 to 28, 4 x 4 x 4 from 31 to 21; OpenBLAS as
 * shipped 134 at 6 x 6 x 6, SkylakeX 23, 27 and 20). */
INLINE void cols_tail(mml_elem *t, size_t ld, int rem, struct mat a,
                      size_t r0, struct rhs x, size_t k, mml_elem alpha,
                      mml_elem beta, int nr)
{
    const mml_elem *col = a.x + r0;
    mml_vd sum[RHS_MAX];

#pragma GCC unroll 8
    for (int j = 0; j < nr; j++)
        sum[j] = (mml_vd){ 0.0 };
    for (size_t p = 0; p < k; p++, col += a.ld) {
        mml_vd v = mml_vload_part(col, rem);
#pragma GCC unroll 8
        for (int j = 0; j < nr; j++)
            sum[j] += v * x.x[p * x.incx + (size_t)j * x.ldx];
    }
#pragma GCC unroll 8
    for (int j = 0; j < nr; j++) {
        mml_vd r = alpha * sum[j];
        if (beta != 0.0)
            r += beta * mml_vload_part(t + j * ld, rem);
        mml_vstore_part(t + j * ld, r, rem);
    }
}

/* The column form on rows r0.. (len of them): t_j += alpha sum_p x_j(p)
 * a(r0.., p) over every column of a, nr a constant: the whole vectors of
 * rows (scaled by beta already) in sweeps of SWEEP columns, then the rest
 * (cols_tail, which scales them by beta itself). */
INLINE void cols_rhs(mml_elem *t, size_t ld, size_t len, struct mat a,
                     size_t r0, struct rhs x, size_t k, mml_elem alpha,
                     mml_elem beta, int nr)
{
    mml_elem s[SWEEP][RHS_MAX];
    size_t p = 0, lv = len / V * V;

    for (; lv && p + SWEEP <= k; p += SWEEP) {
        for (int q = 0; q < SWEEP; q++)
            for (int j = 0; j < nr; j++)
                s[q][j] = alpha * x.x[(p + (size_t)q) * x.incx
                                      + (size_t)j * x.ldx];
        cols_add(t, ld, lv, a, r0, p, s, SWEEP, nr);
    }
    for (; lv && p < k; p++) {
        for (int j = 0; j < nr; j++)
            s[0][j] = alpha * x.x[p * x.incx + (size_t)j * x.ldx];
        cols_add(t, ld, lv, a, r0, p, s, 1, nr);
    }
    if (lv < len)
        cols_tail(t + lv, ld, (int)(len - lv), a, r0 + lv, x, k, alpha,
                  beta, nr);
}

/* cols_rhs for x.nr (1 to RHS_MAX - 1) right-hand sides. */
MML_TARGET_ATTR static void cols_chunk(mml_elem *t, size_t ld, size_t len,
                                       struct mat a, size_t r0,
                                       struct rhs x, size_t k, mml_elem alpha,
                                       mml_elem beta)
{
    switch (x.nr) {
    case 1: cols_rhs(t, ld, len, a, r0, x, k, alpha, beta, 1); break;
    case 2: cols_rhs(t, ld, len, a, r0, x, k, alpha, beta, 2); break;
    case 3: cols_rhs(t, ld, len, a, r0, x, k, alpha, beta, 3); break;
    case 4: cols_rhs(t, ld, len, a, r0, x, k, alpha, beta, 4); break;
    case 5: cols_rhs(t, ld, len, a, r0, x, k, alpha, beta, 5); break;
    case 6: cols_rhs(t, ld, len, a, r0, x, k, alpha, beta, 6); break;
    default: cols_rhs(t, ld, len, a, r0, x, k, alpha, beta, 7); break;
    }
}

/* y_j = beta y_j on len rows (y_j at y + j*ld), y unread when beta = 0. */
static void scale_cols(mml_elem *y, size_t ld, size_t len, int nr,
                       mml_elem beta)
{
    for (int j = 0; j < nr; j++, y += ld)
        for (size_t i = 0; i < len; i++)
            y[i] = beta == 0.0 ? 0.0 : beta * y[i];
}

/* y(i) (stride incy), i < len: t(i) + beta y(i), y unread when beta =
 * 0. */
static void finish(mml_elem *y, size_t incy, size_t len, const mml_elem *t,
                   mml_elem beta)
{
    for (size_t i = 0; i < len; i++, y += incy)
        *y = beta == 0.0 ? t[i] : t[i] + beta * *y;
}

/* Y = beta Y + alpha a X: Y rows x nr (columns ldy apart, elements incy
 * apart), a rows x k, X k x nr.  Contiguous columns of Y are updated in
 * place, ROWS_IN_PLACE rows at a time (in L2 while a's columns stream
 * past in long runs); a strided y (one column) goes through a stack
 * chunk. */
static void columns(struct mat a, size_t rows, size_t k, struct rhs x,
                    mml_elem alpha, mml_elem beta, mml_elem *y, size_t incy,
                    size_t ldy)
{
    mml_elem t[CHUNK] __attribute__((aligned(64)));

    if (incy == 1) {
        for (size_t r0 = 0; r0 < rows; r0 += ROWS_IN_PLACE) {
            size_t len = mml_min_z(ROWS_IN_PLACE, rows - r0);
            scale_cols(y + r0, ldy, len / V * V, x.nr, beta);
            cols_chunk(y + r0, ldy, len, a, r0, x, k, alpha, beta);
        }
        return;
    }
    for (size_t r0 = 0; r0 < rows; r0 += CHUNK) {
        size_t len = mml_min_z(CHUNK, rows - r0);
        memset(t, 0, len * sizeof *t);
        cols_chunk(t, 0, len, a, r0, x, k, alpha, 1.0);
        finish(y + r0 * incy, incy, len, t, beta);
    }
}

/* d[q] = a(p0.., j + q) . x(0..len), q < nq (a constant). */
INLINE void dots(mml_elem *d, struct mat a, size_t p0, size_t j,
                 const mml_elem *x, size_t len, int nq)
{
    const mml_elem *col[SWEEP];
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
                                       const mml_elem *x, size_t len,
                                       mml_elem alpha, mml_elem beta,
                                       int first, mml_elem *y, size_t incy)
{
    mml_elem d[SWEEP];
    size_t j = 0;

    while (j < n) {
        int nq = n - j >= SWEEP ? SWEEP : 1;
        if (nq == SWEEP)
            dots(d, a, p0, j, x, len, SWEEP);
        else
            dots(d, a, p0, j, x, len, 1);
        for (int q = 0; q < nq; q++, j++) {
            mml_elem *yj = y + j * incy;
            *yj = !first ? *yj + alpha * d[q]
                  : beta == 0.0 ? alpha * d[q] : alpha * d[q] + beta * *yj;
        }
    }
}

/* y(j) = beta y(j) + alpha a(:, j) . x for j < n, columns of length k;
 * a strided x is gathered a chunk at a time. */
static void dot_form(struct mat a, size_t n, size_t k, const mml_elem *x,
                     size_t incx, mml_elem alpha, mml_elem beta, mml_elem *y,
                     size_t incy)
{
    mml_elem t[CHUNK] __attribute__((aligned(64)));

    if (incx == 1) {
        dots_chunk(a, 0, n, x, k, alpha, beta, 1, y, incy);
        return;
    }
    for (size_t p0 = 0; p0 < k; p0 += CHUNK) {
        size_t len = mml_min_z(CHUNK, k - p0);
        for (size_t p = 0; p < len; p++)
            t[p] = x[(p0 + p) * incx];
        dots_chunk(a, p0, n, t, len, alpha, beta, p0 == 0, y, incy);
    }
}

/* From this many columns of C the small path's kernels (a register tile
 * over all of K, small.c) beat the column form when they take the call,
 * SIMD and at least a vector of rows: on Zen 5 (avx512), GFLOPS, warm,
 * column form and small path: 64 x N x 64 for N = 5, 6, 7 46 and 79, 45
 * and 77, 45 and 73; 200 x 5 x 200 62 and 66, 200 x 7 x 200 56 and 67;
 * flushed 64 x 7 x 64 12.3 and 18.6.  Below it the column form held or
 * led: 64 x 4 x 64 50 and 38, 200 x 4 x 200 62 and 35 (warm).  Only with
 * vectors of 8 (AVX-512): an avx2 library on the same CPU (8 x 6 tile)
 * gained warm at 64 x 5 x 64 (34 and 47) but lost at 200 x 7 x 200
 * (flushed 28.9 and 22.1); a narrower ISA keeps the column form. */
#define SMALL_NR_MIN 5
#define SMALL_V_MIN 8

/* Columns, fewer than this, the column form also takes in groups (each
 * under RHS_MAX, a pass over A each) when the small path does not take
 * the call, with M and K at least WIDE_MIN; on Zen 3 (avx2 8 x 6, 4
 * doubles a vector; bench-dgemm, medians of 7-9 rounds, GFLOPS, groups
 * against the skinny or blocked path, OpenBLAS-Haswell in brackets),
 * warm: 512 x 8 x 512 25.4 and 19.9 (20.2), 2000 x 8 x 2000 16.0 and
 * 14.9 (14.8), 1000 x 9 x 1000 29.7 and 27.1 (20.0), 700 x 8 x 300 28.7
 * and 22.1, 260 x 9 x 2000 27.6 and 22.7, 250 x 8 x 250 27.5 and 26.3;
 * flushed 1.22-1.63 times in those six.  Short M or K lost warm (300
 * x 8 x 100 18.1 and 23.8, 100 x 9 x 1000 23.4 and 27.5; flushed 8.8
 * and 4.5, 7.5 and 5.3), and so did 10 to 15 columns (three or more
 * groups, or two of 5 to 7: 300 x 10 x 300 26.7 and 30.0, 1000 x 12 x
 * 1000 28.6 and 30.5, 2000 x 15 x 2000 20.0 and 24.5). */
#define WIDE_COLS 10
#define WIDE_MIN 200

MML_HOT
int mml_thin_fits(const struct mml_plan *p, const struct mml_gemm *g)
{
    if (g->m == 1 || g->n == 1)
        return 1;
    if (g->ta)
        return 0;
    if (g->n >= RHS_MAX)
        return g->n < WIDE_COLS && mml_min_z(g->m, g->k) >= WIDE_MIN
               && !mml_small_fits(p, g);
    return V < SMALL_V_MIN || g->n < SMALL_NR_MIN || g->m < (size_t)V
           || !mml_small_fits(p, g);
}

void mml_gemm_thin(const struct mml_gemm *g)
{
    if (g->m == 1 && (g->n > 1 || g->ta)) {  /* y = C(0, :), x = op(A) */
        size_t incx = g->ta ? 1 : g->lda;
        struct mat b = { g->b, g->ldb };
        struct rhs x = { g->a, incx, 0, 1 };
        if (g->tb)
            columns(b, g->n, g->k, x, g->alpha, g->beta, g->c, g->ldc, 0);
        else
            dot_form(b, g->n, g->k, g->a, incx, g->alpha, g->beta, g->c,
                     g->ldc);
    } else if (g->ta) {          /* N = 1: y = C(:, 0), x = op(B)(:, 0) */
        struct mat a = { g->a, g->lda };
        dot_form(a, g->m, g->k, g->b, g->tb ? g->ldb : 1, g->alpha,
                 g->beta, g->c, 1);
    } else {                     /* Y = C, X = op(B), N < WIDE_COLS */
        struct mat a = { g->a, g->lda };
        size_t groups = (g->n + RHS_MAX - 2) / (RHS_MAX - 1);

        for (size_t gi = 0, j = 0; gi < groups; gi++) {
            size_t nr = (g->n - j) / (groups - gi);
            struct rhs x = { g->b + j * (g->tb ? 1 : g->ldb),
                             g->tb ? g->ldb : 1, g->tb ? 1 : g->ldb,
                             (int)nr };

            columns(a, g->m, g->k, x, g->alpha, g->beta, g->c + j * g->ldc,
                    1, g->ldc);
            j += nr;
        }
    }
}
