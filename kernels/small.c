/* The small-problem path (paper 002 Sec. II-C: ATLAS runs its non-copy
 * kernel on small problems, where copying costs more than it saves).
 * Below the crossover NCNB nothing is packed: the non-copy kernels
 * (COPY=0, KERNEL_ABI.md layout 3, run-time M, N, K) run on the caller's
 * column-major arrays: the full tile (MU x NU) on the rows it covers, and
 * without masked tiles the narrow one (one vector of rows, V) on the next
 * whole vectors of rows; the kernels take the columns left after the
 * last NU with tiles of their exact width (codegen/emit_simd.c).
 * Where the kernels have masked tiles for the rows past the last whole
 * vector (AVX-512, AVX2: masked_rows), the full kernel takes every row.
 * Elsewhere the last fractional vector of rows is a narrow tile shifted
 * up to end at row M, over rows computed already: with beta = 0 written
 * straight into C (the same products again), else computed into a C tile
 * of the workspace whose new rows are merged, and only a call with fewer
 * than V rows copies them with zero padding (gemm_tiny).  The kernels'
 * own packed edge (a stack copy per tile) never runs.
 *
 * A transposed op(A) (when the TN and TT paths, tn.c and tt.c, do not
 * take the call) is copied into the workspace column major
 * (mml_copy_cm), a block of rows at a time (gemm_a_blocks), as is A with
 * alpha folded in when alpha is not 1 and beta not 0; with beta = 0, C
 * is scaled afterwards.  A transposed op(B)
 * is read in place by the kernels generated for it (BT=1, KERNEL_ABI.md
 * layout 4: the NU values a k step broadcasts are adjacent), or copied
 * too where this CPU cannot run them (plan knct NULL): on Zen 5 the copy
 * held NT at 64-82 GFLOPS warm where OpenBLAS ran 102-109.
 *
 * Measured on Zen 5 (avx512, non-copy tile 16 x 8, V = 8), single
 * thread, operands flushed: the shifted tiles took N = 100 from 53 to 66
 * GFLOPS (the copies and merges of the 4 last rows and columns cost as
 * much as OpenBLAS's whole product).  From memory a call waits on its
 * operands and on its own code: a whole call loads A, B and the
 * workspace its copies go to first (a sequential pass the prefetchers
 * follow, C is left to the kernels), and the kernels' code is fetched
 * ahead. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "kernels/driver.h"


MML_HOT
int mml_small_fits(const struct mml_plan *p, const struct mml_gemm *g)
{
    size_t lim = (size_t)p->ncnb, big = (size_t)INT_MAX / (lim + 1);

    return p->knc && p->kncv && g->m <= lim && g->n <= lim && g->k <= lim
           && g->lda <= big && g->ldb <= big && g->ldc <= big;
}

/* 1 when the kernels take the rows past the last whole vector with
 * masked tiles (their descriptor's masked_rows: the non-copy kernels
 * mmgen makes for AVX-512 and AVX2, codegen/emit_simd.c): then the full
 * kernel runs every row of a call itself, nothing shifted, copied or
 * merged (a kernel without them would pack those rows on its stack,
 * bounded by NCNB: right, only slower).  On Zen 5 (16 x 8), a loop of
 * calls on the same operands, shifted and masked: N = 9 99 and 69 ns,
 * 12 123 and 96, 15 158 and 103; bench-dgemm, least of 7 rounds, warm
 * N = 15 37.5 and 48.2 GFLOPS, 47 80.0 and 90.9, flushed N = 20 4.9 and
 * 6.2, 47 28.7 and 31.1; the other sizes to 100 (and NT, TN, TT) from 5%
 * slower (flushed 12: 2.0 and 1.9) to 8% faster (warm 12: 24.7 and
 * 26.6). */
MML_HOT
static int masked_rows(const struct mml_plan *p)
{
    return p->nck.masked;
}

/* 1 when the call is too short to shift a vector of rows over its edge:
 * fewer than V rows. */
MML_HOT
static int tiny(const struct mml_plan *p, const struct mml_gemm *g)
{
    return g->m < (size_t)p->nckv.mu;
}

/* The C tile of the last vector of rows, V x N. */
MML_HOT
static size_t row_tile(const struct mml_plan *p, const struct mml_gemm *g)
{
    return mml_up_to((size_t)p->nckv.mu * g->n, MML_LINE_ELEMS);
}

/* Elements for the edge: a tiny call's padded rows of A (V x K) and its C
 * tile; else none for whole vectors of rows or beta = 0 (the shifted
 * tile writes straight into C), the C tile otherwise. */
MML_HOT
static size_t edge_elems(const struct mml_plan *p, const struct mml_gemm *g)
{
    size_t v = (size_t)p->nckv.mu;

    if (masked_rows(p))
        return 0;
    if (tiny(p, g))
        return mml_up_to(v * g->k, MML_LINE_ELEMS) + row_tile(p, g);
    if (g->beta == 0.0 || g->m % v == 0)
        return 0;
    return row_tile(p, g);
}

/* A is copied (column major, alpha folded in) when transposed, or when
 * alpha is not 1 and beta not 0 (the kernels have no alpha; with beta 0
 * C is scaled afterwards instead); B when transposed and no kernels read
 * it so. */
MML_HOT
static int copies_a(const struct mml_gemm *g)
{
    return g->ta || (g->alpha != 1.0 && g->beta != 0.0);
}

MML_HOT
static int copies_b(const struct mml_plan *p, const struct mml_gemm *g)
{
    return g->tb && !p->knct;
}

/* The kernels a call runs: the plain pair, or the pair reading B
 * transposed (op(B)'s column j at b + j, else at b + j * ldb); the plain
 * full tile prefetching the rows of A below when a block has them next
 * (below: skinny.c's slabs, on A in place) and the plan has that tile. */
struct kerns {
    const struct mml_nckern *f, *v;
};

MML_HOT
static struct kerns kerns_for(const struct mml_plan *p, int tb, int below)
{
    if (tb)
        return (struct kerns){ &p->nckt, &p->nckvt };
    return (struct kerns){ below && p->kncp ? &p->nckp : &p->nck,
                           &p->nckv };
}

/* Up to this many doubles of A and B the kernels' own first touch keeps
 * up; square, the pass pays from N = 32 (2048 doubles), not below (N =
 * 31: 1922).  On Zen 5, flushed, NN, medians of 120 calls, alternated
 * (us, not loaded / loaded; OpenBLAS-SkylakeX beside them at N = 24 and
 * 32): N = 24 3.74 / 4.03 (3.65) and 3.91 / 3.82 (3.62); N = 28 4.96 /
 * 5.67 and 4.98 / 5.59; N = 30 5.67 / 5.99; N = 31 5.46 / 5.32; N = 32
 * 4.41 / 3.89 (4.21), 4.44 / 3.79 (4.18) and 4.71 / 4.29; warm the pass
 * cost N = 24 15-22%, N = 28 10%, N = 32 6%.  From N = 48 it always
 * paid (flushed N = 48: 33 against 30 GFLOPS, N = 100: 67 against 59).
 * The bound is the bytes of 2000 doubles: counted in floats (SGEMM's
 * N = 32 to 44 loaded first), warm SGEMM ran 1.14-1.15 times as fast
 * there without the pass and NT 32^3 1.18, and flushed the same but N =
 * 40 (0.92; Zen 5, bench-dgemm, 15 rounds, medians, 2026-11-30). */
#define LOAD_MIN (2000 * 8 / (int)sizeof(mml_elem))

/* op(A) of at most this many doubles (16 KiB) is copied whole: it stays
 * in L1 as it is. */
#define A_WHOLE_MAX 2048

/* Rows of op(A) a copy holds: A_BLOCK_TILES full tiles of the non-copy
 * kernel, or all M when that is fewer than two blocks' worth (the last
 * block takes the rows left over as well, so no block but a tiny call's
 * has fewer than V rows). */
#define A_BLOCK_TILES 1

MML_HOT
static size_t a_block(const struct mml_plan *p, size_t m, size_t k)
{
    size_t rb = (size_t)p->nck.mu * A_BLOCK_TILES;

    return m < 2 * rb || m * k <= A_WHOLE_MAX ? m : rb;
}

/* The most rows a copy of op(A) holds: the last block's. */
MML_HOT
static size_t a_block_most(const struct mml_plan *p, size_t m, size_t k)
{
    size_t rb = a_block(p, m, k);

    return rb == m ? m : 2 * rb - 1;
}

/* The workspace: A's copy, B's copy, the edges' C tile. */
struct parts3 {
    size_t a, b, edge;
};

MML_HOT
static struct parts3 layout(const struct mml_plan *p,
                            const struct mml_gemm *g)
{
    struct parts3 l = { 0, 0, edge_elems(p, g) };

    if (copies_a(g))
        l.a = mml_up_to(a_block_most(p, g->m, g->k) * g->k, MML_LINE_ELEMS);
    if (copies_b(p, g))
        l.b = mml_up_to(g->k * g->n, MML_LINE_ELEMS);
    return l;
}

MML_HOT
size_t mml_small_elems(const struct mml_plan *p, const struct mml_gemm *g)
{
    struct parts3 l = layout(p, g);

    return l.a + l.b + l.edge;
}

size_t mml_small_bound(const struct mml_plan *p, size_t m, size_t n,
                       size_t k)
{
    /* the copies for a transposed operand, and the edge as a tiny call
     * has it (more than any block of at most m rows needs) */
    size_t v = (size_t)p->nckv.mu;

    return mml_up_to(m * k, MML_LINE_ELEMS)
           + mml_up_to(k * n, MML_LINE_ELEMS)
           + mml_up_to(v * k, MML_LINE_ELEMS)
           + mml_up_to(v * n, MML_LINE_ELEMS);
}

/* The element at x loaded (as an integer of its size: no value is
 * used, C may hold NaN, and a float's last element has no 8 bytes after
 * it) and kept by an empty asm: no instruction but the load. */
MML_HOT
static inline void load_word(const mml_elem *x)
{
    mml_bits w;

    memcpy(&w, x, sizeof w);
    __asm__ volatile("" : : "r"(w));
}

/* One word of every 64-byte line of the m x n column-major x loaded, so
 * the kernels find the operands in cache instead of waiting for each
 * line in turn; four lines a step.  Warm, the pass cost N = 48 to 96 on
 * Zen 5 4-6% of the call, where one line a step, each word folded into
 * one value, cost 7-10% (flushed the same). */
MML_HOT
static void touch(const mml_elem *x, size_t m, size_t n, size_t ld)
{
    const size_t line = MML_LINE_ELEMS;

    for (size_t j = 0; j < n; j++, x += ld) {
        size_t i = 0;
        for (; i + 3 * line < m; i += 4 * line) {
            load_word(x + i), load_word(x + i + line);
            load_word(x + i + 2 * line), load_word(x + i + 3 * line);
        }
        for (; i < m; i += line)
            load_word(x + i);
        load_word(x + m - 1);
    }
}

/* Rows r0.. (mr of them, mr < w) of the m x k column-major a into w x k
 * column-major at d (leading dimension w), rows past mr zero. */
static void copy_rows(const mml_elem *a, size_t lda, int mr, int k, int w,
                      mml_elem *d)
{
    for (int p = 0; p < k; p++, a += lda, d += w) {
        memcpy(d, a, (size_t)mr * sizeof *d);
        memset(d + mr, 0, (size_t)(w - mr) * sizeof *d);
    }
}

/* The kernel variant for beta (KERNEL_ABI.md "Beta variants"). */
MML_HOT
static mml_kernel *nc_variant(const struct mml_nckern *k, mml_elem beta)
{
    return beta == 0.0 ? k->b0 : beta == 1.0 ? k->b1 : k->bx;
}

/* The whole vectors of rows of g: the full kernel on the first mw, the
 * narrow one on the next mv - mw; all N columns. */
MML_HOT
static void run_rows(const struct kerns *ks, const struct mml_gemm *g,
                     int mw, int mv)
{
    int n = (int)g->n, k = (int)g->k, lda = (int)g->lda;
    int ldb = (int)g->ldb, ldc = (int)g->ldc;

    if (mw)
        nc_variant(ks->f, g->beta)(mw, n, k, g->a, lda, g->b, ldb, g->beta,
                                   g->c, ldc);
    if (mv > mw)
        nc_variant(ks->v, g->beta)(mv - mw, n, k, g->a + mw, lda, g->b, ldb,
                                   g->beta, g->c + mw, ldc);
}

/* Fewer than one vector of rows: they are copied with zero padding into
 * the workspace (V x K), computed into a C tile (V x N) and merged. */
__attribute__((noinline))
static void gemm_tiny(const struct mml_gemm *g, const struct mml_plan *p,
                      const struct kerns *ks, mml_elem *work)
{
    int v = p->nckv.mu, n = (int)g->n, k = (int)g->k;
    mml_elem *ct = work + mml_up_to((size_t)v * g->k, MML_LINE_ELEMS);

    copy_rows(g->a, g->lda, (int)g->m, k, v, work);
    ks->v->b0(v, n, k, work, v, g->b, (int)g->ldb, 0.0, ct, v);
    mml_merge((int)g->m, n, g->beta, ct, v, g->c, g->ldc);
}

/* Every row of C from op(B) (op(A) = A; op(B) = B, or B^T read in place
 * by the BT kernels), M >= V: the full tiles and whole vectors of rows in
 * place, then the last vector shifted up to end at row m, over rows the
 * others computed already -- written straight into c when beta = 0 (the
 * same products again), else computed into t (V x N) and only its new
 * rows merged. */
MML_HOT
static void gemm_shifted(const struct mml_gemm *g, const struct mml_plan *p,
                         const struct kerns *ks, mml_elem *t)
{
    int m = (int)g->m, n = (int)g->n, k = (int)g->k, v = p->nckv.mu;
    int mw = m / p->nck.mu * p->nck.mu, mv = mw + (m - mw) / v * v;
    int lda = (int)g->lda, ldb = (int)g->ldb;
    const mml_elem *a = g->a + (m - v);

    run_rows(ks, g, mw, mv);
    if (mv == m)
        return;
    if (g->beta == 0.0) {
        ks->v->b0(v, n, k, a, lda, g->b, ldb, 0.0, g->c + (m - v),
                  (int)g->ldc);
        return;
    }
    ks->v->b0(v, n, k, a, lda, g->b, ldb, 0.0, t, v);
    mml_merge(m - mv, n, g->beta, t + (mv - (m - v)), v, g->c + mv,
              g->ldc);
}

/* The start of a kernel's code, fetched as data into L2 before the call:
 * from a cold cache the front end would otherwise wait for each line in
 * turn as it reaches it (N = 32 on Zen 5: 1.77 us with the code evicted,
 * 1.50 with this, 0.63 warm).  2 KiB holds the loop nest of a kernel
 * variant (the avx512 16 x 8 beta-0 one is 2017 bytes). */
#define CODE_BYTES 2048

MML_HOT
static void fetch_code(mml_kernel *f)
{
    const char *c = (const char *)(uintptr_t)f;

    /* unrolled: the loop was 4 instructions a line, 32 taken branches a
     * call; its 32 prefetches alone, warm N = 8 went from 8.5 to 9.3
     * GFLOPS and 16 from 28.2 to 29.3, flushed level (Zen 4, bench-dgemm,
     * two runs of 15 rounds, medians; BENCHMARKS.md, 2026-12-01) */
#pragma GCC unroll 32
    for (int i = 0; i < CODE_BYTES; i += 64)
        __builtin_prefetch(c + i, 0, 2);
}

/* The code of the kernel variants a call of m rows runs (gemm_shifted,
 * gemm_tiny), and only those: the full tile's on the first m / MU tiles,
 * the narrow one's on the whole vectors after them, its beta-0 one on
 * the last fractional vector (shifted, or a tiny call's).  A fetch costs
 * as much when the code is hot.  The full tile's and the narrow one's
 * had been fetched whenever M was no multiple of MU, the full one's even
 * when no tile of it ran (M < MU): on Zen 5 (16 x 8 and 8 x 8), a loop
 * of calls on the same operands, N = 8 took 70 ns where it now takes 52,
 * N = 12 176 and 120; bench-dgemm, median of 9 rounds, flushed N = 8 0.4
 * and 0.6 GFLOPS, 12 1.4 and 1.7 (sizes whose fetches did not change,
 * 16 to 100, moved by -7% to +9% in the same runs: the host). */
MML_HOT
static void fetch_codes(const struct kerns *ks, int m, mml_elem beta,
                        int masked)
{
    int mw = m / ks->f->mu * ks->f->mu, v = ks->v->mu, whole = m - mw >= v;
    mml_kernel *vb = nc_variant(ks->v, beta);

    if (masked) {                   /* the full kernel alone */
        fetch_code(nc_variant(ks->f, beta));
        return;
    }
    if (mw)
        fetch_code(nc_variant(ks->f, beta));
    if (whole)
        fetch_code(vb);
    if (m % v && !(whole && vb == ks->v->b0))
        fetch_code(ks->v->b0);
}

/* B as stored (N x K when transposed, else K x N) loaded first: a whole
 * call's, or a wide product's block (skinny.c decides when: load_b). */
MML_HOT
static void load_b_stored(const struct mml_gemm *h)
{
    if (h->tb)
        touch(h->b, h->n, h->k, h->ldb);
    else
        touch(h->b, h->k, h->n, h->ldb);
}

#define PAGE_BYTES 4096

/* A prefetch into every page of the run of `bytes` from c, and its last
 * line. */
MML_HOT
static void prime_run(const char *c, size_t bytes, int rw)
{
    for (size_t o = 0; o < bytes + PAGE_BYTES; o += PAGE_BYTES) {
        const char *p = c + (o < bytes ? o : bytes - 1);
        rw ? __builtin_prefetch(p, 1, 3) : __builtin_prefetch(p, 0, 3);
    }
}

/* A prefetch into each 4 KiB page the m x n column-major x spans (rw 1:
 * for writing -- prefetchw where the library's flags enable PRFCHW; the
 * default flags do not, so it is prefetcht0, as in the figures below),
 * so that the page walks after a cold start run at once and ahead of the
 * kernels, not one at a time when a tile first reaches a page: a flushed
 * call finds neither its pages in the TLB nor their
 * page-table entries in cache.  On Zen 5 (bench-dgemm, flushed, NN, 12
 * rounds, GFLOPS, without -> with) N = 32 22.3 -> 24.1, 40 29.2 -> 32.2,
 * 48 40.4 -> 42.1, 64 58.9 -> 61.6, 80 70.6 -> 75.9, 100 77.3 -> 76.3;
 * warm unchanged (97.1 -> 97.3 at 64). */
MML_HOT
static void prime_pages(const mml_elem *x, size_t m, size_t n, size_t ld,
                        int rw)
{
    const char *c = (const char *)x;
    size_t col = ld * sizeof *x, len = m * sizeof *x;

    if (m == 0 || n == 0)
        return;
    if (col - len < PAGE_BYTES)     /* no gap holds a whole page */
        prime_run(c, (n - 1) * col + len, rw);
    else
        for (size_t j = 0; j < n; j++)
            prime_run(c + j * col, len, rw);
}

/* Above this many elements of A and B the pass's first lines decide
 * whether the rest is read (coldlines.c), PROBE_LINES of each operand
 * or the whole columns that hold them; at or below it the pass always
 * runs.  On Zen 5 (bench-dgemm, 15 rounds, medians, against always
 * loading): from 4096 (N = 46) cold 0.97-1.03 and warm N = 48 1.03-1.05,
 * 64 1.04-1.07, 100 1.04; from 8192, warm N = 48 and 64 unchanged and
 * cold the same.  Below, at N = 32, the pass costs warm about what a
 * reading would (40 ns against 25), and an early reading cost cold N = 32
 * 6%. */
#define PROBE_MIN 4096
#define PROBE_LINES 16

/* Columns of an r-row operand that hold its first PROBE_LINES lines,
 * at most its c. */
MML_HOT
static size_t head_cols(size_t r, size_t c)
{
    size_t cols = (PROBE_LINES * MML_LINE_ELEMS + r - 1) / r;

    return cols < c ? cols : c;
}

/* The pages of A, B and C primed; A and B as stored loaded first when
 * they are more than LOAD_MIN elements, and from PROBE_MIN on only when
 * their first lines came from memory; 1 when they were loaded. */
MML_HOT
int mml_load_operands(const struct mml_gemm *g)
{
    size_t ar = g->ta ? g->k : g->m, ac = g->ta ? g->m : g->k;
    size_t br = g->tb ? g->n : g->k, bc = g->tb ? g->k : g->n;
    size_t ops = g->m * g->k + g->k * g->n, ca = 0, cb = 0;

    prime_pages(g->c, g->m, g->n, g->ldc, 1);
    prime_pages(g->a, ar, ac, g->lda, 0);
    prime_pages(g->b, br, bc, g->ldb, 0);
    if (ops <= LOAD_MIN)
        return 0;
    if (ops > PROBE_MIN) {
        unsigned long long t0 = mml_ticks();
        size_t lines;

        ca = head_cols(ar, ac), cb = head_cols(br, bc);
        touch(g->a, ar, ca, g->lda);
        touch(g->b, br, cb, g->ldb);
        lines = ca * mml_up_to(ar, MML_LINE_ELEMS) / MML_LINE_ELEMS
                + cb * mml_up_to(br, MML_LINE_ELEMS) / MML_LINE_ELEMS;
        if (!mml_cold_since(t0, lines))
            return 0;
    }
    if (ca < ac)      /* no pointer past A's last column */
        touch(g->a + ca * g->lda, ar, ac - ca, g->lda);
    if (cb < bc)
        touch(g->b + cb * g->ldb, br, bc - cb, g->ldb);
    return 1;
}

/* A whole call's operands as stored, and the workspace B's copy will be
 * written to, loaded first: from memory the transposing copy of op(A) =
 * A^T otherwise waits on a miss for each of the lines it reads and each
 * it writes, 8 runs of each at a time (Zen 4, flushed, 100^3 TN, when
 * the whole of op(A) was copied: the copy alone 39 us where the kernels
 * took 39; all loaded first, the call went from 74 to 56 us, NN 46).
 * Reading the copy's destination paid most then; A's copy is now a block
 * of rows that stays in L1 (gemm_a_blocks), and loading it first no
 * longer paid (Zen 5).  Loading C does not pay (the kernels' stores keep
 * up).  No limit of the blocking's L2 share: a whole call is at most
 * NCNB in each dimension, and one sequential pass over operands larger
 * than L2 still beats the kernels' misses (Zen 4, flushed, GFLOPS,
 * loaded first / not: TN 200^3 47.2 / 36.9, 300^3 48.3 / 42.8; NN 200^3
 * 51.4 / 46.3, 300^3 51.5 / 48.6). */
MML_HOT
static void load_whole(const struct mml_gemm *g, struct parts3 l,
                       mml_elem *work)
{
    if (mml_load_operands(g) && l.b)
        touch(work + l.a, l.b, 1, 0);
}

/* The rows of g from op(B), in place or shifted, or a tiny call's. */
MML_HOT
static void run_rows_all(const struct mml_gemm *h, const struct mml_plan *p,
                         const struct kerns *ks, mml_elem *edge)
{
    if (masked_rows(p))
        run_rows(ks, h, (int)h->m, (int)h->m);
    else if (tiny(p, h))
        gemm_tiny(h, p, ks, edge);
    else
        gemm_shifted(h, p, ks, edge);
}

/* op(A) copied (alpha folded in) a block of rows at a time into a, each
 * block's rows of C computed before the next block is copied over it:
 * the copy stays in L1 and comes from memory once, where the copy of the
 * whole op(A) was as many lines to fetch as A itself before they were
 * written (loaded first, they took 3 times as long as the copy: Zen 5,
 * 100^3 TN, A, B and C in cache).  On Zen 5 (bench-dgemm, two runs of 5
 * rounds, GFLOPS, whole copy -> blocks): code-cold 64^3 TN 53.0 -> 62.8
 * and 34.8 -> 45.7, 100^3 TN 67.6 -> 77.8 and 58.9 -> 63.4, 100^3 TT
 * 70.9 -> 76.6 and 57.5 -> 62.0; flushed 64^3 TN 44.1 -> 47.9 and 26.6
 * -> 30.4, 100^3 TT 60.5 -> 65.5 and 49.0 -> 50.3; warm within 5%.
 * Up to A_WHOLE_MAX doubles op(A) is copied whole. */
MML_HOT
static void gemm_a_blocks(const struct mml_gemm *g, struct mml_gemm h,
                          const struct mml_plan *p, const struct kerns *ks,
                          mml_elem *a, mml_elem *edge)
{
    size_t rb = a_block(p, g->m, g->k), sx = g->ta ? g->lda : 1;
    size_t sp = g->ta ? 1 : g->lda;

    h.ta = 0, h.alpha = 1.0, h.a = a;
    for (size_t i = 0; i < g->m; i += rb) {
        size_t r = g->m - i < 2 * rb ? g->m - i : rb;
        mml_copy_cm(g->a + i * sx, sx, sp, (int)r, (int)g->k, g->alpha, a);
        h.m = r, h.lda = r, h.c = g->c + i;
        run_rows_all(&h, p, ks, edge);
        if (r > rb)
            break;
    }
}

MML_HOT
static void gemm_small(const struct mml_gemm *g, const struct mml_plan *p,
                       mml_elem *work, int whole, int load_b, int below)
{
    struct mml_gemm h = *g;      /* the problem run: A untransposed */
    struct parts3 l = layout(p, g);
    /* below A's copy is the next block's copy, not the next rows */
    struct kerns ks = kerns_for(p, g->tb && !l.b, below && !l.a);
    int m = (int)g->m, n = (int)g->n, k = (int)g->k;

    fetch_codes(&ks, m, g->beta, masked_rows(p));
    if (whole)
        load_whole(g, l, work);
    if (l.b) {
        mml_copy_cm(g->b, g->ldb, 1, k, n, 1.0, work + l.a);
        h.b = work + l.a, h.ldb = g->k, h.tb = 0;
    }
    if (load_b)
        load_b_stored(&h);
    if (l.a) {
        gemm_a_blocks(g, h, p, &ks, work, work + l.a + l.b);
        return;
    }
    /* no workspace at all (work NULL) when the call copies nothing: even
     * NULL + 0 is undefined in C (clang's UBSan says so) */
    run_rows_all(&h, p, &ks, l.b ? work + l.b : work);
    /* the kernels have no alpha: here it is 1 (mml_scale_c returns at
     * once) or beta is 0 (copies_a folds it into A's copy otherwise),
     * and C = alpha (A B) is scaled afterwards */
    mml_scale_c(h.m, h.n, h.alpha, h.c, h.ldc);
}

MML_HOT
void mml_gemm_small(const struct mml_gemm *g, const struct mml_plan *p,
                    mml_elem *work)
{
    gemm_small(g, p, work, 1, 0, 0);
}

MML_HOT
void mml_gemm_small_block(const struct mml_gemm *g,
                          const struct mml_plan *p, mml_elem *work,
                          int load_b, int below)
{
    gemm_small(g, p, work, 0, load_b, below);
}

/* The direct form: a call of at least 2 rows and MML_THIN_COLS columns
 * (the thin path takes no such call) that copies nothing, on kernels
 * with masked rows -- the full kernel alone, as gemm_small would run it
 * after weighing every other path and part of the workspace.  From
 * memory a call waits on each line of code it reaches in turn, and those
 * steps were a quarter of a tiny call: here the checks are one
 * condition, the work four calls.  On Zen 5 (bench-dgemm, flushed,
 * medians of 40 rounds, GFLOPS, through gemm_small -> direct): N = 10
 * 0.8 -> 1.0, 12 1.3 -> 1.7, 16 2.9 -> 3.4, 32 13.9 -> 17.2, 48 29.3 ->
 * 34.1, 100 59.9 -> 62.5 (OpenBLAS-SkylakeX 0.8, 1.6, 3.0, 13.7, 24.9,
 * 55.2); N = 8 0.5 and warm calls unchanged. */
MML_HOT
int mml_small_direct_fits(const struct mml_plan *p, const struct mml_gemm *g)
{
    return masked_rows(p) && !copies_a(g) && !copies_b(p, g) && g->m >= 2
           && g->n >= MML_THIN_COLS && mml_small_fits(p, g);
}

MML_HOT
void mml_gemm_small_direct(const struct mml_gemm *g,
                           const struct mml_plan *p)
{
    mml_kernel *f = nc_variant(kerns_for(p, g->tb, 0).f, g->beta);

    fetch_code(f);
    mml_load_operands(g);
    f((int)g->m, (int)g->n, (int)g->k, g->a, (int)g->lda, g->b,
      (int)g->ldb, g->beta, g->c, (int)g->ldc);
    /* alpha is 1 (no scaling) or beta 0: C = alpha (A B) */
    mml_scale_c(g->m, g->n, g->alpha, g->c, g->ldc);
}

/* TT, op(A) = A^T and op(B) = B^T, as its transpose: C^T = B A is a
 * product of the arrays as stored (B an N x K operand, A a K x M one), so
 * the plain kernels run on them in place and only the N x M result is
 * transposed into C, where the other route copies op(A), M x K.  It pays
 * when it moves fewer doubles, N < K: on Zen 4 (avx512 24 x 8, flushed,
 * GFLOPS, this route / copying op(A), 5 rounds) 100x37x61 19.1 / 12.1,
 * 61x37x100 19.7 / 12.0; but 100x100x20 8.3 / 18.1, 150^3 29.4 / 32.5,
 * 80^3 20.9 / 21.7, 37x100x61 18.3 / 19.2. */
MML_HOT
int mml_small_tt_pays(const struct mml_gemm *g)
{
    return g->ta && g->tb && g->n < g->k;
}

MML_HOT
struct mml_gemm mml_as_transpose(const struct mml_gemm *g, mml_elem *t)
{
    struct mml_gemm h = { !g->tb, !g->ta, g->n, g->m, g->k, 1.0, 0.0, g->b,
                          g->a, t, g->ldb, g->lda, g->n, NULL, NULL, NULL };
    return h;
}

/* 1 when the transposed result goes straight into C: beta = 0 and C's
 * columns adjacent (the copy's leading dimension is M). */
MML_HOT
static int tt_direct(const struct mml_gemm *g)
{
    return g->beta == 0.0 && g->ldc == g->m;
}

MML_HOT
size_t mml_transpose_elems(const struct mml_gemm *g)
{
    size_t t = mml_up_to(g->m * g->n, MML_LINE_ELEMS);

    return tt_direct(g) ? t : 2 * t;
}

MML_HOT
void mml_transpose_into_c(const struct mml_gemm *g, mml_elem *work)
{
    size_t t = mml_up_to(g->m * g->n, MML_LINE_ELEMS);
    mml_elem *u = tt_direct(g) ? g->c : work + t;  /* alpha T^T, M x N */

    /* C(i, j) = alpha T(j, i): the rows of T are contiguous, and they are
     * the columns of the copy (leading dimension M) */
    mml_copy_cm(work, g->n, 1, (int)g->m, (int)g->n, g->alpha, u);
    if (u != g->c)
        mml_merge((int)g->m, (int)g->n, g->beta, u, (int)g->m, g->c,
                  g->ldc);
}

MML_HOT
size_t mml_small_tt_elems(const struct mml_plan *p,
                            const struct mml_gemm *g)
{
    struct mml_gemm h = mml_as_transpose(g, NULL);

    return mml_transpose_elems(g) + mml_small_elems(p, &h);
}

MML_HOT
void mml_gemm_small_tt(const struct mml_gemm *g, const struct mml_plan *p,
                       mml_elem *work)
{
    struct mml_gemm h = mml_as_transpose(g, work);   /* T = B A, N x M */

    mml_gemm_small(&h, p, work + mml_transpose_elems(g));
    mml_transpose_into_c(g, work);
}
