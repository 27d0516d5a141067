/* The functions the timer calls: one call of the routine on the working
 * set it hands over (struct mmtm_call), and the filling of each copy of an
 * array. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdio.h>
#include <string.h>

#include "drivergen/emit.h"

static void op(struct mmg_emit *e)
{
    mmg_line(e, "/* Array i of the working set the timer hands over, past "
             "its own");
    mmg_line(e, " * misalignment (mmd_operands). */");
    mmg_line(e, "static void *mmd_op(const struct mmtm_call *mmd_c, "
             "int mmd_i)");
    mmg_block(e);
    mmg_line(e, "return (char *)mmd_c->op[mmd_i] + "
             "mmd_arrays[mmd_i].offset;");
    mmg_close(e);
    mmg_blank(e);
}

/* The argument for parameter i: an array of the working set, a value, or
 * the address of one. */
static void argument(const struct mmd_spec *s, int i, char *buf,
                     size_t len)
{
    const struct mmd_param *p = &s->routine.param[i];
    const struct mmd_item *it = mmd_spec_find(s, p->name);

    if (it->kind == MMD_ARRAY)
        snprintf(buf, len, "mmd_op(mmd_c, %d)", it->operand);
    else
        snprintf(buf, len, "%smmd_args.%s", p->type.ptr ? "&" : "",
                 p->name);
}

static void call(struct mmg_emit *e, const struct mmd_spec *s)
{
    const struct mmd_proto *r = &s->routine;
    char text[MMD_MAX_PARAMS][96], head[160];
    const char *items[MMD_MAX_PARAMS];

    mmg_line(e, "/* One call of %s, as the spec makes it. */", r->name);
    mmg_line(e, "static void mmd_call(const struct mmtm_call *mmd_c, "
             "void *mmd_user)");
    mmg_block(e);
    mmg_line(e, "(void)mmd_user;");
    if (mmd_count_items(s, MMD_ARRAY) == 0)
        mmg_line(e, "(void)mmd_c;");
    for (int i = 0; i < r->nparams; i++) {
        argument(s, i, text[i], sizeof text[i]);
        items[i] = text[i];
    }
    snprintf(head, sizeof head, "%s%s(", r->ret.ptr ? "mmd_sink = "
             : r->ret.cls != MMD_C_VOID ? "mmd_sink += " : "", r->name);
    mmd_emit_list(e, head, items, r->nparams, ",", ");");
    mmg_close(e);
    mmg_blank(e);
}

static void user_case(struct mmg_emit *e, const struct mmd_item *it)
{
    int k = it->operand;

    mmg_line(e, "case %d:", k);
    e->depth++;
    mmg_line(e, "%s(mmd_data(mmd_user, %d, mmd_p), mmd_arrays[%d].rows,",
             it->arr.init_fn, k, k);
    mmg_line(e, "%*smmd_arrays[%d].cols, mmd_arrays[%d].ld);",
             (int)strlen(it->arr.init_fn) + 1, "", k, k);
    mmg_line(e, "return;");
    e->depth--;
}

static void init(struct mmg_emit *e, const struct mmd_spec *s)
{
    int users = 0;

    for (int i = 0; i < s->nitems; i++)
        users += s->item[i].kind == MMD_ARRAY
                 && s->item[i].arr.fill == MMD_FILL_USER;
    mmg_line(e, "/* Fill one copy of an array: RANDOM and CONST by "
             "libmmspec, INIT by the");
    mmg_line(e, " * user's function. */");
    mmg_line(e, "static void mmd_init(int mmd_i, void *mmd_p, size_t "
             "mmd_bytes,");
    mmg_line(e, "                     void *mmd_user)");
    mmg_block(e);
    mmg_line(e, "(void)mmd_bytes;");
    if (users) {
        mmg_open(e, "switch (mmd_i)");
        e->depth--;
        for (int i = 0; i < s->nitems; i++)
            if (s->item[i].kind == MMD_ARRAY
                && s->item[i].arr.fill == MMD_FILL_USER)
                user_case(e, &s->item[i]);
        mmg_line(e, "}");
    }
    mmg_line(e, "mmd_fill(mmd_user, mmd_i, mmd_p);");
    mmg_close(e);
    mmg_blank(e);
}

void mmd_emit_calls(struct mmg_emit *e, const struct mmd_spec *s)
{
    if (mmd_count_items(s, MMD_ARRAY))
        op(e);
    call(e, s);
    init(e, s);
}
