/* PF=1's prefetch (codegen/mmkernel.h, mmt_prefetch_next): over a JIK walk
 * of mu x nu tiles, the lines prefetched before each tile are exactly the
 * lines of the tile the walk visits next -- every one of them, none
 * outside the m x n block of C, nothing after the last tile -- for aligned
 * and unaligned columns, and blocks that MU or NU do not divide. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

enum { MAXP = 4096, LDC_PAD = 3, LINE = 64 };
static const double *seen[MAXP];
static int nseen;

#define MMT_PREFETCH_W(p) (seen[nseen < MAXP ? nseen++ : nseen] = (p))
#include "codegen/mmkernel.h"

/* The lines (64-byte addresses) of tile (i, j), clipped to the block. */
static int tile_lines(const double *c, int ldc, int m, int n, int i, int j,
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

/* One walk: before tile (i, j) the next tile's lines, only those. */
static void walk(int m, int n, int mu, int nu, int offset)
{
    int ldc = m + LDC_PAD;
    double *buf = aligned_alloc(LINE, sizeof(double)
                                * ((size_t)ldc * n + 64));
    const double *c = buf + offset;
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
            mmt_prefetch_next(m, n, i, j, mu, nu, c, ldc);
            assert_true(nseen < MAXP);
            for (int s = 0; s < nseen; s++) {
                /* inside the block: row < m, column < n */
                ptrdiff_t d = seen[s] - c;
                assert_true(d >= 0 && d % ldc < m && d / ldc < n);
                got[ng++] = (uintptr_t)seen[s] / LINE;
            }
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
    for (int off = 1; off < 8; off++)
        walk(96, 10, 24, 8, off);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(aligned_tiles_that_divide),
        cmocka_unit_test(fractional_tiles),
        cmocka_unit_test(unaligned_columns),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
