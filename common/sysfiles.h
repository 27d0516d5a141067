/* What Linux's own files say about the CPU: one-line files under sysfs
 * (cache sizes, cpufreq) and the fields of /proc/cpuinfo.  The one reader
 * of both, for the timer, the probe and the files' head (origin.c): each
 * caller decides what a value means and what to do without it. */
#ifndef MMC_SYSFILES_H
#define MMC_SYSFILES_H

#include <stddef.h>

#define MMC_SYSFS_CPU "/sys/devices/system/cpu"
#define MMC_PROC_CPUINFO "/proc/cpuinfo"

/* First line of dir/file, newline stripped, in buf.  0, or -1 if the file
 * cannot be read (absent on this kernel, VM or architecture). */
int mmc_sysfs_read(const char *dir, const char *file, char *buf, size_t n);

/* The sysfs directory of cpu0's cache number index (index0, index1, ...)
 * and of cpu's cpufreq, into buf. */
void mmc_sysfs_cache_dir(char *buf, size_t n, int index);
void mmc_sysfs_cpufreq_dir(char *buf, size_t n, int cpu);

/* The value of a /proc/cpuinfo key of the first CPU ("model name"): the
 * first line that starts with key, after its colon and one space.
 * Returns 0, or -1 when there is none.  mmc_cpuinfo_in: the same from the
 * file at path (the tests' own). */
int mmc_cpuinfo(const char *key, char *value, size_t n);
int mmc_cpuinfo_in(const char *path, const char *key, char *value,
                   size_t n);

#endif
