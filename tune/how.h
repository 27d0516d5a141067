/* What the search's files pass each other: how a candidate is built and
 * timed, what one timing gave, and the wall clock a search is measured
 * by. */
#ifndef MMS_HOW_H
#define MMS_HOW_H

#include "timer/mmtimer.h"
#include "tune/candidate.h"

/* One timing as a decision needs it (log records may move in memory). */
struct mms_outcome {
    enum mms_verdict verdict;
    double mflops;
    double score;        /* a screen's rank figure (screen.c: scores) */
};

/* How a candidate is built and timed besides its kernel parameters: the
 * compiler (an index into pl.cc; the cc step tries several) and, in the
 * blocks steps, the NC of the whole DGEMM it is timed as (0: the kernel
 * alone).  Arrays of these go beside the candidates; NULL: all {0, 0}. */
struct mms_how {
    int cc, nc;
};

static inline double mms_now(void)
{
    return mmtm_clock_seconds(MMTM_CLOCK_WALL);
}

#endif
