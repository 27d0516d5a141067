/* A step's screen: every candidate timed once (what the log holds
 * reused), and ranked. */
#ifndef MMS_SCREEN_H
#define MMS_SCREEN_H

#include "tune/how.h"
#include "tune/search.h"

/* Screen the n candidates cand (built and timed as how says): o[i] gets
 * each one's verdict, MFLOPS and rank.  Returns 0, or -1 when the log
 * cannot be written. */
int mms_screen(struct mms_search *s, const struct mms_step *st,
               const struct mmg_params *cand, const struct mms_how *how,
               int n, struct mms_outcome *o);

#endif
