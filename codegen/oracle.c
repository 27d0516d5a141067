/* The kernel oracle (oracle.h says what it checks and why). */
#include "oracle.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static double urand(unsigned long long *seed)
{
    *seed = *seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(*seed >> 11) / (double)(1ULL << 53) * 2.0 - 1.0;
}

mmt_mm_kernel *mmg_oracle_variant(const struct mmt_kernel_desc *d, int v)
{
    return v == MMG_ORACLE_B0 ? d->beta0
        : v == MMG_ORACLE_B1 ? d->beta1 : d->betax;
}

static mmt_smm_kernel *svariant(const struct mmt_kernel_desc *d, int v)
{
    return v == MMG_ORACLE_B0 ? d->sbeta0
        : v == MMG_ORACLE_B1 ? d->sbeta1 : d->sbetax;
}

int mmg_oracle_has(const struct mmt_kernel_desc *d, int v)
{
    return d->type == MMT_TYPE_S ? svariant(d, v) != NULL
                                 : mmg_oracle_variant(d, v) != NULL;
}

/* The kernel's element type as the oracle needs it: operands are kept
 * in the kernel's type (bytes of esz) for the call and in double for
 * the reference, which is then exact enough for either type. */
struct elem {
    int single;
    size_t esz;
    double eps, tiny;        /* the type's rounding unit, least normal */
};

static struct elem elem_of(const struct mmt_kernel_desc *d)
{
    struct elem e = { 0, sizeof(double), DBL_EPSILON, DBL_MIN };

    if (d->type == MMT_TYPE_S)
        e = (struct elem){ 1, sizeof(float), FLT_EPSILON, FLT_MIN };
    return e;
}

/* Element i of a buffer of the kernel's type, set (to v rounded to the
 * type, which is returned) or read. */
static double put(const struct elem *t, void *buf, long i, double v)
{
    if (!t->single)
        return ((double *)buf)[i] = v;
    return ((float *)buf)[i] = (float)v;
}

static double get(const struct elem *t, const void *buf, long i)
{
    return t->single ? ((const float *)buf)[i] : ((const double *)buf)[i];
}

/* Where A(x,p) (is_b 0) or B(p,x) (is_b 1) goes in the kernel's layout;
 * ext is m for A, n for B, ld is lda or ldb. */
static long operand_at(const struct mmt_kernel_desc *d, int is_b, int x,
                       int p, int ext, int k, int ld)
{
    if (d->layout == MMT_LAYOUT_ATLAS)
        return (long)x * k + p;
    if (d->layout == MMT_LAYOUT_PANEL)
        return MMT_PANEL_OFFSET(x, p, is_b ? d->nu : d->mu, ext, k);
    if (d->layout == MMT_LAYOUT_NOCOPY_BT && is_b)
        return x + (long)p * ld;
    return is_b ? p + (long)x * ld : x + (long)p * ld;
}

static void *nan_filled(const struct elem *t, size_t n)
{
    void *x = malloc(t->esz * n);
    for (size_t i = 0; x && i < n; i++)
        put(t, x, (long)i, NAN);
    return x;
}

/* C(i,j) after the call (got) against the reference, given its old
 * value; the error is recorded in r. */
static void check_elem(const struct elem *t, const double *ar,
                       const double *br, int m, int k, double beta,
                       int beta_kind, double got, double old, int i, int j,
                       struct mmg_oracle_run *r)
{
    double ref = 0, mag = 0, err, tol;

    for (int p = 0; p < k; p++) {
        ref += ar[i + p * m] * br[p + j * k];
        mag += fabs(ar[i + p * m] * br[p + j * k]);
    }
    if (beta_kind) {
        ref += beta * old;
        mag += fabs(beta * old);
    }
    err = fabs(got - ref);
    tol = 2.0 * (k + 2) * t->eps * mag + t->tiny;
    if (!(err <= tol))
        r->fails++;
    if (!(err / tol <= r->worst))
        r->worst = isnan(err) ? INFINITY : err / tol;
}

/* a, b, cg and c0 in the kernel's type; ar and br in double. */
struct operands {
    void *a, *b, *cg, *c0;
    double *ar, *br;
};

static void free_operands(struct operands *o)
{
    free(o->a), free(o->b), free(o->ar), free(o->br), free(o->cg);
    free(o->c0);
}

/* Variant v of d on the operands: through the pointer of its type. */
static void call(const struct mmt_kernel_desc *d, int v, int m, int n,
                 int k, const struct operands *o, int lda, int ldb,
                 double beta, void *c, int ldc)
{
    if (d->type == MMT_TYPE_S)
        svariant(d, v)(m, n, k, o->a, lda, o->b, ldb, (float)beta, c, ldc);
    else
        mmg_oracle_variant(d, v)(m, n, k, o->a, lda, o->b, ldb, beta, c,
                                 ldc);
}

/* One call at m x n x k; beta_kind 0, 1 or 2 (general).  C has a guard
 * column before and after the block (cg points at the first). */
static void run_one(const struct mmt_kernel_desc *d, int beta_kind, int m,
                    int n, int k, unsigned long long *seed,
                    struct mmg_oracle_run *r)
{
    struct elem t = elem_of(d);
    int bt = d->layout == MMT_LAYOUT_NOCOPY_BT;
    int lda = m + 2, ldb = (bt ? n : k) + 1, ldc = m + 3;
    size_t asz = (size_t)lda * k + (size_t)m * k + 8;
    size_t bsz = (size_t)ldb * (bt ? k : n) + (size_t)k * n + 8;
    size_t csz = (size_t)ldc * (n + 2);
    struct operands o = {
        nan_filled(&t, asz), nan_filled(&t, bsz), malloc(t.esz * csz),
        malloc(t.esz * csz), malloc(sizeof(double) * m * k),
        malloc(sizeof(double) * k * n)
    };
    double beta = beta_kind == 2 ? -0.75 : beta_kind == 1 ? 1.0 : 0.0;

    if (!o.a || !o.b || !o.ar || !o.br || !o.cg || !o.c0) {
        free_operands(&o);
        r->oom = 1;
        return;
    }
    for (int p = 0; p < k; p++)
        for (int i = 0; i < m; i++)
            o.ar[i + p * m] = put(&t, o.a, operand_at(d, 0, i, p, m, k, lda),
                                  urand(seed));
    for (int j = 0; j < n; j++)
        for (int p = 0; p < k; p++)
            o.br[p + j * k] = put(&t, o.b, operand_at(d, 1, j, p, n, k, ldb),
                                  urand(seed));
    for (size_t i = 0; i < csz; i++)
        put(&t, o.cg, (long)i, beta_kind == 0 && i % ldc < (size_t)m
            && i >= (size_t)ldc && i < (size_t)ldc * (n + 1) ? NAN
            : urand(seed));
    memcpy(o.c0, o.cg, t.esz * csz);
    /* the variants for beta 0 and 1 must ignore the beta argument */
    call(d, beta_kind, m, n, k, &o, lda, ldb, beta_kind == 2 ? beta : 7.0,
         (char *)o.cg + t.esz * ldc, ldc);
    r->calls++;
    for (size_t e = 0; e < csz; e++) {
        int i = (int)(e % ldc), j = (int)(e / ldc) - 1;
        if (i < m && j >= 0 && j < n)
            check_elem(&t, o.ar, o.br, m, k, beta, beta_kind,
                       get(&t, o.cg, (long)e), get(&t, o.c0, (long)e), i, j,
                       r);
        else if (memcmp((char *)o.cg + t.esz * e, (char *)o.c0 + t.esz * e,
                        t.esz) != 0)
            r->fails++, r->worst = INFINITY;
    }
    free_operands(&o);
}

void mmg_oracle_check(const struct mmt_kernel_desc *d, int v,
                      unsigned long long *seed, struct mmg_oracle_run *r)
{
    int m0 = d->m ? d->m : 1, m1 = d->m ? d->m : d->nb;
    int n0 = d->n ? d->n : 1, n1 = d->n ? d->n : d->nb;
    int k0 = d->k ? d->k : 1, k1 = d->k ? d->k : d->nb;

    memset(r, 0, sizeof *r);
    if (!mmg_oracle_has(d, v))
        return;
    for (int m = m0; m <= m1 && !r->oom; m++)
        for (int n = n0; n <= n1 && !r->oom; n++)
            for (int k = k0; k <= k1 && !r->oom; k++)
                run_one(d, v, m, n, k, seed, r);
}
