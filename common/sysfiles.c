/* One-line sysfs files and /proc/cpuinfo fields (common/sysfiles.h). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "common/sysfiles.h"

#include <stdio.h>
#include <string.h>

int mmc_sysfs_read(const char *dir, const char *file, char *buf, size_t n)
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

void mmc_sysfs_cache_dir(char *buf, size_t n, int index)
{
    snprintf(buf, n, MMC_SYSFS_CPU "/cpu0/cache/index%d", index);
}

void mmc_sysfs_cpufreq_dir(char *buf, size_t n, int cpu)
{
    snprintf(buf, n, MMC_SYSFS_CPU "/cpu%d/cpufreq", cpu);
}

int mmc_cpuinfo_in(const char *path, const char *key, char *value,
                   size_t n)
{
    FILE *fp = fopen(path, "r");
    char line[256];
    int rc = -1;

    if (!fp)
        return -1;
    while (rc < 0 && fgets(line, sizeof line, fp)) {
        const char *colon = strchr(line, ':');

        if (colon && strncmp(line, key, strlen(key)) == 0) {
            snprintf(value, n, "%s", colon + 1 + (colon[1] == ' '));
            value[strcspn(value, "\n")] = '\0';
            rc = 0;
        }
    }
    fclose(fp);
    return rc;
}

int mmc_cpuinfo(const char *key, char *value, size_t n)
{
    return mmc_cpuinfo_in(MMC_PROC_CPUINFO, key, value, n);
}
