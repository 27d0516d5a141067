/* The params.conf a search writes (common/paramsconf.h): its winner,
 * its side results and blocking, and how they were found. */
#ifndef MMS_PARAMSOUT_H
#define MMS_PARAMSOUT_H

#include <stddef.h>

#include "tune/search.h"

/* Returns 0, or -1 with err. */
int mms_write_params(const struct mms_search *s, const char *output,
                     char *err, size_t errlen);

/* pc written to output (the single search adds its S_ keys to the
 * double's file this way).  Returns 0, or -1 with err: why the file
 * cannot be written, or what the reader would refuse in pc. */
struct mmc_paramsconf;
int mms_params_put(const char *output, const struct mmc_paramsconf *pc,
                   char *err, size_t errlen);

#endif
