/* Small helpers of the driver emitter: C string literals, argument lists
 * broken within 80 columns, the type a value is held in. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdio.h>
#include <string.h>

#include "drivergen/emit.h"

void mmd_cstring(const char *s, char *buf, size_t len)
{
    size_t used = 0;

    for (; *s && used + 3 < len; s++) {
        if (*s == '"' || *s == '\\') {
            buf[used++] = '\\';
            buf[used++] = *s;
        } else if (*s == '\n' || *s == '\t') {
            buf[used++] = '\\';
            buf[used++] = *s == '\n' ? 'n' : 't';
        } else {
            buf[used++] = *s;
        }
    }
    buf[used] = '\0';
}

void mmd_emit_list(struct mmg_emit *e, const char *head,
                   const char *const *items, int n, const char *sep,
                   const char *tail)
{
    char line[1024];
    size_t width = 80 - 4 * (size_t)e->depth, indent = strlen(head);
    size_t used = (size_t)snprintf(line, sizeof line, "%s", head);

    for (int i = 0; i < n; i++) {
        const char *end = i + 1 < n ? sep : tail;
        size_t need = strlen(items[i]) + strlen(end) + (used > indent);
        if (used > indent && used + need >= width) {
            mmg_line(e, "%s", line);
            used = (size_t)snprintf(line, sizeof line, "%*s", (int)indent,
                                    "");
        }
        used += (size_t)snprintf(line + used, sizeof line - used, "%s%s%s",
                                 used > indent ? " " : "", items[i], end);
        if (used >= sizeof line)
            used = sizeof line - 1;
    }
    if (n == 0)
        snprintf(line + used, sizeof line - used, "%s", tail);
    mmg_line(e, "%s", line);
}

void mmd_emit_statement(struct mmg_emit *e, const char *head, char *text)
{
    enum { MAX = 512 };
    const char *words[MAX];
    int n = 0;

    for (char *w = strtok(text, " "); w && n < MAX; w = strtok(NULL, " "))
        words[n++] = w;
    mmd_emit_list(e, head, words, n, "", ";");
}

int mmd_count_items(const struct mmd_spec *s, enum mmd_item_kind kind)
{
    int n = 0;

    for (int i = 0; i < s->nitems; i++)
        n += s->item[i].kind == kind;
    return n;
}

const char *mmd_value_type(const struct mmd_spec *s,
                           const struct mmd_item *it)
{
    if (it->kind == MMD_SIZE)
        return "long";
    if (it->param >= 0)
        return s->routine.param[it->param].type.base;
    return it->cls == MMD_C_FLOAT ? "double" : it->cls == MMD_C_CHAR
           ? "char" : "long";
}
