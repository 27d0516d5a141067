/* The skinny path: products with M at most NCNB (short and wide, or
 * deep), or with N and K at most NCNB (tall), run as blocks of the small
 * path (small.c: the non-copy kernels on the caller's arrays), none of
 * them beyond NCNB in any dimension.  Packing pays when every operand is
 * reused from a copy many times; here one operand is small, and the
 * large one is used once for each of its elements' tiles, so copying it
 * only adds a read and a write of it: measured on Zen 5, 2000 x 64 x 64
 * through packing ran at 53 GFLOPS flushed, the non-copy kernel on the
 * caller's arrays at 75 (OpenBLAS 58).
 *
 * The loops: for each chunk of N, for each panel of K (op(B)'s block
 * copied once here when it is transposed, unless kernels reading B^T in
 * place run and the block serves one slab), for each slab of M: the small
 * path on the block, with beta for the first K panel and 1 after it.  A
 * tall product is one chunk and one panel, slab after slab (B stays in
 * L1); a wide one is one slab, chunk after chunk (A's panel stays in
 * L2).  Blocks are cut evenly (mml_even_blocks): no thin leftover.
 *
 * A panel of few columns (N at most PANEL_N, M and K large: LAPACK's
 * trailing updates) goes the same way, in slabs of the packed path's MC
 * x KC: the non-copy kernel (the plan's kncp, PFA=1, codegen/mmkernel.h)
 * prefetches the slab below while it computes the one it is on (every
 * slab but the last, of tall products too), so A streams in once,
 * under the arithmetic, where the packed path copies each block first
 * and waits for it. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <limits.h>

#include "kernels/driver.h"

/* PANEL_N.  First measured on Zen 4 (2026-11-25, avx512, non-copy tile
 * 16 x 5, MC x KC = 80 x 320), flushed, M = K = 2000, GFLOPS this way /
 * packed: N = 16 39.0 / 23.8, 32 47.2 / 34.2, 64 52.5 / 43.8, 128 52.9 /
 * 49.1, 200 54.1 / 52.1, 256 53.6 / 52.1, 384 53.7 / 53.5, 512 53.7 /
 * 53.8, 1000 53.0 / 54.6: 256.  The packed path has since gained its
 * vector packing and prefetches; on Zen 5 (2026-11-30, 24 x 8, MC x KC
 * 96 x 768, bench-dgemm, 7 rounds, medians) it ran, against this way,
 * flushed / warm: M = K = 2000, N = 8 0.83 / 0.54, 16 1.05 / 0.84, 32
 * 1.08 / 0.94, 48 1.14 / 1.09, 64-160 1.19-1.23 / 1.16-1.20; M = K = 400,
 * N = 32 1.00 / 0.96, 48 1.09 / 1.00, 64-200 1.12-1.19 / 0.99-1.05;
 * 1000 x 32 x 1000 1.13 / 0.97.  So 40, between 32 and 48.
 * op(A) = A^T is not read in place by the kernels (the small path would
 * copy each slab, as the packed path does: panelt.c takes those). */
#define PANEL_N 40

static int panel(const struct mml_plan *p, const struct mml_gemm *g)
{
    size_t lim = (size_t)p->ncnb;

    return !g->ta && g->n <= PANEL_N && g->m > lim && g->k > lim;
}

int mml_skinny_fits(const struct mml_plan *p, const struct mml_gemm *g)
{
    size_t lim = (size_t)p->ncnb, big = (size_t)INT_MAX / (lim + 1);

    if (!p->knc || !p->kncv || g->lda > big || g->ldb > big || g->ldc > big)
        return 0;
    return g->m <= lim || (g->n <= lim && g->k <= lim) || panel(p, g);
}

/* The block sizes: each dimension cut evenly into pieces of at most NCNB,
 * whole register tiles but for the last. */
struct cuts {
    size_t mb, nb, kb;
};

static struct cuts cuts(const struct mml_plan *p, const struct mml_gemm *g)
{
    int lim = p->ncnb, mu = p->nck.mu, nu = p->nck.nu;
    int ms = lim > mu ? lim / mu * mu : mu, ns = lim > nu ? lim / nu * nu : nu;
    struct cuts c = { g->m, g->n, g->k };

    if (panel(p, g)) {
        c.mb = mml_even_blocks(g->m, p->mc > mu ? p->mc / mu * mu : mu, mu);
        c.kb = mml_even_blocks(g->k, p->kc, 1);
        return c;
    }
    if (g->m > (size_t)lim)
        c.mb = mml_even_blocks(g->m, ms, mu);
    if (g->n > (size_t)lim)
        c.nb = mml_even_blocks(g->n, ns, nu);
    if (g->k > (size_t)lim)
        c.kb = mml_even_blocks(g->k, lim, 1);
    return c;
}

/* 1: op(B)'s block is copied (alpha folded in): B^T when no kernels
 * read it in place, or when its blocks serve slab after slab (a tall
 * product or a panel), which read a contiguous copy faster (Zen 5,
 * 2000x200x200:NT: 85 GFLOPS flushed from the copy, 78 in place,
 * 2000x100x100 level); and any B serving several slabs when alpha is not
 * 1, where the small path would copy each slab of A to fold it in.  A
 * block used once (a wide or deep product) is read in place: 64x2000x64:NT
 * from 73 to 98 GFLOPS warm. */
static int copies_b(const struct mml_plan *p, const struct mml_gemm *g,
                    struct cuts c)
{
    return (g->tb && (!p->knct || g->m > c.mb))
           || (g->alpha != 1.0 && g->m > c.mb);
}

/* 1: each block of B is loaded (a sequential pass) before the kernels
 * run on it: in a wide product of one K panel, where each block is used
 * once, by one slab, and its columns are at least LOAD_B_K deep.  The
 * kernels read B NU columns at a time, runs the hardware's prefetcher
 * follows only when they are short (Zen 4, 16 x 5 tile, flushed, GFLOPS
 * loaded first / not: 32 x 2000 x K, K = 32 37.0 / 48.7, 64 40.9 / 31.8,
 * 80 41.7 / 31.0, 160 42.1 / 33.6, 320 45.2 / 41.7; 100 x 2000 x 100
 * 49.5 / 44.9; warm it costs 2-7%).  Blocks used by several slabs (tall
 * products, panels) or of several K panels (64 x 2000 x 2000: 43.8 / 51.3)
 * run faster as the kernels stream them. */
#define LOAD_B_K 48

static int loads_b(const struct mml_plan *p, const struct mml_gemm *g,
                   struct cuts c)
{
    return g->m <= c.mb && g->n > c.nb && g->k <= c.kb && g->k >= LOAD_B_K
           && !copies_b(p, g, c);
}

int mml_skinny_same_sums(const struct mml_plan *p, const struct mml_gemm *g,
                         const struct mml_gemm *piece)
{
    struct cuts c = cuts(p, g), cp = cuts(p, piece);

    return c.kb == cp.kb && copies_b(p, g, c) == copies_b(p, piece, cp);
}

/* B's copy (when made), then what the small path needs for any block. */
size_t mml_skinny_elems(const struct mml_plan *p, const struct mml_gemm *g)
{
    struct cuts c = cuts(p, g);
    size_t bcopy = copies_b(p, g, c) ? mml_up_to(c.kb * c.nb, MML_LINE_ELEMS)
                                     : 0;

    return bcopy + mml_small_bound(p, c.mb, c.nb, c.kb);
}

/* The slabs of M for one chunk of N and panel of K: the block of rows
 * ic.. of C(:, jc..) += op(A)(ic.., pc..) B' with B' at b (ldb), stored
 * transposed when tb. */
static void slabs(const struct mml_gemm *g, const struct mml_plan *p,
                  struct cuts c, size_t jc, size_t nc, size_t pc, size_t kc,
                  const mml_elem *b, size_t ldb, int tb, mml_elem alpha,
                  mml_elem beta, mml_elem *work)
{
    for (size_t ic = 0; ic < g->m; ic += c.mb) {
        size_t mc = mml_min_z(c.mb, g->m - ic);
        const mml_elem *a = g->ta ? g->a + pc + ic * g->lda
                                : g->a + ic + pc * g->lda;
        struct mml_gemm blk = { g->ta, tb, mc, nc, kc, alpha, beta, a, b,
                                g->c + ic + jc * g->ldc, g->lda, ldb,
                                g->ldc, NULL, NULL, NULL };
        mml_gemm_small_block(&blk, p, work, loads_b(p, g, c),
                             ic + mc < g->m);
    }
}

void mml_gemm_skinny(const struct mml_gemm *g, const struct mml_plan *p,
                     mml_elem *work)
{
    struct cuts c = cuts(p, g);
    int copy = copies_b(p, g, c);
    size_t bcopy = copy ? mml_up_to(c.kb * c.nb, MML_LINE_ELEMS) : 0;

    for (size_t jc = 0; jc < g->n; jc += c.nb) {
        size_t nc = mml_min_z(c.nb, g->n - jc);
        for (size_t pc = 0; pc < g->k; pc += c.kb) {
            size_t kc = mml_min_z(c.kb, g->k - pc);
            const mml_elem *b = g->tb ? g->b + jc + pc * g->ldb
                                    : g->b + pc + jc * g->ldb;
            size_t ldb = g->ldb;
            if (copy) {
                mml_copy_cm(b, g->tb ? g->ldb : 1, g->tb ? 1 : g->ldb,
                            (int)kc, (int)nc, g->alpha, work);
                b = work, ldb = kc;
            }
            slabs(g, p, c, jc, nc, pc, kc, b, ldb, g->tb && !copy,
                  copy ? 1.0 : g->alpha, pc ? 1.0 : g->beta, work + bcopy);
        }
    }
}
