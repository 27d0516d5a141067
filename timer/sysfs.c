/* One-line sysfs files: cache sizes (flush.c), cpufreq (guards.c). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdio.h>
#include <string.h>

#include "timer/sysfs.h"

int mmt_sysfs_read(const char *dir, const char *file, char *buf, size_t n)
{
    char path[256];
    FILE *fp;
    int ok;

    snprintf(path, sizeof path, "%s/%s", dir, file);
    fp = fopen(path, "r");
    if (fp == NULL)
        return -1;
    ok = fgets(buf, (int)n, fp) != NULL;
    fclose(fp);
    if (!ok)
        return -1;
    buf[strcspn(buf, "\n")] = '\0';
    return 0;
}
