/* The complex GEMM by the 1m method (F. G. Van Zee and T. M. Smith,
 * "Implementing high-performance complex matrix multiplication via the
 * 1m method", 2017): one real product on the real driver's top
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
 * more; only A is expanded (4 reals an element), with alpha and the
 * conjugate folded in.  Written in the element type of elem.h: the
 * single build makes it the float one (CGEMM) from this same source. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdint.h>
#include <stdlib.h>

#include "kernels/driver.h"
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

/* z = x y (z may be x or y). */
static void times(const mml_elem x[2], const mml_elem y[2], mml_elem z[2])
{
    mml_elem re = x[0] * y[0] - x[1] * y[1];

    z[1] = x[0] * y[1] + x[1] * y[0];
    z[0] = re;
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
            times(g->beta, z, z);
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

/* alpha times the complex values in v (re and im interleaved) into first,
 * i alpha v (-im, re) into second: two columns of Ar, a vector of each. */
MML_VINLINE void expand_vector(mml_vd v, const struct alpha_lanes *a,
                               mml_elem *first, mml_elem *second)
{
    mml_vd z = a->re * v + a->im * (mml_vswap_pairs(v) * a->alt);

    mml_vstore(first, z);
    mml_vstore(second, mml_vswap_pairs(z) * a->alt);
}

/* op(A)(i, p) (its conjugate taken for C) times alpha into Ar's rows 2i,
 * 2i + 1 of its columns first and second: one element. */
static void expand_one(const struct mml_complex_gemm *g, size_t i,
                       size_t p, mml_elem *first, mml_elem *second)
{
    mml_elem a[2];

    op_at(g->a, g->lda, g->ta, i, p, a);
    times(g->alpha, a, a);
    first[0] = a[0], first[1] = a[1];
    second[0] = -a[1], second[1] = a[0];
}

/* Ar of op(A) = A's rows i0 .. i0 + mb - 1 and columns p0 .. p0 + kb - 1
 * into ar (2 mb x 2 kb, leading dimension 2 mb), a column of op(A) at a
 * time, a vector of interleaved values at a time: the per-element loop,
 * which GCC -O2 left scalar, took 9% of a CGEMM call at N = 300, as long
 * as the real product's packing (Zen 5, perf; bench-dgemm: CGEMM 1.02-1.17
 * times as fast flushed at N = 100-500, 1.05-1.57 warm at N = 32-500). */
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
 * of this flushed and warm, 300^3 0.93 and 0.98; ZGEMM the same. */
MML_TARGET_ATTR
static void expand_transposed(const struct mml_complex_gemm *g, size_t i0,
                              size_t mb, size_t p0, size_t kb, mml_elem *ar)
{
    enum { H = MML_V / 2 > 0 ? MML_V / 2 : 1 };
    struct alpha_lanes al = alpha_lanes(g->alpha);
    mml_vd cj;                   /* the conjugate's signs, or ones */
    size_t iv = MML_V % 2 ? 0 : mb / H * H, pv = MML_V % 2 ? 0 : kb / H * H;

    for (int l = 0; l < MML_V; l++)
        cj[l] = g->ta == MML_TRANS_C && l % 2 ? -1 : 1;
    for (size_t p = 0; p < pv; p += H)
        for (size_t i = 0; i < iv; i += H) {
            mml_vd v[H];

            for (int r = 0; r < H; r++)
                v[r] = mml_vload(g->a + 2 * (p0 + p + (i0 + i + r) * g->lda));
            mml_vtranspose_pairs(v);
            for (int q = 0; q < H; q++) {
                mml_elem *first = ar + 4 * mb * (p + q) + 2 * i;
                expand_vector(v[q] * cj, &al, first, first + 2 * mb);
            }
        }
    for (size_t p = 0; p < kb; p++)
        for (size_t i = p < pv ? iv : 0; i < mb; i++) {
            mml_elem *first = ar + 4 * mb * p + 2 * i;
            expand_one(g, i0 + i, p0 + p, first, first + 2 * mb);
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

/* The product in plain loops on the caller's arrays (C already scaled):
 * slow and always correct, for when no workspace can be had. */
static void plain_loops(const struct mml_complex_gemm *g)
{
    for (size_t j = 0; j < g->n; j++)
        for (size_t p = 0; p < g->k; p++) {
            mml_elem t[2];

            op_at(g->b, g->ldb, g->tb, p, j, t);
            times(g->alpha, t, t);
            for (size_t i = 0; i < g->m; i++) {
                mml_elem a[2], *z = g->c + 2 * (i + j * g->ldc);

                op_at(g->a, g->lda, g->ta, i, p, a);
                times(t, a, a);
                z[0] += a[0];
                z[1] += a[1];
            }
        }
}

/* The workspace of a call blocked mb x kb: the expanded A block, then
 * (op(B) transposed) the copy of a K block of op(B), from *b_at on; NULL
 * when it cannot be had. */
static mml_elem *workspace(const struct mml_complex_gemm *g, size_t mb,
                           size_t kb, size_t *b_at)
{
    size_t a_part = (4 * mb * kb + MML_LINE_ELEMS - 1) / MML_LINE_ELEMS
                    * MML_LINE_ELEMS;
    size_t b_part = g->tb == MML_TRANS_N ? 0 : 2 * kb;
    void *w;

    if (b_part && g->n > (SIZE_MAX / sizeof(mml_elem) - a_part) / b_part)
        return NULL;
    *b_at = a_part;
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

void mml_zgemm(const struct mml_complex_gemm *g)
{
    const struct mml_plan *p = mml_plan_default();
    int ks = block_step(p ? p->kc : 1), ms = block_step(p ? p->mc : 1);
    size_t mb, kb, b_at;
    mml_elem beta = g->beta[0], *work;

    if (g->m == 0 || g->n == 0)
        return;
    if ((g->alpha[0] == 0 && g->alpha[1] == 0) || g->k == 0) {
        scale_c(g);
        return;
    }
    mb = mml_even_blocks(g->m, block_most(MML_COMPLEX_MB, ms), ms);
    kb = mml_even_blocks(g->k, block_most(MML_COMPLEX_KB, ks), ks);
    work = workspace(g, mb, kb, &b_at);
    if (!work) {
        scale_c(g);
        plain_loops(g);
        return;
    }
    /* a complex beta, which no real call can take, before the first */
    if (g->beta[1] != 0) {
        scale_c(g);
        beta = 1;
    }
    for (size_t p0 = 0; p0 < g->k; p0 += kb) {
        size_t kl = g->k - p0 < kb ? g->k - p0 : kb;
        const mml_elem *br = g->b + 2 * p0;
        size_t ldbr = 2 * g->ldb;

        if (g->tb != MML_TRANS_N) {
            copy_b(g, p0, kl, work + b_at);
            br = work + b_at;
            ldbr = 2 * kl;
        }
        for (size_t i0 = 0; i0 < g->m; i0 += mb) {
            size_t ml = g->m - i0 < mb ? g->m - i0 : mb;
            struct mml_gemm r = {
                .ta = 0, .tb = 0, .m = 2 * ml, .n = g->n, .k = 2 * kl,
                .alpha = 1, .beta = p0 == 0 ? beta : 1,
                .a = work, .b = br, .c = g->c + 2 * i0,
                .lda = 2 * ml, .ldb = ldbr, .ldc = 2 * g->ldc,
            };

            expand_a(g, i0, ml, p0, kl, work);
            mml_dgemm(&r);
        }
    }
    free(work);
}
