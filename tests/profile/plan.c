/* The known calls (plan.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/common/gemmref.h"
#include "tests/profile/plan.h"

/* Shapes, leading dimensions above the minimum, every alpha and beta
 * class, lower-case TRANS, a row-major call, repeated calls on the same
 * arrays (warm) and on fresh ones (cold): 12 calls in 6 shapes. */
const struct plan_call plan_known[] = {
    { 0, 0, 'N', 'N', 7, 5, 3, 9, 3, 8, 1.0, 0.0, 3, 1 },
    { 0, 0, 't', 'n', 4, 6, 5, 5, 5, 4, 2.5, 1.0, 2, 0 },
    { 0, 0, 'C', 'T', 3, 3, 2, 2, 3, 3, -1.0, -1.0, 1, 0 },
    { 0, 0, 'N', 'N', 2, 2, 2, 2, 2, 2, 0.0, 0.5, 1, 0 },
    { 1, 101, 'N', 'T', 2, 3, 4, 4, 4, 3, 0.5, 0.25, 4, 0 },
    { 1, 102, 'T', 'N', 5, 2, 3, 3, 3, 5, 1.0, 0.0, 1, 0 },
};
const size_t plan_known_n = sizeof plan_known / sizeof plan_known[0];

struct operands {
    double *x, *y, *c, *c0;    /* x, y: the column-major problem's A, B */
};

static int is_trans(char t)
{
    return t != 'N' && t != 'n';
}

/* The call as a column-major problem: row major is C^T = op(B)^T op(A)^T
 * (the roles of A and B swap, and of M and N). */
static struct gr_gemm as_column_major(const struct plan_call *p)
{
    int row = p->cblas && p->order == 101;
    struct gr_gemm g = {
        .ta = is_trans(row ? p->tb : p->ta),
        .tb = is_trans(row ? p->ta : p->tb),
        .m = (size_t)(row ? p->n : p->m), .n = (size_t)(row ? p->m : p->n),
        .k = (size_t)p->k, .alpha = p->alpha, .beta = p->beta,
        .lda = (size_t)(row ? p->ldb : p->lda),
        .ldb = (size_t)(row ? p->lda : p->ldb), .ldc = (size_t)p->ldc,
    };
    return g;
}

static double *random_array(size_t n, unsigned long long *seed)
{
    double *x = gr_nan_array(n);

    for (size_t i = 0; i < n; i++)
        x[i] = gr_rand(seed);
    return x;
}

static struct operands new_operands(const struct gr_gemm *g,
                                    unsigned long long *seed)
{
    struct operands o;

    o.x = random_array(g->lda * (g->ta ? g->m : g->k), seed);
    o.y = random_array(g->ldb * (g->tb ? g->k : g->n), seed);
    o.c = random_array(g->ldc * g->n, seed);
    o.c0 = gr_nan_array(g->ldc * g->n);
    return o;
}

static void call(const struct plan_blas *blas, const struct plan_call *p,
                 const struct operands *o)
{
    int row = p->cblas && p->order == 101;
    const double *a = row ? o->y : o->x, *b = row ? o->x : o->y;

    if (p->cblas)
        blas->cblas_dgemm(p->order, p->ta == 'N' ? 111 : p->ta == 'T' ? 112
                          : 113, p->tb == 'N' ? 111 : p->tb == 'T' ? 112
                          : 113, p->m, p->n, p->k, p->alpha, a, p->lda, b,
                          p->ldb, p->beta, o->c, p->ldc);
    else
        blas->dgemm(&p->ta, &p->tb, &p->m, &p->n, &p->k, &p->alpha, a,
                    &p->lda, b, &p->ldb, &p->beta, o->c, &p->ldc);
}

/* One call on o, checked; 0 or -1 with a line on stderr. */
static int call_checked(const struct plan_blas *blas, size_t i,
                        const struct plan_call *p, struct operands *o)
{
    struct gr_gemm g = as_column_major(p);
    struct gr_result r;

    g.a = o->x;
    g.b = o->y;
    memcpy(o->c0, o->c, g.ldc * g.n * sizeof *o->c);
    call(blas, p, o);
    if (gr_check(&g, o->c, o->c0, g.ldc * g.n, 1e9, &r) == 0)
        return 0;
    fprintf(stderr, "plan: call %zu (%s %c %c %d %d %d): %ld elements "
            "wrong, %ld cells outside C changed\n", i,
            p->cblas ? "cblas_dgemm" : "dgemm_", p->ta, p->tb, p->m, p->n,
            p->k, r.bad, r.touched);
    return -1;
}

static size_t operand_sets(const struct plan_call *calls, size_t n)
{
    size_t sets = 0;

    for (size_t i = 0; i < n; i++)
        sets += calls[i].reuse ? 1 : (size_t)calls[i].reps;
    return sets;
}

int plan_run(const struct plan_blas *blas, const struct plan_call *calls,
             size_t n)
{
    size_t sets = operand_sets(calls, n), used = 0;
    struct operands *o = calloc(sets ? sets : 1, sizeof *o);
    unsigned long long seed = 42;
    int rc = 0;

    if (!o)
        return -1;
    for (size_t i = 0; i < n; i++) {
        struct gr_gemm g = as_column_major(&calls[i]);
        for (int r = 0; r < calls[i].reps; r++) {
            if (r == 0 || !calls[i].reuse)
                o[used++] = new_operands(&g, &seed);
            rc |= call_checked(blas, i, &calls[i], &o[used - 1]);
        }
    }
    for (size_t s = 0; s < used; s++) {
        free(o[s].x), free(o[s].y), free(o[s].c), free(o[s].c0);
    }
    free(o);
    return rc;
}
