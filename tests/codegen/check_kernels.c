/* check_kernels: run every kernel of the generated grid against the
 * reference mini-MMM and print TAP.  Compiled with the kernel compiler and
 * flags (KERNEL_CC, KERNEL_CFLAGS) together with the generated grid.
 *
 * Every size a kernel takes at run time is swept over 1..NB, so every
 * cleanup size 1..NB-1 is run in each dimension.  An element passes when
 * |c - ref| <= 2 (k + 2) eps (sum_p |a_ip b_pj| + |beta c0_ij|): the
 * rounding bound of a length-k dot product, with room for any order of
 * summation.  Cells of C outside the m x n block must not change; for
 * beta = 0 the old C is NaN, which must not leak into the result. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mmkernel.h"

extern const struct mmt_kernel_desc *const grid_good[];
extern const struct mmt_kernel_desc *const grid_bad[];

static unsigned long long seed = 12345;

static double urand(void)
{
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(seed >> 11) / (double)(1ULL << 53) * 2.0 - 1.0;
}

static int cpu_runs(const char *req)
{
#if !defined(__x86_64__) && !defined(__i386__)
    return !req[0];     /* only scalar kernels off x86 */
#endif
    __builtin_cpu_init();
    if (strstr(req, "avx512f") && !__builtin_cpu_supports("avx512f"))
        return 0;
    if (strstr(req, "avx2") && !__builtin_cpu_supports("avx2"))
        return 0;
    if (strstr(req, "fma") && !__builtin_cpu_supports("fma"))
        return 0;
    if (strstr(req, "sse2") && !__builtin_cpu_supports("sse2"))
        return 0;
    return 1;
}

/* Where A(i,p) and B(p,j) go in the kernel's layout. */
static long a_at(const struct mmt_kernel_desc *d, int i, int p, int m,
                 int k, int lda)
{
    if (d->layout == MMT_LAYOUT_ATLAS)
        return (long)i * k + p;
    if (d->layout == MMT_LAYOUT_PANEL)
        return MMT_PANEL_OFFSET(i, p, d->mu, m, k);
    return i + (long)p * lda;
}

static long b_at(const struct mmt_kernel_desc *d, int p, int j, int n,
                 int k, int ldb)
{
    if (d->layout == MMT_LAYOUT_ATLAS)
        return (long)j * k + p;
    if (d->layout == MMT_LAYOUT_PANEL)
        return MMT_PANEL_OFFSET(j, p, d->nu, n, k);
    return p + (long)j * ldb;
}

struct run {
    double worst;     /* largest error / allowed */
    int fails;
};

/* One call at m x n x k; beta_kind 0, 1 or 2 (general). */
static void run_one(const struct mmt_kernel_desc *d, mmt_mm_kernel *fn,
                    int beta_kind, int m, int n, int k, struct run *r)
{
    int lda = m + 2, ldb = k + 1, ldc = m + 3;
    size_t asz = (size_t)lda * k + (size_t)m * k + 8;
    size_t bsz = (size_t)ldb * n + (size_t)k * n + 8;
    double *a = calloc(asz, sizeof *a), *b = calloc(bsz, sizeof *b);
    double *ar = malloc(sizeof *ar * m * k), *br = malloc(sizeof *br * k * n);
    double *c = malloc(sizeof *c * ldc * n), *c0 = malloc(sizeof *c * ldc * n);
    double beta = beta_kind == 2 ? -0.75 : beta_kind == 1 ? 1.0 : 0.0;

    for (int p = 0; p < k; p++)
        for (int i = 0; i < m; i++)
            a[a_at(d, i, p, m, k, lda)] = ar[i + p * m] = urand();
    for (int j = 0; j < n; j++)
        for (int p = 0; p < k; p++)
            b[b_at(d, p, j, n, k, ldb)] = br[p + j * k] = urand();
    for (int i = 0; i < ldc * n; i++)
        c[i] = c0[i] = beta_kind == 0 && i % ldc < m ? NAN : urand();
    /* the variants for beta 0 and 1 must ignore the beta argument */
    fn(m, n, k, a, lda, b, ldb, beta_kind == 2 ? beta : 7.0, c, ldc);
    for (int j = 0; j < n; j++)
        for (int i = 0; i < ldc; i++) {
            double ref = 0, mag = 0, err, tol;
            if (i >= m) {
                if (c[i + j * ldc] != c0[i + j * ldc])
                    r->fails++, r->worst = INFINITY;
                continue;
            }
            for (int p = 0; p < k; p++) {
                ref += ar[i + p * m] * br[p + j * k];
                mag += fabs(ar[i + p * m] * br[p + j * k]);
            }
            if (beta_kind) {
                ref += beta * c0[i + j * ldc];
                mag += fabs(beta * c0[i + j * ldc]);
            }
            err = fabs(c[i + j * ldc] - ref);
            tol = 2.0 * (k + 2) * DBL_EPSILON * mag + DBL_MIN;
            if (!(err <= tol))
                r->fails++;
            if (!(err / tol <= r->worst))
                r->worst = isnan(err) ? INFINITY : err / tol;
        }
    free(a), free(b), free(ar), free(br), free(c), free(c0);
}

/* Every size the kernel can be called with: its fixed size, or 1..nb. */
static void sweep(const struct mmt_kernel_desc *d, mmt_mm_kernel *fn,
                  int beta_kind, struct run *r, int *calls)
{
    int m0 = d->m ? d->m : 1, m1 = d->m ? d->m : d->nb;
    int n0 = d->n ? d->n : 1, n1 = d->n ? d->n : d->nb;
    int k0 = d->k ? d->k : 1, k1 = d->k ? d->k : d->nb;

    for (int m = m0; m <= m1; m++)
        for (int n = n0; n <= n1; n++)
            for (int k = k0; k <= k1; k++, ++*calls)
                run_one(d, fn, beta_kind, m, n, k, r);
}

static int count_variants(const struct mmt_kernel_desc *const *t)
{
    int n = 0;
    for (; *t; t++)
        n += !!(*t)->beta0 + !!(*t)->beta1 + !!(*t)->betax;
    return n;
}

/* One TAP line per kernel variant; expect_fail for the planted errors. */
static int check_table(const struct mmt_kernel_desc *const *t,
                       int expect_fail, int tapno)
{
    static const char *const tag[3] = { "b0", "b1", "bx" };

    for (; *t; t++) {
        mmt_mm_kernel *fn[3] = { (*t)->beta0, (*t)->beta1, (*t)->betax };
        for (int v = 0; v < 3; v++) {
            struct run r = { 0, 0 };
            int calls = 0;
            if (!fn[v])
                continue;
            if (!cpu_runs((*t)->requires)) {
                printf("ok %d - %s_%s # SKIP this CPU lacks %s\n", ++tapno,
                       (*t)->name, tag[v], (*t)->requires);
                continue;
            }
            sweep(*t, fn[v], v, &r, &calls);
            printf("%s %d - %s_%s%s: %d calls, %d bad elements, worst "
                   "error %.3g of allowed\n",
                   (r.fails > 0) == expect_fail ? "ok" : "not ok", ++tapno,
                   (*t)->name, tag[v], expect_fail ? " is caught" : "",
                   calls, r.fails, r.worst);
        }
    }
    return tapno;
}

int main(void)
{
    int n = count_variants(grid_good) + count_variants(grid_bad);

    printf("1..%d\n", n);
    check_table(grid_bad, 1, check_table(grid_good, 0, 0));
    return 0;
}
