/* What the timer's tests know of this machine without asking the timer
 * (a skip is decided by a fact independent of the code under test):
 * the CPU's own cpuid bits, and a sleep that never ends early. */
#ifndef MMT_TESTS_TIMER_MACHINE_H
#define MMT_TESTS_TIMER_MACHINE_H

#include "timer/mmtimer.h"

/* cpuid leaf 1 EDX bit 4: the CPU has a time-stamp counter. */
int tm_cpu_has_tsc(void);
/* cpuid leaf 0x80000001 EDX bit 27: the CPU has rdtscp. */
int tm_cpu_has_rdtscp(void);
/* Without a TSC, print the TAP plan "1..0 # SKIP no TSC (...)" and exit 0,
 * so that a whole program of TSC tests reaches the driver as skipped. */
void tm_skip_all_without_tsc(void);
/* Keep this process on the CPU it runs on, so that readings of a per-core
 * counter are compared on one core.  Returns 0, or -1 (then unpinned). */
int tm_pin_here(void);
/* Sleep s seconds (< 1), resumed after signals: never shorter. */
void tm_nap(double s);
/* Paper 003's "does time grow by the sleep you add?": nap s seconds, up
 * to `tries` times, until clock id measures the nap within [lo, hi]
 * seconds; each try is printed as a TAP comment.  Returns the last
 * measurement (inside the range unless every try fell outside). */
double tm_measure_nap(enum mmtm_clock id, double s, double lo, double hi,
                      int tries);

#endif
