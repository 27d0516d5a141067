#include "common/kvfile.h"

#include <errno.h>
#include <ini.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* State of one read: inih calls us back per KEY = value line; the reader
 * wrapper counts lines, since the packaged inih gives handlers no line. */
struct kv_read_state {
    FILE *fp;
    const char *path;
    const struct kv_field *fields;
    size_t nfields;
    struct kv_value *values;
    int line;
    int last_had_newline;
    int line_too_long;
    char *err;
    size_t errlen;
    int failed;
};

static int fail(struct kv_read_state *st, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static int fail(struct kv_read_state *st, const char *fmt, ...)
{
    va_list ap;
    int n;

    if (st->failed)
        return 0;
    st->failed = 1;
    n = snprintf(st->err, st->errlen, "%s:%d: ", st->path, st->line);
    if (n < 0 || (size_t)n >= st->errlen)
        return 0;
    va_start(ap, fmt);
    vsnprintf(st->err + n, st->errlen - n, fmt, ap);
    va_end(ap);
    return 0;
}

static char *read_line(char *buf, int size, void *stream)
{
    struct kv_read_state *st = stream;
    size_t len;

    if (!fgets(buf, size, st->fp))
        return NULL;
    st->line++;
    len = strlen(buf);
    st->last_had_newline = len > 0 && buf[len - 1] == '\n';
    if (!st->last_had_newline && !feof(st->fp))
        st->line_too_long = 1;
    /* inih as packaged takes an indented line for the previous key's
     * value continued (then a "duplicate key"): these files have no such
     * values, so indentation is only blanks */
    len = strspn(buf, " \t");
    memmove(buf, buf + len, strlen(buf + len) + 1);
    return buf;
}

int kv_find(const struct kv_field *fields, size_t nfields, const char *key)
{
    for (size_t i = 0; i < nfields; i++)
        if (strcmp(fields[i].key, key) == 0)
            return (int)i;
    return -1;
}

/* Copy value without a trailing "# comment" and surrounding blanks. */
static void strip_comment(const char *value, char *out, size_t outlen)
{
    const char *hash = strchr(value, '#');
    size_t len = hash ? (size_t)(hash - value) : strlen(value);

    while (len > 0 && (value[len - 1] == ' ' || value[len - 1] == '\t'))
        len--;
    if (len >= outlen)
        len = outlen - 1;
    memcpy(out, value, len);
    out[len] = '\0';
}

static int parse_value(struct kv_read_state *st, const struct kv_field *f,
                       const char *text, struct kv_value *v)
{
    char *end;

    if (*text == '\0')
        return fail(st, "%s has no value", f->key);
    switch (f->type) {
    case KV_WORD:
        if (strlen(text) >= sizeof v->word)
            return fail(st, "%s: value longer than %zu characters", f->key,
                        sizeof v->word - 1);
        strcpy(v->word, text);
        return 1;
    case KV_BOOL:
        if (strcmp(text, "0") && strcmp(text, "1"))
            return fail(st, "%s: '%s' is not 0 or 1", f->key, text);
        v->i = text[0] - '0';
        v->r = (double)v->i;
        return 1;
    case KV_INT:
        errno = 0;
        v->i = strtol(text, &end, 10);
        if (errno || *end != '\0')
            return fail(st, "%s: '%s' is not an integer", f->key, text);
        v->r = (double)v->i;
        break;
    case KV_REAL:
        errno = 0;
        v->r = strtod(text, &end);
        if (errno || *end != '\0' || !isfinite(v->r))
            return fail(st, "%s: '%s' is not a number", f->key, text);
        break;
    }
    if (v->r < f->min || v->r > f->max)
        return fail(st, "%s: %s is out of range (allowed %g..%g)", f->key,
                    text, f->min, f->max);
    return 1;
}

static int on_pair(void *user, const char *section, const char *name,
                   const char *value)
{
    struct kv_read_state *st = user;
    char text[KV_WORD_MAX + 1];
    int idx;

    if (st->failed)
        return 0;
    if (st->line_too_long)
        return fail(st, "line too long");
    if (section[0] != '\0')
        return fail(st, "sections ([%s]) are not allowed", section);
    idx = kv_find(st->fields, st->nfields, name);
    if (idx < 0)
        return fail(st, "unknown key '%s'", name);
    if (st->values[idx].set)
        return fail(st, "duplicate key '%s' (first set on line %d)", name,
                    st->values[idx].line);
    st->values[idx].set = 1;
    st->values[idx].line = st->line;
    strip_comment(value, text, sizeof text);
    return parse_value(st, &st->fields[idx], text, &st->values[idx]);
}

static int check_complete(struct kv_read_state *st)
{
    if (st->line > 0 && !st->last_had_newline)
        return fail(st, "truncated file (last line has no newline)");
    for (size_t i = 0; i < st->nfields; i++)
        if (st->fields[i].required && !st->values[i].set)
            return fail(st, "truncated file: required key '%s' is missing",
                        st->fields[i].key);
    return 1;
}

int kv_read(const char *path, const struct kv_field *fields, size_t nfields,
            struct kv_value *values, char *err, size_t errlen)
{
    struct kv_read_state st = {
        .path = path, .fields = fields, .nfields = nfields,
        .values = values, .err = err, .errlen = errlen,
        .last_had_newline = 1,
    };
    int rc;

    memset(values, 0, nfields * sizeof *values);
    st.fp = fopen(path, "r");
    if (!st.fp) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    rc = ini_parse_stream(read_line, &st, on_pair, &st);
    if (rc > 0 && !st.failed) {
        st.line = rc;
        fail(&st, st.line_too_long ? "line too long"
                                   : "expected 'KEY = value'");
    }
    if (rc < 0 && !st.failed)
        snprintf(err, errlen, "%s: cannot read", path), st.failed = 1;
    if (!st.failed)
        check_complete(&st);
    fclose(st.fp);
    return st.failed ? -1 : 0;
}

int kv_begin(struct kv_writer *w, const char *path)
{
    return mmc_atomic_open(&w->file, path) ? 0 : -1;
}

void kv_comment(struct kv_writer *w, const char *fmt, ...)
{
    va_list ap;

    fputs("# ", w->file.fp);
    va_start(ap, fmt);
    vfprintf(w->file.fp, fmt, ap);
    va_end(ap);
    fputc('\n', w->file.fp);
}

void kv_put(struct kv_writer *w, const char *key, const char *note,
            const char *fmt, ...)
{
    va_list ap;

    fprintf(w->file.fp, "%s = ", key);
    va_start(ap, fmt);
    vfprintf(w->file.fp, fmt, ap);
    va_end(ap);
    if (note && *note)
        fprintf(w->file.fp, "  # %s", note);
    fputc('\n', w->file.fp);
}

int kv_commit(struct kv_writer *w)
{
    return mmc_atomic_commit(&w->file);
}

void kv_discard(struct kv_writer *w)
{
    mmc_atomic_discard(&w->file);
}
