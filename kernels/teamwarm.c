/* Whether a call finds its team awake, so that a team pays from smaller
 * calls (make tune's THREAD_N_HOT) than where it must be woken
 * (THREAD_N).
 *
 * An OpenMP runtime keeps the threads of a finished region spinning for
 * a while, then puts them to sleep; waking them costs more than a small
 * call.  Zen 5 guest, 2 vCPUs, gcc 12's libgomp, N = 128: the team ran a
 * call in 22 us against 36 us alone within 1 ms of its last region, in
 * 55 us after 3 ms of the caller's work and 141 us after 10 ms; when the
 * whole guest had slept 30 ms, 7.8 ms.  So a call counts on the team
 * only within the window make tune timed (THREAD_HOT_US) after the
 * calling thread's last call from the smaller crossover on -- one that
 * ran on the team, or one that ran alone: the second of a run of such
 * calls wakes the team, and the rest find it awake.
 *
 * The clock is read only by calls past the smaller crossover (a few us
 * of work at least), once by a call that stays alone, and the note is
 * kept per thread: the runtime keeps a team per thread that opens
 * regions. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "kernels/driver.h"

/* initial-exec: read at a fixed offset from the thread pointer, not
 * through __tls_get_addr (a flushed call pays a miss for each table on
 * the way).  Seconds since the library loaded; long before, none. */
static __thread double last_note
    __attribute__((tls_model("initial-exec"))) = -1e300;

/* The clock: seconds since the library loaded.  On x86 the time-stamp
 * counter, once its rate is known, as clock_gettime costs a flushed call
 * the vDSO's code and data pages (2t against 1t at 48^3 flushed: 0.95
 * with it).  Its rate: the ticks against clock_gettime from the load to
 * the first reading 50 ms or more later.  A counter whose rate moved
 * (no invariant TSC: CPUs before 2008) misjudges only the team's
 * warmth, never a result: every count computes the same bits. */
static double load_s;
#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
static unsigned long long load_ticks;
static double tick_s;            /* seconds a tick; 0: not yet known */

static double ticks(void)
{
    return (double)(__rdtsc() - load_ticks);
}
#endif

static double clock_s(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

__attribute__((constructor)) static void clock_at_load(void)
{
    load_s = clock_s();
#if defined(__x86_64__) || defined(__i386__)
    load_ticks = __rdtsc();
#endif
}

double mml_team_now(void)
{
#if defined(__x86_64__) || defined(__i386__)
    double per, t, k;

    __atomic_load(&tick_s, &per, __ATOMIC_RELAXED);
    if (per > 0.0)
        return ticks() * per;
    t = clock_s() - load_s;
    k = ticks();
    /* a rate from 10 MHz to 100 GHz, or the clock stays gettime's */
    if (t >= 0.05 && k > 0.0 && (per = t / k) > 1e-11 && per < 1e-7)
        __atomic_store(&tick_s, &per, __ATOMIC_RELAXED);
    return t;
#else
    return clock_s() - load_s;
#endif
}

double mml_team_last(void)
{
    return last_note;
}

void mml_team_note(double t)
{
    last_note = t;
}

/* How the runtime's threads wait, as the environment set it when the
 * program started: "passive", "active", or NULL (the runtime's default,
 * which make tune timed). */
static const char *wait_policy;

const char *mml_team_policy(const char *omp_wait_policy,
                            const char *gomp_spincount,
                            const char *kmp_blocktime)
{
    const char *v = omp_wait_policy;

    /* libgomp's spins and libomp's milliseconds: 0 sleeps at once, and
     * "infinite" never sleeps; another count is a window make tune did
     * not time, and the default's stands */
    if ((gomp_spincount && !strcmp(gomp_spincount, "0"))
        || (kmp_blocktime && !strcmp(kmp_blocktime, "0")))
        return "passive";
    if ((gomp_spincount && (!strcasecmp(gomp_spincount, "infinite")
                            || !strcasecmp(gomp_spincount, "infinity")))
        || (kmp_blocktime && (!strcasecmp(kmp_blocktime, "infinite")
                              || !strcasecmp(kmp_blocktime, "infinity"))))
        return "active";
    if (v && !strcasecmp(v, "passive"))
        return "passive";
    if (v && !strcasecmp(v, "active"))
        return "active";
    return NULL;
}

__attribute__((constructor)) static void policy_at_load(void)
{
    wait_policy = mml_team_policy(getenv("OMP_WAIT_POLICY"),
                                  getenv("GOMP_SPINCOUNT"),
                                  getenv("KMP_BLOCKTIME"));
}

double mml_team_window_under(double hot_s, const char *policy)
{
    if (hot_s <= 0.0)
        return 0.0;
    if (policy && !strcasecmp(policy, "passive"))
        return 0.0;
    if (policy && !strcasecmp(policy, "active"))
        return HUGE_VAL;
    return hot_s;
}

double mml_team_window(double hot_s)
{
    return mml_team_window_under(hot_s, wait_policy);
}
