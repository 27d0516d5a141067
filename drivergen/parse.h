/* Internal to drivergen/: what the scanner (lexer.l), the grammar (parser.y)
 * and the tree builders (ast.c, ctype.c) share while one spec is read. */
#ifndef MMD_PARSE_H
#define MMD_PARSE_H

#include <stddef.h>

#include "drivergen/spec.h"

/* A token's span, bison's YYLTYPE (drivergen/parser.y). */
struct mmd_span {
    int first_line, first_column, last_line, last_column;
    size_t first_off, last_off;     /* byte offsets, last one past the end */
};

/* The C type specifiers of one declaration, before they are resolved. */
enum mmd_tkw { MMD_KW_VOID, MMD_KW_CHAR, MMD_KW_SHORT, MMD_KW_INT,
               MMD_KW_LONG, MMD_KW_FLOAT, MMD_KW_DOUBLE, MMD_KW_SIGNED,
               MMD_KW_UNSIGNED, MMD_NKW };

struct mmd_tspec {
    struct mmd_loc loc;
    int kw[MMD_NKW];       /* how many times each keyword appears */
    char *tname;           /* a typedef name (size_t), or NULL */
    char *enum_tag;        /* enum TAG, or NULL */
    int is_const;
    int ptr, ptr_const;
};

/* Options of a Matrix or Vector after its sizes. */
enum mmd_opt_kind { MMD_O_RANDOM, MMD_O_CONST, MMD_O_USER, MMD_O_FLUSH,
                    MMD_O_HOT, MMD_O_ALIGN, MMD_O_MISALIGN, MMD_O_LD };

struct mmd_pstate {
    const char *file;
    const char *text;
    struct mmd_spec *spec;
    int line, col;
    size_t off;
    char last[48];         /* the last token read, for "got ..." */
    int last_kind;         /* 0 token, 1 name, 2 number, 3 character */
    int failed;
    char *err;
    size_t errlen;
};

/* Scan and parse p->text into p->spec (drivergen/lexer.l): 0, 1 for an error
 * (recorded in p), 2 out of memory, -1 if no scanner could be made. */
int mmd_scan_parse(struct mmd_pstate *p);

/* Record the first error: "FILE:LINE:COL: message". */
void mmd_perror(struct mmd_pstate *p, struct mmd_loc at, const char *fmt,
                ...) __attribute__((format(printf, 3, 4)));
struct mmd_loc mmd_loc_of(const struct mmd_span *s);

/* Tree builders; each returns NULL only out of memory. */
struct mmd_expr *mmd_expr_num(const char *text, struct mmd_loc at);
struct mmd_expr *mmd_expr_name(char *name, struct mmd_loc at);
struct mmd_expr *mmd_expr_op(enum mmd_expr_op op, struct mmd_expr *l,
                             struct mmd_expr *r, struct mmd_loc at);
void mmd_expr_free(struct mmd_expr *e);
/* Append an item or a parameter; -1 out of memory. */
struct mmd_item *mmd_item_add(struct mmd_spec *s, enum mmd_item_kind kind,
                              char *name, struct mmd_loc at);
int mmd_param_add(struct mmd_proto *p, char *name, struct mmd_loc at,
                  const struct mmd_ctype *t);

/* Resolve specifiers to a type; -1 with a message recorded in p. */
int mmd_ctype_resolve(struct mmd_pstate *p, const struct mmd_tspec *t,
                      struct mmd_ctype *out);
/* Apply one Matrix/Vector option (arg: its number or expression, fn:
 * INIT's function); takes both; -1 with a message recorded in p. */
int mmd_array_opt(struct mmd_pstate *p, struct mmd_array_spec *a,
                  enum mmd_opt_kind kind, struct mmd_expr *arg, char *fn,
                  struct mmd_loc at);

#endif
