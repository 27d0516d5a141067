/* Tiny complex products (M, N and K at most MML_COMPLEX_TINY, driver.h)
 * computed directly on the interleaved values, beside complex.c's 1m
 * method, which serves every other call.
 *
 * For a call this small 1m's machinery is the cost: A expanded to four
 * reals an element, the route asked, the real small path's kernel run on
 * a real product twice as tall and twice as deep (ZGEMM 8^3, warm: the
 * real kernel 22% of the library's samples, the expansion 12%, the
 * routing and dispatch most of the rest; perf, cpu-clock, Zen 3).
 *
 * Here each column j of C is one pass over op(A)'s columns: t_p = alpha
 * op(B)(p, j), and with a vector v of op(A)(:, p)'s interleaved values
 * (ar, ai, ...) the two sums x += v re t_p and y += v im t_p give
 *     re (a t) = ar re t - ai im t = x(2i) - y(2i + 1),
 *     im (a t) = ai re t + ar im t = x(2i + 1) + y(2i),
 * that is x + alt swap(y) (alt = -1, +1, ...; swap exchanges each pair):
 * two multiply-adds a vector each step, as 1m's real kernel does, with
 * no shuffle inside the loop.  op(A) transposed (T, C) is first copied
 * to a column-major block on the stack (its conjugate taken), M x K
 * complex at most MML_COMPLEX_TINY^2. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "kernels/driver.h"
#include "kernels/params.h"
#include "kernels/vec.h"

#if MML_V >= 2 && MML_V % 2 == 0

enum { BLOCK = 4 };

/* alpha and beta in every lane, alt (-1, +1, ...), and how each is
 * applied: alpha_one (alpha = 1: not multiplied), beta_mode (0: C not
 * read at all, beta = 0, NaN there must not propagate; 1: a real beta;
 * 2: a complex one). */
struct tiny_lanes {
    mml_vd alpha_re, alpha_im, beta_re, beta_im, alt;
    int alpha_one, beta_mode;
};

/* z times the complex value (re, im) in every lane: re z + im i z, i z
 * being (-im z, re z), alt swap(z). */
MML_VINLINE mml_vd times(mml_vd z, mml_vd re, mml_vd im, mml_vd alt)
{
    return re * z + im * (alt * mml_vswap_pairs(z));
}

/* The rows left past whole vectors, under a mask: n lanes (even). */
MML_VINLINE mml_vd load_rows(const mml_elem *p, int n)
{
    return n ? mml_vload_part(p, n) : mml_vload(p);
}

MML_VINLINE void store_rows(mml_elem *p, mml_vd v, int n)
{
    if (n)
        mml_vstore_part(p, v, n);
    else
        mml_vstore(p, v);
}

/* nv vectors of rows of nc columns of C (nc 1 or 2; the last vector's
 * first `part` lanes alone, when part is not 0) from op(A)'s
 * column-major values a (lda2 reals a column) and each column's t
 * (op(B)(p, j)'s re and im, each in every lane; column q's at t + q ts):
 * the sums over K, times alpha, then beta C added (column q at c + q
 * ldc2).  nv and nc are constants where it is called (inlined, its
 * loops unrolled): four vectors of one column, or two of two, make the
 * eight sums the FMA pipes need in flight. */
MML_VINLINE void rows(const mml_elem *a, size_t lda2, size_t k,
                      const mml_vd *t, size_t ts, mml_elem *c, size_t ldc2,
                      int nc, int nv, int part, const struct tiny_lanes *l)
{
    mml_vd x[2][BLOCK], y[2][BLOCK];

#pragma GCC unroll 2
    for (int q = 0; q < nc; q++)
#pragma GCC unroll 4
        for (int s = 0; s < nv; s++)
            x[q][s] = (mml_vd){ 0 }, y[q][s] = (mml_vd){ 0 };
    for (size_t p = 0; p < k; p++) {
        const mml_elem *ap = a + p * lda2;

#pragma GCC unroll 4
        for (int s = 0; s < nv; s++) {
            mml_vd v = load_rows(ap + s * MML_V, s == nv - 1 ? part : 0);

#if MML_VEC_X86
            /* in a register: one load for every sum, where the
             * compilers folded one into each multiply-add */
            __asm__("" : "+x"(v));
#endif
#pragma GCC unroll 2
            for (int q = 0; q < nc; q++) {
                x[q][s] += v * t[q * ts + 2 * p];
                y[q][s] += v * t[q * ts + 2 * p + 1];
            }
        }
    }
#pragma GCC unroll 2
    for (int q = 0; q < nc; q++)
#pragma GCC unroll 4
        for (int s = 0; s < nv; s++) {
            int n = s == nv - 1 ? part : 0;
            mml_vd r = x[q][s] + l->alt * mml_vswap_pairs(y[q][s]);
            mml_elem *cs = c + q * ldc2 + s * MML_V;

            if (!l->alpha_one)
                r = times(r, l->alpha_re, l->alpha_im, l->alt);
            if (l->beta_mode == 1)
                r += l->beta_re * load_rows(cs, n);
            else if (l->beta_mode == 2)
                r += times(load_rows(cs, n), l->beta_re, l->beta_im,
                           l->alt);
            store_rows(cs, r, n);
        }
}

/* C's columns c (m complex; nc of them, 2 only where m is at most a
 * vector of complex values: rows' two-column form) = alpha op(A) t +
 * beta c: four vectors of rows at a time, then the rest (whole vectors
 * and a masked one). */
MML_TARGET_ATTR
static void columns(const mml_elem *a, size_t lda2, size_t m, size_t k,
                    const mml_vd *t, size_t ts, mml_elem *c, size_t ldc2,
                    int nc, const struct tiny_lanes *l)
{
    size_t reals = 2 * m, i = 0;
    int nv, part;

    for (; i + BLOCK * MML_V <= reals; i += BLOCK * MML_V)
        rows(a + i, lda2, k, t, ts, c + i, ldc2, 1, BLOCK, 0, l);
    if (i == reals)
        return;
    nv = (int)((reals - i + MML_V - 1) / MML_V);
    part = (int)((reals - i) % MML_V);
    if (nc == 2 && nv == 1)
        rows(a + i, lda2, k, t, ts, c + i, ldc2, 2, 1, part, l);
    else if (nc == 2)
        rows(a + i, lda2, k, t, ts, c + i, ldc2, 2, 2, part, l);
    else if (nv == 1)
        rows(a + i, lda2, k, t, ts, c + i, ldc2, 1, 1, part, l);
    else if (nv == 2)
        rows(a + i, lda2, k, t, ts, c + i, ldc2, 1, 2, part, l);
    else if (nv == 3)
        rows(a + i, lda2, k, t, ts, c + i, ldc2, 1, 3, part, l);
    else
        rows(a + i, lda2, k, t, ts, c + i, ldc2, 1, 4, part, l);
}

/* op(B)(p, j)'s parts for p < k, each in every lane, into t (2k vectors):
 * stored and loaded whole (broadcasts of scalars just stored stalled the
 * sums). */
MML_VINLINE void column_of_b(const struct mml_complex_gemm *g, size_t j,
                             mml_vd *t)
{
    mml_elem sign = g->tb == MML_TRANS_C ? -1 : 1;

    for (size_t p = 0; p < g->k; p++) {
        const mml_elem *e = g->tb == MML_TRANS_N
                                ? g->b + 2 * (p + j * g->ldb)
                                : g->b + 2 * (j + p * g->ldb);

        t[2 * p] = e[0] - (mml_vd){ 0 };
        t[2 * p + 1] = sign * e[1] - (mml_vd){ 0 };
    }
}

/* op(A) = A^T or A^H (m x k complex) into at, column major (2 m reals a
 * column), the conjugate taken for C. */
static void copy_a(const struct mml_complex_gemm *g, mml_elem *at)
{
    mml_elem sign = g->ta == MML_TRANS_C ? -1 : 1;

    for (size_t i = 0; i < g->m; i++)
        for (size_t p = 0; p < g->k; p++) {
            const mml_elem *e = g->a + 2 * (p + i * g->lda);

            at[2 * (i + p * g->m)] = e[0];
            at[2 * (i + p * g->m) + 1] = sign * e[1];
        }
}

MML_TARGET_ATTR
int mml_zgemm_tiny(const struct mml_complex_gemm *g)
{
    mml_elem at[2 * MML_COMPLEX_TINY * MML_COMPLEX_TINY];
    mml_vd t[2][2 * MML_COMPLEX_TINY];
    const mml_elem *a = g->a;
    size_t lda2 = 2 * g->lda;
    struct tiny_lanes l;
    int pairs;

    if (g->m > MML_COMPLEX_TINY || g->n > MML_COMPLEX_TINY
        || g->k > MML_COMPLEX_TINY)
        return 0;
    l.alpha_one = g->alpha[0] == 1 && g->alpha[1] == 0;
    l.beta_mode = g->beta[1] != 0 ? 2 : g->beta[0] != 0;
    for (int q = 0; q < MML_V; q++) {
        l.alpha_re[q] = g->alpha[0], l.alpha_im[q] = g->alpha[1];
        l.beta_re[q] = g->beta[0], l.beta_im[q] = g->beta[1];
        l.alt[q] = q % 2 ? 1 : -1;
    }
    if (g->ta != MML_TRANS_N) {
        copy_a(g, at);
        a = at, lda2 = 2 * g->m;
    }
    /* two columns at a time where one is at most two vectors */
    pairs = 2 * g->m <= 2 * MML_V;
    for (size_t j = 0; j < g->n; j += 1 + (size_t)pairs) {
        int nc = pairs && j + 1 < g->n ? 2 : 1;

        column_of_b(g, j, t[0]);
        if (nc == 2)
            column_of_b(g, j + 1, t[1]);
        columns(a, lda2, g->m, g->k, t[0], 2 * MML_COMPLEX_TINY,
                g->c + 2 * j * g->ldc, 2 * g->ldc, nc, &l);
    }
    return 1;
}

#else

/* No vectors of pairs (the scalar build): 1m serves every call. */
int mml_zgemm_tiny(const struct mml_complex_gemm *g)
{
    (void)g;
    return 0;
}

#endif
