/* The spec's tree: expressions, items and parameters as the grammar
 * builds them, the options of an array, and freeing it all. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drivergen/parse.h"

void mmd_perror(struct mmd_pstate *p, struct mmd_loc at, const char *fmt,
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

struct mmd_loc mmd_loc_of(const struct mmd_span *s)
{
    struct mmd_loc l = { s->first_line, s->first_column, s->first_off };
    return l;
}

struct mmd_expr *mmd_expr_num(const char *text, struct mmd_loc at)
{
    struct mmd_expr *e = calloc(1, sizeof *e);

    if (e == NULL || (e->text = strdup(text)) == NULL) {
        free(e);
        return NULL;
    }
    e->op = MMD_E_NUM;
    e->loc = at;
    e->num = strtod(text, NULL);
    e->is_int = strpbrk(text, ".eE") == NULL;
    return e;
}

struct mmd_expr *mmd_expr_name(char *name, struct mmd_loc at)
{
    struct mmd_expr *e = calloc(1, sizeof *e);

    if (e == NULL)
        return NULL;
    e->op = MMD_E_NAME;
    e->loc = at;
    e->text = name;
    return e;
}

struct mmd_expr *mmd_expr_op(enum mmd_expr_op op, struct mmd_expr *l,
                             struct mmd_expr *r, struct mmd_loc at)
{
    struct mmd_expr *e = calloc(1, sizeof *e);

    if (e == NULL)
        return NULL;
    e->op = op;
    e->loc = at;
    e->l = l;
    e->r = r;
    return e;
}

void mmd_expr_free(struct mmd_expr *e)
{
    if (e == NULL)
        return;
    mmd_expr_free(e->l);
    mmd_expr_free(e->r);
    free(e->text);
    free(e);
}

struct mmd_item *mmd_item_add(struct mmd_spec *s, enum mmd_item_kind kind,
                              char *name, struct mmd_loc at)
{
    struct mmd_item *grown = realloc(s->item,
                                     (size_t)(s->nitems + 1) * sizeof *grown);
    struct mmd_item *it;

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

int mmd_param_add(struct mmd_proto *p, char *name, struct mmd_loc at,
                  const struct mmd_ctype *t)
{
    struct mmd_param *grown = realloc(p->param, (size_t)(p->nparams + 1)
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

static void item_free(struct mmd_item *it)
{
    free(it->name);
    free(it->macro);
    free(it->chr_text);
    mmd_expr_free(it->value);
    mmd_expr_free(it->arr.rows);
    mmd_expr_free(it->arr.cols);
    mmd_expr_free(it->arr.fill_arg);
    mmd_expr_free(it->arr.ld);
    free(it->arr.init_fn);
}

void mmd_spec_free(struct mmd_spec *s)
{
    for (int i = 0; i < s->nitems; i++)
        item_free(&s->item[i]);
    for (int i = 0; i < s->routine.nparams; i++)
        free(s->routine.param[i].name);
    free(s->item);
    free(s->routine.param);
    free(s->routine.name);
    mmd_expr_free(s->flop);
    free(s->flop_text);
    free(s->file);
    free(s->text);
    memset(s, 0, sizeof *s);
}
