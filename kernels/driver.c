/* The blocked product around the generated kernels, BLIS's loop order
 * (DRIVER_CALIBRATION.md): for each NC columns of C, for each K panel of
 * KC, pack B's KC x NC panel once; for each MC rows, pack A's MC x KC
 * block (alpha folded in; it stays in L2) and run the kernel on every NB
 * columns of the panel.  ATLAS's CacheEdge K blocking (paper 002 Sec.
 * II-C) is the KC loop here.  Fractional blocks in M, N or K go to the
 * edge kernel, generated with run-time sizes (KERNEL_ABI.md "Cleanup").
 *
 * Threads later: the M loop of one K panel (k_panel) runs on disjoint row
 * ranges with a private A block and C tile once B's panel is packed, and
 * the NC loop splits N with nothing shared at all. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <limits.h>
#include <pthread.h>

#include "codegen/cpurun.h"
#include "kernels/driver.h"
#include "kernels/gen/libparams.h"

extern const struct mmt_kernel_desc mml_kfull_desc, mml_kedge_desc;

#define LINE_DOUBLES 8   /* 64 bytes: each part of the workspace aligned */

static size_t round_up(size_t x)
{
    return (x + LINE_DOUBLES - 1) / LINE_DOUBLES * LINE_DOUBLES;
}

static size_t min_z(size_t a, size_t b)
{
    return a < b ? a : b;
}

static struct mml_plan plan;
static int plan_usable;
static pthread_once_t plan_once = PTHREAD_ONCE_INIT;

static void plan_init(void)
{
    const struct mmt_kernel_desc *f = &mml_kfull_desc;
    int panels = f->layout == MMT_LAYOUT_PANEL;

    plan = (struct mml_plan){ f, &mml_kedge_desc, f->m, f->k, f->n,
                              MML_PARAM_NC, panels ? f->mu : 1,
                              panels ? f->nu : 1, 0 };
    plan_usable = f->abi == MMT_KERNEL_ABI && mmg_cpu_runs(f->requires);
}

const struct mml_plan *mml_plan_default(void)
{
    pthread_once(&plan_once, plan_init);
    return plan_usable ? &plan : NULL;
}

/* Sizes of the three parts: A's block, B's panel, the C tile. */
static void parts(const struct mml_plan *p, const struct mml_gemm *g,
                  size_t part[3])
{
    size_t mc = min_z(g->m, p->mc), kc = min_z(g->k, p->kc);

    part[0] = round_up(mc * kc);
    part[1] = round_up(kc * min_z(g->n, p->nc));
    part[2] = round_up(mc * min_z(g->n, p->nb));
}

size_t mml_work_doubles(const struct mml_plan *p, const struct mml_gemm *g)
{
    size_t part[3];

    parts(p, g, part);
    return part[0] + part[1] + part[2];
}

struct ctx {
    const struct mml_gemm *g;
    const struct mml_plan *p;
    double *abuf, *bbuf, *ct;
    int via_tile;        /* C through the tile: ldc too large for int */
};

static mmt_mm_kernel *variant(const struct mmt_kernel_desc *d, double beta)
{
    return beta == 0.0 ? d->beta0 : beta == 1.0 ? d->beta1 : d->betax;
}

/* C = beta C + T on the block, never reading C when beta = 0. */
static void merge(int mc, int nb, double beta, const double *t, double *c,
                  size_t ldc)
{
    for (int j = 0; j < nb; j++, t += mc, c += ldc)
        for (int i = 0; i < mc; i++)
            c[i] = beta == 0.0 ? t[i]
                   : beta == 1.0 ? c[i] + t[i] : beta * c[i] + t[i];
}

/* One kernel call: C(ic.., j..) of mc x nb from the packed A block and
 * the packed B block at b. */
static void block(const struct ctx *x, size_t ic, size_t j, int mc, int nb,
                  int kc, double beta, const double *b)
{
    const struct mml_plan *p = x->p;
    const struct mmt_kernel_desc *d =
        p->full && mc == p->full->m && nb == p->full->n
        && kc == p->full->k ? p->full : p->edge;
    double *c = x->g->c + ic + j * x->g->ldc;

    if (!x->via_tile) {
        variant(d, beta)(mc, nb, kc, x->abuf, mc, b, kc, beta, c,
                         (int)x->g->ldc);
        return;
    }
    d->beta0(mc, nb, kc, x->abuf, mc, b, kc, 0.0, x->ct, mc);
    merge(mc, nb, beta, x->ct, c, x->g->ldc);
}

/* op(A)(ic.., pc..) of mc x kc, times alpha, into the A block. */
static void pack_a(const struct ctx *x, size_t ic, int mc, size_t pc,
                   int kc)
{
    const struct mml_gemm *g = x->g;

    if (g->ta)
        mml_pack(g->a + pc + ic * g->lda, g->lda, 1, mc, kc, x->p->pmu,
                 g->alpha, x->abuf);
    else
        mml_pack(g->a + ic + pc * g->lda, 1, g->lda, mc, kc, x->p->pmu,
                 g->alpha, x->abuf);
}

/* op(B)(pc.., jc..) of kc x nc into the panel, as NB-column blocks (each
 * block in the kernel's layout, block jb at jb*kc). */
static void pack_b(const struct ctx *x, size_t pc, int kc, size_t jc,
                   int nc)
{
    const struct mml_gemm *g = x->g;

    for (int jb = 0; jb < nc; jb += x->p->nb) {
        int nb = nc - jb < x->p->nb ? nc - jb : x->p->nb;
        size_t j = jc + (size_t)jb;
        double *dst = x->bbuf + (size_t)jb * kc;
        if (g->tb)
            mml_pack(g->b + j + pc * g->ldb, 1, g->ldb, nb, kc, x->p->pnu,
                     1.0, dst);
        else
            mml_pack(g->b + pc + j * g->ldb, g->ldb, 1, nb, kc, x->p->pnu,
                     1.0, dst);
    }
}

/* The M loop of one K panel over rows [i0, i1), B's panel packed. */
static void k_panel(const struct ctx *x, size_t pc, int kc, size_t jc,
                    int nc, double beta, size_t i0, size_t i1)
{
    const struct mml_plan *p = x->p;

    for (size_t ic = i0; ic < i1; ic += (size_t)p->mc) {
        int mc = (int)min_z((size_t)p->mc, i1 - ic);
        pack_a(x, ic, mc, pc, kc);
        for (int jb = 0; jb < nc; jb += p->nb)
            block(x, ic, jc + (size_t)jb, mc,
                  nc - jb < p->nb ? nc - jb : p->nb, kc, beta,
                  x->bbuf + (size_t)jb * kc);
    }
}

void mml_gemm_blocked(const struct mml_gemm *g, const struct mml_plan *p,
                      double *work)
{
    size_t part[3];
    struct ctx x;
    size_t d = (size_t)(p->mc > p->nb ? p->mc : p->nb);

    /* the kernels index C with int: c[i + j*ldc], i < MC, j < NB */
    parts(p, g, part);
    x = (struct ctx){ g, p, work, work + part[0], work + part[0] + part[1],
                      p->ctile || g->ldc > (INT_MAX - d) / d };
    for (size_t jc = 0; jc < g->n; jc += (size_t)p->nc) {
        int nc = (int)min_z((size_t)p->nc, g->n - jc);
        for (size_t pc = 0; pc < g->k; pc += (size_t)p->kc) {
            int kc = (int)min_z((size_t)p->kc, g->k - pc);
            pack_b(&x, pc, kc, jc, nc);
            k_panel(&x, pc, kc, jc, nc, pc == 0 ? g->beta : 1.0, 0, g->m);
        }
    }
}

void mml_scale_c(size_t m, size_t n, double beta, double *c, size_t ldc)
{
    if (beta == 1.0)
        return;
    for (size_t j = 0; j < n; j++, c += ldc)
        for (size_t i = 0; i < m; i++)
            c[i] = beta == 0.0 ? 0.0 : beta * c[i];
}

void mml_dgemm(const struct mml_gemm *g)
{
    const struct mml_plan *p;
    double *work = NULL;

    if (g->m == 0 || g->n == 0)
        return;
    if (g->alpha == 0.0 || g->k == 0) {
        mml_scale_c(g->m, g->n, g->beta, g->c, g->ldc);
        return;
    }
    p = mml_plan_default();
    if (p)
        work = mml_workspace(mml_work_doubles(p, g));
    if (work)
        mml_gemm_blocked(g, p, work);
    else
        mml_gemm_naive(g);
}
