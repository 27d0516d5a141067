/* The driver's data: the size parameters and arrays as libmmspec reads
 * them (spec/mmspec.h), and the arguments the routine is passed by value
 * or by pointer. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdio.h>
#include <string.h>

#include "spec/emit.h"

static void sizes(struct mmg_emit *e, const struct mms_spec *s)
{
    if (mms_count_items(s, MMS_SIZE) == 0)
        return;
    mmg_line(e, "/* The size parameters: --NAME=N or -DMACRO=N at run "
             "time. */");
    mmg_open(e, "static struct mms_size mms_sizes[] =");
    for (int i = 0; i < s->nitems; i++)
        if (s->item[i].kind == MMS_SIZE)
            mmg_line(e, "{ \"%s\", \"%s\", %s },", s->item[i].name,
                     s->item[i].macro, s->item[i].macro);
    e->depth--;
    mmg_line(e, "};");
    mmg_blank(e);
}

static const char *elem_enum(const char *elem)
{
    return strcmp(elem, "double") == 0 ? "MMS_DOUBLE"
           : strcmp(elem, "float") == 0 ? "MMS_FLOAT"
           : strcmp(elem, "int") == 0 ? "MMS_INT" : "MMS_LONG";
}

/* RANDOM(seed) / CONST(value) / INIT(fn), as the spec says it. */
static void fill(const struct mms_array_spec *a, char *value, size_t vlen,
                 char *text, size_t tlen)
{
    char arg[64] = "0";

    if (a->fill_arg)
        mms_cexpr(a->fill_arg, 0, arg, sizeof arg);
    snprintf(value, vlen, "%s", arg);
    if (a->fill == MMS_FILL_USER)
        snprintf(text, tlen, "INIT(%s)", a->init_fn);
    else if (a->fill == MMS_FILL_CONST)
        snprintf(text, tlen, "CONST(%s)", arg);
    else
        snprintf(text, tlen, "RANDOM(%s)", arg);
}

static void array(struct mmg_emit *e, const struct mms_item *it)
{
    const struct mms_array_spec *a = &it->arr;
    static const char *const fills[] = {
        [MMS_FILL_RANDOM] = "MMS_RANDOM", [MMS_FILL_CONST] = "MMS_CONST",
        [MMS_FILL_USER] = "MMS_USER"
    };
    char value[64], text[96];

    fill(a, value, sizeof value, text, sizeof text);
    mmg_line(e, "{ .name = \"%s\", .elem = %s, .matrix = %d, .cold = %d,",
             it->name, elem_enum(a->elem), a->matrix, a->cold);
    mmg_line(e, "  .align = %ld, .misalign = %ld, .fill = %s,", a->align,
             a->misalign, fills[a->fill]);
    mmg_line(e, "  .fill_value = %s, .fill_text = \"%s\" },", value, text);
}

static void arrays(struct mmg_emit *e, const struct mms_spec *s)
{
    if (mms_count_items(s, MMS_ARRAY) == 0)
        return;
    mmg_line(e, "/* The arrays, the timer's operands in this order; their "
             "shapes are set by");
    mmg_line(e, " * mms_setup, their layout by mms_operands. */");
    mmg_open(e, "static struct mms_array mms_arrays[] =");
    for (int i = 0; i < s->nitems; i++)
        if (s->item[i].kind == MMS_ARRAY)
            array(e, &s->item[i]);
    e->depth--;
    mmg_line(e, "};");
    mmg_blank(e);
}

/* Every parameter that is not an array: its value lives here, and is
 * passed as it is or, for a pointer parameter, by its address. */
static void args(struct mmg_emit *e, const struct mms_spec *s)
{
    const struct mms_proto *r = &s->routine;
    int any = 0;

    for (int i = 0; i < r->nparams; i++)
        any |= mms_spec_find(s, r->param[i].name)->kind != MMS_ARRAY;
    if (!any)
        return;
    mmg_line(e, "/* The arguments that are not arrays (a pointer parameter "
             "gets the address). */");
    mmg_open(e, "static struct");
    for (int i = 0; i < r->nparams; i++)
        if (mms_spec_find(s, r->param[i].name)->kind != MMS_ARRAY)
            mmg_line(e, "%s %s;", r->param[i].type.base, r->param[i].name);
    e->depth--;
    mmg_line(e, "} mms_args;");
    mmg_blank(e);
}

static void sink(struct mmg_emit *e, const struct mms_spec *s)
{
    const struct mms_ctype *t = &s->routine.ret;

    if (t->cls == MMS_C_VOID && !t->ptr)
        return;
    mmg_line(e, "/* Where the routine's results go, so that no call can be "
             "dropped. */");
    if (t->ptr)
        mmg_line(e, "static const void *volatile mms_sink;");
    else
        mmg_line(e, "static volatile double mms_sink;");
    mmg_blank(e);
}

void mms_emit_tables(struct mmg_emit *e, const struct mms_spec *s)
{
    sizes(e, s);
    arrays(e, s);
    args(e, s);
    sink(e, s);
}
