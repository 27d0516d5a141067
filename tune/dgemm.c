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
                   const struct mmt_kernel_desc *full, int nc, char *why,
                   size_t len)
{
    void (*make)(struct mml_plan *, const struct mmt_kernel_desc *,
                 const struct mmt_kernel_desc *, int);
    const struct mmt_kernel_desc *edge;

    memset(dg, 0, sizeof *dg);
    dg->handle = so[0] ? dlopen(so, RTLD_NOW | RTLD_LOCAL) : NULL;
    if (!dg->handle) {
        snprintf(why, len, "the library's driver: %s", so[0] ? dlerror()
                 : "not built");
        return -1;
    }
    *(void **)&make = dlsym(dg->handle, "mml_plan_make");
    *(void **)&dg->blocked = dlsym(dg->handle, "mml_gemm_blocked");
    *(void **)&dg->work_doubles = dlsym(dg->handle, "mml_work_doubles");
    edge = dlsym(dg->handle, "mml_kedge_desc");
    if (!make || !dg->blocked || !dg->work_doubles || !edge) {
        snprintf(why, len, "%s: no mml_plan_make, mml_gemm_blocked, "
                 "mml_work_doubles or mml_kedge_desc", so);
        return -1;
    }
    if (edge->abi != MMT_KERNEL_ABI || !edge->beta0 || !edge->beta1
        || !full->beta0 || !full->beta1) {
        snprintf(why, len, "the edge or the full kernel lacks ABI %d or a "
                 "beta 0 or 1 variant", MMT_KERNEL_ABI);
        return -1;
    }
    make(&dg->plan, full, edge, nc);
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
    size_t q = p->pnu % 7 ? 7 : p->pnu % 11 ? 11 : 13;

    return j % q == 0 || j + 1 == (size_t)p->nb || j >= (size_t)p->nb;
}

/* Compare g's C with the reference, column by column.  Returns the bad
 * elements (guard rows included), the worst error over its bound in
 * *worst. */
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

int mms_dgemm_verify(const struct mms_dgemm *dg, char *why, size_t len)
{
    const struct mml_plan *p = &dg->plan;
    size_t m = 2 * (size_t)p->mc - 1, n = (size_t)p->nb + p->pnu + 1;
    size_t k = 2 * (size_t)p->kc - 1;
    struct mml_gemm g = { 0, 0, m, n, k, 1.0, 0.0, NULL, NULL, NULL,
                          m + 1, k + 1, m + 2 };
    double *a = aligned(g.lda * k), *b = aligned(g.ldb * n);
    double *c = aligned(g.ldc * n), *r = aligned(2 * m), *work;
    long bad = -1;
    double worst;

    work = aligned(dg->work_doubles(p, &g));
    if (a && b && c && r && work) {
        mms_fill(0, a, g.lda * k * sizeof *a, NULL);
        mms_fill(1, b, g.ldb * n * sizeof *b, NULL);
        for (size_t i = 0; i < g.ldc * n; i++)
            c[i] = i % g.ldc < m ? NAN : SENTINEL;
        g.a = a, g.b = b, g.c = c;
        dg->blocked(&g, p, work);
        bad = judge(&g, p, r, r + m, &worst);
    }
    if (bad > 0)
        snprintf(why, len, "the whole DGEMM at M=%zu N=%zu K=%zu (MC=%d "
                 "NB=%d KC=%d NC=%d): %ld elements outside the error bound "
                 "2(k+2)eps*sum|a*b| or guard rows changed (worst %.3g of "
                 "allowed)", m, n, k, p->mc, p->nb, p->kc, p->nc, bad,
                 worst);
    free(a), free(b), free(c), free(r), free(work);
    return bad < 0 ? -1 : bad > 0;
}

/* ---- timing ------------------------------------------------------------ */

/* A, B and C of the largest size, filled once: each size runs on the
 * first N x N of them (leading dimension N), so a timing faults its
 * pages in once, not once a size (a fresh child's pages cost more than
 * the calls at N = 500 and 1000). */
struct operands {
    double *a, *b, *c, *work;
};

struct sized {
    const struct mms_dgemm *dg;
    const struct operands *op;
    int n;
};

static void call_dgemm(const struct mmt_call *call, void *user)
{
    const struct sized *z = user;
    size_t n = (size_t)z->n;
    struct mml_gemm g = { 0, 0, n, n, n, call->alpha, 0.0, z->op->a,
                          z->op->b, z->op->c, n, n, n };

    z->dg->blocked(&g, &z->dg->plan, z->op->work);
}

/* The operands, C and the workspace written once (no page is first
 * touched inside a timed call).  Returns 0, or -1 out of memory. */
static int operands(const struct mms_dgemm *dg, const int *sizes,
                    struct operands *op)
{
    size_t nmax = 0, work = 0;

    for (int i = 0; i < 4 && sizes[i]; i++) {
        size_t n = (size_t)sizes[i], d;
        struct mml_gemm g = { 0, 0, n, n, n, 1.0, 0.0, NULL, NULL, NULL,
                              n, n, n };
        d = dg->work_doubles(&dg->plan, &g);
        nmax = n > nmax ? n : nmax;
        work = d > work ? d : work;
    }
    op->a = aligned(nmax * nmax), op->b = aligned(nmax * nmax);
    op->c = aligned(nmax * nmax), op->work = aligned(work);
    if (!op->a || !op->b || !op->c || !op->work)
        return -1;
    mms_fill(0, op->a, nmax * nmax * sizeof(double), NULL);
    mms_fill(1, op->b, nmax * nmax * sizeof(double), NULL);
    memset(op->c, 0, nmax * nmax * sizeof(double));
    memset(op->work, 0, work * sizeof(double));
    return 0;
}

static void release(struct operands *op)
{
    free(op->a), free(op->b), free(op->c), free(op->work);
}

int mms_dgemm_time(const struct mms_dgemm *dg, const struct mms_pipeline *pl,
                   struct mms_measure *m)
{
    struct mmt_timing_opts o = pl->timing;
    struct mmt_timing r;
    struct mmt_load load;
    struct operands op = { NULL, NULL, NULL, NULL };
    struct sized z = { dg, &op, 0 };
    /* The timer sees stand-ins: the call works on op, and the one-call
     * flush before each sample evicts it as it would A, B and C. */
    struct mmt_kernel k = {
        .name = "dgemm", .noperands = 3,
        .operand = { { "A", 64, 1, 0 }, { "B", 64, 1, 0 },
                     { "C", 64, 1, 0 } },
        .init = mms_fill, .call = call_dgemm, .user = &z,
    };
    char sizes[200] = "";
    double logsum = 0;
    int nsizes = 0;

    memset(m, 0, sizeof *m);
    o.flush = MMT_FLUSH_ONECALL_LRU;
    o.flush_bytes = pl->dgemm_flush_bytes;
    o.samples = pl->dgemm_samples;
    o.guards_off |= MMT_GUARD_INSTLD;    /* calls of milliseconds */
    if (operands(dg, pl->dgemm_n, &op) != 0) {
        release(&op);
        snprintf(m->why, sizeof m->why, "no memory for the operands");
        return -1;
    }
    /* A fresh child's first calls run slow (its vCPU ramping up, the
     * driver's pages coming in): one call, untimed, at the first size. */
    z.n = pl->dgemm_n[0];
    call_dgemm(&(struct mmt_call){ { NULL }, 1.0, 1.0 }, &z);
    mmt_load_start(&load, sched_getcpu());
    for (int i = 0; i < 4 && pl->dgemm_n[i]; i++, nsizes++) {
        size_t n = (size_t)pl->dgemm_n[i], used = strlen(sizes);
        z.n = pl->dgemm_n[i];
        k.flops = 2.0 * (double)n * (double)n * (double)n;
        if (mmt_time_kernel(&k, &o, &r) != 0) {
            snprintf(m->why, sizeof m->why, "N=%zu: %s", n, r.how);
            release(&op);
            return -1;
        }
        snprintf(sizes + used, sizeof sizes - used, "%sN=%zu:%.1f",
                 used ? " " : "", n, r.mflops);
        logsum += log(r.mflops);
        m->spread = r.spread > m->spread ? r.spread : m->spread;
        m->samples = r.samples;
    }
    release(&op);
    m->busy = mmt_load_busy(&load);
    m->verdict = MMS_V_OK;
    m->mflops = nsizes ? exp(logsum / nsizes) : 0;
    snprintf(m->why, sizeof m->why, "%s; %s", sizes, r.how);
    return 0;
}
