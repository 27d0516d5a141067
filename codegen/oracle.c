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

/* v as the kernel's type holds it. */
static double rounded(const struct elem *t, double v)
{
    return t->single ? (double)(float)v : v;
}

/* The exact products summed so far for one m x n block: element
 * i + j m of ref holds sum_{p<have} a_ip b_pj and of mag the sum of
 * their magnitudes, both in double.  The sizes of K are checked in
 * increasing order on the same operands (the first k columns of A and
 * rows of B), so the reference of each k extends the last one's: a K
 * run of every size costs the products once, not once per size. */
struct sums {
    double *ref, *mag;
    int have;
};

static void extend(struct sums *s, const double *ar, const double *br,
                   int m, int n, int kmax, int k)
{
    for (; s->have < k; s->have++) {
        int p = s->have;
        for (int j = 0; j < n; j++)
            for (int i = 0; i < m; i++) {
                double x = ar[i + p * m] * br[p + j * kmax];
                s->ref[i + j * m] += x;
                s->mag[i + j * m] += fabs(x);
            }
    }
}

/* C(i,j) after the call (got) against the reference, given its old
 * value; the error is recorded in r. */
static void check_elem(const struct elem *t, const struct sums *s, int m,
                       int k, double beta, int beta_kind, double got,
                       double old, int i, int j, struct mmg_oracle_run *r)
{
    double ref = s->ref[i + j * m], mag = s->mag[i + j * m], err, tol;

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

/* The buffers of one m x n block, sized for its largest k (kmax): a, b,
 * cg and c0 in the kernel's type; ar (m x kmax) and br (kmax x n) in
 * double, the values the calls see. */
struct operands {
    void *a, *b, *cg, *c0;
    double *ar, *br;
    struct sums s;
};

static void free_operands(struct operands *o)
{
    free(o->a), free(o->b), free(o->ar), free(o->br), free(o->cg);
    free(o->c0), free(o->s.ref), free(o->s.mag);
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

/* The leading dimensions and element counts of the operands at k. */
struct dims {
    int lda, ldb, ldc;
    size_t asz, bsz, csz;
};

static struct dims dims_at(const struct mmt_kernel_desc *d, int m, int n,
                           int k)
{
    int bt = d->layout == MMT_LAYOUT_NOCOPY_BT;
    struct dims z = { m + 2, (bt ? n : k) + 1, m + 3, 0, 0, 0 };

    z.asz = (size_t)z.lda * k + (size_t)m * k + 8;
    z.bsz = (size_t)z.ldb * (bt ? k : n) + (size_t)k * n + 8;
    z.csz = (size_t)z.ldc * (n + 2);
    return z;
}

/* One call at m x n x k on the first k columns of A and rows of B;
 * beta_kind 0, 1 or 2 (general).  C has a guard column before and after
 * the block (cg points at the first).  Whatever of a and b the layout
 * does not assign at this k is NaN: the sizes before were smaller, and
 * every element past the last one's reach is still NaN. */
static void run_one(const struct mmt_kernel_desc *d, const struct elem *t,
                    int beta_kind, int m, int n, int k, int kmax,
                    struct operands *o, unsigned long long *seed,
                    struct mmg_oracle_run *r)
{
    struct dims z = dims_at(d, m, n, k);
    double beta = beta_kind == 2 ? -0.75 : beta_kind == 1 ? 1.0 : 0.0;

    for (size_t i = 0; i < z.asz; i++)
        put(t, o->a, (long)i, NAN);
    for (size_t i = 0; i < z.bsz; i++)
        put(t, o->b, (long)i, NAN);
    for (int p = 0; p < k; p++)
        for (int i = 0; i < m; i++)
            put(t, o->a, operand_at(d, 0, i, p, m, k, z.lda),
                o->ar[i + p * m]);
    for (int j = 0; j < n; j++)
        for (int p = 0; p < k; p++)
            put(t, o->b, operand_at(d, 1, j, p, n, k, z.ldb),
                o->br[p + j * kmax]);
    for (size_t i = 0; i < z.csz; i++)
        put(t, o->cg, (long)i, beta_kind == 0 && i % z.ldc < (size_t)m
            && i >= (size_t)z.ldc && i < (size_t)z.ldc * (n + 1) ? NAN
            : urand(seed));
    memcpy(o->c0, o->cg, t->esz * z.csz);
    /* the variants for beta 0 and 1 must ignore the beta argument */
    call(d, beta_kind, m, n, k, o, z.lda, z.ldb, beta_kind == 2 ? beta : 7.0,
         (char *)o->cg + t->esz * z.ldc, z.ldc);
    r->calls++;
    extend(&o->s, o->ar, o->br, m, n, kmax, k);
    for (size_t e = 0; e < z.csz; e++) {
        int i = (int)(e % z.ldc), j = (int)(e / z.ldc) - 1;
        if (i < m && j >= 0 && j < n)
            check_elem(t, &o->s, m, k, beta, beta_kind,
                       get(t, o->cg, (long)e), get(t, o->c0, (long)e), i, j,
                       r);
        else if (memcmp((char *)o->cg + t->esz * e,
                        (char *)o->c0 + t->esz * e, t->esz) != 0)
            r->fails++, r->worst = INFINITY;
    }
}

/* Every k from k0 to k1 at m x n, on one draw of A and B (k1 deep). */
static void run_ks(const struct mmt_kernel_desc *d, int beta_kind, int m,
                   int n, int k0, int k1, unsigned long long *seed,
                   struct mmg_oracle_run *r)
{
    struct elem t = elem_of(d);
    struct dims z = dims_at(d, m, n, k1);
    struct operands o = {
        malloc(t.esz * z.asz), malloc(t.esz * z.bsz),
        malloc(t.esz * z.csz), malloc(t.esz * z.csz),
        malloc(sizeof(double) * m * k1), malloc(sizeof(double) * k1 * n),
        { calloc((size_t)m * n, sizeof(double)),
          calloc((size_t)m * n, sizeof(double)), 0 }
    };

    if (!o.a || !o.b || !o.ar || !o.br || !o.cg || !o.c0 || !o.s.ref
        || !o.s.mag) {
        free_operands(&o);
        r->oom = 1;
        return;
    }
    for (int p = 0; p < k1; p++)
        for (int i = 0; i < m; i++)
            o.ar[i + p * m] = rounded(&t, urand(seed));
    for (int j = 0; j < n; j++)
        for (int p = 0; p < k1; p++)
            o.br[p + j * k1] = rounded(&t, urand(seed));
    for (size_t i = 0; i < z.asz; i++)
        put(&t, o.a, (long)i, NAN);
    for (size_t i = 0; i < z.bsz; i++)
        put(&t, o.b, (long)i, NAN);
    for (int k = k0; k <= k1; k++)
        run_one(d, &t, beta_kind, m, n, k, k1, &o, seed, r);
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
            run_ks(d, v, m, n, k0, k1, seed, r);
}
