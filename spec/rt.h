/* Internal to libmmspec (spec/rt_*.c): what its parts share. */
#ifndef MMS_RT_H
#define MMS_RT_H

#include <stddef.h>

#include "spec/mmspec.h"

/* --NAME=VALUE for size i; -D MACRO=VALUE for the size of that macro. */
void mms_set_size(struct mms_driver *d, int i, const char *text);
void mms_define(struct mms_driver *d, const char *text);
void mms_usage(const struct mms_driver *d);
/* "M=72 N=72 K=72" */
void mms_sizes_text(const struct mms_driver *d, char *buf, size_t len);
/* One array as the report shows it: "A 72x72 ld 72 double, cold, align
 * 64+0, RANDOM(1)". */
void mms_array_text(const struct mms_driver *d, int i, char *buf,
                    size_t len);
const char *mms_elem_name(enum mms_elem e);

#endif
