/* Internal to spec/: writing a timing driver from a checked spec (paper
 * 001 Fig. 5), through codegen's C emitter (codegen/emit.h). */
#ifndef MMS_EMIT_H
#define MMS_EMIT_H

#include <stdio.h>

#include "codegen/codegen.h"
#include "spec/spec.h"

/* How the driver was made, for its header. */
struct mms_origin {
    const char *command;    /* the mmspec command line, quoted for a shell */
    const char *output;     /* the driver's file name */
};

/* The whole driver.  0, or -1 when a write failed. */
int mms_emit_driver(FILE *fp, const struct mms_spec *s,
                    const struct mms_origin *o);

/* The parts, in the order of the file. */
void mms_emit_head(struct mmg_emit *e, const struct mms_spec *s,
                   const struct mms_origin *o);
void mms_emit_tables(struct mmg_emit *e, const struct mms_spec *s);
void mms_emit_setup(struct mmg_emit *e, const struct mms_spec *s);
void mms_emit_calls(struct mmg_emit *e, const struct mms_spec *s);
void mms_emit_main(struct mmg_emit *e, const struct mms_spec *s);

/* e as C (real: in double, for the flop formula); -1 if buf is short. */
int mms_cexpr(const struct mms_expr *e, int real, char *buf, size_t len);
/* s as the body of a C string literal. */
void mms_cstring(const char *s, char *buf, size_t len);
/* "head item1SEP item2SEP ...tail", broken within 80 columns, each
 * further line under the first item. */
void mms_emit_list(struct mmg_emit *e, const char *head,
                   const char *const *items, int n, const char *sep,
                   const char *tail);
/* "head text;" broken at text's spaces (text is cut up). */
void mms_emit_statement(struct mmg_emit *e, const char *head, char *text);
/* How many items of a kind the spec has. */
int mms_count_items(const struct mms_spec *s, enum mms_item_kind kind);
/* The C type a size or scalar is held in: long for a size; a scalar's
 * parameter's type without const or pointer, else long, double or char by
 * its class. */
const char *mms_value_type(const struct mms_spec *s,
                           const struct mms_item *it);

#endif
