/* Internal to spec/: what the scanner (lexer.l), the grammar (parser.y)
 * and the tree builders (ast.c, ctype.c) share while one spec is read. */
#ifndef MMS_PARSE_H
#define MMS_PARSE_H

#include <stddef.h>

#include "spec/spec.h"

/* A token's span, bison's YYLTYPE (spec/parser.y). */
struct mms_span {
    int first_line, first_column, last_line, last_column;
    size_t first_off, last_off;     /* byte offsets, last one past the end */
};

/* The C type specifiers of one declaration, before they are resolved. */
enum mms_tkw { MMS_KW_VOID, MMS_KW_CHAR, MMS_KW_SHORT, MMS_KW_INT,
               MMS_KW_LONG, MMS_KW_FLOAT, MMS_KW_DOUBLE, MMS_KW_SIGNED,
               MMS_KW_UNSIGNED, MMS_NKW };

struct mms_tspec {
    struct mms_loc loc;
    int kw[MMS_NKW];       /* how many times each keyword appears */
    char *tname;           /* a typedef name (size_t), or NULL */
    char *enum_tag;        /* enum TAG, or NULL */
    int is_const;
    int ptr, ptr_const;
};

/* Options of a Matrix or Vector after its sizes. */
enum mms_opt_kind { MMS_O_RANDOM, MMS_O_CONST, MMS_O_USER, MMS_O_FLUSH,
                    MMS_O_HOT, MMS_O_ALIGN, MMS_O_MISALIGN, MMS_O_LD };

struct mms_pstate {
    const char *file;
    const char *text;
    struct mms_spec *spec;
    int line, col;
    size_t off;
    char last[48];         /* the last token read, for "got ..." */
    int last_kind;         /* 0 token, 1 name, 2 number, 3 character */
    int failed;
    char *err;
    size_t errlen;
};

/* Scan and parse p->text into p->spec (spec/lexer.l): 0, 1 for an error
 * (recorded in p), 2 out of memory, -1 if no scanner could be made. */
int mms_scan_parse(struct mms_pstate *p);

/* Record the first error: "FILE:LINE:COL: message". */
void mms_perror(struct mms_pstate *p, struct mms_loc at, const char *fmt,
                ...) __attribute__((format(printf, 3, 4)));
struct mms_loc mms_loc_of(const struct mms_span *s);

/* Tree builders; each returns NULL only out of memory. */
struct mms_expr *mms_expr_num(const char *text, struct mms_loc at);
struct mms_expr *mms_expr_name(char *name, struct mms_loc at);
struct mms_expr *mms_expr_op(enum mms_expr_op op, struct mms_expr *l,
                             struct mms_expr *r, struct mms_loc at);
void mms_expr_free(struct mms_expr *e);
/* Append an item or a parameter; -1 out of memory. */
struct mms_item *mms_item_add(struct mms_spec *s, enum mms_item_kind kind,
                              char *name, struct mms_loc at);
int mms_param_add(struct mms_proto *p, char *name, struct mms_loc at,
                  const struct mms_ctype *t);

/* Resolve specifiers to a type; -1 with a message recorded in p. */
int mms_ctype_resolve(struct mms_pstate *p, const struct mms_tspec *t,
                      struct mms_ctype *out);
/* Apply one Matrix/Vector option (arg: its number or expression, fn:
 * INIT's function); takes both; -1 with a message recorded in p. */
int mms_array_opt(struct mms_pstate *p, struct mms_array_spec *a,
                  enum mms_opt_kind kind, struct mms_expr *arg, char *fn,
                  struct mms_loc at);

#endif
