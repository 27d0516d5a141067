/* The library's plan: its generated kernels, blocking and threads from
 * the build's parameters (kernels/gen/libparams.h), made once when the
 * library loads; and the plan makers mmsearch builds its candidates' plans
 * with (tune/dgemm.c).  Below the dispatcher, which takes the library's
 * plan (mml_plan_default) and hands it down to the path it chooses. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <pthread.h>

#include "codegen/codegen.h"
#include "kernels/driver.h"
#include "kernels/params.h"

extern const struct mmt_kernel_desc mml_kfull_desc, mml_kedge_desc,
    mml_knc_desc, mml_kncv_desc;
/* Weak: a build of these sources around other kernels links without
 * them: mmsearch's drivers (tune/blocks.c: kedge, knc, kncv and kncp, a
 * stub kfull) have no knct and kncvt, and their small path copies B^T;
 * one without kncp runs skinny.c's slabs on knc. */
extern const struct mmt_kernel_desc mml_knct_desc __attribute__((weak)),
    mml_kncvt_desc __attribute__((weak)), mml_kncp_desc __attribute__((weak));

static struct mml_plan plan;
static int plan_usable;
static pthread_once_t plan_once = PTHREAD_ONCE_INIT;
static int plan_ready;

static struct mml_nckern nckern(const struct mmt_kernel_desc *d)
{
    return (struct mml_nckern){ d->mu, d->nu, d->masked_rows, MML_B0(d),
                                MML_B1(d), MML_BX(d) };
}

void mml_plan_make(struct mml_plan *p, const struct mmt_kernel_desc *full,
                   const struct mmt_kernel_desc *edge, int nc)
{
    int panels = full->layout == MMT_LAYOUT_PANEL;
    /* an edge kernel with masked tiles takes A's last panel tight and
     * writes only its rows; else whole vectors, the padding's rows
     * through the C tile */
    int pad = panels && !edge->masked_rows ? full->vlen : 1;

    *p = (struct mml_plan){ full, edge, full->m, full->k, full->n, nc,
                            panels ? full->mu : 1, panels ? full->nu : 1,
                            pad, 0, NULL, NULL, 0,
                            { 0 }, { 0 }, NULL, NULL, { 0 }, { 0 }, NULL,
                            { 0 }, 0.0, 0, 0.0, 0.0, 0.0, { 0, 0, 0 } };
}

/* The kernels reading op(B) = B^T in place, when the plain ones of p
 * run and these are theirs with B transposed (same tiles, the same
 * masked rows: the small path sizes its workspace by the plain ones');
 * else none, and the small path copies B^T. */
static void plan_transposed_b(struct mml_plan *p)
{
    const struct mmt_kernel_desc *t = &mml_knct_desc, *tv = &mml_kncvt_desc;

    if (p->knc && t && tv && t->abi == MMT_KERNEL_ABI
        && t->type == MML_KERNEL_TYPE && tv->type == MML_KERNEL_TYPE
        && tv->abi == MMT_KERNEL_ABI
        && t->layout == MMT_LAYOUT_NOCOPY_BT
        && tv->layout == MMT_LAYOUT_NOCOPY_BT
        && t->mu == p->nck.mu && t->nu == p->nck.nu
        && tv->mu == p->nckv.mu && tv->nu == p->nckv.nu
        && t->masked_rows == p->nck.masked
        && tv->masked_rows == p->nckv.masked
        && mmg_cpu_runs(t->requires) && mmg_cpu_runs(tv->requires)) {
        p->knct = t, p->kncvt = tv;
        p->nckt = nckern(t), p->nckvt = nckern(tv);
    }
}

/* The full tile prefetching the rows below, when the plain kernels of p
 * run and it is theirs with PFA (same tile, the same masked rows); else
 * none, and skinny.c's slabs run knc. */
static void plan_prefetching(struct mml_plan *p)
{
    const struct mmt_kernel_desc *d = &mml_kncp_desc;

    if (p->knc && d && d->abi == MMT_KERNEL_ABI && d->pfa
        && d->type == MML_KERNEL_TYPE && d->layout == MMT_LAYOUT_NOCOPY
        && d->mu == p->nck.mu && d->nu == p->nck.nu
        && d->masked_rows == p->nck.masked && mmg_cpu_runs(d->requires))
        p->kncp = d, p->nckp = nckern(d);
}

/* The multiply-adds each of two threads has on a cube of side n (0 for
 * none): where two threads first pay. */
static double half_cube(int n)
{
    double side = n > 0 ? (double)n : 0.0;

    return side * side * side / 2.0;
}

static void plan_team_min(struct mml_plan *p)
{
    double w = p->mt_work, h = p->mt_hot_work;

    p->mt_min = 2.0 * (h > 0.0 && (w <= 0.0 || h < w) ? h : w);
}

void mml_plan_threads(struct mml_plan *p, int thread_n, int prefer_jc)
{
    p->mt_work = half_cube(thread_n);
    p->mt_jc = prefer_jc != 0;
    plan_team_min(p);
}

void mml_plan_threads_hot(struct mml_plan *p, int thread_n_hot, int hot_us)
{
    int on = thread_n_hot > 0 && hot_us > 0;

    p->mt_hot_work = on ? half_cube(thread_n_hot) : 0.0;
    p->mt_hot_s = on ? hot_us * 1e-6 : 0.0;
    plan_team_min(p);
}

int mml_plan_small(struct mml_plan *p, const struct mmt_kernel_desc *knc,
                   const struct mmt_kernel_desc *kncv, int ncnb)
{
    if (knc->abi != MMT_KERNEL_ABI || kncv->abi != MMT_KERNEL_ABI
        || knc->type != MML_KERNEL_TYPE || kncv->type != MML_KERNEL_TYPE
        || !mmg_cpu_runs(knc->requires) || !mmg_cpu_runs(kncv->requires)) {
        p->knc = p->kncv = NULL;
        return -1;
    }
    p->knc = knc, p->kncv = kncv, p->ncnb = ncnb;
    p->nck = nckern(knc), p->nckv = nckern(kncv);
    /* here, not in the library's plan alone: mmsearch's plans get them
     * too, and time the panels with the slabs' kernel the library runs
     * (until 2026-12-02 they ran knc there: 1500 x 32 x 1500 at 15-23
     * GFLOPS in the search where the library ran 36-45) */
    plan_transposed_b(p);
    plan_prefetching(p);
    return 0;
}

static void plan_init(void)
{
    const struct mmt_kernel_desc *f = &mml_kfull_desc;

    mml_plan_make(&plan, f, &mml_kedge_desc, MML_PARAM_NC);
    mml_plan_threads(&plan, MML_PARAM_THREAD_N, MML_PARAM_THREAD_JC);
    mml_plan_threads_hot(&plan, MML_PARAM_THREAD_N_HOT,
                         MML_PARAM_THREAD_HOT_US);
    plan_usable = f->abi == MMT_KERNEL_ABI && f->type == MML_KERNEL_TYPE
                  && mmg_cpu_runs(f->requires);
    mml_plan_small(&plan, &mml_knc_desc, &mml_kncv_desc,
                   MML_PARAM_SMALL_MAX);
    __atomic_store_n(&plan_ready, 1, __ATOMIC_RELEASE);
}

/* Made when the library loads, so that a call (a small one, from a cold
 * cache: a call into libc costs a few misses) reads one flag instead. */
__attribute__((constructor)) static void plan_at_load(void)
{
    pthread_once(&plan_once, plan_init);
}

MML_HOT
const struct mml_plan *mml_plan_default(void)
{
    if (!__atomic_load_n(&plan_ready, __ATOMIC_ACQUIRE))
        pthread_once(&plan_once, plan_init);
    return plan_usable ? &plan : NULL;
}
