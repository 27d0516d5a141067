#include "common/results.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

static void host_name(char *host, size_t len)
{
    if (gethostname(host, len) != 0 || host[0] == '\0')
        snprintf(host, len, "localhost");
    host[len - 1] = '\0';
    /* A name is one path component, whatever the system calls itself. */
    for (char *p = host; *p; p++)
        if (*p == '/')
            *p = '_';
}

int mmc_results_dir(char *buf, size_t len)
{
    char host[256];
    int n;

    host_name(host, sizeof host);
    n = snprintf(buf, len, "results/%s", host);
    return n < 0 || (size_t)n >= len ? -1 : 0;
}

int mmc_results_file(char *buf, size_t len, const char *name)
{
    char dir[300];
    int n;

    if (mmc_results_dir(dir, sizeof dir) < 0)
        return -1;
    n = snprintf(buf, len, "%s/%s", dir, name);
    return n < 0 || (size_t)n >= len ? -1 : 0;
}
