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
 * L2).  Blocks are cut evenly (mml_even_blocks): no thin leftover. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <limits.h>

#include "kernels/driver.h"

#define LINE_DOUBLES 8

static size_t up_to(size_t x, size_t step)
{
    return (x + step - 1) / step * step;
}

static size_t min_z(size_t a, size_t b)
{
    return a < b ? a : b;
}

int mml_skinny_fits(const struct mml_plan *p, const struct mml_gemm *g)
{
    size_t lim = (size_t)p->ncnb, big = (size_t)INT_MAX / (lim + 1);

    if (!p->knc || !p->kncv || g->lda > big || g->ldb > big || g->ldc > big)
        return 0;
    return g->m <= lim || (g->n <= lim && g->k <= lim);
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

    if (g->m > (size_t)lim)
        c.mb = mml_even_blocks(g->m, ms, mu);
    if (g->n > (size_t)lim)
        c.nb = mml_even_blocks(g->n, ns, nu);
    if (g->k > (size_t)lim)
        c.kb = mml_even_blocks(g->k, lim, 1);
    return c;
}

/* 1: op(B) = B^T is copied: no kernels read it in place, or its blocks
 * serve slab after slab (a tall product), which read a contiguous copy
 * faster (Zen 5, 2000x200x200:NT: 85 GFLOPS flushed from the copy, 78 in
 * place, 2000x100x100 level).  A block used once (a wide or deep product)
 * is read in place: 64x2000x64:NT from 73 to 98 GFLOPS warm. */
static int copies_b(const struct mml_plan *p, const struct mml_gemm *g,
                    struct cuts c)
{
    return g->tb && (!p->knct || g->m > c.mb);
}

/* B's copy (when made), then what the small path needs for any block. */
size_t mml_skinny_doubles(const struct mml_plan *p, const struct mml_gemm *g)
{
    struct cuts c = cuts(p, g);
    size_t bcopy = copies_b(p, g, c) ? up_to(c.kb * c.nb, LINE_DOUBLES) : 0;

    return bcopy + mml_small_bound(p, c.mb, c.nb, c.kb);
}

/* The slabs of M for one chunk of N and panel of K: the block of rows
 * ic.. of C(:, jc..) += op(A)(ic.., pc..) B' with B' at b (ldb), stored
 * transposed when tb. */
static void slabs(const struct mml_gemm *g, const struct mml_plan *p,
                  struct cuts c, size_t jc, size_t nc, size_t pc, size_t kc,
                  const double *b, size_t ldb, int tb, double beta,
                  double *work)
{
    for (size_t ic = 0; ic < g->m; ic += c.mb) {
        size_t mc = min_z(c.mb, g->m - ic);
        const double *a = g->ta ? g->a + pc + ic * g->lda
                                : g->a + ic + pc * g->lda;
        struct mml_gemm blk = { g->ta, tb, mc, nc, kc, g->alpha, beta, a, b,
                                g->c + ic + jc * g->ldc, g->lda, ldb,
                                g->ldc };
        mml_gemm_small(&blk, p, work);
    }
}

void mml_gemm_skinny(const struct mml_gemm *g, const struct mml_plan *p,
                     double *work)
{
    struct cuts c = cuts(p, g);
    int copy = copies_b(p, g, c);
    size_t bcopy = copy ? up_to(c.kb * c.nb, LINE_DOUBLES) : 0;

    for (size_t jc = 0; jc < g->n; jc += c.nb) {
        size_t nc = min_z(c.nb, g->n - jc);
        for (size_t pc = 0; pc < g->k; pc += c.kb) {
            size_t kc = min_z(c.kb, g->k - pc);
            const double *b = g->tb ? g->b + jc + pc * g->ldb
                                    : g->b + pc + jc * g->ldb;
            size_t ldb = g->ldb;
            if (copy) {
                mml_copy_cm(b, g->ldb, 1, (int)kc, (int)nc, 1.0, work);
                b = work, ldb = kc;
            }
            slabs(g, p, c, jc, nc, pc, kc, b, ldb, g->tb && !copy,
                  pc ? 1.0 : g->beta, work + bcopy);
        }
    }
}
