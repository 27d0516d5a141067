/* Before a library is timed at a shape, its answer is checked once against
 * the naive loops: a wrong product is reported, never timed.  The bound is
 * the worst case of any summation order, 2 gamma_k sum |a||b| between two
 * computations (Higham, Accuracy and Stability, 3.5), so a right library
 * never fails it; C starts as NaN with beta = 0, so a library that reads
 * C does.  Cheap at every size: the naive reference of 64 columns at most
 * (the first and last 16, where edge tiles sit, and a spread between) and
 * the whole of C through C*t against A*(B*t) for a random t (docs/DESIGN.md,
 * Conventions). */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "bench/bench_dgemm.h"

int bd_lda(struct bd_shape s)
{
    return s.ta == 'T' ? s.k : s.m;
}

int bd_ldb(struct bd_shape s)
{
    return s.tb == 'T' ? s.n : s.k;
}

double bd_opa(struct bd_shape s, const double *a, size_t i, size_t p)
{
    return s.ta == 'T' ? a[p + i * (size_t)s.k] : a[i + p * (size_t)s.m];
}

double bd_opb(struct bd_shape s, const double *b, size_t p, size_t j)
{
    return s.tb == 'T' ? b[j + p * (size_t)s.n] : b[p + j * (size_t)s.k];
}

void bd_call(const struct bd_lib *l, struct bd_shape s, const double *a,
             const double *b, double *c)
{
    double one = 1.0, zero = 0.0;
    int lda = bd_lda(s), ldb = bd_ldb(s);
    char ta[2] = { s.ta, 0 }, tb[2] = { s.tb, 0 };
    struct bd_threads *t = l->threads;

    /* entries of one library at other counts alternate: set its count
     * when the last call ran at another */
    if (t && l->nthreads > 0 && t->current != l->nthreads) {
        if (t->set_mmt)
            t->set_mmt(l->nthreads);
        else if (t->set_long)
            t->set_long(l->nthreads);
        else
            t->set_int(l->nthreads);
        t->current = l->nthreads;
    }
    if (l->fn)
        l->fn(ta, tb, &s.m, &s.n, &s.k, &one, a, &lda, b, &ldb, &zero, c,
              &s.m);
    else
        bd_naive(s, a, b, c);
}

void bd_naive(struct bd_shape s, const double *a, const double *b,
              double *c)
{
    size_t m = (size_t)s.m, k = (size_t)s.k;

    for (size_t j = 0; j < (size_t)s.n; j++) {
        for (size_t i = 0; i < m; i++)
            c[i + j * m] = 0.0;
        for (size_t p = 0; p < k; p++) {
            double t = b[p + j * k];
            for (size_t i = 0; i < m; i++)
                c[i + j * m] += t * a[i + p * m];
        }
    }
}

/* Values in [-0.5, 0.5), the same sequence every run. */
static void fill(double *x, size_t n, unsigned long seed)
{
    for (size_t i = 0; i < n; i++) {
        seed = seed * 6364136223846793005UL + 1442695040888963407UL;
        x[i] = (double)(seed >> 11) / 9007199254740992.0 - 0.5;
    }
}

struct operands {
    struct bd_shape s;
    double *a, *b, *c;
    double *ref, *abs;    /* one column of the reference, and of |A||B| */
};

/* Worst-case difference of two sums of k products, relative to the sum
 * of their magnitudes. */
static double bound(int terms, double mag)
{
    return 2.0 * (terms + 2) * DBL_EPSILON * mag + DBL_MIN;
}

/* Column j of C against the naive loops.  0, or -1 with why. */
static int check_column(const struct operands *o, size_t j, char *why,
                        size_t whylen)
{
    size_t m = (size_t)o->s.m, k = (size_t)o->s.k;

    for (size_t i = 0; i < m; i++)
        o->ref[i] = o->abs[i] = 0.0;
    for (size_t p = 0; p < k; p++) {
        double t = bd_opb(o->s, o->b, p, j);
        for (size_t i = 0; i < m; i++) {
            double x = t * bd_opa(o->s, o->a, i, p);
            o->ref[i] += x;
            o->abs[i] += fabs(x);
        }
    }
    for (size_t i = 0; i < m; i++) {
        double got = o->c[i + j * m], err = fabs(got - o->ref[i]);
        if (!(err <= bound(o->s.k, o->abs[i]))) {
            snprintf(why, whylen, "C(%zu,%zu) = %g, the naive loops give "
                     "%g (bound %.1e)", i + 1, j + 1, got, o->ref[i],
                     bound(o->s.k, o->abs[i]));
            return -1;
        }
    }
    return 0;
}

/* C*t against A*(B*t) over the whole of C.  0, or -1 with why. */
static int check_product(const struct operands *o, char *why, size_t whylen)
{
    size_t m = (size_t)o->s.m, n = (size_t)o->s.n, k = (size_t)o->s.k;
    double *t = malloc(sizeof *t * n), *u = calloc(k, sizeof *u);
    double *ua = calloc(k, sizeof *ua);
    int rc = 0;

    if (!t || !u || !ua) {
        fprintf(stderr, "bench-dgemm: out of memory\n");
        exit(1);
    }
    fill(t, n, 7);
    for (size_t p = 0; p < k; p++)          /* u = B t, ua = |B||t| */
        for (size_t j = 0; j < n; j++) {
            double x = bd_opb(o->s, o->b, p, j) * t[j];
            u[p] += x;
            ua[p] += fabs(x);
        }
    for (size_t i = 0; i < m && rc == 0; i++) {
        double ct = 0.0, at = 0.0, mag = 0.0;
        for (size_t j = 0; j < n; j++)
            ct += o->c[i + j * m] * t[j];
        for (size_t p = 0; p < k; p++) {
            double x = bd_opa(o->s, o->a, i, p);
            at += x * u[p];
            mag += fabs(x) * ua[p];
        }
        if (!(fabs(ct - at) <= bound(o->s.k + o->s.n + 2, 2.0 * mag))) {
            snprintf(why, whylen, "row %zu of C*t is %g, of A*(B*t) %g",
                     i + 1, ct, at);
            rc = -1;
        }
    }
    free(t), free(u), free(ua);
    return rc;
}

/* The columns the naive loops recompute: all of a narrow C, else the 16
 * at each end and 32 spread between. */
static int check_columns(const struct operands *o, char *why, size_t whylen)
{
    size_t n = (size_t)o->s.n;

    if (n <= 64) {
        for (size_t j = 0; j < n; j++)
            if (check_column(o, j, why, whylen) != 0)
                return -1;
        return 0;
    }
    for (size_t q = 0; q < 64; q++) {
        size_t j = q < 16 ? q : q >= 48 ? n - 64 + q
                 : 16 + (q - 16) * (n - 32) / 32;
        if (check_column(o, j, why, whylen) != 0)
            return -1;
    }
    return 0;
}

enum bd_verdict bd_check(const struct bd_lib *l, struct bd_shape s,
                         char *why, size_t whylen)
{
    size_t m = (size_t)s.m, n = (size_t)s.n, k = (size_t)s.k;
    struct operands o = { s, malloc(sizeof(double) * m * k),
                          malloc(sizeof(double) * k * n),
                          malloc(sizeof(double) * m * n),
                          malloc(sizeof(double) * m),
                          malloc(sizeof(double) * m) };
    int rc;

    if (!o.a || !o.b || !o.c || !o.ref || !o.abs) {
        fprintf(stderr, "bench-dgemm: out of memory\n");
        exit(1);
    }
    fill(o.a, m * k, 1);
    fill(o.b, k * n, 2);
    for (size_t i = 0; i < m * n; i++)
        o.c[i] = NAN;          /* beta = 0: C must never be read */
    bd_call(l, s, o.a, o.b, o.c);
    rc = check_columns(&o, why, whylen);
    if (rc == 0)
        rc = check_product(&o, why, whylen);
    free(o.a), free(o.b), free(o.c), free(o.ref), free(o.abs);
    return rc == 0 ? BD_RIGHT : BD_WRONG;
}
