/* The four precisions bench-dgemm times, as a table: everything that
 * tells SGEMM, DGEMM, CGEMM and ZGEMM apart is here, so the loading,
 * checking, timing and tables are written once.  Elements are handled
 * one part at a time (a complex element is its real part, then its
 * imaginary part), as double: only the naive loops, which are timed,
 * compute in the type itself. */
#include <complex.h>
#include <float.h>
#include <stddef.h>

#include "bench/bench_dgemm.h"

/* The naive loops of one element type: the same source for the four,
 * since C's arithmetic on float, double and their complex types is
 * written alike. */
#define NAIVE(name, T)                                                    \
    static void name(struct bd_shape s, const void *va, const void *vb,  \
                     void *vc)                                           \
    {                                                                     \
        const T *a = va, *b = vb;                                         \
        T *c = vc;                                                        \
        size_t m = (size_t)s.m, k = (size_t)s.k;                          \
                                                                          \
        for (size_t j = 0; j < (size_t)s.n; j++) {                        \
            for (size_t i = 0; i < m; i++)                                \
                c[i + j * m] = 0;                                         \
            for (size_t p = 0; p < k; p++) {                              \
                T t = b[p + j * k];                                       \
                for (size_t i = 0; i < m; i++)                            \
                    c[i + j * m] += t * a[i + p * m];                     \
            }                                                             \
        }                                                                 \
    }
NAIVE(naive_s, float)
NAIVE(naive_d, double)
NAIVE(naive_c, float complex)
NAIVE(naive_z, double complex)

/* alpha = 1, beta = 0 of every type: a complex one's imaginary part
 * follows its real part, which a real type reads alone. */
static const float one_f[2] = { 1.0f, 0.0f }, zero_f[2] = { 0.0f, 0.0f };
static const double one_d[2] = { 1.0, 0.0 }, zero_d[2] = { 0.0, 0.0 };

const struct bd_type bd_types[BD_NTYPES] = {
    { 's', "SGEMM", "sgemm_", "float", sizeof(float), 1, FLT_EPSILON,
      FLT_MIN, 2.0, one_f, zero_f, naive_s },
    { 'd', "DGEMM", "dgemm_", "double", sizeof(double), 1, DBL_EPSILON,
      DBL_MIN, 2.0, one_d, zero_d, naive_d },
    { 'c', "CGEMM", "cgemm_", "complex float", 2 * sizeof(float), 2,
      FLT_EPSILON, FLT_MIN, 8.0, one_f, zero_f, naive_c },
    { 'z', "ZGEMM", "zgemm_", "complex double", 2 * sizeof(double), 2,
      DBL_EPSILON, DBL_MIN, 8.0, one_d, zero_d, naive_z },
};

const struct bd_type *bd_type_named(char letter)
{
    for (int t = 0; t < BD_NTYPES; t++)
        if (bd_types[t].letter == letter)
            return &bd_types[t];
    return NULL;
}

static int float_parts(const struct bd_type *t)
{
    return t->size / (size_t)t->parts == sizeof(float);
}

double bd_part(const struct bd_type *t, const void *x, size_t i)
{
    return float_parts(t) ? ((const float *)x)[i] : ((const double *)x)[i];
}

void bd_set_part(const struct bd_type *t, void *x, size_t i, double v)
{
    if (float_parts(t))
        ((float *)x)[i] = (float)v;
    else
        ((double *)x)[i] = v;
}

void bd_narrow(const struct bd_type *t, void *x, double *wide, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        bd_set_part(t, x, i, wide[i]);
        wide[i] = bd_part(t, x, i);
    }
}
