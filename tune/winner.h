/* The winner at the end of a search: built with every beta variant and
 * verified, and timed when no step timed it. */
#ifndef MMS_WINNER_H
#define MMS_WINNER_H

#include <stddef.h>

#include "tune/search.h"

/* Returns 0, or -1 with err. */
int mms_verify_winner(struct mms_search *s, char *err, size_t errlen);

/* Between the blocks steps: when no step timed the winner (s->ref), one
 * more of the timings the end would take (all but the last), so that
 * the steps' work spreads them over the host's phases rather than the
 * end's waits.  Returns 0, or -1 when the log cannot be written. */
int mms_winner_between(struct mms_search *s);

/* Drop the winner's build kept from an earlier search of this process
 * (mms_search_init: a new search starts without one). */
void mms_winner_forget(void);

#endif
