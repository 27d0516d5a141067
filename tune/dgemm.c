/* The whole DGEMM in the child (dgemm.h). */
#define _GNU_SOURCE
#include "tune/dgemm.h"

#include <dlfcn.h>
#include <float.h>
#include <math.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "timer/mmtimer.h"

int mms_dgemm_load(struct mms_dgemm *dg, const char *so,
                   const struct mmt_kernel_desc *full, int nc, int small_max,
                   char *why, size_t len)
{
    void (*make)(struct mml_plan *, const struct mmt_kernel_desc *,
                 const struct mmt_kernel_desc *, int);
    int (*make_small)(struct mml_plan *, const struct mmt_kernel_desc *,
                      const struct mmt_kernel_desc *, int);
    const struct mmt_kernel_desc *edge, *knc, *kncv;

    memset(dg, 0, sizeof *dg);
    dg->handle = so[0] ? dlopen(so, RTLD_NOW | RTLD_LOCAL) : NULL;
    if (!dg->handle) {
        snprintf(why, len, "the library's driver: %s", so[0] ? dlerror()
                 : "not built");
        return -1;
    }
    *(void **)&make = dlsym(dg->handle, "mml_plan_make");
    *(void **)&dg->blocked = dlsym(dg->handle, "mml_gemm_blocked");
    *(void **)&dg->work_elems = dlsym(dg->handle, "mml_work_elems");
    edge = dlsym(dg->handle, "mml_kedge_desc");
    if (!make || !dg->blocked || !dg->work_elems || !edge) {
        snprintf(why, len, "%s: no mml_plan_make, mml_gemm_blocked, "
                 "mml_work_elems or mml_kedge_desc", so);
        return -1;
    }
    if (edge->abi != MMT_KERNEL_ABI || !edge->beta0 || !edge->beta1
        || !full->beta0 || !full->beta1) {
        snprintf(why, len, "the edge or the full kernel lacks ABI %d or a "
                 "beta 0 or 1 variant", MMT_KERNEL_ABI);
        return -1;
    }
    make(&dg->plan, full, edge, nc);
    *(void **)&make_small = dlsym(dg->handle, "mml_plan_small");
    *(void **)&dg->small = dlsym(dg->handle, "mml_gemm_small");
    *(void **)&dg->small_elems = dlsym(dg->handle, "mml_small_elems");
    *(void **)&dg->small_fits = dlsym(dg->handle, "mml_small_fits");
    *(void **)&dg->route = dlsym(dg->handle, "mml_dgemm_plan");
    knc = dlsym(dg->handle, "mml_knc_desc");
    kncv = dlsym(dg->handle, "mml_kncv_desc");
    if (!make_small || !dg->small || !dg->small_elems || !dg->small_fits
        || !dg->route || !knc || !kncv
        || make_small(&dg->plan, knc, kncv,
                      small_max > 0 ? small_max : knc->nb) != 0) {
        snprintf(why, len, "%s: no small-problem path (mml_plan_small, "
                 "mml_gemm_small, mml_small_elems, mml_small_fits, "
                 "mml_dgemm_plan, or non-copy kernels of ABI %d this CPU "
                 "runs)", so,
                 MMT_KERNEL_ABI);
        return -1;
    }
    return 0;
}

static double *aligned(size_t doubles)
{
    void *p = NULL;

    if (doubles == 0)
        doubles = 1;
    return posix_memalign(&p, 64, doubles * sizeof(double)) == 0 ? p : NULL;
}

/* The reference's column j of C into r, with the error bound's sums
 * sum_p |a_ip b_pj| into s (the order of the reference BLAS: j, p, i). */
static void reference_column(const struct mml_gemm *g, size_t j, double *r,
                             double *s)
{
    for (size_t i = 0; i < g->m; i++)
        r[i] = s[i] = 0;
    for (size_t p = 0; p < g->k; p++) {
        double t = g->b[p + j * g->ldb], at = fabs(t);
        const double *a = g->a + p * g->lda;
        for (size_t i = 0; i < g->m; i++) {
            r[i] += a[i] * t;
            s[i] += fabs(a[i]) * at;
        }
    }
}

#define SENTINEL 12345.0

/* The columns the reference is computed for: every q-th, q the first of
 * 7, 11, 13 that does not divide NU (so every column of a register tile
 * is among them somewhere), the last full kernel block's last, and
 * every column of the edge blocks after it.  The reference costs 4 m k
 * flops a column; all of them would take a second at MC = 480, KC = 720.
 */
static int checked(const struct mml_plan *p, size_t j)
{
    size_t q;

    if (!p)
        return 1;        /* the small path's check: every column */
    q = p->pnu % 7 ? 7 : p->pnu % 11 ? 11 : 13;

    return j % q == 0 || j + 1 == (size_t)p->nb || j >= (size_t)p->nb;
}

/* Compare g's C with the reference, column by column (those checked()
 * picks under p; NULL: all).  Returns the bad elements (guard rows
 * included), the worst error over its bound in *worst. */
static long judge(const struct mml_gemm *g, const struct mml_plan *p,
                  double *r, double *s, double *worst)
{
    long bad = 0;

    *worst = 0;
    for (size_t j = 0; j < g->n; j++) {
        const double *c = g->c + j * g->ldc;
        for (size_t i = g->m; i < g->ldc; i++)
            bad += c[i] != SENTINEL;
        if (!checked(p, j))
            continue;
        reference_column(g, j, r, s);
        for (size_t i = 0; i < g->m; i++) {
            double bound = 2.0 * ((double)g->k + 2) * DBL_EPSILON * s[i]
                           + DBL_MIN;
            double e = fabs(c[i] - r[i]) / bound;
            if (!(e <= 1.0))
                bad++;
            if (!(e <= *worst))
                *worst = e;
        }
    }
    return bad;
}

/* How a call is made: the packed path, the small one, or the library's
 * routing (mml_dgemm_plan) under the candidate's plan. */
enum route { BLOCKED, SMALL, ROUTED };

/* C = A B at m x n x k on the path route says, beta 0 over a C of NaN
 * with a row of sentinels past M, judged against the reference (every
 * column but on the blocked path).  Returns the bad elements, -1 out of
 * memory. */
static long check_once(const struct mms_dgemm *dg, enum route route,
                       size_t m, size_t n, size_t k, double *worst)
{
    const struct mml_plan *p = &dg->plan;
    struct mml_gemm g = { 0, 0, m, n, k, 1.0, 0.0, NULL, NULL, NULL,
                          m + 1, k + 1, m + 2, NULL, NULL, NULL };
    double *a = aligned(g.lda * k), *b = aligned(g.ldb * n);
    double *c = aligned(g.ldc * n), *r = aligned(2 * m), *work;
    long bad = -1;

    work = aligned(route == SMALL ? dg->small_elems(p, &g)
                   : route == BLOCKED ? dg->work_elems(p, &g) : 0);
    if (a && b && c && r && work) {
        mms_fill_operand(0, a, g.lda * k * sizeof *a, NULL);
        mms_fill_operand(1, b, g.ldb * n * sizeof *b, NULL);
        for (size_t i = 0; i < g.ldc * n; i++)
            c[i] = i % g.ldc < m ? NAN : SENTINEL;
        g.a = a, g.b = b, g.c = c;
        if (route == ROUTED)
            dg->route(&g, p);
        else
            (route == SMALL ? dg->small : dg->blocked)(&g, p, work);
        bad = judge(&g, route == BLOCKED ? p : NULL, r, r + m, worst);
    }
    free(a), free(b), free(c), free(r), free(work);
    return bad;
}

static size_t at_most(size_t x, int limit)
{
    return x < (size_t)limit ? x : (size_t)limit;
}

/* The narrow shapes' path as the timings route them (skinny.c under the
 * candidate's plan): a panel of B, M past NCNB by a fractional tile, K
 * past NCNB and KC (two K panels), N = 33 (a fractional tile for any NU
 * up to 32); then few rows, M under NCNB and N, K past it.  About 0.03 s
 * of reference on the Zen 5 guest's blocking. */
static int verify_routed(const struct mms_dgemm *dg, char *why, size_t len)
{
    const struct mml_plan *p = &dg->plan;
    size_t lim = (size_t)p->ncnb, few = at_most(2 * (size_t)p->knc->mu + 3,
                                                p->ncnb);
    size_t deep = (lim > (size_t)p->kc ? lim : (size_t)p->kc) + 7;
    size_t shapes[2][3] = { { lim + few, 33, deep },
                            { few, lim + 9, lim + 7 } };
    double worst = 0;

    for (int i = 0; i < 2; i++) {
        size_t m = shapes[i][0], n = shapes[i][1], k = shapes[i][2];
        long bad = check_once(dg, ROUTED, m, n, k, &worst);
        if (bad < 0)
            return -1;
        if (bad > 0) {
            snprintf(why, len, "the library's routing (skinny path) at "
                     "M=%zu N=%zu K=%zu (NCNB=%d MC=%d KC=%d): %ld elements "
                     "outside the error bound 2(k+2)eps*sum|a*b| or guard "
                     "rows changed (worst %.3g of allowed)", m, n, k,
                     p->ncnb, p->mc, p->kc, bad, worst);
            return 1;
        }
    }
    return 0;
}

int mms_dgemm_verify(const struct mms_dgemm *dg, char *why, size_t len)
{
    const struct mml_plan *p = &dg->plan;
    size_t m = 2 * (size_t)p->mc - 1, n = (size_t)p->nb + p->pnu + 1;
    size_t k = 2 * (size_t)p->kc - 1;
    double worst = 0;
    long bad = check_once(dg, BLOCKED, m, n, k, &worst);

    if (bad > 0) {
        snprintf(why, len, "the whole DGEMM at M=%zu N=%zu K=%zu (MC=%d "
                 "NB=%d KC=%d NC=%d): %ld elements outside the error bound "
                 "2(k+2)eps*sum|a*b| or guard rows changed (worst %.3g of "
                 "allowed)", m, n, k, p->mc, p->nb, p->kc, p->nc, bad,
                 worst);
        return 1;
    }
    if (bad < 0)
        return -1;
    m = at_most(2 * (size_t)p->knc->mu + 3, p->ncnb);
    n = at_most(2 * (size_t)p->knc->nu + 1, p->ncnb);
    k = at_most(2 * (size_t)p->knc->ku + 3, p->ncnb);
    bad = check_once(dg, SMALL, m, n, k, &worst);
    if (bad > 0)
        snprintf(why, len, "the small-problem path at M=%zu N=%zu K=%zu "
                 "(non-copy kernels %dx%d and %dx%d, KU=%d): %ld elements "
                 "outside the error bound 2(k+2)eps*sum|a*b| or guard rows "
                 "changed (worst %.3g of allowed)", m, n, k, p->nck.mu,
                 p->nck.nu, p->nckv.mu, p->nckv.nu, p->knc->ku, bad, worst);
    if (bad != 0)
        return bad < 0 ? -1 : 1;
    return verify_routed(dg, why, len);
}

/* ---- timing ------------------------------------------------------------ */

/* A, B and C of the largest shape, filled once: each shape runs on the
 * first of them (leading dimensions M and K), so a timing faults its
 * pages in once, not once a shape (a fresh child's pages cost more than
 * the calls at N = 500 and 1000). */
struct operands {
    double *a, *b, *c, *work;
};

struct sized {
    const struct mms_dgemm *dg;
    const struct operands *op;
    struct mms_dgemm_shape s;
    enum route route;
    enum mml_path path;          /* ROUTED: where the library sent it */
};

static struct mml_gemm gemm_of(const struct mms_dgemm_shape *s, double alpha,
                               const struct operands *op)
{
    size_t m = (size_t)s->m, n = (size_t)s->n, k = (size_t)s->k;

    return (struct mml_gemm){ 0, 0, m, n, k, alpha, 0.0, op->a, op->b,
                              op->c, m, k, m, NULL, NULL, NULL };
}

/* One call.  The small path with alpha 1, as a plain call is made (the
 * timer's -1 would have it scale a copy of A), and so a routed one, which
 * the library's own routing may send there; beta is 0, so no sign is
 * needed to keep C in range.  A routed call takes the library's
 * workspace (mml_workspace), grown by the untimed call before. */
static void call_dgemm(const struct mmtm_call *call, void *user)
{
    const struct sized *z = user;
    struct mml_gemm g = gemm_of(&z->s, z->route == BLOCKED ? call->alpha
                                                           : 1.0, z->op);

    if (z->route == ROUTED)
        z->dg->route(&g, &z->dg->plan);
    else
        (z->route == SMALL ? z->dg->small : z->dg->blocked)(
            &g, &z->dg->plan, z->op->work);
}

/* The operands, C and the workspace written once (no page is first
 * touched inside a timed call).  Returns 0, or -1 out of memory. */
static int operands(const struct mms_dgemm *dg, const struct sized *z,
                    int nsizes, struct operands *op)
{
    size_t a = 0, b = 0, c = 0, work = 0;

    for (int i = 0; i < nsizes; i++) {
        struct mml_gemm g = gemm_of(&z[i].s, 1.0, op);
        size_t d = z[i].route == SMALL ? dg->small_elems(&dg->plan, &g)
                 : z[i].route == BLOCKED ? dg->work_elems(&dg->plan, &g)
                 : 0;
        a = g.m * g.k > a ? g.m * g.k : a;
        b = g.k * g.n > b ? g.k * g.n : b;
        c = g.m * g.n > c ? g.m * g.n : c;
        work = d > work ? d : work;
    }
    op->a = aligned(a), op->b = aligned(b);
    op->c = aligned(c), op->work = aligned(work);
    if (!op->a || !op->b || !op->c || !op->work)
        return -1;
    mms_fill_operand(0, op->a, a * sizeof(double), NULL);
    mms_fill_operand(1, op->b, b * sizeof(double), NULL);
    memset(op->c, 0, c * sizeof(double));
    memset(op->work, 0, work * sizeof(double));
    return 0;
}

static void release(struct operands *op)
{
    free(op->a), free(op->b), free(op->c), free(op->work);
}

/* The first of the nsizes shapes z on the blocked path; 0 when none is. */
static int first_blocked(const struct sized *z, int nsizes)
{
    for (int i = 0; i < nsizes; i++)
        if (z[i].route == BLOCKED)
            return i;
    return 0;
}

/* The shapes pl asks for, the small path's first, into z: a routed shape
 * the plan's small path takes runs there directly (as the library's
 * routing would send it; the small path's workspace is the timing's).
 * Returns how many, or -1 with why when the small size would not take
 * that path. */
static int sizes_of(const struct mms_dgemm *dg, const struct mms_pipeline *pl,
                    const struct operands *op, struct sized *z, char *why,
                    size_t len)
{
    struct mms_dgemm_shape s[MMS_DGEMM_SHAPES];
    int k = mms_dgemm_sizes(pl, s);

    for (int i = 0; i < k; i++) {
        struct mml_gemm g = gemm_of(&s[i], 1.0, op);
        int fits = dg->small_fits(&dg->plan, &g);
        int small = mms_dgemm_on_small(&s[i], fits);
        if (small && !fits) {      /* the small size, which must fit */
            snprintf(why, len, "N=%d does not take the small-problem path "
                     "(NCNB=%d)", s[i].m, dg->plan.ncnb);
            return -1;
        }
        z[i] = (struct sized){ dg, op, s[i], small ? SMALL
                               : s[i].routed ? ROUTED : BLOCKED,
                               MML_PATH_NONE };
    }
    return k;
}

int mms_dgemm_samples(const struct mms_pipeline *pl, double flops)
{
    return pl->peak_mflops > 0
           && flops / (pl->peak_mflops * 1e6) >= MMS_DGEMM_LONG_S
           ? 1 : pl->dgemm_samples;
}

int mms_dgemm_time(const struct mms_dgemm *dg, const struct mms_pipeline *pl,
                   struct mms_measure *m)
{
    struct mmtm_timing_opts o = pl->timing;
    struct mmtm_timing r;
    struct mmtm_load load;
    struct operands op = { NULL, NULL, NULL, NULL };
    struct sized z[MMS_DGEMM_SHAPES];
    /* The timer sees stand-ins: the call works on op, and the one-call
     * flush before each sample evicts it as it would A, B and C. */
    struct mmtm_kernel k = {
        .name = "dgemm", .noperands = 3,
        .operand = { { "A", 64, 1, 0 }, { "B", 64, 1, 0 },
                     { "C", 64, 1, 0 } },
        .init = mms_fill_operand, .call = call_dgemm,
    };
    char sizes[320] = "";
    double logsum = 0;
    int nsizes;

    memset(m, 0, sizeof *m);
    o.flush = MMTM_FLUSH_ONECALL_LRU;
    o.flush_bytes = pl->dgemm_flush_bytes;
    o.guards_off |= MMTM_GUARD_INSTLD;    /* calls of milliseconds */
    nsizes = sizes_of(dg, pl, &op, z, m->why, sizeof m->why);
    if (nsizes <= 0) {
        if (nsizes == 0)
            snprintf(m->why, sizeof m->why, "no sizes to time at");
        return -1;
    }
    if (operands(dg, z, nsizes, &op) != 0) {
        release(&op);
        snprintf(m->why, sizeof m->why, "no memory for the operands");
        return -1;
    }
    /* A fresh child's first calls run slow (its vCPU ramping up, the
     * driver's pages coming in): one call, untimed, at the first size
     * of the blocked path (the first size when all are small). */
    call_dgemm(&(struct mmtm_call){ { NULL }, 1.0, 1.0 },
               &z[first_blocked(z, nsizes)]);
    for (int i = 0; i < nsizes; i++)
        if (z[i].route == ROUTED) {
            struct mml_gemm g = gemm_of(&z[i].s, 1.0, &op);
            z[i].path = dg->route(&g, &dg->plan);
        }
    mmtm_load_start(&load, sched_getcpu());
    for (int i = 0; i < nsizes; i++) {
        char name[48];
        k.user = &z[i];
        k.flops = 2.0 * (double)z[i].s.m * (double)z[i].s.n
                  * (double)z[i].s.k;
        o.samples = mms_dgemm_samples(pl, k.flops);
        /* a warm shape's calls repeat on operands the last one left in
         * the caches, many to a sample */
        o.flush = z[i].s.warm ? MMTM_FLUSH_NONE : MMTM_FLUSH_ONECALL_LRU;
        if (mmtm_time_kernel(&k, &o, &r) != 0) {
            mms_shape_text(&z[i].s, name, sizeof name);
            snprintf(m->why, sizeof m->why, "N=%s: %s", name, r.how);
            release(&op);
            return -1;
        }
        mms_dgemm_why_size(sizes, sizeof sizes, &z[i].s, r.mflops);
        logsum += log(r.mflops);
        m->spread = r.spread > m->spread ? r.spread : m->spread;
        m->samples = r.samples > m->samples ? r.samples : m->samples;
    }
    release(&op);
    for (int i = 0; i < nsizes; i++)
        if (z[i].route == SMALL)
            mms_dgemm_why_path(sizes, sizeof sizes, "small", &z[i].s);
    for (int i = 0; i < nsizes; i++)
        if (z[i].path == MML_PATH_SKINNY)
            mms_dgemm_why_path(sizes, sizeof sizes, "skinny", &z[i].s);
    m->busy = mmtm_load_busy(&load);
    m->verdict = MMS_V_OK;
    m->mflops = exp(logsum / nsizes);
    snprintf(m->why, sizeof m->why, "%s; %s", sizes, r.how);
    return 0;
}
