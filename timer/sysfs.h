/* Internal to timer/: reading one-line files under /sys. */
#ifndef MMT_TIMER_SYSFS_H
#define MMT_TIMER_SYSFS_H

#include <stddef.h>

/* First line of dir/file, newline stripped, in buf.  0, or -1 if the file
 * cannot be read (absent on this kernel, VM or architecture). */
int mmt_sysfs_read(const char *dir, const char *file, char *buf, size_t n);

#endif
