/* Expressions of a spec: names defined above their use (a macro name
 * stands for its size, as Fig. 4's "lda=MS"), numbers and numeric
 * scalars only, whole numbers where a size is meant. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdlib.h>
#include <string.h>

#include "drivergen/check.h"

/* The item a name refers to (by its name, or by its macro), or -1. */
static int lookup(const struct mmd_spec *s, const char *name, int *by_macro)
{
    for (int j = 0; j < s->nitems; j++) {
        const struct mmd_item *it = &s->item[j];
        *by_macro = it->kind == MMD_SIZE && strcmp(it->macro, name) == 0;
        if (*by_macro || strcmp(it->name, name) == 0)
            return j;
    }
    return -1;
}

static int leaf_name(struct mmd_check *c, struct mmd_expr *e, int upto,
                     int want_int, enum mmd_class *cls)
{
    int by_macro, j = lookup(c->s, e->text, &by_macro);
    const struct mmd_item *it = j >= 0 ? &c->s->item[j] : NULL;
    char *name;

    if (it == NULL)
        return mmd_check_error(c, e->loc, "expected a size or scalar "
                               "defined above, got unknown name '%s'",
                               e->text);
    if (j >= upto)
        return mmd_check_error(c, e->loc, "expected a size or scalar "
                               "defined above, got '%s' (defined at line "
                               "%d, not before this use)", e->text,
                               it->loc.line);
    if (it->kind == MMD_ARRAY || it->cls == MMD_C_CHAR)
        return mmd_check_error(c, e->loc, "expected a size or a number, "
                               "got '%s', %s", e->text, it->kind == MMD_ARRAY
                               ? "an array" : "a character");
    if (want_int && it->cls == MMD_C_FLOAT)
        return mmd_check_error(c, e->loc, "expected a whole number, got "
                               "'%s', a floating-point scalar", e->text);
    if (by_macro) {
        if ((name = strdup(it->name)) == NULL)
            return mmd_check_error(c, e->loc, "out of memory");
        free(e->text);
        e->text = name;
    }
    *cls = it->cls;
    return 0;
}

int mmd_check_expr(struct mmd_check *c, struct mmd_expr *e, int upto,
                   int want_int, enum mmd_class *cls)
{
    enum mmd_class l = MMD_C_INT, r = MMD_C_INT;

    switch (e->op) {
    case MMD_E_NUM:
        if (want_int && !e->is_int)
            return mmd_check_error(c, e->loc, "expected a whole number, "
                                   "got %s", e->text);
        l = e->is_int ? MMD_C_INT : MMD_C_FLOAT;
        break;
    case MMD_E_NAME:
        if (leaf_name(c, e, upto, want_int, &l) != 0)
            return -1;
        break;
    default:
        if (mmd_check_expr(c, e->l, upto, want_int, &l) != 0
            || (e->r && mmd_check_expr(c, e->r, upto, want_int, &r) != 0))
            return -1;
        break;
    }
    if (cls)
        *cls = l == MMD_C_FLOAT || r == MMD_C_FLOAT ? MMD_C_FLOAT
                                                    : MMD_C_INT;
    return 0;
}

int mmd_check_scalar(struct mmd_check *c, struct mmd_item *it, int i)
{
    const struct mmd_param *prm = it->param >= 0
                                  ? &c->s->routine.param[it->param] : NULL;
    enum mmd_class cls;

    if (it->chr_text) {
        it->cls = MMD_C_CHAR;
        return 0;
    }
    if (mmd_check_expr(c, it->value, i, prm && prm->type.cls == MMD_C_INT,
                       &cls) != 0)
        return -1;
    it->cls = prm && prm->type.cls == MMD_C_FLOAT ? MMD_C_FLOAT : cls;
    return 0;
}
