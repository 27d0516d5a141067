/* The complex GEMM by the 1m method (F. G. Van Zee and T. M. Smith,
 * "Implementing high-performance complex matrix multiplication via the
 * 1m method", 2017): real products on the real driver's top
 * (mml_dgemm), so that the tuned kernel and every real path (small,
 * packed, threads) serve it, and no complex kernel is generated.
 *
 * C (m x n) = alpha op(A) op(B) + beta C, re and im interleaved, is the
 * real Cr (2m x n) = Ar (2m x 2k) Br (2k x n): Cr is C itself viewed as
 * real (leading dimension 2 ldc); Br (2p + r, j) is part r of op(B)(p,
 * j), so for op(B) = B it is B itself viewed as real, read in place; and
 * each a = alpha op(A)(i, p) is the block of Ar
 *
 *     rows 2i, 2i+1, columns 2p, 2p+1:   re a   -im a
 *                                        im a    re a
 *
 * so that row 2i of Ar times a column of Br is re(a b) summed over p,
 * and row 2i+1 im(a b).  The real multiply-adds are the complex ones, no
 * more.  Ar (4 reals an element, alpha and the conjugate folded in) is
 * packed by the real driver straight from A through this file's packer
 * where the real product takes the packed path, else expanded a block
 * at a time for the other paths to read.  Written in the element type
 * of elem.h: the single build makes it the float one (CGEMM) from this
 * same source. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdint.h>
#include <stdlib.h>

#include "kernels/driver.h"
#include "kernels/params.h"
#include "kernels/vec.h"

/* op(X)(row, col) of a complex X (leading dimension ld) into z. */
static void op_at(const mml_elem *x, size_t ld, int trans, size_t row,
                  size_t col, mml_elem z[2])
{
    const mml_elem *e = trans == MML_TRANS_N ? x + 2 * (row + col * ld)
                                             : x + 2 * (col + row * ld);

    z[0] = e[0];
    z[1] = trans == MML_TRANS_C ? -e[1] : e[1];
}

/* C = beta C, never reading C when beta = 0 (NaN there must not
 * propagate).  A real beta scales both parts alike: C viewed as real. */
static void scale_c(const struct mml_complex_gemm *g)
{
    if (g->beta[1] == 0) {
        mml_scale_c(2 * g->m, g->n, g->beta[0], g->c, 2 * g->ldc);
        return;
    }
    for (size_t j = 0; j < g->n; j++)
        for (size_t i = 0; i < g->m; i++) {
            mml_elem *z = g->c + 2 * (i + j * g->ldc);
            mml_ctimes(g->beta, z, z);
        }
}

/* alpha's parts in every lane, and -1, +1, ...: what expand_vector
 * multiplies by. */
struct alpha_lanes {
    mml_vd re, im, alt;
};

MML_VINLINE struct alpha_lanes alpha_lanes(const mml_elem alpha[2])
{
    struct alpha_lanes a;

    for (int l = 0; l < MML_V; l++)
        a.re[l] = alpha[0], a.im[l] = alpha[1], a.alt[l] = l % 2 ? 1 : -1;
    return a;
}

/* alpha times the complex values in v (re and im interleaved): Ar's
 * first column of the two; i alpha v (-im, re), the second, is
 * mml_vswap_pairs of it times alt. */
MML_VINLINE mml_vd alpha_times(mml_vd v, const struct alpha_lanes *a)
{
    return mml_vctimes(v, a->re, a->im, a->alt);
}

/* Those two columns of Ar into first and second, a vector of each. */
MML_VINLINE void expand_vector(mml_vd v, const struct alpha_lanes *a,
                               mml_elem *first, mml_elem *second)
{
    mml_vd z = alpha_times(v, a);

    mml_vstore(first, z);
    mml_vstore(second, mml_vswap_pairs(z) * a->alt);
}

/* The same for the first n lanes (n even, less than a vector), under a
 * mask. */
MML_VINLINE void expand_part(mml_vd v, const struct alpha_lanes *a,
                             mml_elem *first, mml_elem *second, int n)
{
    mml_vd z = alpha_times(v, a);

    mml_vstore_part(first, z, n);
    mml_vstore_part(second, mml_vswap_pairs(z) * a->alt, n);
}

/* op(A)(i, p) (its conjugate taken for C) times alpha into Ar's rows 2i,
 * 2i + 1 of its columns first and second: one element. */
static void expand_one(const struct mml_complex_gemm *g, size_t i,
                       size_t p, mml_elem *first, mml_elem *second)
{
    mml_elem a[2];

    op_at(g->a, g->lda, g->ta, i, p, a);
    mml_ctimes(g->alpha, a, a);
    first[0] = a[0], first[1] = a[1];
    second[0] = -a[1], second[1] = a[0];
}

/* Ar of op(A) = A's rows i0 .. i0 + mb - 1 and columns p0 .. p0 + kb - 1
 * into ar (2 mb x 2 kb, leading dimension 2 mb), a column of op(A) at a
 * time, a vector of interleaved values at a time.  The per-element loop,
 * which GCC -O2 left scalar, took 9% of a CGEMM call at N = 300, as long
 * as the real product's packing (Zen 5, perf; bench-dgemm: CGEMM 1.02-1.17
 * times as fast flushed at N = 100-500, 1.05-1.57 warm at N = 32-500);
 * the rest of a column shorter than a vector goes under a mask (element
 * by element it was half of a CGEMM 4^3 call, perf). */
MML_TARGET_ATTR
static void expand_plain(const struct mml_complex_gemm *g, size_t i0,
                         size_t mb, size_t p0, size_t kb, mml_elem *ar)
{
    struct alpha_lanes al = alpha_lanes(g->alpha);
    size_t n = 2 * mb;

    for (size_t p = 0; p < kb; p++) {
        const mml_elem *x = g->a + 2 * (i0 + (p0 + p) * g->lda);
        mml_elem *first = ar + 4 * mb * p, *second = first + 2 * mb;
        size_t r = 0;

        for (; MML_V % 2 == 0 && r + MML_V <= n; r += MML_V)
            expand_vector(mml_vload(x + r), &al, first + r, second + r);
        if (MML_V % 2 == 0 && r < n) {  /* an even rest, under a mask */
            int rest = (int)(n - r);

            expand_part(mml_vload_part(x + r, rest), &al, first + r,
                        second + r, rest);
            r = n;
        }
        for (; r < n; r += 2)
            expand_one(g, i0 + r / 2, p0 + p, first + r, second + r);
    }
}

/* The same for op(A) = A^T or A^H, whose row i is A's column i: blocks of
 * H x H values (H = V/2, a vector's), read a vector from each of H of
 * A's columns, transposed in registers (the conjugate taken for C), and
 * expanded as above; H of op(A)'s columns at a time, down all of the
 * block's rows, so that each line read is read whole and Ar's 2H columns
 * are written in order.  Element by element, reading down op(A)'s columns
 * (Zen 5, bench-dgemm, 9 rounds, medians): CGEMM TN 100^3 0.86 and 0.95
 * of this flushed and warm, 300^3 0.93 and 0.98; ZGEMM the same.  The
 * blocks at the edges, of fewer rows or columns, go the same way under
 * masks (element by element CGEMM 12^3 TN ran at 0.61 of OpenBLAS's
 * speed warm). */
enum { H = MML_V / 2 > 0 ? MML_V / 2 : 1 };

/* One block: ni <= H of op(A)'s rows from i, np <= H of its columns from
 * p (relative to i0 and p0), into ar as expand_transposed says. */
MML_VINLINE void block_transposed(const struct mml_complex_gemm *g,
                                  const struct alpha_lanes *al, mml_vd cj,
                                  size_t i0, size_t mb, size_t p0, size_t i,
                                  size_t p, int ni, int np, mml_elem *ar)
{
    mml_vd v[H];

    for (int r = 0; r < H; r++) {
        const mml_elem *x = g->a + 2 * (p0 + p + (i0 + i + r) * g->lda);
        v[r] = r >= ni ? (mml_vd){ 0 }
               : np == H ? mml_vload(x) : mml_vload_part(x, 2 * np);
    }
    mml_vtranspose_pairs(v);
    for (int q = 0; q < np; q++) {
        mml_elem *first = ar + 4 * mb * (p + (size_t)q) + 2 * i;

        if (ni == H)
            expand_vector(v[q] * cj, al, first, first + 2 * mb);
        else
            expand_part(v[q] * cj, al, first, first + 2 * mb, 2 * ni);
    }
}

MML_TARGET_ATTR
static void expand_transposed(const struct mml_complex_gemm *g, size_t i0,
                              size_t mb, size_t p0, size_t kb, mml_elem *ar)
{
    struct alpha_lanes al = alpha_lanes(g->alpha);
    mml_vd cj;                   /* the conjugate's signs, or ones */

    if (MML_V % 2) {             /* no pairs in a vector: one at a time */
        for (size_t p = 0; p < kb; p++)
            for (size_t i = 0; i < mb; i++) {
                mml_elem *first = ar + 4 * mb * p + 2 * i;
                expand_one(g, i0 + i, p0 + p, first, first + 2 * mb);
            }
        return;
    }
    for (int l = 0; l < MML_V; l++)
        cj[l] = g->ta == MML_TRANS_C && l % 2 ? -1 : 1;
    /* whole blocks with the sizes constant: with them as variables the
     * masks' tests stayed in the loop and CGEMM 64^3 TN and 100^3 TT ran
     * 0.86-0.88 as fast flushed */
    for (size_t p = 0; p < kb; p += H) {
        int np = kb - p < H ? (int)(kb - p) : H;
        size_t i = 0;

        for (; np == H && i + H <= mb; i += H)
            block_transposed(g, &al, cj, i0, mb, p0, i, p, H, H, ar);
        for (; i < mb; i += H)
            block_transposed(g, &al, cj, i0, mb, p0, i, p,
                             mb - i < H ? (int)(mb - i) : H, np, ar);
    }
}

/* Ar of op(A)'s rows i0 .. i0 + mb - 1 and columns p0 .. p0 + kb - 1
 * into ar (2 mb x 2 kb, leading dimension 2 mb). */
static void expand_a(const struct mml_complex_gemm *g, size_t i0, size_t mb,
                     size_t p0, size_t kb, mml_elem *ar)
{
    if (g->ta == MML_TRANS_N)
        expand_plain(g, i0, mb, p0, kb, ar);
    else
        expand_transposed(g, i0, mb, p0, kb, ar);
}

/* Ar(row, col): the value expand_one puts there. */
static mml_elem ar_at(const struct mml_complex_gemm *g, size_t row,
                      size_t col)
{
    mml_elem cols[2][2];

    expand_one(g, row / 2, col / 2, cols[0], cols[1]);
    return cols[col % 2][row % 2];
}

/* Columns of Ar paired from an even one, 2c and 2c + 1, for op(A) = A:
 * in each panel of rows from r0 (even; ext rows of panels w wide, the
 * panels stride apart), the first wv rows (whole vectors) are wv
 * interleaved values of A's column c, read a vector at a time and
 * expanded into both columns of the panel (w apart).  A column's run
 * over every panel is read in order, the runs prefetched PAIRS_AHEAD
 * columns ahead.  Returns the columns packed. */
#define PAIRS_AHEAD 8   /* A's columns prefetched ahead, as pack.c's */

MML_TARGET_ATTR
static int pairs_across(const struct mml_complex_gemm *g, size_t r0,
                        size_t q0, int ext, int wv, int w, size_t stride,
                        int kc, mml_elem *d)
{
    struct alpha_lanes al = alpha_lanes(g->alpha);
    size_t ld = 2 * g->lda;
    const mml_elem *x = g->a + r0 + q0 / 2 * ld;
    int p = 0, run = ext - w + wv;

    for (; p + 2 <= kc; p += 2, x += ld) {
        if (p + 2 * PAIRS_AHEAD < kc)
            for (int t = 0; t < run; t += (int)MML_LINE_ELEMS)
                mmt_prefetch_line(x + PAIRS_AHEAD * ld + t);
        for (int xp = 0; xp < ext; xp += w) {
            mml_elem *dp = d + (size_t)xp / (size_t)w * stride
                           + (size_t)p * (size_t)w;
            for (int t = 0; t < wv; t += MML_V)
                expand_vector(mml_vload(x + xp + t), &al, dp + t,
                              dp + w + t);
        }
    }
    return p;
}

/* One panel's (w wide) wv rows from r0 of the columns paired from q0. */
static int pairs_plain(const struct mml_complex_gemm *g, size_t r0,
                       size_t q0, int wv, int w, int kc, mml_elem *d)
{
    return pairs_across(g, r0, q0, w, wv, w, 0, kc, d);
}

/* The same for op(A) = A^T or A^H: blocks of H x H values as in
 * expand_transposed, H of op(A)'s columns (2H of Ar's) at a time, each
 * of the H runs prefetched PAIRS_T_AHEAD vectors ahead (as pack.c's
 * V x V blocks): on Zen 5, flushed, CGEMM 300^3 TN and TT 1.03-1.04
 * times as fast, 500^3 1.02, ZGEMM 1.01-1.04 (B^T's pairs prefetched
 * the same way ran CGEMM NT 0.91: they are not). */
#define PAIRS_T_AHEAD 4

MML_TARGET_ATTR
static int pairs_transposed(const struct mml_complex_gemm *g, size_t r0,
                            size_t q0, int wv, int w, int kc, mml_elem *d)
{
    struct alpha_lanes al = alpha_lanes(g->alpha);
    mml_vd cj;
    int p = 0;

    for (int l = 0; l < MML_V; l++)
        cj[l] = g->ta == MML_TRANS_C && l % 2 ? -1 : 1;
    for (; p + 2 * H <= kc; p += 2 * H)
        for (int t = 0; t < wv; t += MML_V) {
            mml_vd v[H];
            int pf = p + 2 * H * PAIRS_T_AHEAD < kc;

            for (int r = 0; r < H; r++) {
                const mml_elem *x = g->a + 2 * ((q0 + (size_t)p) / 2
                                    + (r0 / 2 + (size_t)t / 2 + (size_t)r)
                                      * g->lda);
                if (pf)
                    __builtin_prefetch(x + PAIRS_T_AHEAD * MML_V, 0, 3);
                v[r] = mml_vload(x);
            }
            mml_vtranspose_pairs(v);
            for (int q = 0; q < H; q++) {
                mml_elem *first = d + (size_t)(p + 2 * q) * (size_t)w + t;
                expand_vector(v[q] * cj, &al, first, first + w);
            }
        }
    return p;
}

/* One panel of Ar's rows r0 .. r0 + wq - 1 and columns q0 .. q0 + kc - 1
 * in the packed layout, w wide (rows past wq zero): the vector pairs on
 * the whole vectors of rows from an even row, the rest a value at a
 * time. */
static void panel_1m(const struct mml_complex_gemm *g, size_t r0, size_t q0,
                     int wq, int w, int kc, mml_elem *d)
{
    int wv = MML_V % 2 == 0 && r0 % 2 == 0 ? wq / MML_V * MML_V : 0;
    int p = 0;

    if (wv) {
        p = (int)(q0 % 2);         /* an odd first column alone */
        for (int t = 0; p && t < wv; t++)
            d[t] = ar_at(g, r0 + (size_t)t, q0);
        p += (g->ta == MML_TRANS_N ? pairs_plain : pairs_transposed)(
            g, r0, q0 + (size_t)p, wv, w, kc - p, d + (size_t)p * (size_t)w);
    }
    /* the rows past wv of the columns paired, every row of the rest */
    for (int c = 0; c < kc; c++)
        for (int t = c < p ? wv : 0; t < w; t++)
            d[(size_t)c * (size_t)w + (size_t)t] =
                t < wq ? ar_at(g, r0 + (size_t)t, q0 + (size_t)c) : 0;
}

/* Two steps of a panel of Br for op(B) = B^T or B^H, its rows 2p and
 * 2p + 1 of w columns from j (at d and d + w): the real and imaginary
 * parts (the latter times im: -1 for the conjugate) of B's w values from
 * (j, p), read once, split in registers where w is half a vector (one
 * vector read, the two rows one store) or whole vectors.  Value by value
 * the packing took 6.8% of a CGEMM NT at N = 300 (Zen 5, perf). */
MML_VINLINE void b_pair(const mml_elem *x, mml_elem im, int w, mml_elem *d)
{
    int c = 0;

    if (MML_V % 2 == 0 && w == MML_V / 2) {
        mml_vd sign;
        for (int l = 0; l < MML_V; l++)
            sign[l] = l < w ? 1 : im;
        mml_vstore(d, mml_vdeal(mml_vload(x)) * sign);
        return;
    }
    for (; c + MML_V <= w; c += MML_V) {
        mml_vd lo = mml_vload(x + 2 * c), hi = mml_vload(x + 2 * c + MML_V);
        mml_vstore(d + c, mml_vunzip(lo, hi, 0));
        mml_vstore(d + w + c, mml_vunzip(lo, hi, 1) * im);
    }
    for (; c < w; c++) {
        d[c] = x[2 * c];
        d[w + c] = im * x[2 * c + 1];
    }
}

/* A panel of Br's rows q0 .. q0 + kc - 1 and wq columns from j, w wide
 * (columns past wq zero), for op(B) transposed, B's columns read in
 * order: whole pairs of rows at once, a row alone at either end. */
MML_TARGET_ATTR
static void panel_b_1m(const struct mml_complex_gemm *g, size_t j,
                       size_t q0, int wq, int w, int kc, mml_elem *d)
{
    mml_elem im = g->tb == MML_TRANS_C ? -1 : 1;

    for (int p = 0; p < kc; p++) {
        size_t q = q0 + (size_t)p;
        const mml_elem *x = g->b + 2 * (j + q / 2 * g->ldb);

        if (q % 2 == 0 && p + 1 < kc && wq == w) {
            if (w == MML_PARAM_NU)
                b_pair(x, im, MML_PARAM_NU, d + (size_t)p * (size_t)w);
            else
                b_pair(x, im, w, d + (size_t)p * (size_t)w);
            p++;
            continue;
        }
        for (int c = 0; c < w; c++)
            d[(size_t)p * (size_t)w + (size_t)c] =
                c >= wq ? 0 : q % 2 ? im * x[2 * c + 1] : x[2 * c];
    }
}

/* The driver's packers of Ar and Br (driver.h), for the K block from
 * op(A)'s column p0: panel_1m or panel_b_1m on each panel. */
typedef void panel_fn(const struct mml_complex_gemm *g, size_t x,
                      size_t q0, int wq, int w, int kc, mml_elem *d);

struct packer_1m {
    struct mml_packer base;      /* first: the driver holds its address */
    const struct mml_complex_gemm *g;
    size_t p0;
    panel_fn *panel;
};

/* Column c of every whole panel of across_plain's (below), a value at a
 * time. */
static void column_values(const struct mml_complex_gemm *g, size_t x0,
                          size_t q0, int ext, int kc, int w, int c,
                          mml_elem *dst)
{
    for (int x = 0; x < ext; x += w)
        for (int t = 0; t < w; t++)
            dst[(size_t)x * (size_t)kc + (size_t)c * (size_t)w + (size_t)t] =
                ar_at(g, x0 + (size_t)(x + t), q0 + (size_t)c);
}

/* The whole panels (whole vectors wide, from an even row) of Ar's rows
 * x0 .. x0 + ext - 1 and columns q0 .. q0 + kc - 1 for op(A) = A, a
 * pair of columns across every panel at a time: one run of A's column,
 * ext values read in order and prefetched PAIRS_AHEAD columns ahead, is
 * expanded into each panel (pairs_across).  Panel by panel, each step
 * had read one line of a column, lda from the last: ZGEMM N = 500 spent
 * 13% of the library's samples there (Zen 3, perf); pack.c's step_across
 * is the real driver's counterpart.  An odd first or last column goes a value
 * at a time. */
static void across_plain(const struct mml_complex_gemm *g, size_t x0,
                         size_t q0, int ext, int kc, int w, mml_elem *dst)
{
    int p = (int)(q0 % 2);

    if (p)
        column_values(g, x0, q0, ext, kc, w, 0, dst);
    p += pairs_across(g, x0, q0 + (size_t)p, ext, w, w,
                      (size_t)w * (size_t)kc, kc - p,
                      dst + (size_t)p * (size_t)w);
    if (p < kc)
        column_values(g, x0, q0, ext, kc, w, p, dst);
}

static void pack_1m(const struct mml_packer *self, size_t x0, size_t pc,
                    int ext, int kc, int w, int pad, mml_elem *dst)
{
    const struct packer_1m *k = (const struct packer_1m *)(const void *)self;
    int whole = ext / w * w;

    if (k->panel == panel_1m && k->g->ta == MML_TRANS_N && MML_V % 2 == 0
        && x0 % 2 == 0 && w % MML_V == 0 && whole > 0) {
        across_plain(k->g, x0, pc + 2 * k->p0, whole, kc, w, dst);
        x0 += (size_t)whole, dst += (size_t)whole * (size_t)kc;
        ext -= whole;
    }
    for (int x = 0; x < ext; x += w) {
        int wq = ext - x < w ? ext - x : w;
        k->panel(k->g, x0 + (size_t)x, pc + 2 * k->p0, wq,
                 wq == w ? w : (wq + pad - 1) / pad * pad, kc,
                 dst + (size_t)x * (size_t)kc);
    }
}

/* Br of op(B)'s rows p0 .. p0 + kb - 1 into br (2 kb x n, leading
 * dimension 2 kb): for op(B) = B^T or B^H, whose rows B as stored does
 * not hold as Br's. */
static void copy_b(const struct mml_complex_gemm *g, size_t p0, size_t kb,
                   mml_elem *br)
{
    for (size_t j = 0; j < g->n; j++)
        for (size_t p = 0; p < kb; p++)
            op_at(g->b, g->ldb, g->tb, p0 + p, j, br + 2 * (p + j * kb));
}

/* The product of op(A)'s columns from p0 on (and op(B)'s rows) in plain
 * loops on the caller's arrays, added to C (already scaled): slow and
 * always correct, for when no workspace can be had. */
static void plain_loops(const struct mml_complex_gemm *g, size_t p0)
{
    for (size_t j = 0; j < g->n; j++)
        for (size_t p = p0; p < g->k; p++) {
            mml_elem t[2];

            op_at(g->b, g->ldb, g->tb, p, j, t);
            mml_ctimes(g->alpha, t, t);
            for (size_t i = 0; i < g->m; i++) {
                mml_elem a[2], *z = g->c + 2 * (i + j * g->ldc);

                op_at(g->a, g->lda, g->ta, i, p, a);
                mml_ctimes(t, a, a);
                z[0] += a[0];
                z[1] += a[1];
            }
        }
}

/* The workspace of a call blocked mb x kb: the expanded A block, then
 * (op(B) transposed) the copy of a K block of op(B), from *b_at on; NULL
 * when it cannot be had.  The thread's side workspace when it holds it
 * (*own 0), else the call's own (*own 1: the caller frees it). */
static mml_elem *workspace(const struct mml_complex_gemm *g, size_t mb,
                           size_t kb, size_t *b_at, int *own)
{
    size_t a_part = (4 * mb * kb + MML_LINE_ELEMS - 1) / MML_LINE_ELEMS
                    * MML_LINE_ELEMS;
    size_t b_part = g->tb == MML_TRANS_N ? 0 : 2 * kb;
    mml_elem *side;
    void *w;

    if (b_part && g->n > (SIZE_MAX / sizeof(mml_elem) - a_part) / b_part)
        return NULL;
    *b_at = a_part;
    *own = 0;
    if ((side = mml_side_workspace(a_part + b_part * g->n)))
        return side;
    *own = 1;
    if (posix_memalign(&w, 64, (a_part + b_part * g->n) * sizeof(mml_elem))
        != 0)
        return NULL;
    return w;
}

/* The step of complex blocks whose real extent (twice as many) is a
 * multiple of the plan's block x, and the most they may be: about
 * `most`, whole steps. */
static int block_step(int x)
{
    return x < 2 ? 1 : x % 2 ? x : x / 2;
}

static int block_most(int most, int step)
{
    return (most + step - 1) / step * step;
}

/* The blocks of n: all of it when one block holds it, else
 * mml_even_blocks', never more than n.  A block of whole steps of the
 * plan's, as mml_even_blocks makes it, had sized the workspace of CGEMM
 * 8^3 at 589824 bytes, allocated and freed every call (a third of its
 * time, perf), and its divisions were a tenth of a 4^3 call. */
static size_t blocks_of(size_t n, int most, int step)
{
    int m = block_most(most, step);

    return n <= (size_t)m ? n : mml_even_blocks(n, m, step);
}

/* 1 when the real product of a K block of kl takes the packed path over
 * all of C's rows, where pack_1m packs Ar straight from A (and
 * Br from op(B) transposed): no block of it is then expanded
 * (against the expansion, flushed, Zen 5: CGEMM 1.01-1.06 at N = 300-2000
 * and 1.07-1.13 for 300^3 TN, NT and TT, ZGEMM 1.02-1.08 and 1.11-1.16;
 * BENCHMARKS.md). */
static int takes_packed(const struct mml_complex_gemm *g,
                        const struct mml_plan *p, size_t kl)
{
    struct mml_gemm r = { .m = 2 * g->m, .n = g->n, .k = 2 * kl,
                          .alpha = 1, .lda = 2 * g->m,
                          .ldb = g->tb == MML_TRANS_N ? 2 * g->ldb : 2 * kl,
                          .ldc = 2 * g->ldc };

    return p && mml_route(&r, p) == MML_PATH_BLOCKED;
}

/* Each K block's real product on the packed path where it takes it (Ar
 * and Br packed from A and B), else with A expanded an M block at a time
 * into the workspace (and op(B) transposed copied there): a short last K
 * block's product takes another path. */
void mml_zgemm(const struct mml_complex_gemm *g)
{
    const struct mml_plan *p = mml_plan_default();
    int ks = block_step(p ? p->kc : 1), ms = block_step(p ? p->mc : 1);
    size_t mb, kb, b_at = 0;
    int own = 0;
    mml_elem beta = g->beta[0], *work = NULL;
    int scaled = 0;              /* C is beta C, as the next call needs */
    int packed_all;

    if (g->m == 0 || g->n == 0)
        return;
    if ((g->alpha[0] == 0 && g->alpha[1] == 0) || g->k == 0) {
        scale_c(g);
        return;
    }
    /* a CPU without the kernels' ISA: no vector code of theirs either */
    if (!p) {
        scale_c(g);
        plain_loops(g, 0);
        return;
    }
    if ((g->m * g->k > MML_COMPLEX_THIN_MK && mml_zgemm_thin(g, p))
        || mml_zgemm_narrow(g))
        return;
    mb = blocks_of(g->m, MML_COMPLEX_MB, ms);
    /* All of K in one real call where it takes the packed path, whose
     * own K panels split it evenly: in K blocks of whole KC steps the
     * last one was short (CGEMM N = 500: 448 and 52 complex columns, the
     * second a pass over C for a shallow panel).  One call ran CGEMM N =
     * 500-1000 1.06-1.11 times as fast, ZGEMM 0.99-1.03 (Zen 3, flushed,
     * 7 alternated rounds, medians). */
    packed_all = takes_packed(g, p, g->k);
    kb = packed_all ? g->k : blocks_of(g->k, MML_COMPLEX_KB, ks);
    /* a complex beta, which no real call can take, before the first */
    if (g->beta[1] != 0) {
        scale_c(g);
        scaled = 1;
    }
    if (mml_zgemm_split(g, p, scaled ? 1 : beta))
        return;
    for (size_t p0 = 0; p0 < g->k; p0 += kb, scaled = 1) {
        size_t kl = g->k - p0 < kb ? g->k - p0 : kb;
        struct packer_1m pa = { { pack_1m }, g, p0, panel_1m };
        struct packer_1m pb = { { pack_1m }, g, p0, panel_b_1m };
        struct mml_gemm r = {
            .m = 2 * g->m, .n = g->n, .k = 2 * kl, .alpha = 1,
            .beta = scaled ? 1 : beta, .b = g->b + 2 * p0, .c = g->c,
            .ldb = 2 * g->ldb, .ldc = 2 * g->ldc,
        };

        /* all of K asked once already (a small call's routing, asked
         * again, was 4% of ZGEMM 12^3 warm) */
        if (kl == g->k ? packed_all : takes_packed(g, p, kl)) {
            r.apack = &pa.base;
            r.bpack = g->tb != MML_TRANS_N ? &pb.base : NULL;
            mml_dgemm(&r);
            continue;
        }
        if (!work && !(work = workspace(g, mb, kb, &b_at, &own))) {
            if (!scaled)
                scale_c(g);
            plain_loops(g, p0);
            return;
        }
        if (g->tb != MML_TRANS_N) {
            copy_b(g, p0, kl, work + b_at);
            r.b = work + b_at;
            r.ldb = 2 * kl;
        }
        for (size_t i0 = 0; i0 < g->m; i0 += mb) {
            size_t ml = g->m - i0 < mb ? g->m - i0 : mb;

            r.m = 2 * ml, r.a = work, r.lda = 2 * ml, r.c = g->c + 2 * i0;
            expand_a(g, i0, ml, p0, kl, work);
            mml_dgemm(&r);
        }
    }
    if (own)
        free(work);
}
