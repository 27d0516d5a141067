/* Scalar emitter: fractional tiles at the M and N edges get register
 * tiles of their own exact shape, so scalar replacement still applies;
 * with a run-time size a switch picks the shape (the general cleanup of
 * paper 002 §III-B step 7). */
#include "codegen/emit_int.h"

int mmg_scalar_tiles(const struct mmg_ctx *x, int beta)
{
    const struct mmg_params *p = x->p;
    int rows[65], cols[65], nrows, ncols;

    rows[0] = p->mu;
    cols[0] = p->nu;
    nrows = 1 + mmg_edge_sizes(x->m, p->mu, rows + 1);
    ncols = 1 + mmg_edge_sizes(x->n, p->nu, cols + 1);
    for (int c = 0; c < ncols; c++)
        for (int r = 0; r < nrows; r++) {
            struct mmg_tile t = { rows[r], cols[c], beta, p->ff, x->layout,
                                  p->perturb && !r && !c, 0,
                                  p->pfa && !r && !c, 0, 0, 0, 0 };
            if (mmg_emit_tile(x, &t) != 0)
                return -1;
        }
    return 0;
}

static void call(const struct mmg_ctx *x, int beta, int mr, int nr)
{
    struct mmg_tile t = { mr, nr, beta, x->p->ff, x->layout, 0, 0, 0,
                          0, 0, 0, 0 };
    mmg_call_tile(x, &t);
}

/* Rows left below the last full tile of a column panel nr wide. */
static void m_edge(const struct mmg_ctx *x, int beta, int nr)
{
    int sizes[64], n = mmg_edge_sizes(x->m, x->p->mu, sizes);

    if (x->m) {
        if (n)
            call(x, beta, sizes[0], nr);
        return;
    }
    if (!n)
        return;
    mmg_open(x->e, "switch (m - i)");
    for (int s = 0; s < n; s++) {
        mmg_line(x->e, "case %d:", sizes[s]);
        mmg_indent(x->e, 1);
        call(x, beta, sizes[s], nr);
        mmg_line(x->e, "break;");
        mmg_indent(x->e, -1);
    }
    mmg_close(x->e);
}

/* A column panel nr wide: full tiles down, then the M edge. */
static void panel(const struct mmg_ctx *x, int beta, int nr)
{
    mmg_line(x->e, "for (i = 0; i + %d <= %s; i += %d)", x->p->mu, x->md,
             x->p->mu);
    mmg_indent(x->e, 1);
    call(x, beta, x->p->mu, nr);
    mmg_indent(x->e, -1);
    m_edge(x, beta, nr);
}

void mmg_scalar_edges(const struct mmg_ctx *x, int beta, int dim)
{
    if (dim == 'm')
        m_edge(x, beta, x->p->nu);
    else
        mmg_n_edge(x, beta, panel);
}
