/* The driver's main, paper 001 Fig. 5 through the timer room: read the
 * command line, set the sizes' consequences, lay the arrays out as the
 * timer's operands, time, report. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdio.h>

#include "spec/emit.h"

static void driver(struct mmg_emit *e, const struct mms_spec *s)
{
    char text[1024];
    int nsizes = mms_count_items(s, MMS_SIZE);
    int narrays = mms_count_items(s, MMS_ARRAY);

    mmg_open(e, "struct mms_driver d =");
    mmg_line(e, ".routine = \"%s\",", s->routine.name);
    mms_cstring(s->flop_text, text, sizeof text);
    mmg_line(e, ".flop_text = \"%s\",", text);
    mms_cstring(s->file, text, sizeof text);
    mmg_line(e, ".spec_file = \"%s\",", text);
    mmg_line(e, ".nsizes = %d, .size = %s,", nsizes,
             nsizes ? "mms_sizes" : "NULL");
    mmg_line(e, ".narrays = %d, .array = %s,", narrays,
             narrays ? "mms_arrays" : "NULL");
    e->depth--;
    mmg_line(e, "};");
}

void mms_emit_main(struct mmg_emit *e, const struct mms_spec *s)
{
    mmg_line(e, "int main(int argc, char **argv)");
    mmg_block(e);
    driver(e, s);
    mmg_open(e, "struct mmt_kernel k =");
    mmg_line(e, ".name = \"%s\", .init = mms_init, .call = mms_call, "
             ".user = &d,", s->routine.name);
    e->depth--;
    mmg_line(e, "};");
    mmg_line(e, "struct mmt_timing r;");
    mmg_line(e, "int rc;");
    mmg_blank(e);
    mmg_line(e, "mms_parse_args(&d, argc, argv); /* sizes, timer options, "
             "--hot/--cold */");
    mmg_line(e, "mms_setup(&d);                  /* arguments, shapes, "
             "flops */");
    mmg_line(e, "k.flops = d.flops;");
    mmg_line(e, "mms_operands(&d, &k);           /* bytes, cold or hot, "
             "alignment */");
    mmg_line(e, "if (d.show)");
    mmg_line(e, "    return mms_show(&d, &k);");
    mmg_line(e, "if (d.sweep)");
    mmg_line(e, "    return mms_sweep(&d, &k);");
    mmg_line(e, "rc = mmt_time_kernel(&k, &d.o, &r);  /* timer/mmtimer.h */");
    mmg_line(e, "return mms_report(&d, rc, &r);");
    mmg_close(e);
}

int mms_emit_driver(FILE *fp, const struct mms_spec *s,
                    const struct mms_origin *o)
{
    struct mmg_emit e;

    mmg_emit_init(&e, fp);
    mms_emit_head(&e, s, o);
    mms_emit_tables(&e, s);
    mms_emit_setup(&e, s);
    mms_emit_calls(&e, s);
    mms_emit_main(&e, s);
    return mmg_emit_status(&e);
}
