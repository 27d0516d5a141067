/* What the user sees while a search runs: plain lines on s->out, and on
 * a terminal (s->progress) one display line on stderr, rewritten, that
 * each plain line replaces. */
#ifndef MMS_PROGRESS_H
#define MMS_PROGRESS_H

#include "tune/search.h"

/* A plain line (or several) on s->out. */
void mms_say(const struct mms_search *s, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* The display line: step, what it does (candidate k of n), the best
 * MFLOPS so far, and what is left of the step at the pace since t0. */
void mms_show_progress(const struct mms_search *s, const char *step,
                       const char *what, int k, int n, double best,
                       double t0);

#endif
