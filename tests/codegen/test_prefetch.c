/* PF=1's prefetch (codegen/mmkernel.h, mmt_prefetch_next): over a JIK walk
 * of mu x nu tiles, the lines prefetched before each tile are exactly the
 * lines of the tile the walk visits next -- every one of them, none
 * outside the m x n block of C, nothing after the last tile, one address
 * per line's worth of each column and its last element -- for aligned
 * and unaligned columns, and blocks that MU or NU do not divide.
 *
 * PFA=1's (mmt_pfa_start, mmt_pfa_steps), driven as a generated kernel
 * drives it (its whole tiles, KU steps a trip, then the remainder): every
 * line of the A rows below the block's whole row strips, in each of its k
 * columns, is prefetched, each column of each strip by exactly one tile
 * and once, and nothing outside those rows and columns.
 *
 * PFB=1's (mmt_pfb), called at every k step of a tile as a generated
 * kernel calls it: every line of the next nr-column panel of packed B
 * (k rows of nr elements, at b + nr*k), and no line outside it, one
 * address per line's worth of a row and its last element when the row is
 * no whole number of lines -- for panels of whole-line rows starting a
 * line (as the library packs them), and for any start otherwise.
 *
 * Built twice: for double's helpers, and with MMT_TEST_FLOAT for float's
 * (mmt_prefetch_nextf, ...), the same walks over elements of the type
 * (a line holds 8 doubles, 16 floats). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

/* The hooks see both types' helpers: the addresses are kept untyped. */
enum { MAXP = 4096, LDC_PAD = 3, LINE = 64 };
static const void *seen[MAXP];
static int nseen;

#define MMT_PREFETCH_W(p) (seen[nseen < MAXP ? nseen++ : nseen] = (p))
enum { MAXA = 1 << 16 };
static const void *seen_a[MAXA];
static int nseen_a;
#define MMT_PREFETCH_A(p) (seen_a[nseen_a < MAXA ? nseen_a++ : nseen_a] = (p))
#define MMT_PREFETCH_B(p) MMT_PREFETCH_A(p)
#include "codegen/mmkernel.h"

#ifdef MMT_TEST_FLOAT
typedef float elem;
#define HELPER(name) name##f
#define TYPE_NAME "float"
#else
typedef double elem;
#define HELPER(name) name
#define TYPE_NAME "double"
#endif
/* The elements of a line, counted here apart from mmkernel_pf.h's. */
enum { PER_LINE = LINE / sizeof(elem) };

/* The lines (64-byte addresses) of tile (i, j), clipped to the block. */
static int tile_lines(const elem *c, int ldc, int m, int n, int i, int j,
                      int mu, int nu, uintptr_t *out)
{
    int k = 0;

    for (int q = j; q < j + nu && q < n; q++)
        for (int r = i; r < i + mu && r < m; r++) {
            uintptr_t l = (uintptr_t)(c + r + (long)q * ldc) / LINE;
            if (k == 0 || out[k - 1] != l)
                out[k++] = l;
        }
    return k;
}

static int has(const uintptr_t *v, int n, uintptr_t x)
{
    for (int i = 0; i < n; i++)
        if (v[i] == x)
            return 1;
    return 0;
}

/* n elements on a line boundary (aligned_alloc wants a size that is a
 * multiple of the alignment: ASan refuses any other). */
static elem *line_elems(size_t n)
{
    return aligned_alloc(LINE, (sizeof(elem) * n + LINE - 1) / LINE * LINE);
}

/* Addresses one per line's worth of each of `lines` runs of `elems`
 * elements, and each run's last element when `last`. */
static int per_lines(int lines, int elems, int last)
{
    return lines * ((elems + PER_LINE - 1) / PER_LINE + (last != 0));
}

/* One walk: before tile (i, j) the next tile's lines, only those. */
static void walk(int m, int n, int mu, int nu, int offset)
{
    int ldc = m + LDC_PAD;
    elem *buf = line_elems((size_t)ldc * n + 64);
    const elem *c = buf + offset;
    uintptr_t want[4096], got[MAXP];
    int tiles = 0;

    assert_non_null(buf);
    for (int j = 0; j < n; j += nu)
        for (int i = 0; i < m; i += mu) {
            int ni = i + mu, nj = j, nw, ng = 0;

            if (ni >= m)
                ni = 0, nj = j + nu;
            nw = nj < n ? tile_lines(c, ldc, m, n, ni, nj, mu, nu, want)
                        : 0;
            nseen = 0;
            HELPER(mmt_prefetch_next)(m, n, i, j, mu, nu, c, ldc);
            assert_true(nseen < MAXP);
            for (int s = 0; s < nseen; s++) {
                /* inside the block: row < m, column < n */
                ptrdiff_t d = (const elem *)seen[s] - c;
                assert_true(d >= 0 && d % ldc < m && d / ldc < n);
                got[ng++] = (uintptr_t)seen[s] / LINE;
            }
            if (nj < n)   /* no more addresses than the lines ask */
                assert_int_equal(nseen,
                                 per_lines(nj + nu < n ? nu : n - nj,
                                           ni + mu < m ? mu : m - ni, 1));
            for (int w = 0; w < nw; w++)
                assert_true(has(got, ng, want[w]));
            for (int g = 0; g < ng; g++)
                assert_true(has(want, nw, got[g]));
            if (nw == 0)
                assert_int_equal(nseen, 0);
            tiles++;
        }
    assert_true(tiles > 0);
    free(buf);
}

static void aligned_tiles_that_divide(void **state)
{
    (void)state;
    walk(96, 20, 32, 5, 0);
    walk(64, 16, 8, 8, 0);
}

static void fractional_tiles(void **state)
{
    (void)state;
    walk(100, 23, 32, 5, 0);   /* M and N edges */
    walk(7, 3, 3, 2, 0);       /* scalar-sized tiles */
    walk(1, 1, 4, 2, 0);       /* a block smaller than one tile */
}

static void unaligned_columns(void **state)
{
    (void)state;
    for (int off = 1; off < PER_LINE; off++)
        walk(96, 10, 24, 8, off);
}

/* One block m x n x k of a PFA=1 kernel with mu x nu tiles and KU: the
 * prefetches of all its whole tiles (fixed_k: the remainder as one trip
 * of k % ku steps, else a step a trip), A's column offset by offset
 * elements from a line, lda = 2m + 5. */
static void walk_pfa(int m, int n, int k, int mu, int nu, int ku,
                     int fixed_k, int offset)
{
    int lda = 2 * m + 5, strips = m / mu, per = per_lines(1, mu, 1);
    elem *buf = line_elems((size_t)lda * (k + 1) + 64);
    const elem *a = buf + offset;
    int *count = calloc((size_t)(strips + 1) * (k + 1), sizeof *count);

    assert_non_null(buf);
    assert_non_null(count);
    nseen_a = 0;
    for (int j = 0; j + nu <= n; j += nu)
        for (int i = 0; i + mu <= m; i += mu) {
            struct HELPER(mmt_pfa) s =
                HELPER(mmt_pfa_start)(a + i, m, lda, n, k, j, nu);
            int p = 0;
            for (; p + ku <= k; p += ku)
                HELPER(mmt_pfa_steps)(&s, ku, mu);
            if (fixed_k && p < k)
                HELPER(mmt_pfa_steps)(&s, k - p, mu);
            else
                for (; p < k; p++)
                    HELPER(mmt_pfa_steps)(&s, 1, mu);
        }
    assert_true(nseen_a < MAXA);
    for (int s = 0; s < nseen_a; s++) {
        /* rows m..m + strips * mu - 1 of columns 0..k-1 only */
        ptrdiff_t d = (const elem *)seen_a[s] - a;
        int row = (int)(d % lda), col = (int)(d / lda);
        assert_true(d >= 0 && col < k);
        assert_true(row >= m && row < m + strips * mu);
        count[(row - m) / mu * k + col]++;
    }
    /* each column of each strip: one tile's per prefetches, which cover
     * its lines (the first and last row, and every line's worth of rows
     * between) */
    for (int q = 0; q < strips && n >= nu; q++)
        for (int col = 0; col < k; col++)
            assert_int_equal(count[q * k + col], per);
    if (n < nu || strips == 0)
        assert_int_equal(nseen_a, 0);
    free(count);
    free(buf);
}

static void pfa_rows_below(void **state)
{
    (void)state;
    walk_pfa(96, 20, 50, 32, 5, 1, 0, 0);   /* tiles that divide */
    walk_pfa(100, 23, 37, 16, 5, 4, 0, 0);  /* M and N edges, KU = 4 */
    walk_pfa(100, 23, 37, 16, 5, 4, 1, 0);  /* K's remainder one trip */
    walk_pfa(16, 5, 9, 16, 5, 2, 0, 0);     /* one column of tiles */
    walk_pfa(16, 40, 3, 8, 5, 1, 0, 0);     /* more tiles than k */
    walk_pfa(7, 3, 10, 3, 2, 3, 0, 0);      /* scalar-sized tiles */
    walk_pfa(9, 4, 5, 12, 2, 1, 0, 0);      /* no whole row strip */
    walk_pfa(30, 3, 5, 8, 4, 1, 0, 0);      /* no whole column tile */
    for (int off = 1; off < PER_LINE; off++)
        walk_pfa(48, 10, 20, 24, 5, 3, off % 2, off);
}

/* One tile's k steps over a panel of k x nr at b (offset elements past a
 * line), the next panel and a guard either side in one buffer. */
static void walk_pfb(int nr, int k, int offset)
{
    size_t panel = (size_t)nr * k, total = 4 * panel + 2 * PER_LINE;
    elem *buf = line_elems(total);
    const elem *b, *next;
    uintptr_t first, last;
    char *hit;

    assert_non_null(buf);
    b = buf + panel + offset, next = b + panel;
    first = (uintptr_t)next / LINE;
    last = (uintptr_t)(next + panel - 1) / LINE;
    hit = calloc(last - first + 1, 1);
    assert_non_null(hit);
    nseen_a = 0;
    for (int p = 0; p < k; p++)
        HELPER(mmt_pfb)(b, nr, k, p);
    assert_true(nseen_a < MAXA);
    assert_int_equal(nseen_a, per_lines(k, nr, nr % PER_LINE));
    for (int i = 0; i < nseen_a; i++) {
        uintptr_t l = (uintptr_t)seen_a[i] / LINE;
        assert_true(l >= first && l <= last);
        hit[l - first] = 1;
    }
    for (uintptr_t l = first; l <= last; l++)
        assert_true(hit[l - first]);
    free(hit);
    free(buf);
}

static void pfb_next_panel(void **state)
{
    (void)state;
    walk_pfb(PER_LINE, 768, 0);          /* a line a step, aligned */
    walk_pfb(PER_LINE, 37, PER_LINE);    /* a line past the start */
    walk_pfb(2 * PER_LINE, 20, 0);       /* two lines a step */
    walk_pfb(5, 41, 1);                  /* narrower than a line */
    walk_pfb(3 * PER_LINE / 2, 9, 6);    /* a line and a half */
    walk_pfb(12, 9, 6);                  /* 3/4 of a line of floats */
    walk_pfb(3, 1, PER_LINE - 1);        /* one step */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(aligned_tiles_that_divide),
        cmocka_unit_test(fractional_tiles),
        cmocka_unit_test(unaligned_columns),
        cmocka_unit_test(pfa_rows_below),
        cmocka_unit_test(pfb_next_panel),
    };

    return cmocka_run_group_tests_name(TYPE_NAME, tests, NULL, NULL);
}
