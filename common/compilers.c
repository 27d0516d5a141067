/* Kernel compilers by family (compilers.h). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "common/compilers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef MMT_KERNEL_CC
#define MMT_KERNEL_CC "cc"
#endif
#ifndef MMT_KERNEL_CC_FAMILY
#define MMT_KERNEL_CC_FAMILY "cc"
#endif

const char *const mmc_cc_families[] = { "gcc", "clang" };
const int mmc_cc_nfamilies = sizeof mmc_cc_families
                             / sizeof mmc_cc_families[0];

const char *mmc_cc_family(const char *cmd)
{
    const char *base = strrchr(cmd, '/');

    if (strcmp(cmd, MMT_KERNEL_CC) == 0)
        return MMT_KERNEL_CC_FAMILY;
    base = base ? base + 1 : cmd;
    if (strstr(base, "clang"))
        return "clang";
    if (strstr(base, "gcc"))
        return "gcc";
    return "cc";
}

int mmc_cc_installed(const char *cmd)
{
    const char *path = getenv("PATH");
    char dir[4096];

    if (!cmd[0])
        return 0;
    if (strchr(cmd, '/'))
        return access(cmd, X_OK) == 0;
    for (const char *p = path ? path : ""; *p; ) {
        size_t n = strcspn(p, ":");
        /* an empty PATH entry is the current directory */
        if (snprintf(dir, sizeof dir, "%.*s/%s", (int)n, n ? p : ".",
                     cmd) < (int)sizeof dir
            && access(dir, X_OK) == 0)
            return 1;
        p += n + (p[n] == ':');
    }
    return 0;
}

int mmc_cc_flags_for(const char *family, const char *cflags, char *buf,
                     size_t len)
{
    const char *contract = !strcmp(family, "clang") ? "-ffp-contract=on"
                         : !strcmp(family, "gcc") ? "-ffp-contract=fast"
                         : NULL;
    size_t used = 0;

    buf[0] = '\0';
    for (const char *p = cflags; *p; ) {
        size_t n = strcspn(p, " \t");
        if (n) {
            int mine = contract && !strncmp(p, "-ffp-contract=", 14);
            int w = snprintf(buf + used, len - used, "%s%.*s",
                             used ? " " : "", mine ? (int)strlen(contract)
                             : (int)n, mine ? contract : p);
            if (w < 0 || (size_t)w >= len - used)
                return -1;
            used += (size_t)w;
        }
        p += n;
        p += strspn(p, " \t");
    }
    return 0;
}
