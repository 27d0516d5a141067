/* The reference path: the product in plain loops on the caller's arrays,
 * the reference BLAS's loop order (j, p, i: C's column j updated by
 * alpha op(B)(p,j) times op(A)'s column p).  Slow and always correct; the
 * library takes it on CPUs that lack the kernels' ISA and when no
 * workspace can be allocated. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "kernels/driver.h"

/* The same for operands from packers (driver.h): a row of op(A) and a
 * column of op(B) at a time, KB of their K at once, each packed as a
 * panel one wide. */
static void from_packers(const struct mml_gemm *g)
{
    enum { KB = 64 };
    size_t ar = g->ta ? g->lda : 1, as = g->ta ? 1 : g->lda;
    size_t br = g->tb ? g->ldb : 1, bs = g->tb ? 1 : g->ldb;
    mml_elem row[KB], col[KB];

    mml_scale_c(g->m, g->n, g->beta, g->c, g->ldc);
    for (size_t i = 0; i < g->m; i++)
        for (size_t pc = 0; pc < g->k; pc += KB) {
            int kc = (int)(g->k - pc < KB ? g->k - pc : KB);
            if (g->apack)
                g->apack->pack(g->apack, i, pc, 1, kc, 1, 1, row);
            else
                for (int p = 0; p < kc; p++)
                    row[p] = g->alpha * g->a[i * ar + (pc + (size_t)p) * as];
            for (size_t j = 0; j < g->n; j++) {
                mml_elem s = 0;
                if (g->bpack)
                    g->bpack->pack(g->bpack, j, pc, 1, kc, 1, 1, col);
                else
                    for (int p = 0; p < kc; p++)
                        col[p] = g->b[(pc + (size_t)p) * br + j * bs];
                for (int p = 0; p < kc; p++)
                    s += row[p] * col[p];
                g->c[i + j * g->ldc] += s;
            }
        }
}

/* The same for a C that its merger assembles (driver.h; M and N even,
 * as its pairs are): blocks of two rows and two columns, the smallest it
 * takes (each pair packed as one panel two wide), each summed over all
 * of K and merged once. */
static void merged(const struct mml_gemm *g)
{
    enum { KB = 64 };
    size_t ar = g->ta ? g->lda : 1, as = g->ta ? 1 : g->lda;
    size_t br = g->tb ? g->ldb : 1, bs = g->tb ? 1 : g->ldb;
    mml_elem rows[2 * KB], cols[2 * KB];

    for (size_t i = 0; i < g->m; i += 2)
        for (size_t j = 0; j < g->n; j += 2) {
            mml_elem t[4] = { 0 };
            for (size_t pc = 0; pc < g->k; pc += KB) {
                int kc = (int)(g->k - pc < KB ? g->k - pc : KB);
                if (g->apack)
                    g->apack->pack(g->apack, i, pc, 2, kc, 2, 1, rows);
                else
                    for (int p = 0; p < 2 * kc; p++)
                        rows[p] = g->alpha * g->a[(i + (size_t)(p % 2)) * ar
                                                  + (pc + (size_t)p / 2) * as];
                if (g->bpack)
                    g->bpack->pack(g->bpack, j, pc, 2, kc, 2, 1, cols);
                else
                    for (int p = 0; p < 2 * kc; p++)
                        cols[p] = g->b[(pc + (size_t)p / 2) * br
                                       + (j + (size_t)(p % 2)) * bs];
                for (int p = 0; p < kc; p++)
                    for (int c = 0; c < 2; c++)
                        for (int r = 0; r < 2; r++)
                            t[r + 2 * c] += rows[2 * p + r] * cols[2 * p + c];
            }
            g->merge->merge(g->merge, i, j, 2, 2, g->beta, t, 2);
        }
}

void mml_gemm_naive(const struct mml_gemm *g)
{
    if (g->merge) {
        merged(g);
        return;
    }
    if (g->apack || g->bpack) {
        from_packers(g);
        return;
    }

    /* op(X)(r, s) = x[r*xr + s*xs] */
    size_t ar = g->ta ? g->lda : 1, as = g->ta ? 1 : g->lda;
    size_t br = g->tb ? g->ldb : 1, bs = g->tb ? 1 : g->ldb;

    for (size_t j = 0; j < g->n; j++) {
        mml_elem *c = g->c + j * g->ldc;
        mml_scale_c(g->m, 1, g->beta, c, g->ldc);
        for (size_t p = 0; p < g->k; p++) {
            mml_elem t = g->alpha * g->b[p * br + j * bs];
            const mml_elem *a = g->a + p * as;
            for (size_t i = 0; i < g->m; i++)
                c[i] += t * a[i * ar];
        }
    }
}
