/* A spec expression as C: in whole numbers (long) for sizes, in double
 * for the flop formula (every name converted, every whole number written
 * as a double, so that "1/2*M" is not 0).  Parentheses only where C's
 * precedence needs them, and around a right operand of the same
 * precedence (a*(b/c) is not a*b/c in integers). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdio.h>
#include <string.h>

#include "drivergen/emit.h"

struct out {
    char *buf;
    size_t len, used;
    int real;
};

static void put(struct out *o, const char *s)
{
    int n = snprintf(o->buf + o->used, o->used < o->len
                     ? o->len - o->used : 0, "%s", s);
    o->used += (size_t)n;
}

static int prec(enum mmd_expr_op op)
{
    switch (op) {
    case MMD_E_ADD: case MMD_E_SUB: return 1;
    case MMD_E_MUL: case MMD_E_DIV: return 2;
    case MMD_E_NEG: return 3;
    default: return 4;
    }
}

static void expr(struct out *o, const struct mmd_expr *e);

static void sub(struct out *o, const struct mmd_expr *e, int parens)
{
    if (parens)
        put(o, "(");
    expr(o, e);
    if (parens)
        put(o, ")");
}

static void leaf(struct out *o, const struct mmd_expr *e)
{
    if (e->op == MMD_E_NAME && o->real) {
        put(o, "(double)");
        put(o, e->text);
    } else {
        put(o, e->text);
        if (e->op == MMD_E_NUM && o->real && e->is_int)
            put(o, ".0");
    }
}

static void expr(struct out *o, const struct mmd_expr *e)
{
    static const char *const ops[] = {
        [MMD_E_ADD] = " + ", [MMD_E_SUB] = " - ", [MMD_E_MUL] = " * ",
        [MMD_E_DIV] = " / "
    };
    int p = prec(e->op);

    if (p == 4) {
        leaf(o, e);
    } else if (e->op == MMD_E_NEG) {
        put(o, "-");
        sub(o, e->l, prec(e->l->op) <= p);
    } else {
        sub(o, e->l, prec(e->l->op) < p);
        put(o, ops[e->op]);
        sub(o, e->r, prec(e->r->op) <= p);
    }
}

int mmd_cexpr(const struct mmd_expr *e, int real, char *buf, size_t len)
{
    struct out o = { buf, len, 0, real };

    buf[0] = '\0';
    expr(&o, e);
    return o.used < len ? 0 : -1;
}
