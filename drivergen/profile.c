/* Reading an mmprofile table (drivergen/profile.h): every header key once,
 * every shape line whole and in range, as many lines as SHAPES says;
 * errors name the file and line. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drivergen/profile.h"

struct reader {
    const char *path;
    int line;
    char *err;
    size_t len;
    unsigned seen;           /* header keys read, 1 << index */
};

static const char *const keys[] = {
    "FORMAT", "PROGRAM", "CALLS", "DROPPED", "SHAPES", "SECONDS", NULL
};

static int bad(struct reader *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static int bad(struct reader *r, const char *fmt, ...)
{
    va_list ap;
    int n = snprintf(r->err, r->len, "%s:%d: ", r->path, r->line);

    if (n >= 0 && (size_t)n < r->len) {
        va_start(ap, fmt);
        vsnprintf(r->err + n, r->len - (size_t)n, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* The value of "KEY = value  # note", trimmed. */
static char *value_of(char *eq)
{
    char *v = eq + 1, *hash = strstr(v, " #"), *end;

    if (hash)
        *hash = '\0';
    v += strspn(v, " \t");
    end = v + strlen(v);
    while (end > v && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\n'))
        *--end = '\0';
    return v;
}

static int number(struct reader *r, const char *key, const char *v,
                  double *out)
{
    char *end;

    errno = 0;
    *out = strtod(v, &end);
    if (errno || end == v || *end || *out < 0)
        return bad(r, "expected %s = a number >= 0, got '%s'", key, v);
    return 0;
}

/* A count or a size, as table.c writes them: a whole number, which a
 * long holds (a double past LONG_MAX converted to long is undefined: the
 * fuzzer's 2.3e62 as lda). */
static int whole(struct reader *r, const char *key, const char *v,
                 long *out)
{
    char *end;

    errno = 0;
    *out = strtol(v, &end, 10);
    if (errno || end == v || *end || *out < 0)
        return bad(r, "expected %s = a whole number >= 0, got '%s'", key,
                   v);
    return 0;
}

static int header(struct reader *r, struct mmd_profile *p, char *text)
{
    char *eq = strchr(text, '='), *v;
    size_t klen;
    double x;
    int i;

    if (eq == NULL)
        return bad(r, "expected KEY = value or a shape line, got '%.40s'",
                   text);
    klen = strcspn(text, " \t=");
    for (i = 0; keys[i]; i++)
        if (strlen(keys[i]) == klen && strncmp(text, keys[i], klen) == 0)
            break;
    if (keys[i] == NULL || r->seen & 1u << i)
        return bad(r, "expected one of FORMAT, PROGRAM, CALLS, DROPPED, "
                   "SHAPES, SECONDS (once each), got '%.*s'", (int)klen,
                   text);
    r->seen |= 1u << i;
    v = value_of(eq);
    if (i == 1) {
        snprintf(p->program, sizeof p->program, "%s", v);
        return 0;
    }
    if (i == 2)
        return whole(r, keys[i], v, &p->calls);
    if (i == 3)
        return whole(r, keys[i], v, &p->dropped);
    if (i == 4)
        return whole(r, keys[i], v, &p->shapes);
    if (number(r, keys[i], v, &x) != 0)
        return -1;
    if (i == 0 && x != 1)
        return bad(r, "expected FORMAT = 1, got %s", v);
    if (i == 5) p->seconds = x;
    return 0;
}

static int one_of(const char *v, const char *const *allowed)
{
    for (int i = 0; allowed[i]; i++)
        if (strcmp(v, allowed[i]) == 0)
            return 1;
    return 0;
}

/* The words of a shape line, checked word by word. */
static int shape(struct reader *r, struct mmd_shape *s, char *text)
{
    static const char *const routines[] = { "dgemm_", "cblas_dgemm", 0 };
    static const char *const orders[] = { "col", "row", 0 };
    static const char *const trans[] = { "N", "T", "C", 0 };
    static const char *const classes[] = { "0", "1", "-1", "a", 0 };
    char w[16][64];
    int n = sscanf(text, "%63s %63s %63s %63s %63s %63s %63s %63s %63s %63s "
                   "%63s %63s %63s %63s %63s %63s %63s", w[0], w[1], w[2],
                   w[3], w[4], w[5], w[6], w[7], w[8], w[9], w[10], w[11],
                   w[12], w[13], w[14], w[15], w[15]);
    long *ints[] = { &s->m, &s->n, &s->k, &s->lda, &s->ldb, &s->ldc };

    if (n != 16)
        return bad(r, "expected 16 words (routine order transa transb m n "
                   "k lda ldb ldc alpha beta warm count total_s "
                   "per_call_s), got %d", n < 0 ? 0 : n);
    if (!one_of(w[0], routines) || !one_of(w[1], orders)
        || !one_of(w[2], trans) || !one_of(w[3], trans)
        || !one_of(w[10], classes) || !one_of(w[11], classes))
        return bad(r, "expected dgemm_|cblas_dgemm col|row N|T|C N|T|C "
                   "... alpha, beta in 0, 1, -1, a; got '%s %s %s %s ... "
                   "%s %s'", w[0], w[1], w[2], w[3], w[10], w[11]);
    snprintf(s->routine, sizeof s->routine, "%.15s", w[0]);
    s->row = strcmp(w[1], "row") == 0;
    s->transa = w[2][0];
    s->transb = w[3][0];
    snprintf(s->alpha, sizeof s->alpha, "%.3s", w[10]);
    snprintf(s->beta, sizeof s->beta, "%.3s", w[11]);
    for (int i = 0; i < 6; i++)
        if (whole(r, "a size", w[4 + i], ints[i]) != 0)
            return -1;
    if (whole(r, "warm", w[12], &s->warm) != 0
        || whole(r, "count", w[13], &s->count) != 0
        || number(r, "total_s", w[14], &s->total_s) != 0
        || number(r, "per_call_s", w[15], &s->per_call_s) != 0)
        return -1;
    if (s->count < 1 || s->warm > s->count
        || (s->row && strcmp(s->routine, "dgemm_") == 0))
        return bad(r, "expected 1 <= count, warm <= count and dgemm_ in "
                   "col order, got warm %ld count %ld", s->warm, s->count);
    s->line = r->line;
    return 0;
}

static int add_shape(struct reader *r, struct mmd_profile *p, char *text)
{
    struct mmd_shape *grown = realloc(p->shape, (size_t)(p->nshapes + 1)
                                                * sizeof *grown);

    if (grown == NULL)
        return bad(r, "out of memory");
    p->shape = grown;
    memset(&p->shape[p->nshapes], 0, sizeof *grown);
    if (shape(r, &p->shape[p->nshapes], text) != 0)
        return -1;
    p->nshapes++;
    return 0;
}

/* A header line starts with a capital letter; a shape with its routine;
 * '#' starts a comment. */
static int read_lines(struct reader *r, FILE *fp, struct mmd_profile *p)
{
    char text[1024];

    while (fgets(text, sizeof text, fp)) {
        char *s = text + strspn(text, " \t");
        r->line++;
        if (*s == '#' || *s == '\n' || *s == '\0')
            continue;
        if (strchr(text, '\n') == NULL && !feof(fp))
            return bad(r, "expected a line of at most %zu bytes",
                       sizeof text - 2);
        if ((*s >= 'A' && *s <= 'Z' ? header(r, p, s)
                                    : add_shape(r, p, s)) != 0)
            return -1;
    }
    return ferror(fp) ? bad(r, "%s", strerror(errno)) : 0;
}

static int heavier(const void *x, const void *y)
{
    const struct mmd_shape *a = x, *b = y;

    if (a->total_s != b->total_s)
        return (a->total_s < b->total_s) - (a->total_s > b->total_s);
    return a->line - b->line;
}

int mmd_profile_read(const char *path, struct mmd_profile *p, char *err,
                     size_t len)
{
    struct reader r = { path, 0, err, len, 0 };
    FILE *fp = fopen(path, "r");
    int rc;

    memset(p, 0, sizeof *p);
    if (fp == NULL) {
        snprintf(err, len, "%s: %s", path, strerror(errno));
        return -1;
    }
    rc = read_lines(&r, fp, p);
    fclose(fp);
    if (rc == 0 && r.seen != (1u << 6) - 1)
        rc = bad(&r, "expected FORMAT, PROGRAM, CALLS, DROPPED, SHAPES and "
                 "SECONDS in the header, got the end of the file without "
                 "them all");
    else if (rc == 0 && p->shapes != p->nshapes)
        rc = bad(&r, "expected SHAPES = %ld shape lines, got %d", p->shapes,
                 p->nshapes);
    if (rc != 0) {
        mmd_profile_free(p);
        return -1;
    }
    /* The table is sorted already; sorting again costs nothing and keeps
     * "heaviest" true whatever wrote the table. */
    if (p->nshapes > 0)   /* qsort's base must not be NULL, even for 0 */
        qsort(p->shape, (size_t)p->nshapes, sizeof *p->shape, heavier);
    return 0;
}

void mmd_profile_free(struct mmd_profile *p)
{
    free(p->shape);
    memset(p, 0, sizeof *p);
}
