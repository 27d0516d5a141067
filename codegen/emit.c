#include "codegen/emit.h"

#include <stdarg.h>

void mmg_emit_init(struct mmg_emit *e, FILE *fp)
{
    e->fp = fp;
    e->depth = 0;
}

static void vline(struct mmg_emit *e, const char *fmt, va_list ap,
                  const char *tail)
{
    fprintf(e->fp, "%*s", 4 * e->depth, "");
    vfprintf(e->fp, fmt, ap);
    fputs(tail, e->fp);
}

void mmg_line(struct mmg_emit *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vline(e, fmt, ap, "\n");
    va_end(ap);
}

void mmg_open(struct mmg_emit *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vline(e, fmt, ap, " {\n");
    va_end(ap);
    e->depth++;
}

void mmg_indent(struct mmg_emit *e, int delta)
{
    e->depth += delta;
}

void mmg_block(struct mmg_emit *e)
{
    mmg_line(e, "{");
    e->depth++;
}

void mmg_close(struct mmg_emit *e)
{
    e->depth--;
    mmg_line(e, "}");
}

void mmg_blank(struct mmg_emit *e)
{
    fputc('\n', e->fp);
}

void mmg_unused(struct mmg_emit *e, const char *const *names)
{
    /* five a line keeps generated code within 80 columns */
    for (int i = 0; names[i]; i++) {
        if (i % 5 == 0)
            fprintf(e->fp, "%*s", 4 * e->depth, "");
        fprintf(e->fp, "(void)%s;%s", names[i],
                names[i + 1] && i % 5 != 4 ? " " : "\n");
    }
}

int mmg_emit_status(const struct mmg_emit *e)
{
    return ferror(e->fp) ? -1 : 0;
}
