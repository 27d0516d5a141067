/* Internal to libmmspec (drivergen/rt_*.c): what its parts share. */
#ifndef MMD_RT_H
#define MMD_RT_H

#include <stddef.h>

#include "drivergen/mmspec.h"

/* --NAME=VALUE for size i; -D MACRO=VALUE for the size of that macro. */
void mmd_set_size(struct mmd_driver *d, int i, const char *text);
void mmd_define(struct mmd_driver *d, const char *text);
void mmd_usage(const struct mmd_driver *d);
/* "M=72 N=72 K=72" */
void mmd_sizes_text(const struct mmd_driver *d, char *buf, size_t len);
/* One array as the report shows it: "A 72x72 ld 72 double, cold, align
 * 64+0, RANDOM(1)". */
void mmd_array_text(const struct mmd_driver *d, int i, char *buf,
                    size_t len);
const char *mmd_elem_name(enum mmd_elem e);

#endif
