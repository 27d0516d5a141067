/* Reference kernels for mmtime: dot product (paper 000 Figure 1), daxpy
 * (paper 003's multiple-invocation example) and a reference mini-MMM. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdlib.h>
#include <string.h>

#include "timer/refkernels.h"

const char *const mmtm_refkernel_names[] = { "dot", "daxpy", "mmm", NULL };

struct ref_user {
    long n;
    double sink;        /* where scalar results go, so they are used */
};

/* Mixed signs in [-0.5, 0.5): sums neither grow nor cancel to zero, so no
 * overflow and no special-case arithmetic (RangeGuard, §5.2). */
static void ref_init(int operand, void *p, size_t bytes, void *user)
{
    double *x = p;
    size_t n = bytes / sizeof *x;
    unsigned s = 12345u + 977u * (unsigned)operand;

    (void)user;
    for (size_t i = 0; i < n; i++) {
        s = s * 1103515245u + 12345u;
        x[i] = (double)(s >> 8 & 0xffff) / 65536.0 - 0.5;
    }
}

/* Four partial sums: one dependent add chain would tie the kernel to the
 * add latency, and then no cache level would show in its speed. */
double mmtm_ref_dot(long n, const double *x, const double *y)
{
    double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    long i;

    for (i = 0; i + 4 <= n; i += 4) {
        s0 += x[i] * y[i];
        s1 += x[i + 1] * y[i + 1];
        s2 += x[i + 2] * y[i + 2];
        s3 += x[i + 3] * y[i + 3];
    }
    for (; i < n; i++)
        s0 += x[i] * y[i];
    return (s0 + s1) + (s2 + s3);
}

static void dot_call(const struct mmtm_call *c, void *user)
{
    struct ref_user *u = user;

    /* dot += alpha * x.y: never "dot = x.y", which a compiler that sees
     * a pure function could compute once (§5.2). */
    u->sink += c->alpha * mmtm_ref_dot(u->n, c->op[0], c->op[1]);
}

void mmtm_ref_daxpy(long n, double alpha, const double *x, double *y)
{
    for (long i = 0; i < n; i++)
        y[i] += alpha * x[i];
}

static void daxpy_call(const struct mmtm_call *c, void *user)
{
    const struct ref_user *u = user;

    mmtm_ref_daxpy(u->n, c->alpha, c->op[0], c->op[1]);
}

void mmtm_ref_mmm(long n, double alpha, const double *a, const double *b,
                 double beta, double *c)
{
    for (long j = 0; j < n; j++) {
        double *cj = c + j * n;
        for (long i = 0; i < n; i++)
            cj[i] *= beta;
        for (long k = 0; k < n; k++) {
            double bkj = alpha * b[k + j * n];
            const double *ak = a + k * n;
            for (long i = 0; i < n; i++)
                cj[i] += ak[i] * bkj;
        }
    }
}

static void mmm_call(const struct mmtm_call *c, void *user)
{
    const struct ref_user *u = user;

    mmtm_ref_mmm(u->n, c->alpha, c->op[0], c->op[1], c->beta, c->op[2]);
}

static void set_operand(struct mmtm_kernel *k, int i, const char *name,
                        size_t bytes, int accumulates)
{
    k->operand[i].name = name;
    k->operand[i].bytes = bytes;
    k->operand[i].cold = 1;
    k->operand[i].accumulates = accumulates;
}

int mmtm_refkernel_make(const char *name, long n, struct mmtm_kernel *k)
{
    struct ref_user *u;
    size_t vec = (size_t)n * sizeof(double);

    memset(k, 0, sizeof *k);
    if (n < 1)
        return -1;
    if (strcmp(name, "dot") == 0 || strcmp(name, "daxpy") == 0) {
        int axpy = strcmp(name, "daxpy") == 0;
        k->name = axpy ? "daxpy" : "dot";
        k->flops = 2.0 * n;
        k->noperands = 2;
        set_operand(k, 0, "X", vec, 0);
        set_operand(k, 1, "Y", vec, axpy);
        k->call = axpy ? daxpy_call : dot_call;
    } else if (strcmp(name, "mmm") == 0) {
        k->name = "mmm";
        k->flops = 2.0 * n * n * n;
        k->noperands = 3;
        set_operand(k, 0, "A", vec * (size_t)n, 0);
        set_operand(k, 1, "B", vec * (size_t)n, 0);
        set_operand(k, 2, "C", vec * (size_t)n, 1);
        k->call = mmm_call;
    } else {
        return -1;
    }
    u = calloc(1, sizeof *u);
    if (u == NULL)
        return -1;
    u->n = n;
    k->init = ref_init;
    k->user = u;
    return 0;
}

void mmtm_refkernel_free(struct mmtm_kernel *k)
{
    free(k->user);
    k->user = NULL;
}

long mmtm_refkernel_default_n(const char *name)
{
    return strcmp(name, "mmm") == 0 ? 40 : 1024;
}
