/* Expressions of a spec: names defined above their use (a macro name
 * stands for its size, as Fig. 4's "lda=MS"), numbers and numeric
 * scalars only, whole numbers where a size is meant. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdlib.h>
#include <string.h>

#include "spec/check.h"

/* The item a name refers to (by its name, or by its macro), or -1. */
static int lookup(const struct mms_spec *s, const char *name, int *by_macro)
{
    for (int j = 0; j < s->nitems; j++) {
        const struct mms_item *it = &s->item[j];
        *by_macro = it->kind == MMS_SIZE && strcmp(it->macro, name) == 0;
        if (*by_macro || strcmp(it->name, name) == 0)
            return j;
    }
    return -1;
}

static int leaf_name(struct mms_check *c, struct mms_expr *e, int upto,
                     int want_int, enum mms_class *cls)
{
    int by_macro, j = lookup(c->s, e->text, &by_macro);
    const struct mms_item *it = j >= 0 ? &c->s->item[j] : NULL;
    char *name;

    if (it == NULL)
        return mms_check_error(c, e->loc, "expected a size or scalar "
                               "defined above, got unknown name '%s'",
                               e->text);
    if (j >= upto)
        return mms_check_error(c, e->loc, "expected a size or scalar "
                               "defined above, got '%s' (defined at line "
                               "%d, not before this use)", e->text,
                               it->loc.line);
    if (it->kind == MMS_ARRAY || it->cls == MMS_C_CHAR)
        return mms_check_error(c, e->loc, "expected a size or a number, "
                               "got '%s', %s", e->text, it->kind == MMS_ARRAY
                               ? "an array" : "a character");
    if (want_int && it->cls == MMS_C_FLOAT)
        return mms_check_error(c, e->loc, "expected a whole number, got "
                               "'%s', a floating-point scalar", e->text);
    if (by_macro) {
        if ((name = strdup(it->name)) == NULL)
            return mms_check_error(c, e->loc, "out of memory");
        free(e->text);
        e->text = name;
    }
    *cls = it->cls;
    return 0;
}

int mms_check_expr(struct mms_check *c, struct mms_expr *e, int upto,
                   int want_int, enum mms_class *cls)
{
    enum mms_class l = MMS_C_INT, r = MMS_C_INT;

    switch (e->op) {
    case MMS_E_NUM:
        if (want_int && !e->is_int)
            return mms_check_error(c, e->loc, "expected a whole number, "
                                   "got %s", e->text);
        l = e->is_int ? MMS_C_INT : MMS_C_FLOAT;
        break;
    case MMS_E_NAME:
        if (leaf_name(c, e, upto, want_int, &l) != 0)
            return -1;
        break;
    default:
        if (mms_check_expr(c, e->l, upto, want_int, &l) != 0
            || (e->r && mms_check_expr(c, e->r, upto, want_int, &r) != 0))
            return -1;
        break;
    }
    if (cls)
        *cls = l == MMS_C_FLOAT || r == MMS_C_FLOAT ? MMS_C_FLOAT
                                                    : MMS_C_INT;
    return 0;
}

int mms_check_scalar(struct mms_check *c, struct mms_item *it, int i)
{
    const struct mms_param *prm = it->param >= 0
                                  ? &c->s->routine.param[it->param] : NULL;
    enum mms_class cls;

    if (it->chr_text) {
        it->cls = MMS_C_CHAR;
        return 0;
    }
    if (mms_check_expr(c, it->value, i, prm && prm->type.cls == MMS_C_INT,
                       &cls) != 0)
        return -1;
    it->cls = prm && prm->type.cls == MMS_C_FLOAT ? MMS_C_FLOAT : cls;
    return 0;
}
