/* check_kernels: run every kernel of the generated grid against the
 * reference mini-MMM and print TAP.  Compiled with the kernel compiler and
 * flags (KERNEL_CC, KERNEL_CFLAGS) together with the generated grid.
 *
 * Every size a kernel takes at run time is swept over 1..NB, so every
 * cleanup size 1..NB-1 is run in each dimension.  An element passes when
 * |c - ref| <= 2 (k + 2) eps (sum_p |a_ip b_pj| + |beta c0_ij|): the
 * rounding bound of a length-k dot product, with room for any order of
 * summation.  Cells of C outside the m x n block (the rows below m up to
 * ldc, and a guard column on either side) must not change; for beta = 0
 * the old C is NaN, which must not leak into the result.  Whatever of the
 * A and B buffers the layout does not assign is NaN too, so a kernel that
 * reads outside its operands and uses the value is caught. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mmkernel.h"
#include "cpurun.h"

extern const struct mmt_kernel_desc *const grid_good[];
extern const struct mmt_kernel_desc *const grid_bad[];

static unsigned long long seed = 12345;

static double urand(void)
{
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(seed >> 11) / (double)(1ULL << 53) * 2.0 - 1.0;
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
    return is_b ? p + (long)x * ld : x + (long)p * ld;
}

struct run {
    double worst;     /* largest error / allowed */
    int fails;
};

static double *nan_filled(size_t n)
{
    double *x = malloc(sizeof *x * n);
    for (size_t i = 0; x && i < n; i++)
        x[i] = NAN;
    return x;
}

/* C(i,j) after the call (got) against the reference, given its old
 * value; the error is recorded in r. */
static void check_elem(const double *ar, const double *br, int m, int k,
                       double beta, int beta_kind, double got, double old,
                       int i, int j, struct run *r)
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
    tol = 2.0 * (k + 2) * DBL_EPSILON * mag + DBL_MIN;
    if (!(err <= tol))
        r->fails++;
    if (!(err / tol <= r->worst))
        r->worst = isnan(err) ? INFINITY : err / tol;
}

/* One call at m x n x k; beta_kind 0, 1 or 2 (general).  C has a guard
 * column before and after the block (cg points at the first). */
static void run_one(const struct mmt_kernel_desc *d, mmt_mm_kernel *fn,
                    int beta_kind, int m, int n, int k, struct run *r)
{
    int lda = m + 2, ldb = k + 1, ldc = m + 3;
    size_t asz = (size_t)lda * k + (size_t)m * k + 8;
    size_t bsz = (size_t)ldb * n + (size_t)k * n + 8;
    size_t csz = (size_t)ldc * (n + 2);
    double *a = nan_filled(asz), *b = nan_filled(bsz);
    double *ar = malloc(sizeof *ar * m * k), *br = malloc(sizeof *br * k * n);
    double *cg = malloc(sizeof *cg * csz), *c0 = malloc(sizeof *cg * csz);
    double *c = cg + ldc;
    double beta = beta_kind == 2 ? -0.75 : beta_kind == 1 ? 1.0 : 0.0;

    if (!a || !b || !ar || !br || !cg || !c0) {
        printf("Bail out! out of memory\n");
        exit(1);
    }
    for (int p = 0; p < k; p++)
        for (int i = 0; i < m; i++)
            a[operand_at(d, 0, i, p, m, k, lda)] = ar[i + p * m] = urand();
    for (int j = 0; j < n; j++)
        for (int p = 0; p < k; p++)
            b[operand_at(d, 1, j, p, n, k, ldb)] = br[p + j * k] = urand();
    for (size_t i = 0; i < csz; i++)
        cg[i] = c0[i] = beta_kind == 0 && i % ldc < (size_t)m
            && i >= (size_t)ldc && i < (size_t)ldc * (n + 1) ? NAN
            : urand();
    /* the variants for beta 0 and 1 must ignore the beta argument */
    fn(m, n, k, a, lda, b, ldb, beta_kind == 2 ? beta : 7.0, c, ldc);
    for (size_t e = 0; e < csz; e++) {
        int i = (int)(e % ldc), j = (int)(e / ldc) - 1;
        if (i < m && j >= 0 && j < n)
            check_elem(ar, br, m, k, beta, beta_kind, cg[e], c0[e], i, j,
                       r);
        else if (memcmp(&cg[e], &c0[e], sizeof cg[e]) != 0)
            r->fails++, r->worst = INFINITY;
    }
    free(a), free(b), free(ar), free(br), free(cg), free(c0);
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
            if (!mmg_cpu_runs((*t)->requires)) {
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

/* Arguments: "isa: reason" for each ISA the grid left out, one SKIP each
 * (grid.sh decides them: the compiler cannot build the ISA). */
int main(int argc, char **argv)
{
    int n = count_variants(grid_good) + count_variants(grid_bad);

    printf("1..%d\n", n + argc - 1);
    for (int i = 1; i < argc; i++)
        printf("ok %d # SKIP %s\n", i, argv[i]);
    check_table(grid_bad, 1, check_table(grid_good, 0, argc - 1));
    return 0;
}
