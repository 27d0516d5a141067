#include "codegen/loadsched.h"

#include <stdlib.h>

/* Loads are issued in a fixed order, step by step, A before B. */
struct load_queue {
    const struct mmg_body *body;
    int next;       /* loads issued so far */
    int total;
};

static int load_index(const struct mmg_body *b, enum mmg_op_kind kind,
                      int step, int i)
{
    return step * (b->na + b->nb) + (kind == MMG_LOAD_A ? i : b->na + i);
}

static void push(struct mmg_sched *s, enum mmg_op_kind kind, int step,
                 int r, int c, int slot)
{
    s->ops[s->n++] = (struct mmg_op){ kind, step, r, c, slot };
}

static void issue_loads(struct load_queue *q, struct mmg_sched *s, int count)
{
    int per_step = q->body->na + q->body->nb;

    for (; count > 0 && q->next < q->total; count--, q->next++) {
        int step = q->next / per_step, i = q->next % per_step;
        if (i < q->body->na)
            push(s, MMG_LOAD_A, step, i, 0, 0);
        else
            push(s, MMG_LOAD_B, step, 0, i - q->body->na, 0);
    }
}

/* "Blocks of NF loads thereafter as needed": before an operation whose
 * operands are not loaded yet, issue NF more until they are. */
static void need(struct load_queue *q, struct mmg_sched *s, int step,
                 int r, int c)
{
    int ia = load_index(q->body, MMG_LOAD_A, step, r);
    int ib = load_index(q->body, MMG_LOAD_B, step, c);

    while (q->next <= ia || q->next <= ib)
        issue_loads(q, s, q->body->nfetch);
}

/* The t-th multiply-add of the body, in Fig. 3's order: k'' outermost,
 * then j'', then i''. */
static void nth_update(const struct mmg_body *b, int t, int *step,
                       int *r, int *c)
{
    int per_step = b->na * b->nb;
    *step = t / per_step;
    *c = t % per_step / b->na;
    *r = t % per_step % b->na;
}

static void emit_add(const struct mmg_body *b, struct mmg_sched *s, int t)
{
    int step, r, c;
    nth_update(b, t, &step, &r, &c);
    push(s, MMG_ADD, step, r, c, t % b->ls);
}

int mmg_schedule(const struct mmg_body *b, struct mmg_sched *s)
{
    int updates = b->steps * b->na * b->nb;
    struct load_queue q = { b, 0, b->steps * (b->na + b->nb) };
    int step, r, c;

    s->n = 0;
    s->ops = malloc(sizeof *s->ops * (size_t)(2 * updates + q.total + 1));
    if (!s->ops)
        return -1;
    issue_loads(&q, s, b->ifetch);
    /* §II-B: mul_1..mul_Ls, then add_1, mul_Ls+1, add_2, ..., and the last
     * Ls adds at the end, so a product is consumed 2*Ls-1 ops later. */
    for (int t = 0; t < updates; t++) {
        nth_update(b, t, &step, &r, &c);
        need(&q, s, step, r, c);
        push(s, b->fma ? MMG_FMA : MMG_MUL, step, r, c, t % b->ls);
        if (!b->fma && t + 1 >= b->ls)
            emit_add(b, s, t + 1 - b->ls);
    }
    for (int t = updates - b->ls + 1; !b->fma && t < updates; t++)
        if (t >= 0)
            emit_add(b, s, t);
    return 0;
}

void mmg_sched_free(struct mmg_sched *s)
{
    free(s->ops);
    s->ops = NULL;
    s->n = 0;
}
