/* The reference path: the product in plain loops on the caller's arrays,
 * the reference BLAS's loop order (j, p, i: C's column j updated by
 * alpha op(B)(p,j) times op(A)'s column p).  Slow and always correct; the
 * library takes it on CPUs that lack the kernels' ISA and when no
 * workspace can be allocated. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "kernels/driver.h"

void mml_gemm_naive(const struct mml_gemm *g)
{
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
