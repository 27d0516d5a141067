/* The context of one kernel's emitters (emit_int.h) and what every one
 * of them calls: names, the calls of tiles, the opening of a function,
 * the edge sizes.  Below emit_kernel.c (the whole kernel) and the
 * scalar and SIMD emitters, which call these and nothing above them. */
#include "codegen/emit_int.h"

#include <stdio.h>
#include <string.h>

const char *const mmg_kernel_arg_names[] = {
    "m", "n", "k", "a", "lda", "b", "ldb", "beta", "c", "ldc", NULL
};

static void dim_expr(int v, const char *name, char *out, size_t len)
{
    if (v)
        snprintf(out, len, "%d", v);
    else
        snprintf(out, len, "%s", name);
}

/* Intel names a vector of floats as its vector of doubles less the 'd'
 * (__m512d, __m512); a scalar is the element type itself.  Into out. */
static void vector_type(const struct mmg_ctx *x, const char *dvec,
                        char out[16])
{
    size_t len = strlen(dvec);

    if (x->vlen == 1)
        snprintf(out, 16, "%s", x->ty->ctype);
    else if (x->ty->per_double == 1)
        snprintf(out, 16, "%s", dvec);
    else
        snprintf(out, 16, "%.*s", (int)len - 1, dvec);
}

void mmg_ctx_init(struct mmg_ctx *x, const struct mmg_params *p,
                  struct mmg_emit *e)
{
    memset(x, 0, sizeof *x);
    x->p = p;
    x->e = e;
    mmg_kernel_name(p, x->name, sizeof x->name);
    x->ty = &mmg_types[p->type];
    x->vlen = mmg_lanes(p);
    x->layout = p->bt ? MMT_LAYOUT_NOCOPY_BT
        : !p->copy ? MMT_LAYOUT_NOCOPY
        : x->vlen > 1 ? MMT_LAYOUT_PANEL : MMT_LAYOUT_ATLAS;
    x->m = mmg_dim(p, 'm');
    x->n = mmg_dim(p, 'n');
    x->k = mmg_dim(p, 'k');
    dim_expr(x->m, "m", x->md, sizeof x->md);
    dim_expr(x->n, "n", x->nd, sizeof x->nd);
    dim_expr(x->k, "k", x->kd, sizeof x->kd);
    vector_type(x, mmc_isas[p->isa].vtype, x->vtype);
    x->vp = mmc_isas[p->isa].vprefix;
    x->requires = p->fma ? mmc_isas[p->isa].target_fma
                         : mmc_isas[p->isa].target;
    if (mmg_half(x)) {       /* AVX2's vectors are AVX-512's halves */
        x->requires = mmc_isas[p->isa].target_half;
        vector_type(x, mmc_isas[MMC_ISA_AVX2].vtype, x->hvtype);
        x->hvp = mmc_isas[MMC_ISA_AVX2].vprefix;
    }
    if (x->requires[0])
        snprintf(x->attr, sizeof x->attr,
                 "__attribute__((target(\"%s\"))) ", x->requires);
}

void mmg_variant_name(const struct mmg_ctx *x, int beta, char *out,
                      size_t len)
{
    snprintf(out, len, "%s_%s", x->name, beta == MMG_BETA0 ? "b0"
             : beta == MMG_BETA1 ? "b1" : "bx");
}

void mmg_tile_name(const struct mmg_ctx *x, const struct mmg_tile *t,
                   char *out, size_t len)
{
    char variant[160];

    if (t->shared) {
        snprintf(out, len, "%s_pk", x->name);
        return;
    }
    mmg_variant_name(x, t->beta, variant, sizeof variant);
    snprintf(out, len, "%s_t%dx%d%s", variant, t->mr, t->nr,
             t->half ? "_mh" : t->masked ? "_m" : "");
}

int mmg_isa_masks(const struct mmg_params *p)
{
    return p->isa == MMG_ISA_AVX512 || p->isa == MMG_ISA_AVX2;
}

int mmg_masked(const struct mmg_ctx *x)
{
    int simd = x->layout == MMT_LAYOUT_NOCOPY
               || x->layout == MMT_LAYOUT_NOCOPY_BT
               || x->layout == MMT_LAYOUT_PANEL;

    return simd && !x->m && mmg_isa_masks(x->p);
}

int mmg_half(const struct mmg_ctx *x)
{
    return mmg_masked(x) && x->p->fma && mmc_isas[x->p->isa].target_half;
}

int mmg_half_twin(const struct mmg_ctx *x, int nr)
{
    return mmg_half(x) && nr == x->p->nu;
}

void mmg_call_tile(const struct mmg_ctx *x, const struct mmg_tile *t)
{
    char name[192], extra[160] = "";

    mmg_tile_name(x, t, name, sizeof name);
    /* the full tiles' columns: N, or the panels before a merged one
     * (mmg_n_merge: the loop's jend), which the tiles' turns cover */
    if (t->pfa)
        snprintf(extra, sizeof extra, ", mmt_pfa_start%s(a + i, %s, lda, "
                 "%s, %s, j, %d)", x->ty->lib, x->md,
                 mmg_n_merge(x) ? "jend" : x->nd, x->kd, x->p->nu);
    mmg_call(x, name, extra);
}

void mmg_call(const struct mmg_ctx *x, const char *fname, const char *extra)
{
    char arow[48], bcol[48];

    if (x->layout == MMT_LAYOUT_NOCOPY_BT) {
        snprintf(arow, sizeof arow, "a + i");
        snprintf(bcol, sizeof bcol, "b + j");
    } else if (x->layout == MMT_LAYOUT_NOCOPY) {
        snprintf(arow, sizeof arow, "a + i");
        snprintf(bcol, sizeof bcol, "b + j * ldb");
    } else {
        snprintf(arow, sizeof arow, "a + i * %s", x->kd);
        snprintf(bcol, sizeof bcol, "b + j * %s", x->kd);
    }
    mmg_line(x->e, "%s(m, n, k,", fname);
    mmg_indent(x->e, 1);
    mmg_line(x->e, "%s, lda, %s, ldb,", arow, bcol);
    mmg_line(x->e, "beta, &c[i + j * ldc], ldc%s);", extra);
    mmg_indent(x->e, -1);
}

void mmg_function(const struct mmg_ctx *x, const char *storage,
                  const char *name, const char *extra)
{
    const char *t = x->ty->ctype;

    mmg_line(x->e, "%s%svoid", storage, x->attr);
    mmg_line(x->e, "%s(int m, int n, int k,", name);
    mmg_line(x->e, "    const %s *restrict a, int lda, const %s *restrict "
             "b,", t, t);
    mmg_line(x->e, "    int ldb, %s beta, %s *restrict c, int ldc%s)", t, t,
             extra);
    mmg_block(x->e);
    mmg_unused(x->e, mmg_kernel_arg_names);
}

int mmg_edge_sizes(int fixed, int u, int *sizes)
{
    int n = 0;
    if (fixed) {
        if (fixed % u)
            sizes[n++] = fixed % u;
        return n;
    }
    for (int r = 1; r < u && r < 64; r++)
        sizes[n++] = r;
    return n;
}

/* A remainder of r columns costs a pass of its own over A's rows, with
 * tiles of few columns: loads enough for a whole tile, multiply-adds for
 * r columns.  Run with the full panel before it as one wider tile, the
 * pass and the tile's fixed cost go.  Only in non-copy kernels with
 * masked tiles (mmg_masked): the rows such a panel leaves below its last
 * whole tile need them, where the packed edge holds NU columns at most.
 * On Zen 5, the avx512 16 x 8 kernel alone (a loop of warm calls), with
 * the merge against without: N = 20 1.14x, 36 1.09, 44 1.07, 60 1.07,
 * 90 1.05, 100 1.04; N = 70 and 150 (six left: a 16 x 14 tile) and 200
 * (none) level. */
/* 1 for a non-copy kernel (layouts 3 and 4) with masked tiles: the
 * kernels whose edges merge. */
static int nocopy_masked(const struct mmg_ctx *x)
{
    return mmg_masked(x) && (x->layout == MMT_LAYOUT_NOCOPY
                             || x->layout == MMT_LAYOUT_NOCOPY_BT);
}

int mmg_n_merge(const struct mmg_ctx *x)
{
    struct mmg_params wide = *x->p;
    int r = 0;

    if (x->n || !nocopy_masked(x))
        return 0;
    for (; r + 1 < x->p->nu; r++) {
        wide.nu = x->p->nu + r + 1;
        if (mmg_regs_needed(&wide) > mmg_regs_available(x->p))
            break;
    }
    return r;
}

/* A last full tile and up to V rows below it, run as two tiles, take
 * the broadcasts of B twice and two tiles' fixed cost; as one tile of
 * MU + V rows, masked, once.  On Zen 5 (the library, bench-dgemm, 21
 * rounds, medians, against the columns' merge alone) warm 1.03-1.09x at
 * N = 20-100 with 2 or 4 rows left, flushed 0.97-1.13x. */
int mmg_m_merge(const struct mmg_ctx *x, int nr)
{
    struct mmg_params tall = *x->p;

    if (x->m || !nocopy_masked(x))
        return 0;
    tall.mu = x->p->mu + x->vlen, tall.nu = nr;
    return mmg_regs_needed(&tall) <= mmg_regs_available(x->p);
}

const char *mmg_m_end(const struct mmg_ctx *x, int nr)
{
    return mmg_m_merge(x, nr) ? "iend" : x->md;
}

int mmg_n_widths(const struct mmg_ctx *x, int *sizes)
{
    int n = mmg_edge_sizes(x->n, x->p->nu, sizes);

    for (int r = 1; r <= mmg_n_merge(x) && n < 64; r++)
        sizes[n++] = x->p->nu + r;
    return n;
}

void mmg_n_edge(const struct mmg_ctx *x, int beta,
                void (*panel)(const struct mmg_ctx *x, int beta, int nr))
{
    int sizes[64], n = mmg_n_widths(x, sizes);

    if (!n)
        return;
    if (x->n) {
        mmg_block(x->e);
        panel(x, beta, sizes[0]);
        mmg_close(x->e);
        return;
    }
    mmg_open(x->e, "switch (n - j)");
    for (int s = 0; s < n; s++) {
        mmg_line(x->e, "case %d:", sizes[s]);
        mmg_indent(x->e, 1);
        panel(x, beta, sizes[s]);
        mmg_line(x->e, "break;");
        mmg_indent(x->e, -1);
    }
    mmg_close(x->e);
}
