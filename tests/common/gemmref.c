/* The GEMM oracle (gemmref.h). */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/common/gemmref.h"

static double op_at(const double *x, size_t ld, int trans, size_t r,
                    size_t s)
{
    return trans ? x[s + r * ld] : x[r + s * ld];
}

/* One element's error against its bound, counted in r. */
static void tally(struct gr_result *r, size_t i, size_t j, double err,
                  double tol)
{
    r->checked++;
    if (!(err <= tol) && r->bad++ == 0) {
        r->bad_i = i;
        r->bad_j = j;
    }
    if (!(err / tol <= r->worst))
        r->worst = isnan(err) ? INFINITY : err / tol;
}

static double eps(const struct gr_gemm *g)
{
    return g->eps > 0.0 ? g->eps : DBL_EPSILON;
}

static void check_elem(const struct gr_gemm *g, size_t i, size_t j,
                       double got, double old, struct gr_result *r)
{
    double ref = 0.0, mag = 0.0;

    /* alpha = 0: A and B are not read (they may hold NaN) */
    for (size_t p = 0; g->alpha != 0.0 && p < g->k; p++) {
        double t = op_at(g->a, g->lda, g->ta, i, p)
                   * op_at(g->b, g->ldb, g->tb, p, j);
        ref += t;
        mag += fabs(t);
    }
    ref = g->alpha != 0.0 ? ref * g->alpha : 0.0;
    mag *= fabs(g->alpha);
    if (g->beta != 0.0) {
        ref += g->beta * old;
        mag += fabs(g->beta * old);
    }
    tally(r, i, j, fabs(got - ref),
          2.0 * (double)(g->k + 2) * eps(g) * mag + DBL_MIN);
}

/* op(X)(r, s) of a complex X. */
static void op_z(const double *x, size_t ld, int trans, size_t r,
                 size_t s, long double z[2])
{
    const double *e = trans ? x + 2 * (s + r * ld) : x + 2 * (r + s * ld);

    z[0] = e[0];
    z[1] = trans == 2 ? -(long double)e[1] : e[1];
}

static long double norm1(long double re, long double im)
{
    return fabsl(re) + fabsl(im);
}

static void check_zelem(const struct gr_gemm *g, size_t i, size_t j,
                        const double *got, const double *old,
                        struct gr_result *r)
{
    long double sr = 0, si = 0, mag = 0, ref[2];
    int alpha = g->alpha != 0.0 || g->alpha_im != 0.0;

    for (size_t p = 0; alpha && p < g->k; p++) {
        long double x[2], y[2];

        op_z(g->a, g->lda, g->ta, i, p, x);
        op_z(g->b, g->ldb, g->tb, p, j, y);
        sr += x[0] * y[0] - x[1] * y[1];
        si += x[0] * y[1] + x[1] * y[0];
        mag += norm1(x[0], x[1]) * norm1(y[0], y[1]);
    }
    ref[0] = g->alpha * sr - g->alpha_im * si;
    ref[1] = g->alpha * si + g->alpha_im * sr;
    mag *= norm1(g->alpha, g->alpha_im);
    if (g->beta != 0.0 || g->beta_im != 0.0) {
        ref[0] += g->beta * (long double)old[0] - g->beta_im * old[1];
        ref[1] += g->beta * (long double)old[1] + g->beta_im * old[0];
        mag += norm1(g->beta, g->beta_im) * norm1(old[0], old[1]);
    }
    tally(r, i, j, (double)norm1(got[0] - ref[0], got[1] - ref[1]),
          2.0 * (double)(2 * g->k + 6) * eps(g) * (double)mag + DBL_MIN);
}

int gr_check(const struct gr_gemm *g, const double *c, const double *c0,
             size_t cells, double budget, struct gr_result *r)
{
    double work = (double)g->m * (double)g->n * (double)(g->k + 1);
    size_t s = work <= budget ? 1 : (size_t)ceil(work / budget);
    size_t w = g->cplx ? 2 : 1;      /* doubles an element */

    memset(r, 0, sizeof *r);
    for (size_t e = 0; e < cells; e++) {
        size_t i = e % g->ldc, j = e / g->ldc;
        if (i < g->m && j < g->n) {
            if ((i + j) % s != 0)
                continue;
            if (g->cplx)
                check_zelem(g, i, j, c + 2 * e, c0 + 2 * e, r);
            else
                check_elem(g, i, j, c[e], c0[e], r);
        } else if (memcmp(c + w * e, c0 + w * e, w * sizeof *c) != 0) {
            r->touched++;
            r->worst = INFINITY;
        }
    }
    return r->bad || r->touched ? -1 : 0;
}

static size_t at_least_1(size_t x)
{
    return x ? x : 1;
}

void gr_view(struct gr_gemm *g, int row, int ta, int tb, size_t m,
             size_t n, size_t k, size_t pad, size_t shape[4])
{
    g->ta = row ? tb : ta;
    g->tb = row ? ta : tb;
    g->m = row ? n : m;
    g->n = row ? m : n;
    g->k = k;
    shape[0] = g->ta ? g->k : g->m;
    shape[1] = g->ta ? g->m : g->k;
    shape[2] = g->tb ? g->n : g->k;
    shape[3] = g->tb ? g->k : g->n;
    g->lda = at_least_1(shape[0]) + pad;
    g->ldb = at_least_1(shape[2]) + pad;
    g->ldc = at_least_1(g->m) + pad;
}

double gr_rand(unsigned long long *state)
{
    *state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(*state >> 11) / (double)(1ULL << 53) * 2.0 - 1.0;
}

double *gr_nan_array(size_t n)
{
    double *x = malloc(sizeof *x * (n ? n : 1));

    if (!x) {
        printf("Bail out! out of memory for %zu doubles\n", n);
        exit(1);
    }
    for (size_t i = 0; i < n; i++)
        x[i] = NAN;
    return x;
}

void *gr_typed(const double *x, size_t n, int single)
{
    void *y = malloc((n ? n : 1) * (single ? sizeof(float) : sizeof *x));

    if (!y) {
        printf("Bail out! out of memory for %zu elements\n", n);
        exit(1);
    }
    for (size_t e = 0; e < n; e++) {
        if (single)
            ((float *)y)[e] = (float)x[e];
        else
            ((double *)y)[e] = x[e];
    }
    return y;
}

void gr_untyped(double *x, const void *y, size_t n, int single)
{
    for (size_t e = 0; e < n; e++)
        x[e] = single ? ((const float *)y)[e] : ((const double *)y)[e];
}
