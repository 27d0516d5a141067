/* Before a library is timed at a shape, its answer is checked once against
 * loops of the check's own, in double whatever the type (on the very
 * operands the library got, rounded to its type): a wrong product is
 * reported, never timed.  The bound is the worst case of any summation
 * order, 2 gamma_k sum |a||b| between two computations (Higham, Accuracy
 * and Stability, 3.5) at the type's epsilon (float's for SGEMM and
 * CGEMM), so a right library never fails it; C starts as NaN with beta =
 * 0, so a library that reads C does.  Cheap at every size: the reference
 * of 64 columns at most (the first and last 16, where edge tiles sit,
 * and a spread between) and the whole of C through C*t against A*(B*t)
 * for a random t (docs/DESIGN.md, Conventions). */
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

void bd_call(const struct bd_lib *l, struct bd_shape s, const void *a,
             const void *b, void *c)
{
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
        l->fn(ta, tb, &s.m, &s.n, &s.k, l->type->one, a, &lda, b, &ldb,
              l->type->zero, c, &s.m);
    else
        l->type->naive(s, a, b, c);
}

/* Values in [-0.5, 0.5), the same sequence every run. */
static void fill(double *x, size_t n, unsigned long seed)
{
    for (size_t i = 0; i < n; i++) {
        seed = seed * 6364136223846793005UL + 1442695040888963407UL;
        x[i] = (double)(seed >> 11) / 9007199254740992.0 - 0.5;
    }
}

/* One check's operands: A and B in the type, as the library gets them,
 * and as double (wa, wb: a and b themselves when the parts are
 * doubles), where the reference computes; C in the type. */
struct operands {
    struct bd_shape s;
    const struct bd_type *t;
    void *a, *b, *c;
    double *wa, *wb;
    double *re, *im, *abs;  /* a column of the reference, and of |A||B| */
};

/* Where op(A)'s element (i, p) and op(B)'s (p, j) are stored. */
static size_t at_a(struct bd_shape s, size_t i, size_t p)
{
    return s.ta == 'T' ? p + i * (size_t)s.k : i + p * (size_t)s.m;
}

static size_t at_b(struct bd_shape s, size_t p, size_t j)
{
    return s.tb == 'T' ? j + p * (size_t)s.n : p + j * (size_t)s.k;
}

/* Element e of the wide x: its parts (im 0 for a real type). */
static void elem(const struct operands *o, const double *x, size_t e,
                 double *re, double *im)
{
    if (o->t->parts == 2) {
        *re = x[2 * e];
        *im = x[2 * e + 1];
    } else {
        *re = x[e];
        *im = 0.0;
    }
}

/* Element (i, j) of C, as the library left it. */
static void elem_c(const struct operands *o, size_t i, size_t j,
                   double *re, double *im)
{
    size_t e = (i + j * (size_t)o->s.m) * (size_t)o->t->parts;

    *re = bd_part(o->t, o->c, e);
    *im = o->t->parts == 2 ? bd_part(o->t, o->c, e + 1) : 0.0;
}

/* Worst-case difference of two sums of terms products, relative to the
 * sum of their magnitudes.  Each part of a complex sum of K products is
 * a real sum of 2K, whose magnitudes (|re a| + |im a|)(|re b| + |im b|)
 * bounds; a reference in double for a float type errs far below float's
 * epsilon, so the bound of two computations in the type covers it. */
static double bound(const struct bd_type *t, int terms, double mag)
{
    return 2.0 * (terms + 2) * t->eps * mag + t->tiny;
}

/* "x" for a real type, "(re, im)" for a complex one. */
static void show(const struct bd_type *t, char *buf, size_t len, double re,
                 double im)
{
    if (t->parts == 2)
        snprintf(buf, len, "(%g, %g)", re, im);
    else
        snprintf(buf, len, "%g", re);
}

/* Column j of C against the naive loops.  0, or -1 with why. */
static int check_column(const struct operands *o, size_t j, char *why,
                        size_t whylen)
{
    size_t m = (size_t)o->s.m, k = (size_t)o->s.k;
    int terms = o->s.k * o->t->parts;

    for (size_t i = 0; i < m; i++)
        o->re[i] = o->im[i] = o->abs[i] = 0.0;
    for (size_t p = 0; p < k; p++) {
        double br, bi;
        elem(o, o->wb, at_b(o->s, p, j), &br, &bi);
        for (size_t i = 0; i < m; i++) {
            double ar, ai;
            elem(o, o->wa, at_a(o->s, i, p), &ar, &ai);
            o->re[i] += br * ar - bi * ai;
            o->im[i] += br * ai + bi * ar;
            o->abs[i] += (fabs(br) + fabs(bi)) * (fabs(ar) + fabs(ai));
        }
    }
    for (size_t i = 0; i < m; i++) {
        double gr, gi, lim = bound(o->t, terms, o->abs[i]);
        char got[64], ref[64];
        elem_c(o, i, j, &gr, &gi);
        if (fabs(gr - o->re[i]) <= lim && fabs(gi - o->im[i]) <= lim)
            continue;
        show(o->t, got, sizeof got, gr, gi);
        show(o->t, ref, sizeof ref, o->re[i], o->im[i]);
        snprintf(why, whylen, "C(%zu,%zu) = %s, the naive loops give %s "
                 "(bound %.1e)", i + 1, j + 1, got, ref, lim);
        return -1;
    }
    return 0;
}

/* C*t against A*(B*t) over the whole of C, t real.  0, or -1 with
 * why. */
static int check_product(const struct operands *o, char *why, size_t whylen)
{
    size_t m = (size_t)o->s.m, n = (size_t)o->s.n, k = (size_t)o->s.k;
    double *t = malloc(sizeof *t * n), *ur = calloc(k, sizeof *ur);
    double *ui = calloc(k, sizeof *ui), *ua = calloc(k, sizeof *ua);
    int rc = 0, terms = o->s.k * o->t->parts + o->s.n + 2;

    if (!t || !ur || !ui || !ua) {
        fprintf(stderr, "bench-dgemm: out of memory\n");
        exit(1);
    }
    fill(t, n, 7);
    for (size_t p = 0; p < k; p++)          /* u = B t, ua = |B||t| */
        for (size_t j = 0; j < n; j++) {
            double br, bi;
            elem(o, o->wb, at_b(o->s, p, j), &br, &bi);
            ur[p] += br * t[j];
            ui[p] += bi * t[j];
            ua[p] += (fabs(br) + fabs(bi)) * fabs(t[j]);
        }
    for (size_t i = 0; i < m && rc == 0; i++) {
        double ctr = 0.0, cti = 0.0, atr = 0.0, ati = 0.0, mag = 0.0, lim;
        char ct[64], at[64];
        for (size_t j = 0; j < n; j++) {
            double cr, ci;
            elem_c(o, i, j, &cr, &ci);
            ctr += cr * t[j];
            cti += ci * t[j];
        }
        for (size_t p = 0; p < k; p++) {
            double ar, ai;
            elem(o, o->wa, at_a(o->s, i, p), &ar, &ai);
            atr += ar * ur[p] - ai * ui[p];
            ati += ar * ui[p] + ai * ur[p];
            mag += (fabs(ar) + fabs(ai)) * ua[p];
        }
        lim = bound(o->t, terms, 2.0 * mag);
        if (fabs(ctr - atr) <= lim && fabs(cti - ati) <= lim)
            continue;
        show(o->t, ct, sizeof ct, ctr, cti);
        show(o->t, at, sizeof at, atr, ati);
        snprintf(why, whylen, "row %zu of C*t is %s, of A*(B*t) %s", i + 1,
                 ct, at);
        rc = -1;
    }
    free(t), free(ur), free(ui), free(ua);
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

/* Room for n parts of the type, or wide itself when the parts are
 * doubles. */
static void *in_type(const struct bd_type *t, double *wide, size_t n)
{
    size_t part = t->size / (size_t)t->parts;

    return part == sizeof(double) ? (void *)wide : malloc(part * n);
}

enum bd_verdict bd_check(const struct bd_lib *l, struct bd_shape s,
                         char *why, size_t whylen)
{
    const struct bd_type *t = l->type;
    size_t m = (size_t)s.m, n = (size_t)s.n, k = (size_t)s.k;
    size_t pa = m * k * (size_t)t->parts, pb = k * n * (size_t)t->parts;
    struct operands o = { s, t, NULL, NULL, malloc(t->size * m * n),
                          malloc(sizeof(double) * pa),
                          malloc(sizeof(double) * pb),
                          malloc(sizeof(double) * m),
                          malloc(sizeof(double) * m),
                          malloc(sizeof(double) * m) };
    int rc;

    if (o.wa && o.wb) {
        o.a = in_type(t, o.wa, pa);
        o.b = in_type(t, o.wb, pb);
    }
    if (!o.a || !o.b || !o.c || !o.re || !o.im || !o.abs) {
        fprintf(stderr, "bench-dgemm: out of memory\n");
        exit(1);
    }
    fill(o.wa, pa, 1);
    fill(o.wb, pb, 2);
    bd_narrow(t, o.a, o.wa, pa);
    bd_narrow(t, o.b, o.wb, pb);
    for (size_t i = 0; i < m * n * (size_t)t->parts; i++)
        bd_set_part(t, o.c, i, NAN);    /* beta = 0: C must never be read */
    bd_call(l, s, o.a, o.b, o.c);
    rc = check_columns(&o, why, whylen);
    if (rc == 0)
        rc = check_product(&o, why, whylen);
    if (o.a != o.wa)
        free(o.a);
    if (o.b != o.wb)
        free(o.b);
    free(o.c), free(o.wa), free(o.wb), free(o.re), free(o.im), free(o.abs);
    return rc == 0 ? BD_RIGHT : BD_WRONG;
}
