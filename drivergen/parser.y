/* The spec language (bison), after paper 001 Fig. 4:
 *
 *   routine = <C prototype>;
 *   init = { NAME = VALUE; ... };
 *   flop = "<formula in the size parameters>";
 *
 * where VALUE is Macro(MACRO, default), a number, a character, an
 * arithmetic expression of the names above it, or
 * Matrix(TYPE, ROWS, COLS, OPTIONS) / Vector(TYPE, N, OPTIONS) with the
 * options RANDOM(seed), CONST(v), INIT(function), flush, hot, align(N),
 * misalign(N), ld(expr), separated by ',' or '|'.  Errors are recorded in
 * the parse state as "FILE:LINE:COL: expected X, got Y". */
%code requires {
#include "drivergen/parse.h"
#ifndef YY_TYPEDEF_YY_SCANNER_T
#define YY_TYPEDEF_YY_SCANNER_T
typedef void *yyscan_t;
#endif
struct mmd_ptrs { int n, is_const; };
/* Spans with byte offsets: bison's default, and the offsets alike. */
#define YYLLOC_DEFAULT(Cur, Rhs, N)                                    \
    do {                                                               \
        if (N) {                                                       \
            (Cur).first_line = YYRHSLOC(Rhs, 1).first_line;            \
            (Cur).first_column = YYRHSLOC(Rhs, 1).first_column;        \
            (Cur).first_off = YYRHSLOC(Rhs, 1).first_off;              \
            (Cur).last_line = YYRHSLOC(Rhs, N).last_line;              \
            (Cur).last_column = YYRHSLOC(Rhs, N).last_column;          \
            (Cur).last_off = YYRHSLOC(Rhs, N).last_off;                \
        } else {                                                       \
            (Cur).first_line = (Cur).last_line =                       \
                YYRHSLOC(Rhs, 0).last_line;                            \
            (Cur).first_column = (Cur).last_column =                   \
                YYRHSLOC(Rhs, 0).last_column;                          \
            (Cur).first_off = (Cur).last_off = YYRHSLOC(Rhs, 0).last_off; \
        }                                                              \
    } while (0)
}

%code {
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int mmd_yylex(MMD_YYSTYPE *lval, MMD_YYLTYPE *lloc, yyscan_t scanner);
static void mmd_yyerror(MMD_YYLTYPE *at, yyscan_t scanner,
                        struct mmd_pstate *p, const char *msg);

/* The item being defined (the last one added). */
#define CUR (&p->spec->item[p->spec->nitems - 1])
#define LOC(span) mmd_loc_of(&(span))
/* One option of the array being defined. */
#define OPT(kind, arg, fn, at)                                         \
    do {                                                               \
        if (mmd_array_opt(p, &CUR->arr, kind, arg, fn, at) != 0)       \
            YYABORT;                                                   \
    } while (0)

static int param_add(struct mmd_pstate *p, struct mmd_tspec *t, char *name,
                     struct mmd_loc at, int array);
}

%require "3.6"
%define api.pure full
%define api.prefix {mmd_yy}
%define api.location.type {struct mmd_span}
%define parse.error custom
%locations
%lex-param {yyscan_t scanner}
%parse-param {yyscan_t scanner} {struct mmd_pstate *p}

%union {
    char *str;
    struct mmd_expr *expr;
    struct mmd_tspec tspec;
    struct mmd_ptrs ptrs;
    int ival;
}

%token ROUTINE "'routine'" INIT "'init'" FLOP "'flop'"
%token MACRO "'Macro'" MATRIX "'Matrix'" VECTOR "'Vector'"
%token RANDOM "'RANDOM'" CONSTV "'CONST'" USERINIT "'INIT'"
%token FLUSH "'flush'" HOT "'hot'" ALIGN "'align'" MISALIGN "'misalign'"
%token LD "'ld'"
%token T_VOID "'void'" T_CHAR "'char'" T_SHORT "'short'" T_INT "'int'"
%token T_LONG "'long'" T_FLOAT "'float'" T_DOUBLE "'double'"
%token T_SIGNED "'signed'" T_UNSIGNED "'unsigned'"
%token T_CONST "'const'" T_VOLATILE "'volatile'" T_RESTRICT "'restrict'"
%token T_ENUM "'enum'" T_STRUCT "'struct'"
%token STRAY "a stray character"
%token <str> IDENT "a name" NUMBER "a number" CHARLIT "a character"

%type <expr> expr snum
%type <tspec> type tname kws
%type <ptrs> ptrs
%type <ival> tquals pquals kw arrsuffix cvqual
%type <str> elemtype

%destructor { free($$); } <str>
%destructor { mmd_expr_free($$); } <expr>
%destructor { free($$.tname); free($$.enum_tag); } <tspec>

%left '+' '-'
%left '*' '/'
%precedence NEG

%%

spec:
    routine_sec init_sec flop_sec
  ;

/* ---- routine = <C prototype>; ------------------------------------------ */

routine_sec:
    ROUTINE '=' type IDENT
      {
        int rc = mmd_ctype_resolve(p, &$3, &p->spec->routine.ret);
        free($3.tname);
        free($3.enum_tag);
        $3.tname = $3.enum_tag = NULL;
        p->spec->routine.name = $4;
        p->spec->routine.loc = LOC(@4);
        $4 = NULL;          /* the tree owns it now */
        if (rc != 0)
            YYABORT;
      }
    '(' params ')' ';'
  ;

params:
    %empty
  | T_VOID
  | plist
  ;

plist:
    param
  | plist ',' param
  ;

param:
    type IDENT arrsuffix
      {
        if (param_add(p, &$1, $2, LOC(@2), $3) != 0)
            YYABORT;
      }
  ;

arrsuffix:
    %empty           { $$ = 0; }
  | '[' ']'          { $$ = 1; }
  | '[' NUMBER ']'   { free($2); $$ = 1; }
  ;

type:
    tname tquals ptrs
      {
        $$ = $1;
        $$.loc = LOC(@$);
        $$.is_const = $2;
        $$.ptr = $3.n;
        $$.ptr_const = $3.is_const;
      }
  | cvqual tquals tname tquals ptrs
      {
        $$ = $3;
        $$.loc = LOC(@$);
        $$.is_const = $1 | $2 | $4;
        $$.ptr = $5.n;
        $$.ptr_const = $5.is_const;
      }
  ;

cvqual:
    T_CONST               { $$ = 1; }
  | T_VOLATILE            { $$ = 0; }
  ;

tquals:
    %empty                { $$ = 0; }
  | tquals T_CONST        { $$ = 1; }
  | tquals T_VOLATILE     { $$ = $1; }
  ;

tname:
    kws                   { $$ = $1; }
  | IDENT                 { memset(&$$, 0, sizeof $$); $$.tname = $1; }
  | T_ENUM IDENT          { memset(&$$, 0, sizeof $$); $$.enum_tag = $2; }
  | T_STRUCT IDENT
      {
        mmd_perror(p, LOC(@1), "expected a number, character or pointer "
                   "type, got 'struct %s' (structures cannot be timed)", $2);
        free($2);
        memset(&$$, 0, sizeof $$);
        YYABORT;
      }
  ;

kws:
    kw          { memset(&$$, 0, sizeof $$); $$.kw[$1]++; }
  | kws kw      { $$ = $1; $$.kw[$2]++; }
  ;

kw:
    T_VOID       { $$ = MMD_KW_VOID; }
  | T_CHAR       { $$ = MMD_KW_CHAR; }
  | T_SHORT      { $$ = MMD_KW_SHORT; }
  | T_INT        { $$ = MMD_KW_INT; }
  | T_LONG       { $$ = MMD_KW_LONG; }
  | T_FLOAT      { $$ = MMD_KW_FLOAT; }
  | T_DOUBLE     { $$ = MMD_KW_DOUBLE; }
  | T_SIGNED     { $$ = MMD_KW_SIGNED; }
  | T_UNSIGNED   { $$ = MMD_KW_UNSIGNED; }
  ;

ptrs:
    %empty               { $$.n = 0; $$.is_const = 0; }
  | ptrs '*' pquals      { $$.n = $1.n + 1; $$.is_const = $3; }
  ;

pquals:
    %empty               { $$ = 0; }
  | pquals T_CONST       { $$ = 1; }
  | pquals T_VOLATILE    { $$ = $1; }
  | pquals T_RESTRICT    { $$ = $1; }
  ;

/* ---- init = { ... }; ---------------------------------------------------- */

init_sec:
    INIT '=' '{' items '}' ';'
  ;

items:
    %empty
  | items item
  ;

item:
    IDENT '='
      {
        if (mmd_item_add(p->spec, MMD_SCALAR, $1, LOC(@1)) == NULL)
            YYNOMEM;
        $1 = NULL;          /* the tree owns it now */
      }
    value ';'
  ;

value:
    MACRO '(' IDENT ',' expr ')'
      {
        CUR->kind = MMD_SIZE;
        CUR->macro = $3;
        CUR->macro_loc = LOC(@3);
        CUR->value = $5;
      }
  | MATRIX '(' elemtype ',' expr ',' expr
      {
        CUR->kind = MMD_ARRAY;
        CUR->arr.matrix = 1;
        snprintf(CUR->arr.elem, sizeof CUR->arr.elem, "%s", $3);
        CUR->arr.elem_loc = LOC(@3);
        CUR->arr.rows = $5;
        CUR->arr.cols = $7;
        $5 = $7 = NULL;     /* the tree owns them now */
      }
    aopts ')'
      { free($3); }
  | VECTOR '(' elemtype ',' expr
      {
        CUR->kind = MMD_ARRAY;
        snprintf(CUR->arr.elem, sizeof CUR->arr.elem, "%s", $3);
        CUR->arr.elem_loc = LOC(@3);
        CUR->arr.rows = $5;
        $5 = NULL;          /* the tree owns it now */
      }
    aopts ')'
      { free($3); }
  | expr          { CUR->value = $1; }
  | CHARLIT       { CUR->chr_text = $1; CUR->chr = (unsigned char)$1[1]; }
  ;

elemtype:
    T_DOUBLE     { $$ = strdup("double"); if (!$$) YYNOMEM; }
  | T_FLOAT      { $$ = strdup("float"); if (!$$) YYNOMEM; }
  | T_INT        { $$ = strdup("int"); if (!$$) YYNOMEM; }
  | T_LONG       { $$ = strdup("long"); if (!$$) YYNOMEM; }
  ;

aopts:
    %empty
  | aopts sep aopt
  ;

sep:
    ','
  | '|'
  ;

aopt:
    RANDOM
      { OPT(MMD_O_RANDOM, NULL, NULL, LOC(@1)); }
  | RANDOM '(' snum ')'
      { OPT(MMD_O_RANDOM, $3, NULL, LOC(@1)); }
  | CONSTV '(' snum ')'
      { OPT(MMD_O_CONST, $3, NULL, LOC(@1)); }
  | USERINIT '(' IDENT ')'
      { OPT(MMD_O_USER, NULL, $3, LOC(@1)); }
  | FLUSH
      { OPT(MMD_O_FLUSH, NULL, NULL, LOC(@1)); }
  | HOT
      { OPT(MMD_O_HOT, NULL, NULL, LOC(@1)); }
  | ALIGN '(' snum ')'
      { OPT(MMD_O_ALIGN, $3, NULL, LOC(@3)); }
  | MISALIGN '(' snum ')'
      { OPT(MMD_O_MISALIGN, $3, NULL, LOC(@3)); }
  | LD '(' expr ')'
      { OPT(MMD_O_LD, $3, NULL, LOC(@1)); }
  ;

snum:
    NUMBER
      {
        $$ = mmd_expr_num($1, LOC(@1));
        free($1);
        if (!$$) YYNOMEM;
      }
  | '-' NUMBER
      {
        struct mmd_expr *n = mmd_expr_num($2, LOC(@2));
        free($2);
        $$ = n ? mmd_expr_op(MMD_E_NEG, n, NULL, LOC(@1)) : NULL;
        if (!$$) { mmd_expr_free(n); YYNOMEM; }
      }
  ;

/* ---- flop = "<formula>"; ------------------------------------------------ */

flop_sec:
    FLOP '=' '"' expr '"' ';'
      {
        size_t a = @3.last_off, b = @5.first_off;
        p->spec->flop = $4;
        p->spec->flop_text = strndup(p->text + a, b - a);
        if (!p->spec->flop_text) YYNOMEM;
      }
  ;

/* ---- arithmetic --------------------------------------------------------- */

expr:
    NUMBER
      {
        $$ = mmd_expr_num($1, LOC(@1));
        free($1);
        if (!$$) YYNOMEM;
      }
  | IDENT
      {
        $$ = mmd_expr_name($1, LOC(@1));
        if (!$$) { free($1); YYNOMEM; }
      }
  | '(' expr ')'            { $$ = $2; }
  | '-' expr %prec NEG
      {
        $$ = mmd_expr_op(MMD_E_NEG, $2, NULL, LOC(@1));
        if (!$$) { mmd_expr_free($2); YYNOMEM; }
      }
  | expr '+' expr
      {
        $$ = mmd_expr_op(MMD_E_ADD, $1, $3, LOC(@2));
        if (!$$) { mmd_expr_free($1); mmd_expr_free($3); YYNOMEM; }
      }
  | expr '-' expr
      {
        $$ = mmd_expr_op(MMD_E_SUB, $1, $3, LOC(@2));
        if (!$$) { mmd_expr_free($1); mmd_expr_free($3); YYNOMEM; }
      }
  | expr '*' expr
      {
        $$ = mmd_expr_op(MMD_E_MUL, $1, $3, LOC(@2));
        if (!$$) { mmd_expr_free($1); mmd_expr_free($3); YYNOMEM; }
      }
  | expr '/' expr
      {
        $$ = mmd_expr_op(MMD_E_DIV, $1, $3, LOC(@2));
        if (!$$) { mmd_expr_free($1); mmd_expr_free($3); YYNOMEM; }
      }
  ;

%%

static int param_add(struct mmd_pstate *p, struct mmd_tspec *t, char *name,
                     struct mmd_loc at, int array)
{
    struct mmd_ctype ct;

    int rc;

    t->ptr += array;
    rc = mmd_ctype_resolve(p, t, &ct);
    free(t->tname);         /* resolved: the names are no longer needed */
    free(t->enum_tag);
    t->tname = t->enum_tag = NULL;
    if (rc != 0) {
        free(name);
        return -1;
    }
    if (ct.cls == MMD_C_VOID && !ct.ptr) {
        mmd_perror(p, t->loc, "parameter '%s' has type void", name);
        free(name);
        return -1;
    }
    if (mmd_param_add(&p->spec->routine, name, at, &ct) != 0) {
        free(name);
        return -1;
    }
    return 0;
}

static void mmd_yyerror(MMD_YYLTYPE *at, yyscan_t scanner,
                        struct mmd_pstate *p, const char *msg)
{
    (void)scanner;
    mmd_perror(p, mmd_loc_of(at), "%s", msg);
}

/* ---- "expected X, got Y" ------------------------------------------------ */

static int in(yysymbol_kind_t k, const yysymbol_kind_t *set, int n)
{
    for (int i = 0; i < n; i++)
        if (set[i] == k)
            return 1;
    return 0;
}

/* Where every token that can start a type (or an expression) is expected,
 * name the group rather than its members. */
static const yysymbol_kind_t type_start[] = {
    YYSYMBOL_T_VOID, YYSYMBOL_T_CHAR, YYSYMBOL_T_SHORT, YYSYMBOL_T_INT,
    YYSYMBOL_T_LONG, YYSYMBOL_T_FLOAT, YYSYMBOL_T_DOUBLE, YYSYMBOL_T_SIGNED,
    YYSYMBOL_T_UNSIGNED, YYSYMBOL_T_CONST, YYSYMBOL_T_VOLATILE,
    YYSYMBOL_T_ENUM, YYSYMBOL_T_STRUCT, YYSYMBOL_IDENT
};

/* The char tokens have no stable enumerator names: match their names. */
static int expr_start(yysymbol_kind_t k)
{
    const char *n = yysymbol_name(k);

    return k == YYSYMBOL_NUMBER || k == YYSYMBOL_IDENT
           || strcmp(n, "'('") == 0 || strcmp(n, "'-'") == 0;
}

static int has_all(const yysymbol_kind_t *exp, int n,
                   const yysymbol_kind_t *group, int ng)
{
    for (int i = 0; i < ng; i++)
        if (!in(group[i], exp, n))
            return 0;
    return 1;
}

static int count_expr_start(const yysymbol_kind_t *exp, int n)
{
    int c = 0;

    for (int i = 0; i < n; i++)
        c += expr_start(exp[i]);
    return c;
}

static void add_name(char *buf, size_t len, int *count, const char *name)
{
    size_t used = strlen(buf);

    snprintf(buf + used, len - used, "%s%s", *count ? "|" : "", name);
    (*count)++;
}

/* "a, b or c" from "a|b|c". */
static void join(const char *names, int count, char *out, size_t len)
{
    int i = 0;
    size_t used = 0;

    out[0] = '\0';
    for (const char *s = names; *s && used < len; i++) {
        size_t n = strcspn(s, "|");
        used += snprintf(out + used, len - used, "%s%.*s",
                         i == 0 ? "" : i == count - 1 ? " or " : ", ",
                         (int)n, s);
        s += n + (s[n] == '|');
    }
}

static void expected_text(const yypcontext_t *ctx, char *out, size_t len)
{
    enum { MAX = 64 };
    yysymbol_kind_t exp[MAX];
    int n = yypcontext_expected_tokens(ctx, exp, MAX), count = 0;
    int types = has_all(exp, n, type_start, 9);
    int exprs = count_expr_start(exp, n) == 4;
    char names[512] = "";

    for (int i = 0; i < n; i++) {
        const char *name = yysymbol_name(exp[i]);
        size_t l = strlen(name);
        char buf[48];
        if ((types && in(exp[i], type_start, 14))
            || (exprs && expr_start(exp[i])))
            continue;
        if (l >= 2 && name[0] == '"')
            snprintf(buf, sizeof buf, "%.*s", (int)l - 2, name + 1);
        else
            snprintf(buf, sizeof buf, "%s", name);
        add_name(names, sizeof names, &count, buf);
    }
    if (types)
        add_name(names, sizeof names, &count, "a type");
    if (exprs)
        add_name(names, sizeof names, &count, "an expression");
    join(names, count, out, len);
}

static void got_text(const yypcontext_t *ctx, const struct mmd_pstate *p,
                     char *out, size_t len)
{
    static const char *const kind[] = { "", "name ", "number ",
                                        "character " };

    if (yypcontext_token(ctx) == YYSYMBOL_YYEOF)
        snprintf(out, len, "the end of the file");
    else if (p->last_kind == 3)
        snprintf(out, len, "character %s", p->last);
    else
        snprintf(out, len, "%s'%s'", kind[p->last_kind], p->last);
}

static int yyreport_syntax_error(const yypcontext_t *ctx, yyscan_t scanner,
                                 struct mmd_pstate *p)
{
    char exp[600], got[80];

    (void)scanner;
    if (yypcontext_token(ctx) == YYSYMBOL_YYerror)
        return 0;   /* the scanner said what is wrong */
    expected_text(ctx, exp, sizeof exp);
    got_text(ctx, p, got, sizeof got);
    mmd_perror(p, mmd_loc_of(yypcontext_location(ctx)), "expected %s, got %s",
               exp, got);
    return 0;
}
