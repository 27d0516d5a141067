/* One register-tile function (paper 002 §II-A/B): the mr x nr tile of C
 * lives in scalars (or vectors) across the whole K loop (scalar
 * replacement); the k' loop runs KU k'' steps per trip, each printed from
 * the schedule of sched.c; leftover k'' steps follow, unrolled when K is
 * fixed.  Scalar and SIMD differ only in how an operation is spelt. */
#include "codegen/emit_int.h"

#include <stdio.h>

#include "codegen/loadsched.h"

struct tile_ctx {
    const struct mmg_ctx *x;
    const struct mmg_tile *t;
    int na;                  /* A registers per step (rows or vectors) */
};

static int simd(const struct tile_ctx *tc)
{
    return tc->x->vlen > 1;
}

/* Index of the operand a load reads at k index p + s: A's first element
 * of register r (is_b 0), or B's column r (is_b 1). */
static void operand_index(const struct tile_ctx *tc, int is_b, int s, int r,
                          char *out, size_t len)
{
    const struct mmg_ctx *x = tc->x;
    int at = is_b ? r : r * x->vlen;     /* row of A or column of B */

    switch (tc->t->layout) {
    case MMT_LAYOUT_ATLAS:               /* both K-contiguous */
        if (x->k)
            snprintf(out, len, "%d + p + %d", at * x->k, s);
        else
            snprintf(out, len, "%d * k + p + %d", at, s);
        break;
    case MMT_LAYOUT_PANEL:               /* M resp. N contiguous */
        /* a fractional last panel is as wide as its tile (KERNEL_ABI.md);
         * a masked tile's, as its rows (aw, made at the top) */
        if (!is_b && tc->t->masked)
            snprintf(out, len, "(p + %d) * aw + %d", s, at);
        else
            snprintf(out, len, "(p + %d) * %d + %d", s,
                     is_b ? tc->t->nr : tc->t->mr, at);
        break;
    case MMT_LAYOUT_NOCOPY_BT:           /* B^T stored: N contiguous */
        if (is_b)
            snprintf(out, len, "%d + (p + %d) * ldb", at, s);
        else
            snprintf(out, len, "%d + (p + %d) * lda", at, s);
        break;
    default:                             /* the caller's column-major */
        if (is_b)
            snprintf(out, len, "p + %d + %d * ldb", s, at);
        else
            snprintf(out, len, "%d + (p + %d) * lda", at, s);
    }
}

/* Vector row r of a masked tile is its last: only its first `rows`
 * lanes are loaded and stored (the mask km, made at the top). */
static int masked_row(const struct tile_ctx *tc, int r)
{
    return tc->t->masked && r == tc->na - 1;
}

/* Row r of a half tile is its last, at half width (mmg_half): its own
 * vector type and prefix, and the mask kh of 256-bit operations. */
static int half_row(const struct tile_ctx *tc, int r)
{
    return tc->t->half && r == tc->na - 1;
}

static const char *row_vtype(const struct tile_ctx *tc, int r)
{
    return half_row(tc, r) ? tc->x->hvtype : tc->x->vtype;
}

static const char *row_vp(const struct tile_ctx *tc, int r)
{
    return half_row(tc, r) ? tc->x->hvp : tc->x->vp;
}

/* A whole vector's value v as row r takes it: its low half in a half
 * row (a cast, no instruction). */
static void row_value(const struct tile_ctx *tc, int r, const char *v,
                      char *out, size_t len)
{
    const char *ps = tc->x->ty->suffix;

    if (half_row(tc, r))
        snprintf(out, len, "%s_cast%s512_%s256(%s)", tc->x->vp, ps, ps, v);
    else
        snprintf(out, len, "%s", v);
}

/* The vector at &x[ix], masked or whole as row r needs. */
static void vload(const struct tile_ctx *tc, int r, char x, const char *ix,
                  char *out, size_t len)
{
    const char *vp = tc->x->vp, *ps = tc->x->ty->suffix;

    if (half_row(tc, r))
        snprintf(out, len, "%s_maskz_loadu_%s(kh, &%c[%s])", tc->x->hvp,
                 ps, x, ix);
    else if (!masked_row(tc, r))
        snprintf(out, len, "%s_loadu_%s(&%c[%s])", vp, ps, x, ix);
    else if (tc->x->p->isa == MMG_ISA_AVX512)
        snprintf(out, len, "%s_maskz_loadu_%s(km, &%c[%s])", vp, ps, x, ix);
    else
        snprintf(out, len, "%s_maskload_%s(&%c[%s], km)", vp, ps, x, ix);
}

static void vstore(const struct tile_ctx *tc, int r, const char *ix,
                   const char *val)
{
    const char *vp = tc->x->vp, *ps = tc->x->ty->suffix;

    if (half_row(tc, r))
        mmg_line(tc->x->e, "%s_mask_storeu_%s(&c[%s], kh, %s);",
                 tc->x->hvp, ps, ix, val);
    else if (!masked_row(tc, r))
        mmg_line(tc->x->e, "%s_storeu_%s(&c[%s], %s);", vp, ps, ix, val);
    else if (tc->x->p->isa == MMG_ISA_AVX512)
        mmg_line(tc->x->e, "%s_mask_storeu_%s(&c[%s], km, %s);", vp, ps,
                 ix, val);
    else
        mmg_line(tc->x->e, "%s_maskstore_%s(&c[%s], km, %s);", vp, ps, ix,
                 val);
}

/* The mask of a masked tile's last vector: its first `rows` lanes (an
 * AVX-512 mask has a bit a lane, AVX2's lanes are as wide as the
 * elements). */
static void emit_mask(const struct tile_ctx *tc)
{
    const struct mmg_type *ty = tc->x->ty;
    int v = tc->x->vlen, used = 0;
    char lanes[64];

    if (!tc->t->masked)
        return;
    if (tc->t->layout == MMT_LAYOUT_PANEL)   /* A's last panel, stored tight */
        mmg_line(tc->x->e, "const int aw = %d + rows;",
                 (tc->na - 1) * v);
    if (tc->t->half) {       /* a 256-bit operation's mask: 8 bits */
        mmg_line(tc->x->e, "const __mmask8 kh = (__mmask8)((1u << rows) "
                 "- 1);");
        return;
    }
    if (tc->x->p->isa == MMG_ISA_AVX512) {
        mmg_line(tc->x->e, "const __mmask%d km = (__mmask%d)((1u << rows) "
                 "- 1);", v, v);
        return;
    }
    for (int i = 0; i < v; i++)
        used += snprintf(lanes + used, sizeof lanes - used, "%s%d",
                         i ? ", " : "", i);
    mmg_line(tc->x->e, "const __m256i km = _mm256_cmpgt_%s("
             "_mm256_set1_%s(rows), _mm256_setr_%s(%s));", ty->lane_int,
             ty->lane_set, ty->lane_set, lanes);
}

/* A is loaded as a vector (M runs contiguously in every SIMD layout), B
 * element by element and broadcast (§V-G); scalar loads are plain. */
static void print_load(const struct tile_ctx *tc, const struct mmg_op *op)
{
    int is_b = op->kind == MMG_LOAD_B, reg = is_b ? op->c : op->r;
    char ix[64], val[96];

    operand_index(tc, is_b, op->step, reg, ix, sizeof ix);
    if (!simd(tc))
        snprintf(val, sizeof val, "%c[%s]", "ab"[is_b], ix);
    else if (is_b)
        snprintf(val, sizeof val, "%s_set1_%s(b[%s])", tc->x->vp,
                 tc->x->ty->suffix, ix);
    else
        vload(tc, reg, 'a', ix, val, sizeof val);
    mmg_line(tc->x->e, "const %s %c%d_%d = %s;",
             is_b ? tc->x->vtype : row_vtype(tc, reg), "ab"[is_b], op->step,
             reg, val);
}

static void print_op(const struct tile_ctx *tc, const struct mmg_op *op)
{
    struct mmg_emit *e = tc->x->e;
    const char *vp = tc->x->vp, *ps = tc->x->ty->suffix;

    switch (op->kind) {
    case MMG_LOAD_A:
    case MMG_LOAD_B:
        print_load(tc, op);
        break;
    case MMG_FMA:
        if (simd(tc)) {
            char bv[24], b[64];
            snprintf(bv, sizeof bv, "b%d_%d", op->step, op->c);
            row_value(tc, op->r, bv, b, sizeof b);
            mmg_line(e, "c%d_%d = %s_fmadd_%s(a%d_%d, %s, c%d_%d);", op->r,
                     op->c, row_vp(tc, op->r), ps, op->step, op->r, b, op->r,
                     op->c);
        } else {
            mmg_line(e, "c%d_%d = mmt_fmadd%s(a%d_%d, b%d_%d, c%d_%d);",
                     op->r, op->c, tc->x->ty->lib, op->step, op->r,
                     op->step, op->c, op->r, op->c);
        }
        break;
    case MMG_MUL:
        if (simd(tc))
            mmg_line(e, "m%d = %s_mul_%s(a%d_%d, b%d_%d);", op->slot, vp,
                     ps, op->step, op->r, op->step, op->c);
        else
            mmg_line(e, "m%d = a%d_%d * b%d_%d;", op->slot, op->step,
                     op->r, op->step, op->c);
        break;
    case MMG_ADD:
        if (simd(tc))
            mmg_line(e, "c%d_%d = %s_add_%s(c%d_%d, m%d);", op->r, op->c,
                     vp, ps, op->r, op->c, op->slot);
        else
            mmg_line(e, "c%d_%d += m%d;", op->r, op->c, op->slot);
        break;
    }
}

/* The deliberate error of PERTURB=1: one accumulator grows by a part of
 * itself once per trip (2^-20 for double), far above the rounding the
 * check allows. */
static void print_perturbation(const struct tile_ctx *tc)
{
    const char *vp = row_vp(tc, 0), *ps = tc->x->ty->suffix;

    if (simd(tc))
        mmg_line(tc->x->e, "c0_0 = %s_add_%s(c0_0, %s_mul_%s(%s_set1_%s("
                 "%s), c0_0));", vp, ps, vp, ps, vp, ps,
                 tc->x->ty->perturb);
    else
        mmg_line(tc->x->e, "c0_0 += %s * c0_0;", tc->x->ty->perturb);
}

/* One body of `steps` k'' steps, as a block of its own. */
static int emit_body(const struct tile_ctx *tc, int steps, int perturb)
{
    const struct mmg_params *p = tc->x->p;
    struct mmg_body body = { steps, tc->na, tc->t->nr, p->fma, p->ls,
                             p->ifetch, p->nfetch };
    int updates = steps * tc->na * tc->t->nr;
    struct mmg_sched s;

    if (mmg_schedule(&body, &s) != 0)
        return -1;
    if (tc->t->pfa)
        mmg_line(tc->x->e, "mmt_pfa_steps%s(&pf, %d, %d);", tc->x->ty->lib,
                 steps, tc->t->mr);
    for (int s = 0; tc->t->pfb && s < steps; s++)
        mmg_line(tc->x->e, "mmt_pfb%s(b, %d, %s, p + %d);", tc->x->ty->lib,
                 tc->t->nr, tc->x->kd, s);
    for (int i = 0; !p->fma && i < p->ls && i < updates; i++)
        mmg_line(tc->x->e, "%s m%d;", tc->x->vtype, i);
    for (int i = 0; i < s.n; i++)
        print_op(tc, &s.ops[i]);
    if (perturb)
        print_perturbation(tc);
    mmg_sched_free(&s);
    return 0;
}

/* The k' loop and the leftover k'' steps (the remainder when KU does not
 * divide K: unrolled if K is fixed, one step a trip if not). */
static int emit_k_loops(const struct tile_ctx *tc)
{
    const struct mmg_ctx *x = tc->x;
    struct mmg_emit *e = x->e;
    int ku = tc->t->ku ? tc->t->ku : x->p->ku, k = x->k;
    int perturb = tc->t->perturb;

    mmg_line(e, "int p = 0;");
    if (!k || k >= ku) {
        mmg_open(e, "for (p = 0; p + %d <= %s; p += %d)", ku, x->kd, ku);
        if (emit_body(tc, ku, perturb) != 0)
            return -1;
        mmg_close(e);
        perturb = 0;
    }
    if (k && k % ku) {
        mmg_block(e);
        if (emit_body(tc, k % ku, perturb) != 0)
            return -1;
        mmg_close(e);
    } else if (!k && ku > 1) {
        mmg_open(e, "for (; p < k; p++)");
        if (emit_body(tc, 1, 0) != 0)
            return -1;
        mmg_close(e);
    }
    return 0;
}

static void c_index(const struct tile_ctx *tc, int r, int c, char *out,
                    size_t len)
{
    snprintf(out, len, "%d + %d * ldc", r * tc->x->vlen, c);
}

/* C(r, c) as read (vector row r), times beta for the general variant. */
static void c_load(const struct tile_ctx *tc, int r, const char *ix,
                   int beta, char *out, size_t len)
{
    char v[96];

    if (!simd(tc)) {
        snprintf(out, len, "%sc[%s]", beta == MMG_BETAX ? "beta * " : "",
                 ix);
        return;
    }
    vload(tc, r, 'c', ix, v, sizeof v);
    if (beta == MMG_BETAX) {
        char vbeta[48];
        row_value(tc, r, "vbeta", vbeta, sizeof vbeta);
        snprintf(out, len, "%s_mul_%s(%s, %s)", row_vp(tc, r),
                 tc->x->ty->suffix, vbeta, v);
    } else {
        snprintf(out, len, "%s", v);
    }
}

/* Accumulators, with C fetched at the top when FF=1 (§II-A: assignments
 * before the k' loop; for beta=0 a forced, unused fetch) and zero
 * otherwise. */
static void emit_c_init(const struct tile_ctx *tc)
{
    const struct mmg_ctx *x = tc->x;
    int top = tc->t->ff, beta = tc->t->beta;
    char ix[48], ld[256];

    if (beta == MMG_BETAX && simd(tc))
        mmg_line(x->e, "const %s vbeta = %s_set1_%s(beta);", x->vtype,
                 x->vp, x->ty->suffix);
    for (int c = 0; c < tc->t->nr; c++)
        for (int r = 0; r < tc->na; r++) {
            c_index(tc, r, c, ix, sizeof ix);
            if (top && beta != MMG_BETA0) {
                c_load(tc, r, ix, beta, ld, sizeof ld);
                mmg_line(x->e, "%s c%d_%d = %s;", row_vtype(tc, r), r, c,
                         ld);
                continue;
            }
            if (top)
                mmg_line(x->e, "mmt_touch%s(&c[%s]);", x->ty->lib, ix);
            if (simd(tc))
                mmg_line(x->e, "%s c%d_%d = %s_setzero_%s();",
                         row_vtype(tc, r), r, c, row_vp(tc, r),
                         x->ty->suffix);
            else
                mmg_line(x->e, "%s c%d_%d = 0.0;", x->vtype, r, c);
        }
}

/* Write the tile back; with FF=0 this is where C is read (§II-A: the
 * assignments after the k' loop). */
static void emit_c_store(const struct tile_ctx *tc)
{
    const struct mmg_ctx *x = tc->x;
    int beta = tc->t->ff ? MMG_BETA0 : tc->t->beta;
    char ix[48], ld[256], acc[32];

    for (int c = 0; c < tc->t->nr; c++)
        for (int r = 0; r < tc->na; r++) {
            c_index(tc, r, c, ix, sizeof ix);
            snprintf(acc, sizeof acc, "c%d_%d", r, c);
            c_load(tc, r, ix, beta, ld, sizeof ld);
            if (beta == MMG_BETA0 && simd(tc)) {
                vstore(tc, r, ix, acc);
            } else if (beta == MMG_BETA0) {
                mmg_line(x->e, "c[%s] = %s;", ix, acc);
            } else if (simd(tc)) {
                char sum[384];
                snprintf(sum, sizeof sum, "%s_add_%s(%s, %s)",
                         row_vp(tc, r), x->ty->suffix, ld, acc);
                vstore(tc, r, ix, sum);
            } else {
                mmg_line(x->e, "c[%s] = %s + %s;", ix, ld, acc);
            }
        }
}

int mmg_emit_tile(const struct mmg_ctx *x, const struct mmg_tile *t)
{
    struct tile_ctx tc = { x, t, t->mr / x->vlen };
    char name[192], extra[64], pfa[32] = "";

    mmg_tile_name(x, t, name, sizeof name);
    if (t->pfa)
        snprintf(pfa, sizeof pfa, ", struct mmt_pfa%s pf", x->ty->lib);
    snprintf(extra, sizeof extra, "%s%s", pfa, t->masked ? ", int rows" : "");
    mmg_function(x, MMG_HELPER, name, extra);
    emit_mask(&tc);
    emit_c_init(&tc);
    if (emit_k_loops(&tc) != 0)
        return -1;
    emit_c_store(&tc);
    mmg_close(x->e);
    mmg_blank(x->e);
    return 0;
}
