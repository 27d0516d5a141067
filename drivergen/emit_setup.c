/* mmd_setup: the spec's init section as C, in its order -- each size and
 * scalar a local, the arguments and the arrays' shapes from them, and
 * the flops from the formula. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdio.h>
#include <string.h>

#include "drivergen/emit.h"

static int uses(const struct mmd_expr *e, const char *name)
{
    if (e == NULL)
        return 0;
    if (e->op == MMD_E_NAME)
        return strcmp(e->text, name) == 0;
    return uses(e->l, name) || uses(e->r, name);
}

/* The local is read: by an expression, or as an argument. */
static int used(const struct mmd_spec *s, const struct mmd_item *it)
{
    if (it->param >= 0 || uses(s->flop, it->name))
        return 1;
    for (int i = 0; i < s->nitems; i++) {
        const struct mmd_item *o = &s->item[i];
        if (uses(o->value, it->name) || uses(o->arr.rows, it->name)
            || uses(o->arr.cols, it->name) || uses(o->arr.ld, it->name))
            return 1;
    }
    return 0;
}

/* A number, or a negative one: written as it is, without a cast. */
static int literal(const struct mmd_expr *e)
{
    return e->op == MMD_E_NUM
           || (e->op == MMD_E_NEG && e->l->op == MMD_E_NUM);
}

static void locals(struct mmg_emit *e, const struct mmd_spec *s)
{
    char value[512];
    int nsize = 0;

    for (int i = 0; i < s->nitems; i++) {
        const struct mmd_item *it = &s->item[i];
        const char *type = mmd_value_type(s, it);
        if (it->kind == MMD_SIZE) {
            mmg_line(e, "const long %s = mmd_sizes[%d].value;", it->name,
                     nsize++);
        } else if (it->kind == MMD_SCALAR && it->chr_text) {
            mmg_line(e, "const %s %s = %s;", type, it->name, it->chr_text);
        } else if (it->kind == MMD_SCALAR) {
            mmd_cexpr(it->value, 0, value, sizeof value);
            if (literal(it->value) || strcmp(type, "long") == 0)
                mmg_line(e, "const %s %s = %s;", type, it->name, value);
            else
                mmg_line(e, "const %s %s = (%s)(%s);", type, it->name, type,
                         value);
        }
    }
    for (int i = 0; i < s->nitems; i++)
        if (s->item[i].kind != MMD_ARRAY && !used(s, &s->item[i]))
            mmg_line(e, "(void)%s;", s->item[i].name);
}

static void arguments(struct mmg_emit *e, const struct mmd_spec *s)
{
    for (int i = 0; i < s->nitems; i++) {
        const struct mmd_item *it = &s->item[i];
        const char *base;
        if (it->kind == MMD_ARRAY || it->param < 0)
            continue;
        base = s->routine.param[it->param].type.base;
        if (strcmp(base, mmd_value_type(s, it)) == 0)
            mmg_line(e, "mmd_args.%s = %s;", it->name, it->name);
        else
            mmg_line(e, "mmd_args.%s = (%s)%s;", it->name, base, it->name);
    }
}

static void shapes(struct mmg_emit *e, const struct mmd_spec *s)
{
    char rows[256], cols[256], ld[256];

    for (int i = 0; i < s->nitems; i++) {
        const struct mmd_item *it = &s->item[i];
        const struct mmd_array_spec *a = &it->arr;
        int k = it->operand;
        if (it->kind != MMD_ARRAY)
            continue;
        mmd_cexpr(a->rows, 0, rows, sizeof rows);
        mmg_line(e, "mmd_arrays[%d].rows = %s;", k, rows);
        if (!a->matrix)
            continue;
        mmd_cexpr(a->cols, 0, cols, sizeof cols);
        mmg_line(e, "mmd_arrays[%d].cols = %s;", k, cols);
        if (a->ld)
            mmd_cexpr(a->ld, 0, ld, sizeof ld);
        mmg_line(e, "mmd_arrays[%d].ld = %s;", k, a->ld ? ld : rows);
    }
}

void mmd_emit_setup(struct mmg_emit *e, const struct mmd_spec *s)
{
    char flops[1024];

    mmg_line(e, "/* The sizes give the arguments, the arrays' shapes and "
             "the flops, in the");
    mmg_line(e, " * order of the spec's init section. */");
    mmg_line(e, "static void mmd_setup(struct mmd_driver *mmd_d)");
    mmg_block(e);
    locals(e, s);
    mmg_blank(e);
    arguments(e, s);
    shapes(e, s);
    mmd_cexpr(s->flop, 1, flops, sizeof flops);
    mmd_emit_statement(e, "mmd_d->flops = ", flops);
    mmg_close(e);
    mmg_blank(e);
}
