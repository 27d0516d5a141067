/* The TT path: small products with both operands transposed, op(A) =
 * A^T and op(B) = B^T, read in place with nothing copied.  C(i, j) =
 * sum over p of A(p, i) B(j, p): B's columns, as stored, run along C's
 * rows of the transpose, so a register tile holds C^T -- two vectors of
 * B's column p times A(p, i) broadcast, for V rows i -- and is transposed
 * in registers (vec.h) before it is stored, V values of a column of C at
 * a time.  The small path otherwise copies op(A) first (a pass over M x K
 * that the kernels then read again) and runs the kernels reading B^T in
 * place, which left TT behind OpenBLAS's small-matrix kernels warm and
 * flushed (Zen 5, 100^3 warm 85-89 GFLOPS against 98-105, 32^3 flushed
 * 14-16 against 23-25).
 *
 * Tiles: V rows of C (the last fewer, their lanes left zero) by 2V
 * columns, then one V column tile, then the last columns as a tile of V
 * shifted back to end at column N, storing only its new columns (so beta
 * applies once).  Needs N >= V.  A and B are read first, as the small
 * path reads them (small.c, above LOAD_MIN, 2000 doubles): without that,
 * flushed 100^3 and 120^3 ran 10-13% behind the copy route in one run.
 * The vectors are GCC's vector extension at the kernels' width, this
 * file compiled for their ISA (MML_TARGET_ATTR): the path runs only where
 * the kernels run. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "kernels/driver.h"
#include "kernels/vec.h"

#define V MML_V

/* Where this path pays: K of at least TT_K_MIN, over which a tile's
 * transposes and stores are spread, or a whole product of at most
 * TT_TINY multiply-adds, where the other route's copy is a pass and a
 * stretch of code of its own.  Zen 5, bench-dgemm, GFLOPS, this path /
 * the copy of op(A) and the kernels reading B^T (OpenBLAS-SkylakeX):
 * warm 64^3 91.8-99.7 / 88.1-90.8 (108-109), 100^3 92.5-98.8 /
 * 87.4-89.4 (103-105), 64x32x200 97.1-109.2 / 90.9-92.7 (108-111), 32^3
 * 85.0-87.4 / 79.8-82.7 (98-99), but 100x100x20 67.9-71.0 / 83.7-85.5 and
 * 100x100x32 77.7-81.2 / 85.4; flushed 32^3 13.3-24.6 / 9.0-16.2
 * (15.4-24.6), and from 48^3 to 120^3 from 5% behind to 25% ahead in
 * three runs (64^3 40.9-54.1 / 33.9-49.3, 100^3 57.4-62.9 / 53.5-66.0). */
#define TT_K_MIN 64
#define TT_TINY (48 * 48 * 48)
/* A tile of fewer accumulators than TT_ACC_MIN (2V: AVX2's 4 x 8 doubles
 * hold 8, two FMA pipes of 4 cycles' latency kept just busy) has no room
 * to hide its broadcasts and transposes: it takes besides products of at
 * most TT_SMALL_TILE_MAX multiply-adds only.  Zen 4 guest with AVX-512
 * hidden (avx2), bench-dgemm, 9 alternated rounds, medians, GFLOPS,
 * this path / the copy route, warm: 16^3 22.7 / 19.5, 24^3-64^3 0.95-0.99
 * times it, 80^3-128^3 0.92-0.95; flushed 16^3-64^3 1.04-1.69 times it,
 * 80^3 19.7 / 23.7, 100^3 21.1 / 25.9, 128^3 27.6 / 33.2 (2026-11-30). */
#define TT_ACC_MIN 16
#define TT_SMALL_TILE_MAX (64 * 64 * 64)
#define INLINE MML_VINLINE

MML_HOT
int mml_tt_fits(const struct mml_gemm *g)
{
    if (!(V > 1 && 2 * V + 3 <= MML_VREGS(V * sizeof(mml_elem))
          && g->ta && g->tb && g->n >= V))
        return 0;
    if (2 * V < TT_ACC_MIN && g->m * g->n > TT_SMALL_TILE_MAX / g->k)
        return 0;
    return g->k >= TT_K_MIN || g->m * g->n <= TT_TINY / g->k;
}

/* Columns l0.. of the tile t (V x V, t[l] lane q = C(i0 + q, j + l)
 * after the transpose) into C: alpha t + beta C, mr rows. */
INLINE void store(const struct mml_gemm *g, mml_vd *t, size_t i0, size_t j,
                  int mr, int l0)
{
    mml_vtranspose(t);
    for (int l = l0; l < V; l++) {
        mml_elem *c = g->c + i0 + (j + (size_t)l) * g->ldc;
        mml_vd v = t[l] * g->alpha;
        if (mr == V && g->beta == 0.0)
            mml_vstore(c, v);
        else if (mr == V)
            mml_vstore(c, v + mml_vload(c) * g->beta);
        else
            for (int q = 0; q < mr; q++)
                c[q] = g->beta == 0.0 ? v[q] : v[q] + g->beta * c[q];
    }
}

/* C rows i0.. (mr of them, at most V) by columns j0.. (nv vectors of
 * them, 1 or 2), the first `skip` columns left as they are (a shifted
 * tile's, nv = 1).  Inlined with constants for the whole tiles, so their
 * loops unroll. */
INLINE void tile(const struct mml_gemm *g, size_t i0, size_t j0, int mr,
                 int nv, int skip)
{
    mml_vd acc[2][V];
    const mml_elem *b = g->b + j0, *a[V];
    size_t lda = g->lda, ldb = g->ldb;

#pragma GCC unroll 8
    for (int q = 0; q < V; q++) {
        acc[0][q] = acc[1][q] = (mml_vd){ 0 };
        a[q] = g->a + (i0 + (size_t)(q < mr ? q : 0)) * lda;
    }
    for (size_t p = 0; p < g->k; p++, b += ldb) {
        mml_vd b0 = mml_vload(b), b1 = nv > 1 ? mml_vload(b + V) : b0;
#pragma GCC unroll 8
        for (int q = 0; q < mr; q++) {
            mml_elem s = a[q][p];
            acc[0][q] += b0 * s;
            if (nv > 1)
                acc[1][q] += b1 * s;
        }
    }
    store(g, acc[0], i0, j0, mr, skip);
    if (nv > 1)
        store(g, acc[1], i0, j0 + V, mr, 0);
}

/* The columns of C for rows i0.. (mr of them): the 2V tiles, a V tile,
 * the last columns shifted. */
INLINE void row_block(const struct mml_gemm *g, size_t i0, int mr)
{
    size_t j = 0, n = g->n;

    for (; j + 2 * V <= n; j += 2 * V)
        tile(g, i0, j, mr, 2, 0);
    if (j + V <= n) {
        tile(g, i0, j, mr, 1, 0);
        j += V;
    }
    if (j < n)
        tile(g, i0, n - V, mr, 1, (int)(V - (n - j)));
}

/* The last rows, fewer than V: out of line, so that the whole row blocks
 * keep their copy of the loops with mr a constant. */
__attribute__((noinline)) MML_TARGET_ATTR
static void rows_part(const struct mml_gemm *g, size_t i0, int mr)
{
    row_block(g, i0, mr);
}

MML_TARGET_ATTR
void mml_gemm_tt(const struct mml_gemm *g)
{
    size_t i = 0;

    mml_load_operands(g);
    for (; i + V <= g->m; i += V)
        row_block(g, i, V);
    if (i < g->m)
        rows_part(g, i, (int)(g->m - i));
}
