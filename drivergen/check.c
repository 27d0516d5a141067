/* What the grammar cannot see: every name defined once and used after its
 * definition, whole numbers where sizes are meant, every parameter of the
 * routine given a value of a kind it can take, at most the timer's number
 * of arrays, alignments that make sense. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdio.h>
#include <string.h>

#include "drivergen/spec.h"
#include "drivergen/check.h"

const struct mmd_item *mmd_spec_find(const struct mmd_spec *s,
                                     const char *name)
{
    for (int i = 0; i < s->nitems; i++)
        if (strcmp(s->item[i].name, name) == 0)
            return &s->item[i];
    return NULL;
}

static int find_param(const struct mmd_proto *r, const char *name)
{
    for (int i = 0; i < r->nparams; i++)
        if (strcmp(r->param[i].name, name) == 0)
            return i;
    return -1;
}

/* One item: its name, then what it holds. */
static int check_item(struct mmd_check *c, int i, int *narrays)
{
    struct mmd_item *it = &c->s->item[i];

    if (mmd_check_name(c, it->name, it->loc, i) != 0)
        return -1;
    it->param = find_param(&c->s->routine, it->name);
    switch (it->kind) {
    case MMD_SIZE:
        it->cls = MMD_C_INT;
        if (mmd_check_option_clash(c, it) != 0)
            return -1;
        return mmd_check_macro(c, i)
               || mmd_check_expr(c, it->value, i, 1, NULL);
    case MMD_SCALAR:
        return mmd_check_scalar(c, it, i);
    case MMD_ARRAY:
        if (*narrays == MMD_MAX_ARRAYS)
            return mmd_check_error(c, it->loc, "expected at most %d arrays "
                                   "(the timer's operands), got a fifth: "
                                   "'%s'", MMD_MAX_ARRAYS, it->name);
        it->operand = (*narrays)++;
        return mmd_check_array(c, it, i);
    }
    return -1;
}

static int check_params(struct mmd_check *c)
{
    const struct mmd_proto *r = &c->s->routine;

    /* mmt_ and mmtm_ names are the routine's to take: libmmtune's
     * mmt_dgemm, the timer's reference kernels mmtm_ref_* */
    if (strncmp(r->name, "mmt_", 4) != 0 && strncmp(r->name, "mmtm_", 5) != 0
        && mmd_check_name(c, r->name, r->loc, -1) != 0)
        return -1;
    if (r->nparams > MMD_MAX_PARAMS)
        return mmd_check_error(c, r->param[MMD_MAX_PARAMS].loc, "expected "
                               "at most %d parameters, got more",
                               MMD_MAX_PARAMS);
    for (int i = 0; i < r->nparams; i++) {
        const struct mmd_param *prm = &r->param[i];
        const struct mmd_item *it = mmd_spec_find(c->s, prm->name);
        if (mmd_check_name(c, prm->name, prm->loc, -1) != 0)
            return -1;
        if (find_param(r, prm->name) != i)
            return mmd_check_error(c, prm->loc, "expected each parameter "
                                   "name once, got '%s' again", prm->name);
        if (it == NULL)
            return mmd_check_error(c, prm->loc, "expected a value for "
                                   "parameter '%s' in init ('%s = ...;'), "
                                   "got none", prm->name, prm->name);
        if (mmd_check_binding(c, it, prm) != 0)
            return -1;
    }
    return 0;
}

int mmd_spec_check(struct mmd_spec *s, char *err, size_t len)
{
    struct mmd_check c = { s, err, len };
    int narrays = 0;

    for (int i = 0; i < s->nitems; i++)
        if (check_item(&c, i, &narrays) != 0)
            return -1;
    for (int i = 0; i < s->nitems; i++)
        if (s->item[i].kind == MMD_ARRAY && s->item[i].param < 0)
            return mmd_check_error(&c, s->item[i].loc, "expected an array "
                                   "that is a parameter of %s, got '%s'",
                                   s->routine.name, s->item[i].name);
    if (check_params(&c) != 0)
        return -1;
    return mmd_check_expr(&c, s->flop, s->nitems, 0, NULL);
}
