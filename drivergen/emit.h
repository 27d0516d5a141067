/* Internal to drivergen/: writing a timing driver from a checked spec (paper
 * 001 Fig. 5), through codegen's C emitter (codegen/emit.h). */
#ifndef MMD_EMIT_H
#define MMD_EMIT_H

#include <stdio.h>

#include "codegen/codegen.h"
#include "drivergen/spec.h"

/* How the driver was made, for its header. */
struct mmd_origin {
    const char *command;    /* the mmspec command line, quoted for a shell */
    const char *output;     /* the driver's file name */
};

/* The whole driver.  0, or -1 when a write failed. */
int mmd_emit_driver(FILE *fp, const struct mmd_spec *s,
                    const struct mmd_origin *o);

/* The parts, in the order of the file. */
void mmd_emit_head(struct mmg_emit *e, const struct mmd_spec *s,
                   const struct mmd_origin *o);
void mmd_emit_tables(struct mmg_emit *e, const struct mmd_spec *s);
void mmd_emit_setup(struct mmg_emit *e, const struct mmd_spec *s);
void mmd_emit_calls(struct mmg_emit *e, const struct mmd_spec *s);
void mmd_emit_main(struct mmg_emit *e, const struct mmd_spec *s);

/* e as C (real: in double, for the flop formula); -1 if buf is short. */
int mmd_cexpr(const struct mmd_expr *e, int real, char *buf, size_t len);
/* s as the body of a C string literal. */
void mmd_cstring(const char *s, char *buf, size_t len);
/* "head item1SEP item2SEP ...tail", broken within 80 columns, each
 * further line under the first item. */
void mmd_emit_list(struct mmg_emit *e, const char *head,
                   const char *const *items, int n, const char *sep,
                   const char *tail);
/* "head text;" broken at text's spaces (text is cut up). */
void mmd_emit_statement(struct mmg_emit *e, const char *head, char *text);
/* How many items of a kind the spec has. */
int mmd_count_items(const struct mmd_spec *s, enum mmd_item_kind kind);
/* The C type a size or scalar is held in: long for a size; a scalar's
 * parameter's type without const or pointer, else long, double or char by
 * its class. */
const char *mmd_value_type(const struct mmd_spec *s,
                           const struct mmd_item *it);

#endif
