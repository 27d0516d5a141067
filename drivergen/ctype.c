/* C types of the routine's prototype: the specifier keywords (in any
 * order, as C allows) or one known typedef name, resolved to one spelling
 * and a class (character, integer, floating) the driver needs. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdio.h>
#include <string.h>

#include "drivergen/parse.h"

/* Typedef names a driver can declare through <stddef.h> and <stdint.h>. */
static const char *const typedef_names[] = {
    "size_t", "ptrdiff_t", "int32_t", "int64_t", "uint32_t", "uint64_t",
    NULL
};

static const char *const kw_names[MMD_NKW] = {
    "void", "char", "short", "int", "long", "float", "double", "signed",
    "unsigned"
};

/* The keywords as written, for a message. */
static void kw_text(const int *kw, char *buf, size_t len)
{
    size_t used = 0;

    buf[0] = '\0';
    for (int i = 0; i < MMD_NKW; i++)
        for (int n = 0; n < kw[i] && used < len; n++)
            used += snprintf(buf + used, len - used, "%s%s",
                             used ? " " : "", kw_names[i]);
}

static int only(const int *kw, int a, int b, int c)
{
    for (int i = 0; i < MMD_NKW; i++)
        if (kw[i] && i != a && i != b && i != c)
            return 0;
    return 1;
}

/* Integer keywords: [signed|unsigned] [short|long|long long] [int]. */
static int integer(const int *kw, struct mmd_ctype *t)
{
    int sign = kw[MMD_KW_SIGNED] + kw[MMD_KW_UNSIGNED];

    if (kw[MMD_KW_VOID] || kw[MMD_KW_FLOAT] || kw[MMD_KW_DOUBLE] || sign > 1
        || kw[MMD_KW_INT] > 1 || kw[MMD_KW_SHORT] > 1 || kw[MMD_KW_LONG] > 2
        || (kw[MMD_KW_SHORT] && kw[MMD_KW_LONG]))
        return -1;
    snprintf(t->base, sizeof t->base, "%s%s",
             kw[MMD_KW_UNSIGNED] ? "unsigned " : "",
             kw[MMD_KW_SHORT] ? "short" : kw[MMD_KW_LONG] == 2 ? "long long"
             : kw[MMD_KW_LONG] ? "long" : "int");
    t->cls = MMD_C_INT;
    return 0;
}

static int keywords(const int *kw, struct mmd_ctype *t)
{
    int sign = kw[MMD_KW_SIGNED] + kw[MMD_KW_UNSIGNED];

    if (kw[MMD_KW_CHAR]) {
        if (kw[MMD_KW_CHAR] > 1 || sign > 1
            || !only(kw, MMD_KW_CHAR, MMD_KW_SIGNED, MMD_KW_UNSIGNED))
            return -1;
        snprintf(t->base, sizeof t->base, "%schar", kw[MMD_KW_SIGNED]
                 ? "signed " : kw[MMD_KW_UNSIGNED] ? "unsigned " : "");
        t->cls = MMD_C_CHAR;
        return 0;
    }
    if (kw[MMD_KW_VOID] || kw[MMD_KW_FLOAT] || kw[MMD_KW_DOUBLE]) {
        int which = kw[MMD_KW_VOID] ? MMD_KW_VOID : kw[MMD_KW_FLOAT]
                    ? MMD_KW_FLOAT : MMD_KW_DOUBLE;
        if (kw[which] > 1 || !only(kw, which, which, which))
            return -1;
        snprintf(t->base, sizeof t->base, "%s", kw_names[which]);
        t->cls = which == MMD_KW_VOID ? MMD_C_VOID : MMD_C_FLOAT;
        return 0;
    }
    return integer(kw, t);
}

static int named(struct mmd_pstate *p, const struct mmd_tspec *s,
                 struct mmd_ctype *t)
{
    for (int i = 0; typedef_names[i]; i++)
        if (strcmp(s->tname, typedef_names[i]) == 0) {
            snprintf(t->base, sizeof t->base, "%s", s->tname);
            t->cls = MMD_C_INT;
            return 0;
        }
    mmd_perror(p, s->loc, "expected a C type (the number, character and "
               "pointer types, size_t, ptrdiff_t, [u]int32_t, [u]int64_t, "
               "enum TAG), got name '%s'", s->tname);
    return -1;
}

int mmd_ctype_resolve(struct mmd_pstate *p, const struct mmd_tspec *s,
                      struct mmd_ctype *t)
{
    char text[96];

    memset(t, 0, sizeof *t);
    t->is_const = s->is_const;
    t->ptr = s->ptr;
    t->ptr_const = s->ptr_const;
    if (s->ptr > 1) {
        mmd_perror(p, s->loc, "expected a pointer to a number or character, "
                   "got a pointer to a pointer");
        return -1;
    }
    if (s->enum_tag) {
        /* An enum is passed as an int (C11 6.7.2.2); the driver cannot
         * name the enum without the routine's header. */
        snprintf(t->base, sizeof t->base, "int");
        t->cls = MMD_C_INT;
        return 0;
    }
    if (s->tname)
        return named(p, s, t);
    if (keywords(s->kw, t) == 0)
        return 0;
    kw_text(s->kw, text, sizeof text);
    mmd_perror(p, s->loc, "expected a C type, got '%s'", text);
    return -1;
}

void mmd_ctype_text(const struct mmd_ctype *t, const char *name, char *buf,
                    size_t len)
{
    snprintf(buf, len, "%s%s%s%s%s%s", t->is_const ? "const " : "",
             t->base, t->ptr ? " *" : "", t->ptr_const ? "const" : "",
             name && (!t->ptr || t->ptr_const) ? " " : "",
             name ? name : "");
}
