/* The winner at the end of a search: built with every beta variant and
 * verified, and timed when no step timed it. */
#ifndef MMS_WINNER_H
#define MMS_WINNER_H

#include <stddef.h>

#include "tune/search.h"

/* Returns 0, or -1 with err. */
int mms_verify_winner(struct mms_search *s, char *err, size_t errlen);

#endif
