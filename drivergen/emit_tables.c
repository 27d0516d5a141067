/* The driver's data: the size parameters and arrays as libmmspec reads
 * them (drivergen/mmspec.h), and the arguments the routine is passed by value
 * or by pointer. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdio.h>
#include <string.h>

#include "drivergen/emit.h"

static void sizes(struct mmg_emit *e, const struct mmd_spec *s)
{
    if (mmd_count_items(s, MMD_SIZE) == 0)
        return;
    mmg_line(e, "/* The size parameters: --NAME=N or -DMACRO=N at run "
             "time. */");
    mmg_open(e, "static struct mmd_size mmd_sizes[] =");
    for (int i = 0; i < s->nitems; i++)
        if (s->item[i].kind == MMD_SIZE)
            mmg_line(e, "{ \"%s\", \"%s\", %s },", s->item[i].name,
                     s->item[i].macro, s->item[i].macro);
    e->depth--;
    mmg_line(e, "};");
    mmg_blank(e);
}

static const char *elem_enum(const char *elem)
{
    return strcmp(elem, "double") == 0 ? "MMD_DOUBLE"
           : strcmp(elem, "float") == 0 ? "MMD_FLOAT"
           : strcmp(elem, "int") == 0 ? "MMD_INT" : "MMD_LONG";
}

/* RANDOM(seed) / CONST(value) / INIT(fn), as the spec says it. */
static void fill(const struct mmd_array_spec *a, char *value, size_t vlen,
                 char *text, size_t tlen)
{
    char arg[64] = "0";

    if (a->fill_arg)
        mmd_cexpr(a->fill_arg, 0, arg, sizeof arg);
    snprintf(value, vlen, "%s", arg);
    if (a->fill == MMD_FILL_USER)
        snprintf(text, tlen, "INIT(%s)", a->init_fn);
    else if (a->fill == MMD_FILL_CONST)
        snprintf(text, tlen, "CONST(%s)", arg);
    else
        snprintf(text, tlen, "RANDOM(%s)", arg);
}

static void array(struct mmg_emit *e, const struct mmd_item *it)
{
    const struct mmd_array_spec *a = &it->arr;
    static const char *const fills[] = {
        [MMD_FILL_RANDOM] = "MMD_RANDOM", [MMD_FILL_CONST] = "MMD_CONST",
        [MMD_FILL_USER] = "MMD_USER"
    };
    char value[64], text[96];

    fill(a, value, sizeof value, text, sizeof text);
    mmg_line(e, "{ .name = \"%s\", .elem = %s, .matrix = %d, .cold = %d,",
             it->name, elem_enum(a->elem), a->matrix, a->cold);
    mmg_line(e, "  .align = %ld, .misalign = %ld, .fill = %s,", a->align,
             a->misalign, fills[a->fill]);
    mmg_line(e, "  .fill_value = %s, .fill_text = \"%s\" },", value, text);
}

static void arrays(struct mmg_emit *e, const struct mmd_spec *s)
{
    if (mmd_count_items(s, MMD_ARRAY) == 0)
        return;
    mmg_line(e, "/* The arrays, the timer's operands in this order; their "
             "shapes are set by");
    mmg_line(e, " * mmd_setup, their layout by mmd_operands. */");
    mmg_open(e, "static struct mmd_array mmd_arrays[] =");
    for (int i = 0; i < s->nitems; i++)
        if (s->item[i].kind == MMD_ARRAY)
            array(e, &s->item[i]);
    e->depth--;
    mmg_line(e, "};");
    mmg_blank(e);
}

/* Every parameter that is not an array: its value lives here, and is
 * passed as it is or, for a pointer parameter, by its address. */
static void args(struct mmg_emit *e, const struct mmd_spec *s)
{
    const struct mmd_proto *r = &s->routine;
    int any = 0;

    for (int i = 0; i < r->nparams; i++)
        any |= mmd_spec_find(s, r->param[i].name)->kind != MMD_ARRAY;
    if (!any)
        return;
    mmg_line(e, "/* The arguments that are not arrays (a pointer parameter "
             "gets the address). */");
    mmg_open(e, "static struct");
    for (int i = 0; i < r->nparams; i++)
        if (mmd_spec_find(s, r->param[i].name)->kind != MMD_ARRAY)
            mmg_line(e, "%s %s;", r->param[i].type.base, r->param[i].name);
    e->depth--;
    mmg_line(e, "} mmd_args;");
    mmg_blank(e);
}

static void sink(struct mmg_emit *e, const struct mmd_spec *s)
{
    const struct mmd_ctype *t = &s->routine.ret;

    if (t->cls == MMD_C_VOID && !t->ptr)
        return;
    mmg_line(e, "/* Where the routine's results go, so that no call can be "
             "dropped. */");
    if (t->ptr)
        mmg_line(e, "static const void *volatile mmd_sink;");
    else
        mmg_line(e, "static volatile double mmd_sink;");
    mmg_blank(e);
}

void mmd_emit_tables(struct mmg_emit *e, const struct mmd_spec *s)
{
    sizes(e, s);
    arrays(e, s);
    args(e, s);
    sink(e, s);
}
