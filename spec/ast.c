/* The spec's tree: expressions, items and parameters as the grammar
 * builds them, the options of an array, and freeing it all. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spec/parse.h"

void mms_perror(struct mms_pstate *p, struct mms_loc at, const char *fmt,
                ...)
{
    va_list ap;
    int n;

    if (p->failed++)
        return;     /* the first error is the one that means something */
    n = snprintf(p->err, p->errlen, "%s:%d:%d: ", p->file, at.line, at.col);
    if (n < 0 || (size_t)n >= p->errlen)
        return;
    va_start(ap, fmt);
    vsnprintf(p->err + n, p->errlen - (size_t)n, fmt, ap);
    va_end(ap);
}

struct mms_loc mms_loc_of(const struct mms_span *s)
{
    struct mms_loc l = { s->first_line, s->first_column, s->first_off };
    return l;
}

struct mms_expr *mms_expr_num(const char *text, struct mms_loc at)
{
    struct mms_expr *e = calloc(1, sizeof *e);

    if (e == NULL || (e->text = strdup(text)) == NULL) {
        free(e);
        return NULL;
    }
    e->op = MMS_E_NUM;
    e->loc = at;
    e->num = strtod(text, NULL);
    e->is_int = strpbrk(text, ".eE") == NULL;
    return e;
}

struct mms_expr *mms_expr_name(char *name, struct mms_loc at)
{
    struct mms_expr *e = calloc(1, sizeof *e);

    if (e == NULL)
        return NULL;
    e->op = MMS_E_NAME;
    e->loc = at;
    e->text = name;
    return e;
}

struct mms_expr *mms_expr_op(enum mms_expr_op op, struct mms_expr *l,
                             struct mms_expr *r, struct mms_loc at)
{
    struct mms_expr *e = calloc(1, sizeof *e);

    if (e == NULL)
        return NULL;
    e->op = op;
    e->loc = at;
    e->l = l;
    e->r = r;
    return e;
}

void mms_expr_free(struct mms_expr *e)
{
    if (e == NULL)
        return;
    mms_expr_free(e->l);
    mms_expr_free(e->r);
    free(e->text);
    free(e);
}

struct mms_item *mms_item_add(struct mms_spec *s, enum mms_item_kind kind,
                              char *name, struct mms_loc at)
{
    struct mms_item *grown = realloc(s->item,
                                     (size_t)(s->nitems + 1) * sizeof *grown);
    struct mms_item *it;

    if (grown == NULL)
        return NULL;
    s->item = grown;
    it = &s->item[s->nitems++];
    memset(it, 0, sizeof *it);
    it->kind = kind;
    it->name = name;
    it->loc = at;
    it->chr = -1;
    it->param = -1;
    it->operand = -1;
    it->arr.cold = 1;
    return it;
}

int mms_param_add(struct mms_proto *p, char *name, struct mms_loc at,
                  const struct mms_ctype *t)
{
    struct mms_param *grown = realloc(p->param, (size_t)(p->nparams + 1)
                                                * sizeof *grown);

    if (grown == NULL)
        return -1;
    p->param = grown;
    p->param[p->nparams].name = name;
    p->param[p->nparams].loc = at;
    p->param[p->nparams].type = *t;
    p->nparams++;
    return 0;
}

static void item_free(struct mms_item *it)
{
    free(it->name);
    free(it->macro);
    free(it->chr_text);
    mms_expr_free(it->value);
    mms_expr_free(it->arr.rows);
    mms_expr_free(it->arr.cols);
    mms_expr_free(it->arr.fill_arg);
    mms_expr_free(it->arr.ld);
    free(it->arr.init_fn);
}

void mms_spec_free(struct mms_spec *s)
{
    for (int i = 0; i < s->nitems; i++)
        item_free(&s->item[i]);
    for (int i = 0; i < s->routine.nparams; i++)
        free(s->routine.param[i].name);
    free(s->item);
    free(s->routine.param);
    free(s->routine.name);
    mms_expr_free(s->flop);
    free(s->flop_text);
    free(s->file);
    free(s->text);
    memset(s, 0, sizeof *s);
}
