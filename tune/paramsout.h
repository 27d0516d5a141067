/* The params.conf a search writes (common/paramsconf.h): its winner,
 * its side results and blocking, and how they were found. */
#ifndef MMS_PARAMSOUT_H
#define MMS_PARAMSOUT_H

#include <stddef.h>

#include "tune/search.h"

/* Returns 0, or -1 with err. */
int mms_write_params(const struct mms_search *s, const char *output,
                     char *err, size_t errlen);

#endif
