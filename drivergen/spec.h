/* A routine specification (paper 001 Fig. 4) as mmspec reads it: the
 * routine's C prototype, an init section naming a value for each of its
 * parameters (size parameters, scalars, arrays) and a flop formula.  The
 * parser (drivergen/parser.y, drivergen/lexer.l) builds it;
 * drivergen/check.c binds the names; drivergen/emit_*.c turn it into a
 * timing driver. */
#ifndef MMD_SPEC_H
#define MMD_SPEC_H

#include <stddef.h>

/* 1-based line and column of a token in the spec file, and its byte
 * offsets (for quoting the text as written, e.g. the flop formula). */
struct mmd_loc {
    int line, col;
    size_t off;
};

enum mmd_expr_op { MMD_E_NUM, MMD_E_NAME, MMD_E_NEG, MMD_E_ADD, MMD_E_SUB,
                   MMD_E_MUL, MMD_E_DIV };

/* Arithmetic on numbers and the names defined above it in init. */
struct mmd_expr {
    enum mmd_expr_op op;
    struct mmd_loc loc;
    char *text;              /* number as written, or the name */
    int is_int;              /* a number without '.' or exponent */
    double num;
    struct mmd_expr *l, *r;  /* operands (r NULL for NEG) */
};

/* The class of a C type, as far as the driver needs it. */
enum mmd_class { MMD_C_VOID, MMD_C_CHAR, MMD_C_INT, MMD_C_FLOAT };

struct mmd_ctype {
    char base[32];           /* C spelling: "double", "unsigned long";
                              * "int" for an enum (the driver declares the
                              * routine without its headers) */
    enum mmd_class cls;
    int is_const;            /* const object, or const pointee */
    int ptr;                 /* 0 or 1 levels of pointer */
    int ptr_const;           /* the pointer itself is const */
};

struct mmd_param {
    char *name;
    struct mmd_loc loc;
    struct mmd_ctype type;
};

struct mmd_proto {
    char *name;
    struct mmd_loc loc;
    struct mmd_ctype ret;
    int nparams;
    struct mmd_param *param;
};

enum mmd_item_kind { MMD_SIZE, MMD_SCALAR, MMD_ARRAY };
enum mmd_spec_fill { MMD_FILL_RANDOM, MMD_FILL_CONST, MMD_FILL_USER };

struct mmd_array_spec {
    int matrix;              /* Matrix (rows, cols) or Vector (n) */
    char elem[16];           /* element type: double, float, int, long */
    struct mmd_loc elem_loc;
    struct mmd_expr *rows, *cols;   /* cols NULL for a Vector */
    enum mmd_spec_fill fill;
    struct mmd_expr *fill_arg;      /* RANDOM's seed or CONST's value */
    char *init_fn;                  /* INIT(fn) */
    int cold;                /* flush (1, the default) or hot (0) */
    long align, misalign;    /* bytes; 0: the driver's default */
    struct mmd_expr *ld;     /* NULL: rows (a Vector: its length) */
    unsigned given;          /* options seen, 1 << enum mmd_opt_kind */
};

struct mmd_item {
    enum mmd_item_kind kind;
    char *name;
    struct mmd_loc loc;
    /* MMD_SIZE: Macro(MACRO, default) */
    char *macro;
    struct mmd_loc macro_loc;
    /* MMD_SIZE's default, or MMD_SCALAR's value (NULL for a character) */
    struct mmd_expr *value;
    int chr;                 /* MMD_SCALAR 'c': the character, else -1 */
    char *chr_text;          /* the literal as written: 'N' */
    struct mmd_array_spec arr;
    /* set by mmd_spec_check */
    enum mmd_class cls;      /* a size or scalar: MMD_C_INT, _FLOAT, _CHAR */
    int param;               /* index of the routine's parameter, or -1 */
    int operand;             /* MMD_ARRAY: the timer's operand number */
};

struct mmd_spec {
    char *file;              /* as named on the command line */
    char *text;              /* the whole spec, as read */
    struct mmd_proto routine;
    int nitems;
    struct mmd_item *item;
    struct mmd_expr *flop;
    char *flop_text;         /* the formula as written between quotes */
};

/* Read and check a spec.  Returns 0, or -1 with one message in err:
 * "FILE:LINE:COL: what was expected, and what was found". */
int mmd_spec_read(const char *path, struct mmd_spec *s, char *err,
                  size_t len);
/* The same from text in memory (file names the messages). */
int mmd_spec_parse(const char *file, const char *text, struct mmd_spec *s,
                   char *err, size_t len);
void mmd_spec_free(struct mmd_spec *s);

/* Name binding and the rules the parser cannot see (drivergen/check.c). */
int mmd_spec_check(struct mmd_spec *s, char *err, size_t len);
/* The item called name, or NULL. */
const struct mmd_item *mmd_spec_find(const struct mmd_spec *s,
                                     const char *name);

/* "const double *A" (name NULL: the type alone). */
void mmd_ctype_text(const struct mmd_ctype *t, const char *name, char *buf,
                    size_t len);

/* The timer times at most this many arrays (MMTM_MAX_OPERANDS). */
#define MMD_MAX_ARRAYS 4
/* More parameters than any BLAS routine has. */
#define MMD_MAX_PARAMS 64

#endif
