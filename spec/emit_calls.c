/* The functions the timer calls: one call of the routine on the working
 * set it hands over (struct mmt_call), and the filling of each copy of an
 * array. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdio.h>
#include <string.h>

#include "spec/emit.h"

static void op(struct mmg_emit *e)
{
    mmg_line(e, "/* Array i of the working set the timer hands over, past "
             "its own");
    mmg_line(e, " * misalignment (mms_operands). */");
    mmg_line(e, "static void *mms_op(const struct mmt_call *mms_c, "
             "int mms_i)");
    mmg_block(e);
    mmg_line(e, "return (char *)mms_c->op[mms_i] + "
             "mms_arrays[mms_i].offset;");
    mmg_close(e);
    mmg_blank(e);
}

/* The argument for parameter i: an array of the working set, a value, or
 * the address of one. */
static void argument(const struct mms_spec *s, int i, char *buf,
                     size_t len)
{
    const struct mms_param *p = &s->routine.param[i];
    const struct mms_item *it = mms_spec_find(s, p->name);

    if (it->kind == MMS_ARRAY)
        snprintf(buf, len, "mms_op(mms_c, %d)", it->operand);
    else
        snprintf(buf, len, "%smms_args.%s", p->type.ptr ? "&" : "",
                 p->name);
}

static void call(struct mmg_emit *e, const struct mms_spec *s)
{
    const struct mms_proto *r = &s->routine;
    char text[MMS_MAX_PARAMS][96], head[160];
    const char *items[MMS_MAX_PARAMS];

    mmg_line(e, "/* One call of %s, as the spec makes it. */", r->name);
    mmg_line(e, "static void mms_call(const struct mmt_call *mms_c, "
             "void *mms_user)");
    mmg_block(e);
    mmg_line(e, "(void)mms_user;");
    if (mms_count_items(s, MMS_ARRAY) == 0)
        mmg_line(e, "(void)mms_c;");
    for (int i = 0; i < r->nparams; i++) {
        argument(s, i, text[i], sizeof text[i]);
        items[i] = text[i];
    }
    snprintf(head, sizeof head, "%s%s(", r->ret.ptr ? "mms_sink = "
             : r->ret.cls != MMS_C_VOID ? "mms_sink += " : "", r->name);
    mms_emit_list(e, head, items, r->nparams, ",", ");");
    mmg_close(e);
    mmg_blank(e);
}

static void user_case(struct mmg_emit *e, const struct mms_item *it)
{
    int k = it->operand;

    mmg_line(e, "case %d:", k);
    e->depth++;
    mmg_line(e, "%s(mms_data(mms_user, %d, mms_p), mms_arrays[%d].rows,",
             it->arr.init_fn, k, k);
    mmg_line(e, "%*smms_arrays[%d].cols, mms_arrays[%d].ld);",
             (int)strlen(it->arr.init_fn) + 1, "", k, k);
    mmg_line(e, "return;");
    e->depth--;
}

static void init(struct mmg_emit *e, const struct mms_spec *s)
{
    int users = 0;

    for (int i = 0; i < s->nitems; i++)
        users += s->item[i].kind == MMS_ARRAY
                 && s->item[i].arr.fill == MMS_FILL_USER;
    mmg_line(e, "/* Fill one copy of an array: RANDOM and CONST by "
             "libmmspec, INIT by the");
    mmg_line(e, " * user's function. */");
    mmg_line(e, "static void mms_init(int mms_i, void *mms_p, size_t "
             "mms_bytes,");
    mmg_line(e, "                     void *mms_user)");
    mmg_block(e);
    mmg_line(e, "(void)mms_bytes;");
    if (users) {
        mmg_open(e, "switch (mms_i)");
        e->depth--;
        for (int i = 0; i < s->nitems; i++)
            if (s->item[i].kind == MMS_ARRAY
                && s->item[i].arr.fill == MMS_FILL_USER)
                user_case(e, &s->item[i]);
        mmg_line(e, "}");
    }
    mmg_line(e, "mms_fill(mms_user, mms_i, mms_p);");
    mmg_close(e);
    mmg_blank(e);
}

void mms_emit_calls(struct mmg_emit *e, const struct mms_spec *s)
{
    if (mms_count_items(s, MMS_ARRAY))
        op(e);
    call(e, s);
    init(e, s);
}
