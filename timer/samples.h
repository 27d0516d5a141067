/* Internal to timer/: sample statistics. */
#ifndef MMT_TIMER_SAMPLES_H
#define MMT_TIMER_SAMPLES_H

#include "timer/mmtimer.h"

/* Sort the n per-call times t[] and fill t_min, t_median, t_max, t_mean,
 * seconds (min for wall/cycles, median for cpu), spread and samples of r. */
void mmt_sample_stats(double *t, int n, enum mmt_clock clock,
                      struct mmt_timing *r);

#endif
