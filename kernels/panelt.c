/* Panels of few columns with op(A) = A^T (N at most PANEL_T_N, M and K
 * beyond NCNB: LAPACK's updates with a transposed panel) as their
 * transpose: C^T = op(B)^T A is a wide product of A as stored, which the
 * skinny path runs with A read in place -- as the kernels' B operand,
 * NU of its columns at a time, each a contiguous run the hardware's
 * prefetcher follows -- and op(B)^T (N x K, small) copied a block at a
 * time.  The N x M result is transposed into C.  The packed path instead
 * copies all of op(A) = A^T, a transposing pass over the large operand,
 * before it computes (Zen 4, flushed: 968 x 32 x 1968 TN at 32 GFLOPS,
 * BLIS 40). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "kernels/driver.h"

/* Zen 4 (avx512, non-copy tile 16 x 5), flushed, M = K = 2000, TN,
 * GFLOPS this way / packed: N = 32 44.5 / 31.9, 64 46.7 / 41.6, 128 47.7
 * / 46.9, 256 47.9 / 50.1; 744 x 32 x 1744 42.2 / 32.1 (BLIS 38.2). */
#define PANEL_T_N 128

int mml_panel_t_fits(const struct mml_plan *p, const struct mml_gemm *g)
{
    size_t lim = (size_t)p->ncnb;
    struct mml_gemm h;

    if (!g->ta || g->n > PANEL_T_N || g->k <= lim)
        return 0;
    h = mml_as_transpose(g, NULL);
    return mml_skinny_fits(p, &h);
}

/* Rows of C one pass computes: the transposed result of a pass, N x
 * this (N at most PANEL_T_N), is the workspace's, so the workspace stays
 * bounded (2 x 128 x 2048 doubles, 4 MiB) whatever M, where one pass
 * over all of M kept M x N (for beta = 0 and ldc = M) or twice that for
 * the rest of the thread's life.  A pass of 2048 rows already runs many
 * chunks of the skinny path: cutting M here repeats none of its work.
 * Past one pass, a call with beta = 0 and ldc = M no longer has its
 * result transposed straight into C but through the workspace and a
 * merge (Zen 5, TN 4000 x 32 x 2000 and 4000 x 128 x 1000, flushed:
 * medians 0.97-1.05 of one pass). */
#define PANEL_T_ROWS 2048

/* Rows i.. of C, m of them: op(A) = A^T, so its rows are A's columns. */
static struct mml_gemm pass_of(const struct mml_gemm *g, size_t i, size_t m)
{
    struct mml_gemm r = *g;

    r.m = m, r.a = g->a + i * g->lda, r.c = g->c + i;
    return r;
}

/* The rows of each pass, M cut evenly (the first pass has the most). */
static size_t pass_rows(const struct mml_gemm *g)
{
    return mml_even_blocks(g->m, PANEL_T_ROWS, 1);
}

/* The workspace of the pass of rows i.., m of them. */
static size_t pass_elems(const struct mml_plan *p, const struct mml_gemm *g,
                           size_t i, size_t m)
{
    struct mml_gemm r = pass_of(g, i, m);
    struct mml_gemm h = mml_as_transpose(&r, NULL);

    return mml_transpose_elems(&r) + mml_skinny_elems(p, &h);
}

/* The most of any pass: the first (the most rows) or the last, whose
 * fewer rows the skinny path may cut into wider chunks (M = 2561: passes
 * of 1281 and 1280 rows, chunks of 264 and 320 columns of C^T). */
size_t mml_panel_t_elems(const struct mml_plan *p,
                           const struct mml_gemm *g)
{
    size_t mb = pass_rows(g), last = (g->m - 1) / mb * mb;
    size_t first = pass_elems(p, g, 0, mb);
    size_t end = pass_elems(p, g, last, g->m - last);

    return first > end ? first : end;
}

void mml_gemm_panel_t(const struct mml_gemm *g, const struct mml_plan *p,
                      mml_elem *work)
{
    size_t mb = pass_rows(g);

    for (size_t i = 0; i < g->m; i += mb) {
        struct mml_gemm r = pass_of(g, i, g->m - i < mb ? g->m - i : mb);
        struct mml_gemm h = mml_as_transpose(&r, work);   /* C^T, N x m */
        mml_gemm_skinny(&h, p, work + mml_transpose_elems(&r));
        mml_transpose_into_c(&r, work);
    }
}
