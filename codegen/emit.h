/* A small C emitter: lines at the current indentation, blocks that open and
 * close with the braces, and a sticky write error checked once at the end.
 * Every emitter of codegen/ writes through this and nothing else. */
#ifndef MMG_EMIT_H
#define MMG_EMIT_H

#include <stdio.h>

struct mmg_emit {
    FILE *fp;
    int depth;       /* indentation, 4 spaces a level */
};

void mmg_emit_init(struct mmg_emit *e, FILE *fp);
/* One line at the current depth. */
void mmg_line(struct mmg_emit *e, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* "<text> {" and one level deeper. */
void mmg_open(struct mmg_emit *e, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* One statement under a braceless for/if: indent (+1), then back (-1). */
void mmg_indent(struct mmg_emit *e, int delta);
/* A bare "{" and one level deeper. */
void mmg_block(struct mmg_emit *e);
/* One level out and "}". */
void mmg_close(struct mmg_emit *e);
void mmg_blank(struct mmg_emit *e);
/* "(void)x;" for each name in a NULL-terminated list: generated functions
 * share one signature and not every variant reads every argument. */
void mmg_unused(struct mmg_emit *e, const char *const *names);
/* 0 if every write so far succeeded. */
int mmg_emit_status(const struct mmg_emit *e);

#endif
