/* SIMD emitter: the register tile is MU/V vectors of A (vector loads, M
 * contiguous in the panel layout and in column-major A) by NU broadcasts of
 * B, accumulated with fused multiply-adds in intrinsics.  The columns left
 * at the N edge get tiles of their exact width (MU x nr, nr < NU, a switch
 * on n - j at run time; with masked tiles and few enough columns left,
 * MU x (NU + nr) with the last full panel: mmg_n_merge), which cost what
 * they compute: a run of whole NU columns shifted over columns done
 * already, as the library did before, computed up to NU - 1 columns
 * twice (N = 32 with NU = 5 on Zen 4: 35 columns for 32).  Their k loop
 * steps one k a trip whatever KU, so that they add little to the compile
 * (the avx512 16 x 5 non-copy kernel at KU = 64: 5.1 s with its four, 5.0
 * s before).  The rows left at the M edge get tiles of their own when
 * they are whole vectors (a driver pads A's last panel so: N = 500 had
 * run its 20 last rows as a whole 40-row tile, 89% of peak on Zen 4 where
 * 480 ran at 93%).  Any other rows (and the corner of both edges) are
 * packed, zero-padded, into a full MU x NU panel pair on the stack,
 * computed by one shared packed tile into a scratch tile, and the valid
 * part merged into C: correct for any edge size and any layout, at a cost
 * of O(MU*K) per edge tile.  The panels are K deep on an ISA with masked
 * tiles (its kernels generated as they were timed); on the others (SSE2)
 * K is packed and multiplied in slices of EDGE_K steps, so that the
 * edge's stack stays small (at most 32 KiB of panels, where K deep took
 * up to 1 MiB and overflowed a small thread stack).  Except in a non-copy
 * kernel with run-time M on AVX-512 or AVX2 (mmg_masked): there every row
 * count below MU, and the corner, gets a tile of its whole vectors whose
 * last one is loaded and stored under a mask (up to V rows run with the
 * last full tile above them where the registers hold MU + V rows:
 * mmg_m_merge), where the library had shifted a vector of rows back over
 * rows done (Zen 5, warm, a loop of calls: N = 15 158 and 103 ns). */
#include "codegen/emit_int.h"

#include <stdio.h>

/* The depth of the packed edge's slices of K on an ISA without masked
 * tiles: its panels are MU x EDGE_K and EDGE_K x NU on the stack, at
 * most 32 KiB (MU, NU <= 64), where K deep ones took up to 1 MiB
 * (MU = NU = 64, K = 1024) and overflowed a thread's small stack. */
enum { EDGE_K = 32 };

/* The packed edge's slice depth: EDGE_K, or a fixed K below it; 0 where
 * the edge packs the whole K (an ISA with masked tiles). */
static int edge_slice(const struct mmg_ctx *x)
{
    if (mmg_isa_masks(x->p))
        return 0;
    return x->k && x->k < EDGE_K ? x->k : EDGE_K;
}

/* The packed tile: C = A B over the whole K, or, in slices, C += A B
 * over one slice (its K fixed at the slice's depth). */
int mmg_simd_shared(const struct mmg_ctx *x)
{
    struct mmg_tile pk = { x->p->mu, x->p->nu, MMG_BETA0, 0,
                           MMT_LAYOUT_PANEL, 0, 1, 0, 0, 0, 0, 0 };
    struct mmg_ctx slice = *x;

    if (!edge_slice(x))
        return mmg_emit_tile(x, &pk);
    slice.k = edge_slice(x);
    snprintf(slice.kd, sizeof slice.kd, "%d", slice.k);
    pk.beta = MMG_BETA1, pk.ff = 1;
    return mmg_emit_tile(&slice, &pk);
}

static void edge_name(const struct mmg_ctx *x, int beta, char *out,
                      size_t len)
{
    char variant[160];
    mmg_variant_name(x, beta, variant, sizeof variant);
    snprintf(out, len, "%s_edge", variant);
}

/* Copy the mr x K sliver of A and the K x nr sliver of B into padded
 * panels; padding is zero so the scratch tile stays finite.  k is the
 * step's expression ("p", or "q + p" in a slice from q) and past, the
 * test of a step past K ("" where there is none). */
static void emit_pack(const struct mmg_ctx *x, int depth, const char *k,
                      const char *past)
{
    int bt = x->layout == MMT_LAYOUT_NOCOPY_BT;
    int nocopy = bt || x->layout == MMT_LAYOUT_NOCOPY;
    char ai[48], bi[48];

    if (nocopy)
        snprintf(ai, sizeof ai, "i + %s * lda", k);
    else
        snprintf(ai, sizeof ai, "%s * mr + i", k);
    if (bt)
        snprintf(bi, sizeof bi, "j + %s * ldb", k);
    else if (nocopy)
        snprintf(bi, sizeof bi, "%s + j * ldb", k);
    else
        snprintf(bi, sizeof bi, "%s * nr + j", k);
    if (depth)
        mmg_open(x->e, "for (p = 0; p < %d; p++)", depth);
    else
        mmg_open(x->e, "for (p = 0; p < %s; p++)", x->kd);
    mmg_line(x->e, "for (i = 0; i < %d; i++)", x->p->mu);
    mmg_line(x->e, "    abuf[p * %d + i] = i < mr%s ? a[%s] : 0.0;",
             x->p->mu, past, ai);
    mmg_line(x->e, "for (j = 0; j < %d; j++)", x->p->nu);
    mmg_line(x->e, "    bbuf[p * %d + j] = j < nr%s ? b[%s] : 0.0;",
             x->p->nu, past, bi);
    mmg_close(x->e);
}

/* The packed tile over K (its stack K deep), or slice by slice (its
 * stack one slice deep, edge_slice). */
static void emit_packed_product(const struct mmg_ctx *x)
{
    const struct mmg_params *p = x->p;
    int depth = edge_slice(x);
    char past[48];

    if (!depth) {
        mmg_line(x->e, "%s abuf[%d * %s], bbuf[%d * %s];", x->ty->ctype,
                 p->mu, x->kd, p->nu, x->kd);
        mmg_line(x->e, "%s t[%d] = { 0.0 };", x->ty->ctype, p->mu * p->nu);
        mmg_line(x->e, "int p, i, j;");
        emit_pack(x, 0, "p", "");
        mmg_line(x->e, "%s_pk(%d, %d, k,", x->name, p->mu, p->nu);
        mmg_line(x->e, "    abuf, %d, bbuf, %d, 0.0, t, %d);", p->mu, p->nu,
                 p->mu);
        return;
    }
    mmg_line(x->e, "%s abuf[%d * %d], bbuf[%d * %d];", x->ty->ctype, p->mu,
             depth, p->nu, depth);
    mmg_line(x->e, "%s t[%d] = { 0.0 };", x->ty->ctype, p->mu * p->nu);
    mmg_line(x->e, "int p, q, i, j;");
    mmg_open(x->e, "for (q = 0; q < %s; q += %d)", x->kd, depth);
    snprintf(past, sizeof past, " && q + p < %s", x->kd);
    emit_pack(x, depth, "(q + p)", past);
    mmg_line(x->e, "%s_pk(%d, %d, %d,", x->name, p->mu, p->nu, depth);
    mmg_line(x->e, "    abuf, %d, bbuf, %d, 1.0, t, %d);", p->mu, p->nu,
             p->mu);
    mmg_close(x->e);
}

static int emit_edge(const struct mmg_ctx *x, int beta)
{
    const struct mmg_params *p = x->p;
    static const char *const merge[] = {
        "", "", "c[i + j * ldc] + ", "", "beta * c[i + j * ldc] + "
    };
    char name[192];

    edge_name(x, beta, name, sizeof name);
    mmg_function(x, MMG_HELPER, name, ", int mr, int nr");
    emit_packed_product(x);
    mmg_line(x->e, "for (j = 0; j < nr; j++)");
    mmg_line(x->e, "    for (i = 0; i < mr; i++)");
    mmg_line(x->e, "        c[i + j * ldc] = %st[i + j * %d];", merge[beta],
             p->mu);
    mmg_close(x->e);
    mmg_blank(x->e);
    return mmg_emit_status(x->e);
}

/* An exact tile of the edges: mr x nr, one k step a trip. */
static struct mmg_tile edge_tile(const struct mmg_ctx *x, int beta, int mr,
                                 int nr)
{
    struct mmg_tile t = { mr, nr, beta, x->p->ff, x->layout, 0, 0, 0, 1, 0,
                          0, 0 };
    return t;
}

/* The rows the M edge can leave that are whole vectors (V, 2V, ... below
 * MU at run time; the fixed remainder if it is one): their own tiles. */
static int m_edge_sizes(const struct mmg_ctx *x, int *sizes)
{
    int all[64], n = mmg_edge_sizes(x->m, x->p->mu, all), w = 0;

    for (int s = 0; s < n; s++)
        if (all[s] % x->vlen == 0)
            sizes[w++] = all[s];
    return w;
}

/* The masked tiles of the M edge (mmg_masked): q vectors of rows, the
 * last masked, for q = 1 .. MU/V, NU columns wide and as wide as each
 * column panel the N edge can leave (the corner); each with its half
 * twin where there are such (mmg_half_twin). */
static int masked_tiles(const struct mmg_ctx *x, int beta, const int *cols,
                        int nc)
{
    for (int s = -1; s < nc; s++)
        for (int q = 1; q * x->vlen <= x->p->mu + x->vlen; q++) {
            int nr = s < 0 ? x->p->nu : cols[s];
            struct mmg_tile t = edge_tile(x, beta, q * x->vlen, nr);
            if (q * x->vlen > x->p->mu && !mmg_m_merge(x, nr))
                continue;
            t.masked = 1;
            if (mmg_emit_tile(x, &t) != 0)
                return -1;
            if (!mmg_half_twin(x, nr))
                continue;
            t.half = 1;
            if (mmg_emit_tile(x, &t) != 0)
                return -1;
        }
    return 0;
}

int mmg_simd_tiles(const struct mmg_ctx *x, int beta)
{
    const struct mmg_params *p = x->p;
    struct mmg_tile full = { p->mu, p->nu, beta, p->ff, x->layout,
                             p->perturb, 0, p->pfa, 0, p->pfb, 0, 0 };
    int cols[64], nc = mmg_n_widths(x, cols);
    int rows[64], nr = mmg_masked(x) ? 0 : m_edge_sizes(x, rows);

    if (mmg_emit_tile(x, &full) != 0)
        return -1;
    for (int s = 0; s < nc + nr; s++) {
        struct mmg_tile t = s < nc ? edge_tile(x, beta, p->mu, cols[s])
                                   : edge_tile(x, beta, rows[s - nc], p->nu);
        if (mmg_emit_tile(x, &t) != 0)
            return -1;
    }
    if (mmg_masked(x))
        return masked_tiles(x, beta, cols, nc);
    return emit_edge(x, beta);
}

/* The rows left at i (fewer than MU) by the masked tile of their whole
 * and fractional vectors, nr columns wide: its half twin (mmg_half_twin)
 * when the last vector holds at most half a vector of them. */
static void call_masked(const struct mmg_ctx *x, int beta, int nr)
{
    int v = x->vlen;

    mmg_open(x->e, "if (i < %s)", x->md);
    mmg_open(x->e, "switch ((%s - i + %d) / %d)", x->md, v - 1, v);
    for (int q = 1; q * v <= x->p->mu + v; q++) {
        struct mmg_tile t = edge_tile(x, beta, q * v, nr);
        if (q * v > x->p->mu && !mmg_m_merge(x, nr))
            break;
        char name[192], rows[64];
        t.masked = 1;
        mmg_tile_name(x, &t, name, sizeof name);
        snprintf(rows, sizeof rows, ", %s - i - %d", x->md, (q - 1) * v);
        mmg_line(x->e, "case %d:", q);
        mmg_indent(x->e, 1);
        if (mmg_half_twin(x, nr)) {
            char half[192];
            t.half = 1;
            mmg_tile_name(x, &t, half, sizeof half);
            mmg_line(x->e, "if (%s - i - %d <= %d)", x->md, (q - 1) * v,
                     v / 2);
            mmg_indent(x->e, 1);
            mmg_call(x, half, rows);
            mmg_indent(x->e, -1);
            mmg_line(x->e, "else");
            mmg_indent(x->e, 1);
            mmg_call(x, name, rows);
            mmg_indent(x->e, -1);
        } else {
            mmg_call(x, name, rows);
        }
        mmg_line(x->e, "break;");
        mmg_indent(x->e, -1);
    }
    mmg_close(x->e);
    mmg_close(x->e);
}

static void call_edge(const struct mmg_ctx *x, int beta, const char *mr,
                      const char *nr)
{
    char name[192], extra[64];

    edge_name(x, beta, name, sizeof name);
    snprintf(extra, sizeof extra, ", %s, %s", mr, nr);
    mmg_call(x, name, extra);
}

/* A column panel nr wide at the N edge: its whole MU rows by the exact
 * tile, the rows left (and so the corner) by the masked tiles
 * (mmg_masked), else by the packed edge. */
static void n_panel(const struct mmg_ctx *x, int beta, int nr)
{
    struct mmg_tile t = edge_tile(x, beta, x->p->mu, nr);
    char mr[32], nrs[32];

    mmg_line(x->e, "for (i = 0; i + %d <= %s; i += %d)", x->p->mu,
             mmg_m_end(x, nr), x->p->mu);
    mmg_indent(x->e, 1);
    mmg_call_tile(x, &t);
    mmg_indent(x->e, -1);
    if (x->m && x->m % x->p->mu == 0)
        return;
    if (mmg_masked(x)) {
        call_masked(x, beta, nr);
        return;
    }
    snprintf(mr, sizeof mr, "%s - i", x->md);
    snprintf(nrs, sizeof nrs, "%d", nr);
    mmg_line(x->e, "if (i < %s)", x->md);
    mmg_indent(x->e, 1);
    call_edge(x, beta, mr, nrs);
    mmg_indent(x->e, -1);
}

/* The rows left below the last full tile of a whole NU-column panel: by
 * the masked tiles (mmg_masked), else whole vectors of rows by their
 * exact tile and any other count packed. */
static void m_edge(const struct mmg_ctx *x, int beta)
{
    int sizes[64], n = m_edge_sizes(x, sizes);
    char mr[32], full[16];

    if (x->m && x->m % x->p->mu == 0)
        return;
    if (mmg_masked(x)) {
        call_masked(x, beta, x->p->nu);
        return;
    }
    snprintf(mr, sizeof mr, "%s - i", x->md);
    snprintf(full, sizeof full, "%d", x->p->nu);
    if (x->m && n) {
        struct mmg_tile t = edge_tile(x, beta, sizes[0], x->p->nu);
        mmg_call_tile(x, &t);
        return;
    }
    mmg_open(x->e, "if (i < %s)", x->md);
    if (n)
        mmg_open(x->e, "switch (%s - i)", x->md);
    for (int s = 0; s < n; s++) {
        struct mmg_tile t = edge_tile(x, beta, sizes[s], x->p->nu);
        mmg_line(x->e, "case %d:", sizes[s]);
        mmg_indent(x->e, 1);
        mmg_call_tile(x, &t);
        mmg_line(x->e, "break;");
        mmg_indent(x->e, -1);
    }
    if (n) {
        mmg_line(x->e, "default:");
        mmg_indent(x->e, 1);
    }
    call_edge(x, beta, mr, full);
    if (n) {
        mmg_indent(x->e, -1);
        mmg_close(x->e);
    }
    mmg_close(x->e);
}

void mmg_simd_edges(const struct mmg_ctx *x, int beta, int dim)
{
    if (dim == 'n')
        mmg_n_edge(x, beta, n_panel);
    else
        m_edge(x, beta);
}
