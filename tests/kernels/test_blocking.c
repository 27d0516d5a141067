/* test_blocking: the driver's blocking under plans the library's own
 * sizes never reach in a fast test -- tiny MC, KC, NB and NC with the
 * edge kernel alone, so that every loop runs many fractional blocks, and
 * several NC panels; the C tile (taken when ldc is too large for the
 * kernels' int indexing) forced on; the library's plan with a narrow NC.
 * The workspace is NaN-filled before each call so a stale read shows.
 * The small path (non-copy kernels on the caller's arrays) alone, its
 * padding workspace NaN-filled too: with the kernels reading op(B) = B^T
 * in place (and a check that NT calls take them), and with a plan
 * without them, which copies B^T.  And the reference path, which only a
 * CPU without the kernels' ISA (or a failed allocation) takes.  Both
 * again with op(A) and op(B) given by packers (driver.h), as complex.c
 * gives its real products'.  Which full tile the skinny path's slabs
 * run, the one prefetching the rows below or the plain one.  Against the
 * oracle of tests/common/gemmref.h.  TAP. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codegen/codegen.h"
#include "kernels/driver.h"
#include "tests/common/gemmref.h"

static const double betas[4] = { 0.0, 1.0, -1.0, 0.7 };
static const size_t sizes[] = { 1, 2, 13, 37, 61 };
#define NSIZES (sizeof sizes / sizeof sizes[0])
/* Doubles past the workspace a path asked for, NaN-filled: a write there
 * is a workspace sized too small. */
#define GUARD 4096

static unsigned long long seed = 2024;

/* 1: products go to the small path (non-copy kernels) instead: every
 * transpose pair, alpha 1 and not, so its copies of op(A) and op(B) run
 * on the NaN-filled workspace too; 2: to the skinny path (blocks of the
 * small path), those that fit it; 3: TT products to the small path's TT
 * route (the transpose computed, then transposed into C); 4: TN and TT
 * products to the transposed panels' route (panelt.c), those that fit. */
static int small_path;

/* 1: op(A) and op(B) reach the driver through packers (driver.h), the
 * arrays' addresses withheld from it, alpha folded into A's packer. */
static int via_packers;

struct test_packer {
    struct mml_packer base;      /* first: the driver holds its address */
    const double *x;
    size_t sx, sp;               /* along the panels' width, along K */
    double scale;
};

static void pack_from(const struct mml_packer *self, size_t x, size_t pc,
                      int ext, int kc, int w, int pad, double *dst)
{
    const struct test_packer *t = (const struct test_packer *)(const void *)
                                  self;

    mml_pack(t->x + x * t->sx + pc * t->sp, t->sx, t->sp, ext, kc, w, pad,
             t->scale, dst);
}

static double *filled(size_t n, int random)
{
    double *x = gr_nan_array(n);
    for (size_t i = 0; random && i < n; i++)
        x[i] = gr_rand(&seed);
    return x;
}

/* One product under plan p (NULL: the reference path); 0 when the oracle
 * passes it. */
static int one(const struct mml_plan *p, int ta, int tb, size_t m, size_t n,
               size_t k, double beta, double *worst)
{
    /* the TT route writes its result straight into C of ldc = m */
    size_t lda, ldb, ldc = small_path == 3 && (m + n + k) % 3 == 0 ? m
                                                                   : m + 3;
    /* the small path runs alpha 1 as it is and copies A for another */
    double alpha = small_path && (m + n + k) % 2 ? 1.0 : 0.7;

    lda = (ta ? k : m) + 1, ldb = (tb ? n : k) + 2;

    size_t cells = ldc * (n + 1);
    double *a = filled(lda * (ta ? m : k), 1);
    double *b = filled(ldb * (tb ? k : n), 1);
    double *c = filled(cells, 1), *c0 = filled(cells, 0), *work;
    struct mml_gemm g = { ta, tb, m, n, k, alpha, beta, a, b, c, lda, ldb,
                          ldc, NULL, NULL, NULL };
    struct gr_gemm v = { ta, tb, m, n, k, alpha, beta, a, b, lda, ldb,
                         ldc, .eps = 0.0 };
    struct test_packer pa = { { pack_from }, a, ta ? lda : 1, ta ? 1 : lda,
                              alpha };
    struct test_packer pb = { { pack_from }, b, tb ? 1 : ldb, tb ? ldb : 1,
                              1.0 };
    struct gr_result r;

    if (via_packers) {
        g.apack = &pa.base, g.bpack = &pb.base;
        g.a = g.b = NULL;
        g.alpha = 1.0;
    }
    size_t nw = !p ? 1 : small_path == 2 ? mml_skinny_elems(p, &g)
                : small_path == 3 ? mml_small_tt_elems(p, &g)
                : small_path == 4 ? mml_panel_t_elems(p, &g)
                : small_path ? mml_small_elems(p, &g) + 1
                : mml_work_elems(p, &g);

    if (beta == 0.0)
        for (size_t j = 0; j < n; j++)
            for (size_t i = 0; i < m; i++)
                c[i + j * ldc] = NAN;
    memcpy(c0, c, cells * sizeof *c);
    if (posix_memalign((void **)&work, 64, (nw + GUARD) * sizeof *work)
        != 0) {
        printf("Bail out! no workspace\n");
        exit(1);
    }
    for (size_t i = 0; i < nw + GUARD; i++)
        work[i] = NAN;
    if (p && small_path == 1 && !mml_small_fits(p, &g)) {
        printf("Bail out! %zux%zux%zu does not fit the small path\n", m, n,
               k);
        exit(1);
    }
    if (p && small_path == 2)
        mml_gemm_skinny(&g, p, work);
    else if (p && small_path == 4)
        mml_gemm_panel_t(&g, p, work);
    else if (p && small_path == 3)
        mml_gemm_small_tt(&g, p, work);
    else if (p && small_path)
        mml_gemm_small(&g, p, work);
    else if (p)
        mml_gemm_blocked(&g, p, work);
    else
        mml_gemm_naive(&g);
    gr_check(&v, c, c0, cells, 1e7, &r);
    for (size_t i = nw; i < nw + GUARD; i++)
        if (!isnan(work[i])) {
            printf("# %zux%zux%zu: the workspace of %zu doubles was "
                   "written past its end, at %zu\n", m, n, k, nw, i);
            r.bad++;
            break;
        }
    if (r.bad || r.touched)
        printf("# MC=%d KC=%d NB=%d NC=%d tile=%d %c%c %zux%zux%zu beta=%g:"
               " %ld bad, %ld outside changed\n", p ? p->mc : 0,
               p ? p->kc : 0, p ? p->nb : 0, p ? p->nc : 0,
               p ? p->ctile : 0, ta ? 'T' : 'N', tb ? 'T' : 'N', m, n, k,
               beta, r.bad, r.touched);
    if (r.worst > *worst)
        *worst = r.worst;
    free(a), free(b), free(c), free(c0), free(work);
    return r.bad || r.touched ? -1 : 0;
}

/* Every size triple under the plan (NULL: the reference path),
 * transposes and beta rotating. */
static void plan_sweep(const struct mml_plan *p, const char *what,
                       int tapno)
{
    int cases = 0, bad = 0;
    double worst = 0.0;

    for (size_t x = 0; x < NSIZES; x++)
        for (size_t y = 0; y < NSIZES; y++)
            for (size_t z = 0; z < NSIZES; z++, cases++) {
                struct mml_gemm f = { small_path == 4, 0, sizes[x],
                                      sizes[y], sizes[z], 1.0, 0.0, NULL,
                                      NULL, NULL, 1, 1, 1, NULL, NULL, NULL };
                if ((small_path == 2 && !mml_skinny_fits(p, &f))
                    || (small_path == 4 && !mml_panel_t_fits(p, &f))) {
                    cases--;
                    continue;
                }
                int tt = small_path == 3;   /* TT only */
                bad += one(p, tt || small_path == 4 || cases % 2,
                           tt || cases / 2 % 2, sizes[x],
                           sizes[y], sizes[z], betas[cases / 4 % 4],
                           &worst) != 0;
            }
    if (p)
        printf("%s %d - %s (MC=%d KC=%d NB=%d NC=%d%s): %d products, %d "
               "failed, worst %.3g of the bound\n", bad ? "not ok" : "ok",
               tapno, what, p->mc, p->kc, p->nb, p->nc,
               p->ctile ? ", C tile" : "", cases, bad, worst);
    else
        printf("%s %d - %s: %d products, %d failed, worst %.3g of the "
               "bound\n", bad ? "not ok" : "ok", tapno, what, cases, bad,
               worst);
}

/* Products of whole and fractional library-sized blocks. */
static void big_blocks(const struct mml_plan *p, const char *what,
                       int tapno)
{
    size_t nb = (size_t)p->nb, kc = (size_t)p->kc, mc = (size_t)p->mc;
    double worst = 0.0;
    int bad = one(p, 0, 0, mc, 2 * nb + 5, kc, 0.0, &worst) != 0;

    bad += one(p, 1, 1, mc + 3, nb, 2 * kc + 1, -1.0, &worst) != 0;
    bad += one(p, 0, 1, mc, nb, kc, 1.0, &worst) != 0;
    printf("%s %d - %s (MC=%d KC=%d NB=%d NC=%d): 3 products, %d failed, "
           "worst %.3g of the bound\n", bad ? "not ok" : "ok", tapno, what,
           p->mc, p->kc, p->nb, p->nc, bad, worst);
}

/* The library's small path reads op(B) = B^T in place when its plain
 * non-copy kernels run: an NT call of whole tiles with alpha 1 and beta 0
 * needs no workspace (a copy of B^T would), and the plan has the BT
 * kernels of the same tiles. */
static int reads_bt_in_place(const struct mml_plan *lib, int tapno)
{
    size_t m = (size_t)lib->nck.mu * 2, n = (size_t)lib->nck.nu * 3;
    struct mml_gemm g = { 0, 1, m, n, 9, 1.0, 0.0, NULL, NULL, NULL, m, n,
                          m, NULL, NULL, NULL };
    size_t need = mml_small_elems(lib, &g);
    int ok = lib->knc && lib->knct && lib->kncvt
             && lib->nckt.mu == lib->nck.mu && lib->nckt.nu == lib->nck.nu
             && lib->nckvt.mu == lib->nckv.mu && need == 0;

    printf("%s %d - NT %zux%zux9 on the small path reads B^T in place "
           "(BT kernels %s, %zu doubles of workspace)\n", ok ? "ok" :
           "not ok", ++tapno, m, n, lib->knct ? "in the plan" : "missing",
           need);
    return tapno;
}

/* Spies on the plan's two full tiles, the plain one (knc) and the one
 * prefetching the rows of A below its block (kncp): each counts its
 * calls and runs the library's kernel of the same beta variant. */
static int calls[2];
static mml_kernel *spied[2][3];

#define SPY(t, v)                                                         \
    static void spy_##t##v(int m, int n, int k, const double *a, int lda, \
                           const double *b, int ldb, double beta,         \
                           double *c, int ldc)                            \
    {                                                                     \
        calls[t]++;                                                       \
        spied[t][v](m, n, k, a, lda, b, ldb, beta, c, ldc);               \
    }
SPY(0, 0) SPY(0, 1) SPY(0, 2) SPY(1, 0) SPY(1, 1) SPY(1, 2)

static void spy_on(struct mml_nckern *f, int t, mml_kernel *b0,
                   mml_kernel *b1, mml_kernel *bx)
{
    spied[t][0] = f->b0, spied[t][1] = f->b1, spied[t][2] = f->bx;
    f->b0 = b0, f->b1 = b1, f->bx = bx;
}

/* skinny.c's slabs with a slab below run the prefetching tile, the last
 * slab and a whole small call the plain one: PFA fetches the rows below
 * a block, which only a slab's caller runs next; in a whole call it cost
 * warm N = 32 7% (Zen 5).  A tall product of 4 slabs under NCNB = 17
 * (slabs of the whole tiles within it, one call of the full tile each),
 * then a whole small call, right both. */
static int prefetches_below(const struct mml_plan *lib, int tapno)
{
    struct mml_plan p = *lib;
    double worst = 0.0;
    int bad, tall[2], whole[2], mu = lib->nck.mu;
    size_t slab = (size_t)(17 > mu ? 17 / mu * mu : mu);

    if (!lib->kncp) {
        printf("not ok %d - the library's plan has no prefetching tile "
               "(kncp)\n", ++tapno);
        return tapno;
    }
    spy_on(&p.nck, 0, spy_00, spy_01, spy_02);
    spy_on(&p.nckp, 1, spy_10, spy_11, spy_12);
    p.ncnb = 17;
    small_path = 2;
    bad = one(&p, 0, 0, 4 * slab, 9, 13, 0.7, &worst) != 0;
    memcpy(tall, calls, sizeof tall);
    memset(calls, 0, sizeof calls);
    small_path = 1;
    bad += one(&p, 0, 0, 17, 9, 13, 0.0, &worst) != 0;
    memcpy(whole, calls, sizeof whole);
    bad += tall[1] != 3 || tall[0] != 1 || whole[1] != 0 || whole[0] != 1;
    printf("%s %d - skinny's slabs with one below on the prefetching tile "
           "(%zux9x13 in 4 slabs: %d calls of it, %d of the plain one), a "
           "whole small call on the plain one (%d, %d), worst %.3g of the "
           "bound\n", bad ? "not ok" : "ok", ++tapno, 4 * slab, tall[1],
           tall[0], whole[1], whole[0], worst);
    small_path = 0;
    return tapno;
}

int main(void)
{
    const struct mml_plan *lib = mml_plan_default();
    struct mml_plan p;
    static const int tiny[][4] = {
        { 5, 7, 11, 22 }, { 1, 1, 1, 1 }, { 3, 2, 9, 9 }, { 13, 17, 6, 30 },
    };
    int tapno = 0;

    printf("1..%d\n", 2 * 4 + 16);
    plan_sweep(NULL, "the reference path (CPUs without the kernels' ISA)",
               ++tapno);
    for (int i = 0; i < 4; i++)
        for (int tile = 0; tile < 2; tile++) {
            if (!lib) {
                printf("ok %d # SKIP this CPU lacks the kernels' ISA\n",
                       ++tapno);
                continue;
            }
            p = *lib;
            p.full = NULL;
            p.mc = tiny[i][0], p.kc = tiny[i][1], p.nb = tiny[i][2];
            p.nc = tiny[i][3], p.ctile = tile;
            plan_sweep(&p, "edge kernel alone", ++tapno);
        }
    if (!lib) {
        for (int i = 0; i < 15; i++)
            printf("ok %d # SKIP this CPU lacks the kernels' ISA\n",
                   ++tapno);
        return 0;
    }
    p = *lib;
    p.ctile = 1;
    plan_sweep(&p, "the library's plan through the C tile", ++tapno);
    big_blocks(&p, "the library's full kernel through the C tile",
               ++tapno);
    p.ctile = 0;
    p.nc = p.nb;
    big_blocks(&p, "the library's kernels with NC = NB (several NC panels)",
               ++tapno);
    small_path = 1;
    plan_sweep(lib, "the small path (non-copy kernels), workspace of NaN",
               ++tapno);
    tapno = reads_bt_in_place(lib, tapno);
    tapno = prefetches_below(lib, tapno);
    p = *lib;
    p.knct = p.kncvt = NULL;
    plan_sweep(&p, "the small path copying op(B) = B^T (no BT kernels), "
               "workspace of NaN", ++tapno);
    small_path = 3;
    plan_sweep(lib, "the small path's TT calls as their transpose, C^T = "
               "B A, workspace of NaN", ++tapno);
    /* the skinny path's slabs, chunks and panels at small sizes: a plan
     * whose NCNB cuts them many times (the kernels take any size up to
     * their own NCNB) */
    small_path = 2;
    for (int i = 0; i < 2; i++) {
        p = *lib;
        p.ncnb = i ? 40 : 17;
        plan_sweep(&p, i ? "the skinny path with NCNB = 40, workspace of NaN"
                         : "the skinny path with NCNB = 17, workspace of NaN",
                   ++tapno);
    }
    /* its panels of few columns (M and K beyond NCNB) in several slabs
     * of MC rows and panels of KC */
    p = *lib;
    p.ncnb = 17, p.mc = 32, p.kc = 13;
    plan_sweep(&p, "the skinny path's panels in slabs of MC = 32 and KC = "
               "13, workspace of NaN", ++tapno);
    small_path = 4;
    p.ncnb = 17;
    plan_sweep(&p, "TN and TT panels as their transpose (NCNB = 17), "
               "workspace of NaN", ++tapno);
    /* in passes of rows (panelt.c): M past 2048, the last pass's chunks
     * wider than the first's at the library's NCNB (M = 2561) */
    {
        double worst = 0.0;
        int bad = 0;
        for (int i = 0; i < 2; i++)
            bad += one(lib, 1, 0, i ? 4097 : 2561, 24, (size_t)lib->ncnb + 10,
                       betas[i], &worst) != 0;
        printf("%s %d - TN panels in passes of rows (M = 2561, 4097; N = "
               "24, K = NCNB + 10): right, nothing written past the "
               "workspace, worst %.3g of the bound\n", bad ? "not ok" : "ok",
               ++tapno, worst);
    }
    /* operands no strides describe (complex.c's 1m method): the packed
     * path under a tiny plan, and the plain loops */
    small_path = 0;
    via_packers = 1;
    p = *lib;
    p.full = NULL;
    p.mc = 5, p.kc = 7, p.nb = 11, p.nc = 22;
    plan_sweep(&p, "op(A) and op(B) from packers, edge kernel alone",
               ++tapno);
    plan_sweep(NULL, "op(A) and op(B) from packers, the reference path",
               ++tapno);
    return 0;
}
