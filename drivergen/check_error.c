/* The checks' error message, below every check of drivergen/check*.c: each
 * reports through it, and check.c, which runs the others, calls them. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdarg.h>
#include <stdio.h>

#include "drivergen/check.h"

int mmd_check_error(struct mmd_check *c, struct mmd_loc at, const char *fmt,
                    ...)
{
    va_list ap;
    int n = snprintf(c->err, c->len, "%s:%d:%d: ", c->s->file, at.line,
                     at.col);

    if (n >= 0 && (size_t)n < c->len) {
        va_start(ap, fmt);
        vsnprintf(c->err + n, c->len - (size_t)n, fmt, ap);
        va_end(ap);
    }
    return -1;
}
