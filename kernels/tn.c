/* The TN path: small products with op(A) = A^T and op(B) = B, read in
 * place with nothing copied.  C(i, j) = sum over p of A(p, i) B(p, j):
 * A's column i and B's column j, as stored, both run along K, so each
 * element of C is a dot product of two contiguous columns.  A register
 * tile holds V x NJ vectors of partial sums over K (A's columns i0 ..
 * i0 + V - 1 against B's columns j0 .. j0 + NJ - 1); at the end of K the
 * V vectors of each column of B are summed across their lanes at once
 * (vec.h, mml_vhsum) into one vector: V rows of a column of C, stored
 * whole.  The small path otherwise copies op(A) transposed into the
 * workspace first, a pass that from memory waits on A line by line in
 * the copy's order.
 *
 * Columns of C are the outer loop: B's NJ columns stay in L1 while A's
 * blocks of V columns go by (Zen 5, warm, a scratch harness: 64^3 88-95
 * GFLOPS so, 82-88 with the rows outer; from 80^3 the rows outer ran
 * faster, but the copy route faster still).  The last rows, when M is
 * not a multiple of V, are a block shifted up to end at row M, storing
 * only its new rows (the rows above have their final values: beta
 * applies once).  The last K mod V values of each column are the vector
 * that ends at row K, its lanes already summed masked to zero; the sums
 * start from them.  So M and K must be at least V (mml_tn_fits).  The
 * vectors are GCC's vector extension at the kernels' width, this file
 * compiled for their ISA (MML_TARGET_ATTR): the path runs only where the
 * kernels run. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "kernels/driver.h"
#include "kernels/vec.h"

#define V MML_V
#define INLINE MML_VINLINE

/* Columns of B a tile takes: V x NJ sums, NJ vectors of B and one of A
 * in registers (28 of AVX-512's 32 at V = 8; 16 of AVX2's 16 at 4). */
#define NJ 3
_Static_assert(NJ == 3, "run's last tiles are of 1 and 2 columns");

/* Where this path pays (elsewhere, the copy route): M N K at most
 * TN_MAX and K at least TN_K_MIN, over which each tile's lane sums are
 * spread.  Zen 5, one thread, GFLOPS, this path / the copy route /
 * OpenBLAS-SkylakeX; bench-dgemm, 9 rounds: flushed 32^3 16.3 / 7.6 /
 * 14.2, 48^3 32.8 / 24.7 / 16.1, 64^3 38.9 / 36.9 / 24.3, 128x64x32
 * 43.7 / 35.3 / 25.0; warm 32^3 76.1 / 68.9 / 68.9, 64^3 97.1 / 81.1 /
 * 61.4, 128x64x32 79.8 / 75.4 / 60.8.  Past the bounds, a scratch
 * harness (operands at one page offset, as large allocations have them):
 * 80^3 flushed 41.1 / 56.7 / 38.0, warm 79 / 89 / 67; 100x100x40 warm
 * 75 / 85; 200x32x20 warm 56 / 67: past 64^3 A no longer stays in L1
 * while the columns of B go by, and a short K leaves the lane sums
 * unspread.  Reading the operands first (small.c's mml_load_operands)
 * cost 5-15% warm in that harness and was mixed flushed within the
 * bounds (16x64x256 46.6 against 41.6, 48^3 39.6 against 46.3). */
#define TN_MAX (64 * 64 * 64)
#define TN_K_MIN 32
_Static_assert(TN_K_MIN >= V, "the last K mod V values need K >= V");

MML_HOT
int mml_tn_fits(const struct mml_gemm *g)
{
    return V > 1 && NJ * V + NJ + 1 <= MML_VREGS(V * sizeof(mml_elem))
           && g->ta && !g->tb
           && g->m >= V && g->k >= TN_K_MIN
           && g->k <= TN_MAX / g->m / g->n;
}

/* Holds v in a register from here on: GCC 12 otherwise folds the load of
 * a vector that several multiply-adds use into each of them, a load per
 * use (the A vectors here, three uses each: load-bound; Zen 5, a scratch
 * harness, 64^3 warm 79 GFLOPS where held it ran 101).  Here, not in
 * vec.h: clang checks the constraint in every function that includes it,
 * and a vector wider than the including file's target fits no register
 * (test_vtranspose's). */
INLINE void keep(mml_vd *v)
{
#if V > 1 && (defined(__x86_64__) || defined(__i386__))
    __asm__("" : "+v"(*v));
#else
    (void)v;
#endif
}

/* Column of C at c, V rows, the first `skip` left as they are, from the
 * sums s: alpha s + beta C, C never read when beta = 0; plain: alpha = 1
 * and beta = 0, known. */
INLINE void store(const struct mml_gemm *g, mml_vd s, mml_elem *c, int skip,
                  int plain)
{
    mml_vd v = plain ? s : s * g->alpha;

    if (skip == 0 && (plain || g->beta == 0.0))
        mml_vstore(c, v);
    else if (skip == 0)
        mml_vstore(c, v + mml_vload(c) * g->beta);
    else
        for (int q = skip; q < V; q++)
            c[q] = plain || g->beta == 0.0 ? v[q] : v[q] + g->beta * c[q];
}

/* The vector of x ending at x + k (k >= V), only the lanes `mask` keeps
 * (the others were summed already; zero, not multiplied by zero: they
 * may hold Inf). */
INLINE mml_vd last_part(const mml_elem *x, size_t k, mml_vi mask)
{
    return (mml_vd)((mml_vi)mml_vload(x + k - V) & mask);
}

/* C at c, V rows by nj columns (nj at most NJ; the first `skip` rows
 * left as they are), from A's V columns at a and B's nj at b.  Inlined
 * with constants for nj and plain, so the loops unroll and the sums stay
 * in registers.  The last K mod V values come first, as the sums' start:
 * taken after the main loop, they held registers through it (Zen 5, warm,
 * a scratch harness, 64^3 85-86 GFLOPS against 88-92). */
INLINE void tile(const struct mml_gemm *g, const mml_elem *a,
                 const mml_elem *b, mml_elem *c, int nj, int skip, int plain)
{
    size_t lda = g->lda, ldb = g->ldb, k = g->k, kv = k / V * V;
    mml_vd acc[NJ][V], bv[NJ];

    if (kv < k) {
        mml_vi mask;
#pragma GCC unroll 8
        for (int q = 0; q < V; q++)
            mask[q] = q >= V - (int)(k - kv) ? -1 : 0;
#pragma GCC unroll 8
        for (int l = 0; l < nj; l++)
            bv[l] = last_part(b + l * ldb, k, mask);
#pragma GCC unroll 8
        for (int q = 0; q < V; q++) {
            mml_vd av = last_part(a + q * lda, k, mask);
#pragma GCC unroll 8
            for (int l = 0; l < nj; l++)
                acc[l][q] = av * bv[l];
        }
    } else {
#pragma GCC unroll 8
        for (int l = 0; l < nj; l++)
#pragma GCC unroll 8
            for (int q = 0; q < V; q++)
                acc[l][q] = (mml_vd){ 0 };
    }
    for (size_t p = 0; p < kv; p += V) {
#pragma GCC unroll 8
        for (int l = 0; l < nj; l++)
            bv[l] = mml_vload(b + l * ldb + p);
#pragma GCC unroll 8
        for (int q = 0; q < V; q++) {
            mml_vd av = mml_vload(a + q * lda + p);
            keep(&av);
#pragma GCC unroll 8
            for (int l = 0; l < nj; l++)
                acc[l][q] += av * bv[l];
        }
    }
#pragma GCC unroll 8
    for (int l = 0; l < nj; l++)
        store(g, mml_vhsum(acc[l]), c + l * g->ldc, skip, plain);
}

/* C's columns j.. (nj of them): every block of V rows, the last one
 * shifted to end at row M. */
INLINE void col_block(const struct mml_gemm *g, size_t j, int nj, int plain)
{
    const mml_elem *b = g->b + j * g->ldb;
    mml_elem *c = g->c + j * g->ldc;
    size_t i = 0, m = g->m;

    for (; i + V <= m; i += V)
        tile(g, g->a + i * g->lda, b, c + i, nj, 0, plain);
    if (i < m)
        tile(g, g->a + (m - V) * g->lda, b, c + m - V, nj,
             (int)(V - (m - i)), plain);
}

/* Every column: tiles of NJ, the last 1 or 2 columns a tile of their
 * own. */
INLINE void run(const struct mml_gemm *g, int plain)
{
    size_t j = 0, n = g->n;

    for (; j + NJ <= n; j += NJ)
        col_block(g, j, NJ, plain);
    if (n - j == 2)
        col_block(g, j, 2, plain);
    else if (n - j == 1)
        col_block(g, j, 1, plain);
}

/* Out of line, each with its own copy of the tiles' code: the store
 * with alpha = 1, beta = 0 (at 32^3 the general one's multiply and tests
 * cost 3%), and the general one. */
__attribute__((noinline)) MML_TARGET_ATTR
static void run_plain(const struct mml_gemm *g)
{
    run(g, 1);
}

__attribute__((noinline)) MML_TARGET_ATTR
static void run_general(const struct mml_gemm *g)
{
    run(g, 0);
}

MML_TARGET_ATTR
void mml_gemm_tn(const struct mml_gemm *g)
{
    if (g->alpha == 1.0 && g->beta == 0.0)
        run_plain(g);
    else
        run_general(g);
}
