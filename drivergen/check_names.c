/* Names in a spec: each defined once, none the driver needs for itself,
 * and macros apart from every other name (a macro is #defined in the
 * driver, where it would replace a variable of the same name). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include "drivergen/check.h"
#include "drivergen/options.h"

/* C keywords the scanner reads as names, and the driver's own names. */
static const char *const reserved[] = {
    "auto", "break", "case", "continue", "default", "do", "else", "extern",
    "for", "goto", "if", "inline", "register", "return", "sizeof", "static",
    "switch", "typedef", "union", "while", "_Bool", "_Complex", "bool",
    "main", "NULL", "size_t", "ptrdiff_t", "int32_t", "int64_t",
    "uint32_t", "uint64_t", NULL
};

/* The prefixes of the driver's names: its own and libmmspec's (mmd_), the
 * timer's it includes (mmtm_), libmmtune's (mmt_). */
static const char *const reserved_prefix[] = {
    "mmd_", "mmtm_", "mmt_", "MMD_", "MMTM_", "MMT_", NULL
};

static int is_reserved(const char *name)
{
    for (int i = 0; reserved[i]; i++)
        if (strcmp(name, reserved[i]) == 0)
            return 1;
    for (int i = 0; reserved_prefix[i]; i++)
        if (strncmp(name, reserved_prefix[i],
                    strlen(reserved_prefix[i])) == 0)
            return 1;
    return 0;
}

static int reserved_error(struct mmd_check *c, const char *name,
                          struct mmd_loc at)
{
    return mmd_check_error(c, at, "expected a name of the spec's own, got "
                           "'%s' (C keywords, main, NULL, the integer "
                           "typedefs and names starting mmd_, mmtm_, mmt_, "
                           "MMD_, MMTM_ or MMT_ belong to the driver)",
                           name);
}

int mmd_check_name(struct mmd_check *c, const char *name, struct mmd_loc at,
                   int upto)
{
    const struct mmd_spec *s = c->s;

    if (is_reserved(name))
        return reserved_error(c, name, at);
    for (int j = 0; j < upto; j++)
        if (strcmp(s->item[j].name, name) == 0)
            return mmd_check_error(c, at, "expected each name once, got "
                                   "'%s' again (first at line %d)", name,
                                   s->item[j].loc.line);
    if (upto >= 0 && strcmp(name, s->routine.name) == 0)
        return mmd_check_error(c, at, "expected a name other than the "
                               "routine's, got '%s'", name);
    return 0;
}

/* What else is called m, or NULL. */
static const char *other_use(const struct mmd_spec *s, int i, const char *m,
                             int *line)
{
    for (int j = 0; j < s->nitems; j++) {
        *line = s->item[j].loc.line;
        if (strcmp(s->item[j].name, m) == 0)
            return "an item";
        if (j < i && s->item[j].macro && strcmp(s->item[j].macro, m) == 0)
            return "the macro of another size";
    }
    for (int j = 0; j < s->routine.nparams; j++) {
        *line = s->routine.param[j].loc.line;
        if (strcmp(s->routine.param[j].name, m) == 0)
            return "a parameter";
    }
    *line = s->routine.loc.line;
    return strcmp(s->routine.name, m) == 0 ? "the routine" : NULL;
}

int mmd_check_macro(struct mmd_check *c, int i)
{
    const struct mmd_item *it = &c->s->item[i];
    const char *what;
    int line;

    if (is_reserved(it->macro))
        return reserved_error(c, it->macro, it->macro_loc);
    what = other_use(c->s, i, it->macro, &line);
    if (what)
        return mmd_check_error(c, it->macro_loc, "expected a macro name of "
                               "its own (MS for M), got '%s', already %s "
                               "(line %d)", it->macro, what, line);
    return 0;
}

int mmd_check_option_clash(struct mmd_check *c, const struct mmd_item *it)
{
#define NAME(name, has_arg, val) name,
    static const char *const options[] = { MMD_DRIVER_OPTIONS(NAME) NULL };
#undef NAME

    for (int i = 0; options[i]; i++)
        if (strcmp(options[i], it->name) == 0)
            return mmd_check_error(c, it->loc, "expected a size name other "
                                   "than the driver's own options, got '%s' "
                                   "(--%s)", it->name, it->name);
    return 0;
}
