/* What the grammar cannot see: every name defined once and used after its
 * definition, whole numbers where sizes are meant, every parameter of the
 * routine given a value of a kind it can take, at most the timer's number
 * of arrays, alignments that make sense. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdio.h>
#include <string.h>

#include "spec/spec.h"
#include "spec/check.h"

const struct mms_item *mms_spec_find(const struct mms_spec *s,
                                     const char *name)
{
    for (int i = 0; i < s->nitems; i++)
        if (strcmp(s->item[i].name, name) == 0)
            return &s->item[i];
    return NULL;
}

static int find_param(const struct mms_proto *r, const char *name)
{
    for (int i = 0; i < r->nparams; i++)
        if (strcmp(r->param[i].name, name) == 0)
            return i;
    return -1;
}

/* One item: its name, then what it holds. */
static int check_item(struct mms_check *c, int i, int *narrays)
{
    struct mms_item *it = &c->s->item[i];

    if (mms_check_name(c, it->name, it->loc, i) != 0)
        return -1;
    it->param = find_param(&c->s->routine, it->name);
    switch (it->kind) {
    case MMS_SIZE:
        it->cls = MMS_C_INT;
        if (mms_check_option_clash(c, it) != 0)
            return -1;
        return mms_check_macro(c, i)
               || mms_check_expr(c, it->value, i, 1, NULL);
    case MMS_SCALAR:
        return mms_check_scalar(c, it, i);
    case MMS_ARRAY:
        if (*narrays == MMS_MAX_ARRAYS)
            return mms_check_error(c, it->loc, "expected at most %d arrays "
                                   "(the timer's operands), got a fifth: "
                                   "'%s'", MMS_MAX_ARRAYS, it->name);
        it->operand = (*narrays)++;
        return mms_check_array(c, it, i);
    }
    return -1;
}

static int check_params(struct mms_check *c)
{
    const struct mms_proto *r = &c->s->routine;

    /* mmt_ names are the routine's to take: libmmtune's mmt_dgemm, the
     * timer's reference kernels */
    if (strncmp(r->name, "mmt_", 4) != 0
        && mms_check_name(c, r->name, r->loc, -1) != 0)
        return -1;
    if (r->nparams > MMS_MAX_PARAMS)
        return mms_check_error(c, r->param[MMS_MAX_PARAMS].loc, "expected "
                               "at most %d parameters, got more",
                               MMS_MAX_PARAMS);
    for (int i = 0; i < r->nparams; i++) {
        const struct mms_param *prm = &r->param[i];
        const struct mms_item *it = mms_spec_find(c->s, prm->name);
        if (mms_check_name(c, prm->name, prm->loc, -1) != 0)
            return -1;
        if (find_param(r, prm->name) != i)
            return mms_check_error(c, prm->loc, "expected each parameter "
                                   "name once, got '%s' again", prm->name);
        if (it == NULL)
            return mms_check_error(c, prm->loc, "expected a value for "
                                   "parameter '%s' in init ('%s = ...;'), "
                                   "got none", prm->name, prm->name);
        if (mms_check_binding(c, it, prm) != 0)
            return -1;
    }
    return 0;
}

int mms_spec_check(struct mms_spec *s, char *err, size_t len)
{
    struct mms_check c = { s, err, len };
    int narrays = 0;

    for (int i = 0; i < s->nitems; i++)
        if (check_item(&c, i, &narrays) != 0)
            return -1;
    for (int i = 0; i < s->nitems; i++)
        if (s->item[i].kind == MMS_ARRAY && s->item[i].param < 0)
            return mms_check_error(&c, s->item[i].loc, "expected an array "
                                   "that is a parameter of %s, got '%s'",
                                   s->routine.name, s->item[i].name);
    if (check_params(&c) != 0)
        return -1;
    return mms_check_expr(&c, s->flop, s->nitems, 0, NULL);
}
