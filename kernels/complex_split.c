/* The complex GEMM C = alpha op(A) B + beta C (B not transposed) as one
 * real product over op(A) as it is stored, where that product takes the
 * packed path with one panel of columns: the split method, beside
 * complex.c's 1m, which serves every other call.
 *
 * C (m x n) is assembled from the real product Ar Bs (2m x 2n) of
 *   Ar (2m x k): op(A) viewed as real, its rows 2i and 2i + 1 the real
 *       and imaginary parts of op(A)'s row i -- for op(A) = A, A itself
 *       (leading dimension 2 lda), packed by the real path as any A is;
 *       for A^T and A^H by pack_a_transposed;
 *   Bs (k x 2n): its column 2j the real parts of alpha B's column j,
 *       column 2j + 1 the imaginary ones.
 * Of the product's column pair (X, T) for C's column j, X holds in row
 * 2i the sum of re a re b and in row 2i + 1 of im a re b, T the same
 * with im b, so
 *     re c = X(2i) - T(2i + 1),    im c = X(2i + 1) + T(2i)
 * (merge_split, on each block the kernel computed into the C tile).  The
 * real multiply-adds are the complex ones, no more, as in 1m; but 1m's
 * Ar holds four reals an element (2m x 2k), two of them copies, and its
 * packing was a quarter of ZGEMM 2000 x 64 x 2000 (perf, cpu-clock).
 * The blocks' rows and columns come in pairs (MU, NB, NU even), so that
 * no pair is cut between two blocks or threads.
 *
 * Measured against 1m (Zen 4 guest, AVX2, flushed, 7 alternated rounds,
 * medians; docs/BENCHMARKS.md, 2026-12-01), where it serves: ZGEMM and
 * CGEMM 2000 x 64 x 2000 1.19-1.24 times as fast (TN 1.06-1.09), 2000 x
 * 200 x 2000 1.03-1.06, N = 200 and 300 1.01-1.04 (TN 0.98-1.01).  Where
 * it does not:
 * - more columns than one panel (2n > NC): each of its K panels is one
 *   more merge over C, which 1m's kernels do in their stores: N = 500 to
 *   2000 ran 0.98-1.00 of 1m;
 * - more columns than KC (n > KC): per K panel the merge passes over
 *   C's 4 m n reals, and what it saves is 1m's second copy of A's panel,
 *   2 m KC reals, so with n past KC the merges cost more.  On the Zen 3
 *   guest (KC 224, NC 2052, so N = 1000 fits one panel) ZGEMM N = 1000
 *   ran 0.84 of 1m by medians, 0.92 by least times, N = 500 0.96, and
 *   CGEMM N = 500 0.95 (flushed, 5 alternated rounds; docs/BENCHMARKS.md,
 *   2026-12-02);
 * - op(B) transposed: 300^3 NT 0.97-1.00 (Bs packed by plain loops). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "kernels/driver.h"
#include "kernels/vec.h"

struct split_packer {
    struct mml_packer base;      /* first: the driver holds its address */
    const struct mml_complex_gemm *g;
};

struct split_merger {
    struct mml_merger base;      /* first, as above */
    const struct mml_complex_gemm *g;
};

/* Ar's rows [x, x + ext) and columns [pc, pc + kc) for op(A) = A^T or
 * A^H, whose row i is A's column i: in mml_pack's panels of w rows, the
 * last one's zero up to a multiple of pad.  A vector of Ar's rows (H of
 * A's columns) by H of K at a time: H vectors read down H columns,
 * transposed in registers by pairs (an element's two parts move
 * together), a row of the panel each (the conjugate taken for C); the
 * rest pair by pair, a row alone at an odd end. */
enum { H = MML_V / 2 > 0 ? MML_V / 2 : 1 };

MML_TARGET_ATTR
static void pack_a_transposed(const struct mml_packer *self, size_t x,
                              size_t pc, int ext, int kc, int w, int pad,
                              mml_elem *dst)
{
    const struct mml_complex_gemm *g =
        ((const struct split_packer *)(const void *)self)->g;
    mml_elem im = g->ta == MML_TRANS_C ? -1 : 1;
    mml_vd cj;

    for (int l = 0; l < MML_V; l++)
        cj[l] = l % 2 ? im : 1;
    for (int x0 = 0; x0 < ext; x0 += w) {
        int wq = ext - x0 < w ? ext - x0 : w;
        size_t ww = (size_t)(wq == w ? w : (wq + pad - 1) / pad * pad);
        size_t t = 0;
        mml_elem *d = dst + (size_t)x0 * (size_t)kc;

        for (; MML_V % 2 == 0 && (x + (size_t)x0) % 2 == 0
               && t + MML_V <= (size_t)wq; t += MML_V) {
            const mml_elem *a = g->a + 2 * (pc + (x + (size_t)x0 + t) / 2
                                                 * g->lda);
            int p = 0;

            for (; p + H <= kc; p += H) {
                mml_vd v[H];
                for (int r = 0; r < H; r++)
                    v[r] = mml_vload(a + 2 * ((size_t)p + (size_t)r * g->lda));
                mml_vtranspose_pairs(v);
                for (int q = 0; q < H; q++)
                    mml_vstore(d + (size_t)(p + q) * ww + t, v[q] * cj);
            }
            for (; p < kc; p++)
                for (int r = 0; r < H; r++) {
                    const mml_elem *e = a + 2 * ((size_t)p
                                                 + (size_t)r * g->lda);
                    d[(size_t)p * ww + t + 2 * (size_t)r] = e[0];
                    d[(size_t)p * ww + t + 2 * (size_t)r + 1] = im * e[1];
                }
        }
        for (; t < ww; t++) {
            size_t row = x + (size_t)x0 + t;
            const mml_elem *a = g->a + 2 * (pc + row / 2 * g->lda);

            if (t >= (size_t)wq)
                for (int p = 0; p < kc; p++)
                    d[(size_t)p * ww + t] = 0;
            else if (row % 2 == 0 && t + 1 < (size_t)wq) {
                for (int p = 0; p < kc; p++) {
                    d[(size_t)p * ww + t] = a[2 * p];
                    d[(size_t)p * ww + t + 1] = im * a[2 * p + 1];
                }
                t++;
            } else
                for (int p = 0; p < kc; p++)
                    d[(size_t)p * ww + t] = (row % 2 ? im : 1)
                                            * a[2 * p + (int)(row % 2)];
        }
    }
}

/* Bs's columns [x, x + ext) (x and ext even: whole pairs) and rows [pc,
 * pc + kc) in mml_pack's panels of w columns (w even), B read down its
 * columns. */
static void pack_b_split(const struct mml_packer *self, size_t x, size_t pc,
                         int ext, int kc, int w, int pad, mml_elem *dst)
{
    const struct mml_complex_gemm *g =
        ((const struct split_packer *)(const void *)self)->g;
    (void)pad;                   /* B's panels are never padded */
    for (int x0 = 0; x0 < ext; x0 += w) {
        int ww = ext - x0 < w ? ext - x0 : w;
        size_t j0 = (x + (size_t)x0) / 2;
        mml_elem *d = dst + (size_t)x0 * (size_t)kc;

        for (int t = 0; t < ww; t += 2) {
            const mml_elem *b = g->b + 2 * (pc + (j0 + (size_t)t / 2)
                                                 * g->ldb);
            for (int p = 0; p < kc; p++)
                mml_ctimes(g->alpha, b + 2 * p,
                           d + (size_t)p * (size_t)ww + (size_t)t);
        }
    }
}

/* C's part for the real product's block at (row, col) of m x n (row,
 * col, m and n even) from the C tile t: each column pair (X, T) as the
 * file's comment says, a vector of rows at a time (T's pairs swapped,
 * the first of each negated), C scaled by beta (never read at 0). */
MML_TARGET_ATTR
static void merge_split(const struct mml_merger *self, size_t row,
                        size_t col, int m, int n, mml_elem beta,
                        const mml_elem *t, int ldt)
{
    const struct mml_complex_gemm *g =
        ((const struct split_merger *)(const void *)self)->g;
    mml_vd alt;

    for (int l = 0; l < MML_V; l++)
        alt[l] = l % 2 ? 1 : -1;
    for (int q = 0; q < n; q += 2) {
        const mml_elem *x = t + (size_t)q * (size_t)ldt, *y = x + ldt;
        mml_elem *z = g->c + row + (col + (size_t)q) * g->ldc;
        int r = 0;

        for (; MML_V % 2 == 0 && r + MML_V <= m; r += MML_V) {
            mml_vd s = mml_vload(x + r)
                       + mml_vswap_pairs(mml_vload(y + r)) * alt;
            mml_vstore(z + r, beta == 0 ? s
                              : beta == 1 ? mml_vload(z + r) + s
                              : beta * mml_vload(z + r) + s);
        }
        for (; r < m; r += 2) {
            mml_elem re = x[r] - y[r + 1], imv = x[r + 1] + y[r];
            z[r] = beta == 0 ? re : beta * z[r] + re;
            z[r + 1] = beta == 0 ? imv : beta * z[r + 1] + imv;
        }
    }
}

int mml_zgemm_split(const struct mml_complex_gemm *g,
                    const struct mml_plan *p, mml_elem beta)
{
    struct split_packer pa = { { pack_a_transposed }, g };
    struct split_packer pb = { { pack_b_split }, g };
    struct split_merger mg = { { merge_split }, g };
    struct mml_gemm r = {
        .m = 2 * g->m, .n = 2 * g->n, .k = g->k, .alpha = 1, .beta = beta,
        .a = g->a, .lda = 2 * g->lda, .c = g->c, .ldc = 2 * g->ldc,
        .ldb = g->k,            /* unread (Bs is packed): a stored Bs's */
    };

    /* NN alone; pairs never cut: the rows' panels (MU), the columns'
     * blocks (NB), panels (NU) and the team's column shares (the edge
     * kernel's NU); one panel of columns, and no more than KC */
    if (g->tb != MML_TRANS_N || !p || p->pmu % 2
        || p->nb % 2 || p->pnu % 2 || p->edge->nu % 2
        || r.n > (size_t)p->nc || g->n > (size_t)p->kc
        || mml_route(&r, p) != MML_PATH_BLOCKED)
        return 0;
    r.apack = g->ta == MML_TRANS_N ? NULL : &pa.base;
    r.bpack = &pb.base;
    r.merge = &mg.base;
    mml_dgemm(&r);
    return 1;
}
