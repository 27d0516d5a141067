/* Complex products with few columns computed directly on the
 * interleaved values, beside complex.c's 1m method, which serves every
 * other call: N at most MML_COMPLEX_NARROW, M K at most
 * MML_COMPLEX_NARROW_MK (driver.h).
 *
 * For a call that small 1m's machinery is the cost: A expanded to four
 * reals an element, the route asked, the real small path's kernel run on
 * a real product twice as tall and twice as deep (ZGEMM 8^3, warm: the
 * real kernel 22% of the library's samples, the expansion 12%, the
 * routing and dispatch most of the rest; perf, cpu-clock, Zen 3).  With
 * few columns the expansion is most of it however large A is: ZGEMM 256
 * x 8 x 256 ran at 0.45 of OpenBLAS, a fifth of its time expanding A
 * and the rest in the skinny path's kernels reading the expansion.
 *
 * Here, with v a vector of op(A)(:, p)'s interleaved values (ar, ai,
 * ...) and t = op(B)(p, j), the two sums x += v re t and y += v im t give
 *     re (a t) = ar re t - ai im t = x(2i) - y(2i + 1),
 *     im (a t) = ai re t + ar im t = x(2i + 1) + y(2i),
 * that is x + alt swap(y) (alt = -1, +1, ...; swap exchanges each pair):
 * two multiply-adds a vector each step, as 1m's real kernel does, with
 * no shuffle inside the loop; alpha and beta are applied once, to the
 * sums.  op(A) = A is read in place; A^T and A^H are first copied to
 * column major in the thread's workspace (the conjugate taken).
 *
 * Past M K = MML_COMPLEX_THIN_MK, where a block of op(A)'s rows, read
 * once for every two columns of C, no longer stays in cache between
 * them, the thin form (mml_zgemm_thin, below) is asked first. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "kernels/driver.h"
#include "kernels/params.h"
#include "kernels/vec.h"

#include <stdlib.h>

#if MML_V >= 2 && MML_V % 2 == 0

enum { BLOCK = 4 };

/* alpha and beta in every lane, alt (-1, +1, ...), and how each is
 * applied: alpha_one (alpha = 1: not multiplied), beta_mode (0: C not
 * read at all, beta = 0, NaN there must not propagate; 1: a real beta;
 * 2: a complex one); alt_b is alt times op(B)'s sign (-1 for C: the
 * sums over im b then come negated). */
struct narrow_lanes {
    mml_vd alpha_re, alpha_im, beta_re, beta_im, alt, alt_b;
    int alpha_one, beta_mode;
};

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

/* op(B)(p, j) at b + p sp + j sj (reals: its re, then its im, the
 * conjugate's sign applied to the sums). */
struct narrow_b {
    const mml_elem *b;
    size_t sp, sj;
    mml_elem sign;
};

/* nv vectors of rows of nc columns of C (nc 1 or 2; the last vector's
 * first `part` lanes alone, when part is not 0) from op(A)'s
 * column-major values a (lda2 reals a column) and op(B)'s columns b (re
 * and im loaded into every lane at each step): the sums over K, times
 * alpha, then beta C added (column q at c + q ldc2).  nv and nc are
 * constants where it is called (inlined, its loops unrolled): four
 * vectors of one column, or two of two, make the eight sums the FMA
 * pipes need in flight. */
MML_VINLINE void rows(const mml_elem *a, size_t lda2, size_t k,
                      const struct narrow_b *b, mml_elem *c, size_t ldc2,
                      int nc, int nv, int part,
                      const struct narrow_lanes *l)
{
    mml_vd x[2][BLOCK], y[2][BLOCK];

#pragma GCC unroll 4
    for (int q = 0; q < nc; q++)
#pragma GCC unroll 4
        for (int s = 0; s < nv; s++)
            x[q][s] = (mml_vd){ 0 }, y[q][s] = (mml_vd){ 0 };
    for (size_t p = 0; p < k; p++) {
        const mml_elem *ap = a + p * lda2, *bp = b->b + p * b->sp;
        mml_vd v[BLOCK];

#pragma GCC unroll 4
        for (int s = 0; s < nv; s++) {
            v[s] = load_rows(ap + s * MML_V, s == nv - 1 ? part : 0);
#if MML_VEC_X86
            /* in a register: one load for every sum, where the
             * compilers folded one into each multiply-add */
            __asm__("" : "+x"(v[s]));
#endif
        }
#pragma GCC unroll 4
        for (int q = 0; q < nc; q++) {
            /* x - 0: the value in every lane (a broadcast load) */
            mml_vd tr = bp[q * b->sj] - (mml_vd){ 0 };
            mml_vd ti = bp[q * b->sj + 1] - (mml_vd){ 0 };

#pragma GCC unroll 4
            for (int s = 0; s < nv; s++) {
                x[q][s] += v[s] * tr;
                y[q][s] += v[s] * ti;
            }
        }
    }
#pragma GCC unroll 4
    for (int q = 0; q < nc; q++)
#pragma GCC unroll 4
        for (int s = 0; s < nv; s++) {
            int n = s == nv - 1 ? part : 0;
            mml_vd r = x[q][s] + l->alt_b * mml_vswap_pairs(y[q][s]);
            mml_elem *cs = c + q * ldc2 + s * MML_V;

            if (!l->alpha_one)
                r = mml_vctimes(r, l->alpha_re, l->alpha_im, l->alt);
            if (l->beta_mode == 1)
                r += l->beta_re * load_rows(cs, n);
            else if (l->beta_mode == 2)
                r += mml_vctimes(load_rows(cs, n), l->beta_re, l->beta_im,
                                 l->alt);
            store_rows(cs, r, n);
        }
}

/* The rows i .. i + nv V - 1 of C's columns j (nc of them; the last
 * vector's first `part` lanes alone): rows with nv and nc as constants. */
MML_VINLINE void rows_of(const mml_elem *a, size_t lda2, size_t k,
                         const struct narrow_b *b, mml_elem *c, size_t ldc2,
                         int nc, int nv, int part,
                         const struct narrow_lanes *l)
{
    if (nc == 2 && nv == 1)
        rows(a, lda2, k, b, c, ldc2, 2, 1, part, l);
    else if (nc == 2)
        rows(a, lda2, k, b, c, ldc2, 2, 2, part, l);
    else if (nv == 1)
        rows(a, lda2, k, b, c, ldc2, 1, 1, part, l);
    else if (nv == 2)
        rows(a, lda2, k, b, c, ldc2, 1, 2, part, l);
    else if (nv == 3)
        rows(a, lda2, k, b, c, ldc2, 1, 3, part, l);
    else
        rows(a, lda2, k, b, c, ldc2, 1, 4, part, l);
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

/* 1 when g is the path's: N within MML_COMPLEX_NARROW, M K within
 * MML_COMPLEX_NARROW_MK. */
static int takes(const struct mml_complex_gemm *g)
{
    return g->n <= MML_COMPLEX_NARROW && g->m <= MML_COMPLEX_NARROW_MK
           && g->k <= MML_COMPLEX_NARROW_MK / g->m;
}

/* C = alpha op(A) op(B) + beta C a block of rows at a time: two vectors
 * (four with one column), and for each its columns two at a time, so
 * that the block's values of op(A) stay in L1 while each pair of columns
 * passes over them (one column at a time over all of C's rows, ZGEMM
 * 4 x 8 x 8 ran 6.4 GFLOPS against 11.3, 8^3 11.7 against 15.8; warm,
 * Zen 3).  Past MML_COMPLEX_NARROW_MK a block's successive values of
 * op(A) lie a column apart, 16 KB at M = 1000, each in a page of its
 * own: ZGEMM 1000 x 4 x 1000 ran 0.65 of 1m's speed (500 x 4 x 500 1.9
 * times).  Past 16 columns 1m's packed kernels won (ZGEMM and CGEMM N =
 * 24 and 32, 64 x 32 x 64: 0.79-0.96 of 1m). */
MML_TARGET_ATTR
int mml_zgemm_narrow(const struct mml_complex_gemm *g)
{
    const mml_elem *a = g->a;
    size_t lda2 = 2 * g->lda, ldc2 = 2 * g->ldc, reals = 2 * g->m;
    struct narrow_b b = { g->b, 2, 2 * g->ldb, g->tb == MML_TRANS_C ? -1 : 1 };
    struct narrow_lanes l;
    int rv = g->n == 1 ? BLOCK : 2;

    if (!takes(g))
        return 0;
    if (g->tb != MML_TRANS_N)
        b.sp = 2 * g->ldb, b.sj = 2;
    if (g->ta != MML_TRANS_N) {
        mml_elem *at = mml_workspace(2 * g->m * g->k);

        if (!at)
            return 0;
        copy_a(g, at);
        a = at, lda2 = 2 * g->m;
    }
    l.alpha_one = g->alpha[0] == 1 && g->alpha[1] == 0;
    l.beta_mode = g->beta[1] != 0 ? 2 : g->beta[0] != 0;
    for (int q = 0; q < MML_V; q++) {
        l.alpha_re[q] = g->alpha[0], l.alpha_im[q] = g->alpha[1];
        l.beta_re[q] = g->beta[0], l.beta_im[q] = g->beta[1];
        l.alt[q] = q % 2 ? 1 : -1;
        l.alt_b[q] = l.alt[q] * b.sign;
    }
    for (size_t i = 0; i < reals; i += (size_t)rv * MML_V) {
        int nv = reals - i >= (size_t)rv * MML_V
                     ? rv : (int)((reals - i + MML_V - 1) / MML_V);
        int part = reals - i >= (size_t)nv * MML_V
                       ? 0 : (int)((reals - i) % MML_V);

        for (size_t j = 0; j < g->n; j += 2) {
            struct narrow_b bj = b;

            bj.b = b.b + j * b.sj;
            rows_of(a + i, lda2, g->k, &bj, g->c + i + j * ldc2, ldc2,
                    j + 1 < g->n ? 2 : 1, nv, part, &l);
        }
    }
    return 1;
}

#endif

/* Past the direct path's bound, op(A) = A: the real product Ar Bs (2M x
 * 2N x K, Ar A itself viewed as real, Bs alpha op(B)'s real and
 * imaginary parts in columns 2j and 2j + 1, as complex_split.c's) into
 * T, then C = X + alt swap(Y) + beta C from T's column pairs (X, Y):
 * where the real route gives that product to the thin path, which reads
 * Ar once in place (or twice, in two groups of columns), against 1m's
 * and the split method's packing of all of A for a few columns of C.
 * T and Bs are the call's own (malloc): the real call's threads take
 * their workspaces. */
int mml_zgemm_thin(const struct mml_complex_gemm *g,
                   const struct mml_plan *p)
{
    struct mml_gemm r = { .m = 2 * g->m, .n = 2 * g->n, .k = g->k,
                          .alpha = 1, .beta = 0, .a = g->a,
                          .lda = 2 * g->lda, .ldb = g->k, .ldc = 2 * g->m };
    mml_elem sign = g->tb == MML_TRANS_C ? -1 : 1, *t, *bs;
    size_t sp = g->tb == MML_TRANS_N ? 1 : g->ldb;
    size_t sj = g->tb == MML_TRANS_N ? g->ldb : 1;

    if (g->ta != MML_TRANS_N || !p
        || mml_route(&r, p) != MML_PATH_THIN)
        return 0;
    if (!(t = malloc((4 * g->m * g->n + 2 * g->n * g->k) * sizeof *t)))
        return 0;
    bs = t + 4 * g->m * g->n;
    for (size_t j = 0; j < g->n; j++)
        for (size_t q = 0; q < g->k; q++) {
            const mml_elem *e = g->b + 2 * (q * sp + j * sj);
            mml_elem b[2] = { e[0], sign * e[1] };

            mml_ctimes(g->alpha, b, b);
            bs[q + 2 * j * g->k] = b[0];
            bs[q + (2 * j + 1) * g->k] = b[1];
        }
    r.b = bs, r.c = t;
    mml_dgemm(&r);
    for (size_t j = 0; j < g->n; j++) {
        const mml_elem *x = t + 4 * j * g->m, *y = x + 2 * g->m;
        mml_elem *c = g->c + 2 * j * g->ldc;

        for (size_t i = 0; i < g->m; i++) {
            mml_elem v[2] = { x[2 * i] - y[2 * i + 1],
                              x[2 * i + 1] + y[2 * i] };

            if (g->beta[0] != 0 || g->beta[1] != 0) {
                mml_elem bc[2];

                mml_ctimes(g->beta, c + 2 * i, bc);
                v[0] += bc[0], v[1] += bc[1];
            }
            c[2 * i] = v[0], c[2 * i + 1] = v[1];
        }
    }
    free(t);
    return 1;
}

#if !(MML_V >= 2 && MML_V % 2 == 0)

/* No vectors of pairs (the scalar build): 1m serves every call. */
int mml_zgemm_narrow(const struct mml_complex_gemm *g)
{
    (void)g;
    return 0;
}

#endif
