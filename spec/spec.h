/* A routine specification (paper 001 Fig. 4) as mmspec reads it: the
 * routine's C prototype, an init section naming a value for each of its
 * parameters (size parameters, scalars, arrays) and a flop formula.  The
 * parser (spec/parser.y, spec/lexer.l) builds it; spec/check.c binds the
 * names; spec/emit_*.c turn it into a timing driver. */
#ifndef MMS_SPEC_H
#define MMS_SPEC_H

#include <stddef.h>

/* 1-based line and column of a token in the spec file, and its byte
 * offsets (for quoting the text as written, e.g. the flop formula). */
struct mms_loc {
    int line, col;
    size_t off;
};

enum mms_expr_op { MMS_E_NUM, MMS_E_NAME, MMS_E_NEG, MMS_E_ADD, MMS_E_SUB,
                   MMS_E_MUL, MMS_E_DIV };

/* Arithmetic on numbers and the names defined above it in init. */
struct mms_expr {
    enum mms_expr_op op;
    struct mms_loc loc;
    char *text;              /* number as written, or the name */
    int is_int;              /* a number without '.' or exponent */
    double num;
    struct mms_expr *l, *r;  /* operands (r NULL for NEG) */
};

/* The class of a C type, as far as the driver needs it. */
enum mms_class { MMS_C_VOID, MMS_C_CHAR, MMS_C_INT, MMS_C_FLOAT };

struct mms_ctype {
    char base[32];           /* C spelling: "double", "unsigned long";
                              * "int" for an enum (the driver declares the
                              * routine without its headers) */
    enum mms_class cls;
    int is_const;            /* const object, or const pointee */
    int ptr;                 /* 0 or 1 levels of pointer */
    int ptr_const;           /* the pointer itself is const */
};

struct mms_param {
    char *name;
    struct mms_loc loc;
    struct mms_ctype type;
};

struct mms_proto {
    char *name;
    struct mms_loc loc;
    struct mms_ctype ret;
    int nparams;
    struct mms_param *param;
};

enum mms_item_kind { MMS_SIZE, MMS_SCALAR, MMS_ARRAY };
enum mms_spec_fill { MMS_FILL_RANDOM, MMS_FILL_CONST, MMS_FILL_USER };

struct mms_array_spec {
    int matrix;              /* Matrix (rows, cols) or Vector (n) */
    char elem[16];           /* element type: double, float, int, long */
    struct mms_loc elem_loc;
    struct mms_expr *rows, *cols;   /* cols NULL for a Vector */
    enum mms_spec_fill fill;
    struct mms_expr *fill_arg;      /* RANDOM's seed or CONST's value */
    char *init_fn;                  /* INIT(fn) */
    int cold;                /* flush (1, the default) or hot (0) */
    long align, misalign;    /* bytes; 0: the driver's default */
    struct mms_expr *ld;     /* NULL: rows (a Vector: its length) */
    unsigned given;          /* options seen, 1 << enum mms_opt_kind */
};

struct mms_item {
    enum mms_item_kind kind;
    char *name;
    struct mms_loc loc;
    /* MMS_SIZE: Macro(MACRO, default) */
    char *macro;
    struct mms_loc macro_loc;
    /* MMS_SIZE's default, or MMS_SCALAR's value (NULL for a character) */
    struct mms_expr *value;
    int chr;                 /* MMS_SCALAR 'c': the character, else -1 */
    char *chr_text;          /* the literal as written: 'N' */
    struct mms_array_spec arr;
    /* set by mms_spec_check */
    enum mms_class cls;      /* a size or scalar: MMS_C_INT, _FLOAT, _CHAR */
    int param;               /* index of the routine's parameter, or -1 */
    int operand;             /* MMS_ARRAY: the timer's operand number */
};

struct mms_spec {
    char *file;              /* as named on the command line */
    char *text;              /* the whole spec, as read */
    struct mms_proto routine;
    int nitems;
    struct mms_item *item;
    struct mms_expr *flop;
    char *flop_text;         /* the formula as written between quotes */
};

/* Read and check a spec.  Returns 0, or -1 with one message in err:
 * "FILE:LINE:COL: what was expected, and what was found". */
int mms_spec_read(const char *path, struct mms_spec *s, char *err,
                  size_t len);
/* The same from text in memory (file names the messages). */
int mms_spec_parse(const char *file, const char *text, struct mms_spec *s,
                   char *err, size_t len);
void mms_spec_free(struct mms_spec *s);

/* Name binding and the rules the parser cannot see (spec/check.c). */
int mms_spec_check(struct mms_spec *s, char *err, size_t len);
/* The item called name, or NULL. */
const struct mms_item *mms_spec_find(const struct mms_spec *s,
                                     const char *name);

/* "const double *A" (name NULL: the type alone). */
void mms_ctype_text(const struct mms_ctype *t, const char *name, char *buf,
                    size_t len);

/* The timer times at most this many arrays (MMT_MAX_OPERANDS). */
#define MMS_MAX_ARRAYS 4
/* More parameters than any BLAS routine has. */
#define MMS_MAX_PARAMS 64

#endif
