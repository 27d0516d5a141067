/* The small-problem path (paper 002 Sec. II-C: ATLAS runs its non-copy
 * kernel on small problems, where copying costs more than it saves).
 * Below the crossover NCNB nothing is packed: the non-copy kernels
 * (COPY=0, KERNEL_ABI.md layout 3, run-time M, N, K) run on the caller's
 * column-major arrays, always on whole register tiles: the full tile MU x
 * NU on the rows and columns it covers, the narrow one (one vector of
 * rows, V) on the next whole vectors of rows.  What is left, fewer than V
 * rows and fewer than NU columns, is copied with zero padding into the
 * workspace (V x K and K x NU doubles) and computed into a C tile that is
 * merged into C: the kernels' own edge code (a stack copy per tile) never
 * runs.
 *
 * Measured on Zen 5 (avx512, MU = 24, NU = 8, V = 8), single thread:
 * the packed path spends at N = 100 about as long packing and merging a
 * 24-row tile padded for 4 rows as OpenBLAS spends on the whole product;
 * the non-copy kernels on the caller's arrays run at 95-111 GFLOPS warm.
 * From memory the first touch of the operands dominates: a pass that
 * loads one word of every line of A, B and C first (when they fit what
 * the blocking gives L2) lets the kernels run at their warm speed. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "kernels/driver.h"

#define LINE_DOUBLES 8   /* 64-byte lines */

int mml_small_fits(const struct mml_plan *p, const struct mml_gemm *g)
{
    size_t lim = (size_t)p->ncnb, big = (size_t)INT_MAX / (lim + 1);

    return p->knc && p->kncv && !g->ta && !g->tb && g->m <= lim
           && g->n <= lim && g->k <= lim
           && (g->alpha == 1.0 || g->beta == 0.0)
           && g->lda <= big && g->ldb <= big && g->ldc <= big;
}

static size_t up_to(size_t x, size_t step)
{
    return (x + step - 1) / step * step;
}

/* The workspace's parts: A's last rows (V x K), B's last columns (K x
 * NU), the C tile (V x N or M x NU, M rounded up to V). */
static void parts(const struct mml_plan *p, const struct mml_gemm *g,
                  size_t part[3])
{
    size_t v = (size_t)p->kncv->mu, nu = (size_t)p->knc->nu;
    size_t rows = v * g->n, cols = up_to(g->m, v) * nu;

    part[0] = up_to(v * g->k, LINE_DOUBLES);
    part[1] = up_to(g->k * nu, LINE_DOUBLES);
    part[2] = up_to(rows > cols ? rows : cols, LINE_DOUBLES);
}

size_t mml_small_doubles(const struct mml_plan *p, const struct mml_gemm *g)
{
    size_t part[3];

    /* whole tiles only: nothing to copy (and no thread-local lookup) */
    if (g->m % (size_t)p->kncv->mu == 0 && g->n % (size_t)p->knc->nu == 0)
        return 0;
    parts(p, g, part);
    return part[0] + part[1] + part[2];
}

/* One word of every 64-byte line of the m x n column-major x loaded (as
 * integers: no value is used, C may hold NaN), so the kernels find the
 * operands in cache instead of waiting for each line in turn. */
static volatile uint64_t touched;

static void touch(const double *x, size_t m, size_t n, size_t ld)
{
    uint64_t s = 0, w;

    for (size_t j = 0; j < n; j++, x += ld) {
        for (size_t i = 0; i < m; i += LINE_DOUBLES) {
            memcpy(&w, x + i, sizeof w);
            s ^= w;
        }
        memcpy(&w, x + m - 1, sizeof w);
        s ^= w;
    }
    touched = s;
}

/* Rows r0.. (mr of them, mr < w) of the m x k column-major a into w x k
 * column-major at d (leading dimension w), rows past mr zero. */
static void copy_rows(const double *a, size_t lda, int mr, int k, int w,
                      double *d)
{
    for (int p = 0; p < k; p++, a += lda, d += w) {
        memcpy(d, a, (size_t)mr * sizeof *d);
        memset(d + mr, 0, (size_t)(w - mr) * sizeof *d);
    }
}

/* Columns (nr of them, nr < w) of the k x n column-major b into k x w
 * column-major at d (leading dimension k), columns past nr zero. */
static void copy_cols(const double *b, size_t ldb, int nr, int k, int w,
                      double *d)
{
    for (int j = 0; j < nr; j++)
        memcpy(d + (size_t)j * k, b + j * ldb, (size_t)k * sizeof *d);
    memset(d + (size_t)nr * k, 0, (size_t)(w - nr) * k * sizeof *d);
}

/* The whole register tiles of n columns (a multiple of NU) of C: the
 * full kernel on the first mw rows, the narrow one on the next mv - mw. */
struct rows {
    int mw, mv, k;
    const double *a;
    size_t lda;
};

static void run_rows(const struct mml_plan *p, const struct rows *r, int n,
                     const double *b, int ldb, double beta, double *c,
                     int ldc)
{
    if (r->mw)
        mml_variant(p->knc, beta)(r->mw, n, r->k, r->a, (int)r->lda, b, ldb,
                                 beta, c, ldc);
    if (r->mv > r->mw)
        mml_variant(p->kncv, beta)(r->mv - r->mw, n, r->k, r->a + r->mw,
                                  (int)r->lda, b, ldb, beta, c + r->mw, ldc);
}

void mml_gemm_small(const struct mml_gemm *g, const struct mml_plan *p,
                    double *work)
{
    int m = (int)g->m, n = (int)g->n, k = (int)g->k, v = p->kncv->mu;
    int nu = p->knc->nu, mw = m / p->knc->mu * p->knc->mu;
    int mv = mw + (m - mw) / v * v, nw = n / nu * nu;
    int ldb = (int)g->ldb, ldc = (int)g->ldc, ldt = mv + (mv < m ? v : 0);
    struct rows r = { mw, mv, k, g->a, g->lda };
    size_t part[3];
    double *ap = work, *bp = NULL, *ct = NULL;

    if (work) {          /* NULL when M and N are whole tiles */
        parts(p, g, part);
        bp = ap + part[0];
        ct = bp + part[1];
    }
    if (g->m * g->k + g->k * g->n + g->m * g->n
        <= 2 * (size_t)p->mc * (size_t)p->kc) {
        touch(g->a, g->m, g->k, g->lda);
        touch(g->b, g->k, g->n, g->ldb);
        touch(g->c, g->m, g->n, g->ldc);
    }
    if (nw)
        run_rows(p, &r, nw, g->b, ldb, g->beta, g->c, ldc);
    if (mv < m) {
        copy_rows(g->a + mv, g->lda, m - mv, k, v, ap);
        if (nw) {
            p->kncv->beta0(v, nw, k, ap, v, g->b, ldb, 0.0, ct, v);
            mml_merge(m - mv, nw, g->beta, ct, v, g->c + mv, g->ldc);
        }
    }
    if (nw < n) {
        copy_cols(g->b + (size_t)nw * g->ldb, g->ldb, n - nw, k, nu, bp);
        run_rows(p, &r, nu, bp, k, 0.0, ct, ldt);
        if (mv < m)
            p->kncv->beta0(v, nu, k, ap, v, bp, k, 0.0, ct + mv, ldt);
        mml_merge(m, n - nw, g->beta, ct, ldt, g->c + (size_t)nw * g->ldc,
                  g->ldc);
    }
    /* the kernels have no alpha; beta is 0 when it is not 1 */
    mml_scale_c(g->m, g->n, g->alpha, g->c, g->ldc);
}
