/* Internal to timer/: sample statistics. */
#ifndef MMTM_TIMER_SAMPLES_H
#define MMTM_TIMER_SAMPLES_H

#include "timer/mmtimer.h"

/* Sort the n per-call times t[] and fill t_min, t_median, t_max, t_mean,
 * seconds (min for wall/cycles, median for cpu), spread and samples of r. */
void mmtm_sample_stats(double *t, int n, enum mmtm_clock clock,
                      struct mmtm_timing *r);

#endif
