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

static void check_elem(const struct gr_gemm *g, size_t i, size_t j,
                       double got, double old, struct gr_result *r)
{
    double ref = 0.0, mag = 0.0, err, tol;

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
    err = fabs(got - ref);
    tol = 2.0 * (double)(g->k + 2) * (g->eps > 0.0 ? g->eps : DBL_EPSILON)
          * mag + DBL_MIN;
    r->checked++;
    if (!(err <= tol) && r->bad++ == 0) {
        r->bad_i = i;
        r->bad_j = j;
    }
    if (!(err / tol <= r->worst))
        r->worst = isnan(err) ? INFINITY : err / tol;
}

int gr_check(const struct gr_gemm *g, const double *c, const double *c0,
             size_t cells, double budget, struct gr_result *r)
{
    double work = (double)g->m * (double)g->n * (double)(g->k + 1);
    size_t s = work <= budget ? 1 : (size_t)ceil(work / budget);

    memset(r, 0, sizeof *r);
    for (size_t e = 0; e < cells; e++) {
        size_t i = e % g->ldc, j = e / g->ldc;
        if (i < g->m && j < g->n) {
            if ((i + j) % s == 0)
                check_elem(g, i, j, c[e], c0[e], r);
        } else if (memcmp(&c[e], &c0[e], sizeof c[e]) != 0) {
            r->touched++;
            r->worst = INFINITY;
        }
    }
    return r->bad || r->touched ? -1 : 0;
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
