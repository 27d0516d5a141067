/* The driver's main, paper 001 Fig. 5 through the timer room: read the
 * command line, set the sizes' consequences, lay the arrays out as the
 * timer's operands, time, report. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdio.h>

#include "drivergen/emit.h"

static void driver(struct mmg_emit *e, const struct mmd_spec *s)
{
    char text[1024];
    int nsizes = mmd_count_items(s, MMD_SIZE);
    int narrays = mmd_count_items(s, MMD_ARRAY);

    mmg_open(e, "struct mmd_driver d =");
    mmg_line(e, ".routine = \"%s\",", s->routine.name);
    mmd_cstring(s->flop_text, text, sizeof text);
    mmg_line(e, ".flop_text = \"%s\",", text);
    mmd_cstring(s->file, text, sizeof text);
    mmg_line(e, ".spec_file = \"%s\",", text);
    mmg_line(e, ".nsizes = %d, .size = %s,", nsizes,
             nsizes ? "mmd_sizes" : "NULL");
    mmg_line(e, ".narrays = %d, .array = %s,", narrays,
             narrays ? "mmd_arrays" : "NULL");
    e->depth--;
    mmg_line(e, "};");
}

void mmd_emit_main(struct mmg_emit *e, const struct mmd_spec *s)
{
    mmg_line(e, "int main(int argc, char **argv)");
    mmg_block(e);
    driver(e, s);
    mmg_open(e, "struct mmtm_kernel k =");
    mmg_line(e, ".name = \"%s\", .init = mmd_init, .call = mmd_call, "
             ".user = &d,", s->routine.name);
    e->depth--;
    mmg_line(e, "};");
    mmg_line(e, "struct mmtm_timing r;");
    mmg_line(e, "int rc;");
    mmg_blank(e);
    mmg_line(e, "mmd_parse_args(&d, argc, argv); /* sizes, timer options, "
             "--hot/--cold */");
    mmg_line(e, "mmd_setup(&d);                  /* arguments, shapes, "
             "flops */");
    mmg_line(e, "k.flops = d.flops;");
    mmg_line(e, "mmd_operands(&d, &k);           /* bytes, cold or hot, "
             "alignment */");
    mmg_line(e, "if (d.show)");
    mmg_line(e, "    return mmd_show(&d, &k);");
    mmg_line(e, "if (d.sweep)");
    mmg_line(e, "    return mmd_sweep(&d, &k);");
    mmg_line(e, "rc = mmtm_time_kernel(&k, &d.o, &r);  /* timer/mmtimer.h */");
    mmg_line(e, "return mmd_report(&d, rc, &r);");
    mmg_close(e);
}

int mmd_emit_driver(FILE *fp, const struct mmd_spec *s,
                    const struct mmd_origin *o)
{
    struct mmg_emit e;

    mmg_emit_init(&e, fp);
    mmd_emit_head(&e, s, o);
    mmd_emit_tables(&e, s);
    mmd_emit_setup(&e, s);
    mmd_emit_calls(&e, s);
    mmd_emit_main(&e, s);
    return mmg_emit_status(&e);
}
