/* A whole kernel: the beta variants with their loops over register
 * tiles (the j', i' loops of Fig. 3, JIK order), the self-description and
 * the descriptor; the context and the emitters' shared calls are
 * emit_ctx.c's. */
#include "codegen/codegen.h"

#include <stdio.h>
#include <string.h>

#include "codegen/emit_int.h"

/* 1 when a panel of some width the variant runs merges its last rows
 * (mmg_m_merge): the full panels', or an N edge's. */
static int any_m_merge(const struct mmg_ctx *x)
{
    int widths[64], n = mmg_n_widths(x, widths);

    for (int i = 0; i < n; i++)
        if (mmg_m_merge(x, widths[i]))
            return 1;
    return mmg_m_merge(x, x->p->nu);
}

/* One beta variant: JIK over MU x NU tiles, then the fractional tiles. */
static int emit_variant(const struct mmg_ctx *x, int beta)
{
    const struct mmg_params *p = x->p;
    struct mmg_tile full = { p->mu, p->nu, beta, p->ff, x->layout,
                             p->perturb, 0, p->pfa, 0, p->pfb, 0, 0 };
    char name[160];
    int simd = x->vlen > 1;

    if ((simd ? mmg_simd_tiles(x, beta) : mmg_scalar_tiles(x, beta)) != 0)
        return -1;
    mmg_variant_name(x, beta, name, sizeof name);
    mmg_function(x, "", name, "");
    mmg_line(x->e, "int i = 0, j;");
    if (any_m_merge(x)) {
        /* the full tiles' loops stop before the last when the rows below
         * it are few enough to run with it as one taller tile, in the
         * panels whose width allows one (mmg_m_merge) */
        mmg_line(x->e, "int iend = %s;", x->md);
        mmg_line(x->e, "if (%s %% %d && %s %% %d <= %d && %s > %d)",
                 x->md, p->mu, x->md, p->mu, x->vlen, x->md, p->mu);
        mmg_line(x->e, "    iend = %s - %s %% %d - %d;", x->md, x->md,
                 p->mu, p->mu);
    }
    if (mmg_n_merge(x)) {
        /* the full panels' loop stops before the last when the columns
         * after it are few enough to run with it as one wider tile
         * (mmg_n_merge) */
        mmg_line(x->e, "int jend = %s - %s %% %d;", x->nd, x->nd, p->nu);
        mmg_line(x->e, "if (%s %% %d && %s %% %d <= %d && jend >= %d)",
                 x->nd, p->nu, x->nd, p->nu, mmg_n_merge(x), p->nu);
        mmg_line(x->e, "    jend -= %d;", p->nu);
        mmg_open(x->e, "for (j = 0; j + %d <= jend; j += %d)", p->nu,
                 p->nu);
    } else {
        mmg_open(x->e, "for (j = 0; j + %d <= %s; j += %d)", p->nu, x->nd,
                 p->nu);
    }
    if (p->pf) {
        /* PF=1: while this tile computes, the one the walk visits next
         * comes in; from memory, each strip's first tile would otherwise
         * stall on its C (a whole DGEMM on Zen 4 with the 32 x 5 kernel,
         * N = 2000: 53.2 to 54.5 GFLOPS; 2000 x 2000 x 64: 46.9 to
         * 51.9) */
        mmg_open(x->e, "for (i = 0; i + %d <= %s; i += %d)", p->mu,
                 mmg_m_end(x, p->nu), p->mu);
        mmg_line(x->e, "mmt_prefetch_next%s(%s, %s, i, j, %d, %d, c, "
                 "ldc);", x->ty->lib, x->md, x->nd, p->mu, p->nu);
        mmg_call_tile(x, &full);
        mmg_close(x->e);
    } else {
        mmg_line(x->e, "for (i = 0; i + %d <= %s; i += %d)", p->mu,
                 mmg_m_end(x, p->nu), p->mu);
        mmg_indent(x->e, 1);
        mmg_call_tile(x, &full);
        mmg_indent(x->e, -1);
    }
    (simd ? mmg_simd_edges : mmg_scalar_edges)(x, beta, 'm');
    mmg_close(x->e);
    (simd ? mmg_simd_edges : mmg_scalar_edges)(x, beta, 'n');
    mmg_close(x->e);
    mmg_blank(x->e);
    return 0;
}

/* Text safe inside a C comment or a C string. */
static void sanitize(const char *in, char *out, size_t len)
{
    size_t o = 0;
    for (; *in && o + 2 < len; in++) {
        if (*in == '"' || *in == '\\')
            out[o++] = '\\';
        out[o++] = *in == '*' && in[1] == '/' ? '+' : *in;
    }
    out[o] = '\0';
}

static int single(const struct mmg_ctx *x)
{
    return x->p->type == MMT_TYPE_S;
}

static double flops_per_call(const struct mmg_ctx *x)
{
    int tile = mmg_tile(x->p);
    return 2.0 * (x->m ? x->m : tile) * (x->n ? x->n : tile)
        * (x->k ? x->k : tile);
}

static void emit_description(const struct mmg_ctx *x)
{
    const struct mmg_params *p = x->p;
    static const char *const layout_text[] = {
        "", "ATLAS copy: A(i,p) = a[i*k + p], B(p,j) = b[j*k + p]",
        "panels: MU-row panels of A, NU-column panels of B",
        "no copy: column-major A (lda) and B (ldb)",
        ("no copy: column-major A (lda), B stored transposed: "
         "B(p,j) = b[j + p*ldb]")   /* one entry: clang asks for these () */
    };
    int need = mmg_regs_needed(p), have = mmg_regs_available(p);

    mmg_line(x->e, "/* Kernel %s", x->name);
    mmg_line(x->e, " *   C(M x N) = A(M x K) * B(K x N) + beta * C, "
             "M=%s N=%s K=%s", x->md, x->nd, x->kd);
    mmg_line(x->e, " *   ISA=%s (%d %s%s a vector) NB=%d NCNB=%d "
             "COPY=%d%s%s", mmg_isa_name(p->isa), x->vlen, x->ty->ctype,
             x->vlen > 1 ? "s" : "", p->nb,
             p->ncnb == MMG_TILE ? p->nb : p->ncnb, p->copy,
             p->bt ? " BT=1" : "", single(x) ? " TYPE=s" : "");
    mmg_line(x->e, " *   MU=%d NU=%d KU=%d LS=%d FMA=%d FF=%d IF=%d "
             "NF=%d%s%s%s", p->mu, p->nu, p->ku, p->ls, p->fma, p->ff,
             p->ifetch, p->nfetch, p->pf ? " PF=1" : "", p->pfa ? " PFA=1" : "",
             p->pfb ? " PFB=1" : "");
    mmg_line(x->e, " *   layout: %s", layout_text[x->layout]);
    mmg_line(x->e, " *   flops per call: %.0f (2*M*N*K, run-time sizes "
             "taken as %d)", flops_per_call(x), mmg_tile(p));
    mmg_line(x->e, " *   registers: %d needed, %d available%s */", need,
             have, need > have ? " -- WARNING: will spill" : "");
}

static void emit_descriptor(const struct mmg_ctx *x, const char *command)
{
    const struct mmg_params *p = x->p;
    static const int bits[3] = { MMG_BETA0, MMG_BETA1, MMG_BETAX };
    static const char *const fields[3] = { "beta0", "beta1", "betax" };
    char text[1024], variant[160];

    sanitize(command ? command : "", text, sizeof text);
    mmg_open(x->e, "const struct mmt_kernel_desc %s_desc =", x->name);
    mmg_line(x->e, ".abi = MMT_KERNEL_ABI, .name = \"%s\",", x->name);
    mmg_line(x->e, ".command = \"%s\",", text);
    mmg_line(x->e, ".isa = \"%s\", .requires = \"%s\", .vlen = %d,",
             mmg_isa_name(p->isa), x->requires, x->vlen);
    mmg_line(x->e, ".layout = %d, .nb = %d, .m = %d, .n = %d, .k = %d,",
             (int)x->layout, mmg_tile(p), x->m, x->n, x->k);
    mmg_line(x->e, ".mu = %d, .nu = %d, .ku = %d, .ls = %d, .fma = %d, "
             ".ff = %d, .pf = %d, .pfa = %d, .pfb = %d,", p->mu, p->nu, p->ku,
             p->ls, p->fma, p->ff, p->pf, p->pfa, p->pfb);
    mmg_line(x->e, ".ifetch = %d, .nfetch = %d, .regs_needed = %d, "
             ".regs_available = %d,", p->ifetch, p->nfetch,
             mmg_regs_needed(p), mmg_regs_available(p));
    mmg_line(x->e, ".masked_rows = %d,", mmg_masked(x));
    mmg_line(x->e, ".flops = %.1f,", flops_per_call(x));
    /* a double kernel's descriptor leaves the type out (0 is double):
     * its text stays what it was before the type existed */
    if (single(x))
        mmg_line(x->e, ".type = MMT_TYPE_S,");
    for (int i = 0; i < 3; i++) {
        mmg_variant_name(x, bits[i], variant, sizeof variant);
        mmg_line(x->e, ".%s%s = %s,", single(x) ? "s" : "", fields[i],
                 p->betas & bits[i] ? variant : "0");
    }
    mmg_indent(x->e, -1);
    mmg_line(x->e, "};");
    mmg_blank(x->e);
}

int mmg_emit_prologue(FILE *fp, const char *command)
{
    struct mmg_emit e;
    char text[1024];

    sanitize(command ? command : "", text, sizeof text);
    mmg_emit_init(&e, fp);
    mmg_line(&e, "/* Generated by mmgen (generator version %s): do not "
             "edit, it is a", MMG_VERSION);
    mmg_line(&e, " * build product.  Recreate it with:");
    mmg_line(&e, " *   %s", text);
    mmg_line(&e, " * The contract these kernels follow is "
             "codegen/KERNEL_ABI.md. */");
    mmg_line(&e, "#include \"mmkernel.h\"");
    mmg_blank(&e);
    return mmg_emit_status(&e);
}

int mmg_emit_kernel(FILE *fp, const struct mmg_params *p,
                    const char *command)
{
    static const int bits[3] = { MMG_BETA0, MMG_BETA1, MMG_BETAX };
    struct mmg_emit e;
    struct mmg_ctx x;

    mmg_emit_init(&e, fp);
    mmg_ctx_init(&x, p, &e);
    emit_description(&x);
    mmg_blank(&e);
    /* A SIMD kernel's intrinsics, here rather than in the prologue: a
     * scalar kernel needs none, and the header was 85% of its compile
     * (0.37 against 0.04 s at -O0, gcc 12), the tests' searches' most
     * frequent call.  Its include guard makes a second kernel's free;
     * before the contraction pragma, which is the kernel's alone. */
    if (x.vlen > 1) {
        mmg_line(&e, "#if defined(__x86_64__) || defined(__i386__)");
        mmg_line(&e, "#include <immintrin.h>");
        mmg_line(&e, "#endif");
    }
    if (!p->fma)
        mmg_line(&e, "MMT_CONTRACT_OFF_BEGIN");
    if (x.vlen > 1 && mmg_simd_shared(&x) != 0)
        return -1;
    for (int i = 0; i < 3; i++)
        if ((p->betas & bits[i]) && emit_variant(&x, bits[i]) != 0)
            return -1;
    if (!p->fma)
        mmg_line(&e, "MMT_CONTRACT_OFF_END");
    emit_descriptor(&x, command);
    return mmg_emit_status(&e);
}
