/* Size parameters on a driver's command line: --M=VALUE, or -D MS=VALUE
 * with the macro the build knows. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdio.h>
#include <string.h>

#include "common/common.h"
#include "drivergen/rt.h"

/* Sizes are element counts: up to a billion keeps every byte count of a
 * matrix inside a size_t product check of mmd_operands. */
#define MMD_SIZE_MAX 1000000000L

void mmd_set_size(struct mmd_driver *d, int i, const char *text)
{
    char opt[80];

    snprintf(opt, sizeof opt, "--%s", d->size[i].name);
    d->size[i].value = mmc_parse_long(opt, text, 0, MMD_SIZE_MAX);
}

void mmd_define(struct mmd_driver *d, const char *text)
{
    size_t len = strcspn(text, "=");
    char names[256] = "";
    size_t used = 0;

    for (int i = 0; i < d->nsizes; i++) {
        if (strlen(d->size[i].macro) == len && text[len] == '='
            && strncmp(d->size[i].macro, text, len) == 0) {
            mmd_set_size(d, i, text + len + 1);
            return;
        }
        used += snprintf(names + used, used < sizeof names
                         ? sizeof names - used : 0, "%s%s", i ? ", " : "",
                         d->size[i].macro);
    }
    mmc_usage_error("-D%s: expected MACRO=VALUE with a size's macro (%s)",
                    text, d->nsizes ? names : "this driver has none");
}

void mmd_sizes_text(const struct mmd_driver *d, char *buf, size_t len)
{
    size_t used = 0;

    buf[0] = '\0';
    for (int i = 0; i < d->nsizes && used < len; i++)
        used += snprintf(buf + used, len - used, "%s%s=%ld", i ? " " : "",
                         d->size[i].name, d->size[i].value);
}
