/* Arrays, and what each parameter of the routine is given: an array for a
 * pointer to its element type, a number for a number (by value, or by
 * pointer as Fortran passes it), a character for a char. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdio.h>
#include <string.h>

#include "drivergen/check.h"

int mmd_check_array(struct mmd_check *c, struct mmd_item *it, int i)
{
    struct mmd_array_spec *a = &it->arr;
    long align = a->align ? a->align : 64;
    int int_elem = strcmp(a->elem, "int") == 0 || strcmp(a->elem, "long") == 0;

    if (mmd_check_expr(c, a->rows, i, 1, NULL) != 0
        || (a->cols && mmd_check_expr(c, a->cols, i, 1, NULL) != 0)
        || (a->ld && mmd_check_expr(c, a->ld, i, 1, NULL) != 0)
        || (a->fill == MMD_FILL_CONST
            && mmd_check_expr(c, a->fill_arg, i, int_elem, NULL) != 0))
        return -1;
    if (a->misalign >= align)
        return mmd_check_error(c, it->loc, "expected a misalignment below "
                               "the alignment (%ld%s), got misalign(%ld)",
                               align, a->align ? "" : ", the default",
                               a->misalign);
    if (a->fill == MMD_FILL_USER)
        return mmd_check_name(c, a->init_fn, it->loc, 0);
    return 0;
}

static int bad_binding(struct mmd_check *c, const struct mmd_item *it,
                       const struct mmd_param *prm, const char *expected)
{
    char type[96], got[48];

    mmd_ctype_text(&prm->type, NULL, type, sizeof type);
    if (it->kind == MMD_ARRAY)
        snprintf(got, sizeof got, "a %s of %s", it->arr.matrix ? "Matrix"
                 : "Vector", it->arr.elem);
    else
        snprintf(got, sizeof got, "%s", it->kind == MMD_SIZE ? "a size"
                 : it->cls == MMD_C_CHAR ? "a character" : "a number");
    return mmd_check_error(c, it->loc, "expected %s for parameter '%s' "
                           "(%s, line %d), got %s", expected, prm->name,
                           type, prm->loc.line, got);
}

static int array_binding(struct mmd_check *c, const struct mmd_item *it,
                         const struct mmd_param *prm)
{
    const struct mmd_ctype *t = &prm->type;
    char want[48];

    if (t->ptr && (strcmp(t->base, it->arr.elem) == 0
                   || strcmp(t->base, "void") == 0))
        return 0;
    if (!t->ptr)
        return bad_binding(c, it, prm, t->cls == MMD_C_CHAR ? "a character"
                           : "a number");
    snprintf(want, sizeof want, "a %s of %s", it->arr.matrix ? "Matrix"
             : "Vector", t->base);
    return bad_binding(c, it, prm, want);
}

int mmd_check_binding(struct mmd_check *c, const struct mmd_item *it,
                      const struct mmd_param *prm)
{
    const struct mmd_ctype *t = &prm->type;

    if (it->kind == MMD_ARRAY)
        return array_binding(c, it, prm);
    if (t->ptr && t->cls == MMD_C_VOID)
        return bad_binding(c, it, prm, "an array");
    if (t->cls == MMD_C_CHAR && it->cls != MMD_C_CHAR)
        return bad_binding(c, it, prm, "a character like 'N'");
    if (t->cls != MMD_C_CHAR && it->cls == MMD_C_CHAR)
        return bad_binding(c, it, prm, "a number");
    return 0;
}
