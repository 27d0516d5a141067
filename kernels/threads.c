/* How many threads a DGEMM call may use: the setting (mmt_set_num_threads,
 * else MMTUNE_NUM_THREADS, else OMP_NUM_THREADS, else the CPUs of the
 * process's affinity mask), and whether a team may be started from here.
 *
 * Nothing here starts a thread: the OpenMP runtime starts its team at the
 * first parallel region, which only a call that splits its work opens
 * (parallel.c).  Built without OpenMP (configure --disable-openmp) every
 * call runs on the calling thread, and the setting reads 1.
 *
 * fork(): gcc's libgomp does not survive it.  A child of a process that
 * had opened a parallel region waits forever in the next one for the
 * parent's workers, which the child does not have (measured with gcc 12,
 * Debian 12; clang's libomp re-creates its pool).  So a child forked
 * after a team ran runs every call on its one thread; it computes the
 * same bits (no split along K: parallel.c).  A child forked before any
 * team (a server forking its workers at start) keeps its threads. */
#define _GNU_SOURCE
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "kernels/driver.h"
/* mmsearch compiles this file with the source tree on its path, not
 * include/ (tune/blocks.c) */
#include "include/mmtune.h"

static int setting;              /* >= 1 once made */
static const char *setting_from;
static pthread_once_t setting_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t setting_lock = PTHREAD_MUTEX_INITIALIZER;
#ifdef _OPENMP
static int in_forked_child;
static long team_ran;            /* teams started */
#endif

#ifdef _OPENMP
/* The CPUs this process may run on (1 when it cannot be read). */
static int affinity_cpus(void)
{
    cpu_set_t set;
    int n;

    if (sched_getaffinity(0, sizeof set, &set) != 0)
        return 1;
    n = CPU_COUNT(&set);
    return n < 1 ? 1 : n > MML_THREADS_MAX ? MML_THREADS_MAX : n;
}

#endif

int mml_threads_parse(const char *text, int *count)
{
    char *end;
    long v;

    if (!text)
        return -1;
    errno = 0;
    v = strtol(text, &end, 10);
    /* OMP_NUM_THREADS may list a count per nesting level: the first is
     * the outermost, the one a call's team would have */
    if (end == text || errno || (*end && *end != ','
                                 && strspn(end, " \t") != strlen(end)))
        return -1;
    if (v < 1 || v > MML_THREADS_MAX)
        return -1;
    *count = (int)v;
    return 0;
}

#ifdef _OPENMP
/* The count a variable gives, or 0 when it is unset; a value that is not
 * a count from 1 to MML_THREADS_MAX is reported on stderr, one line, and
 * passed over (this runs once a process). */
static int from_env(const char *name)
{
    const char *text = getenv(name);
    int n;

    if (!text || !text[0])
        return 0;
    if (mml_threads_parse(text, &n) == 0)
        return n;
    fprintf(stderr, "libmmtune: ignoring %s='%s': not a thread count from "
            "1 to %d\n", name, text, MML_THREADS_MAX);
    return 0;
}

/* A child of a process whose team never ran may start its own. */
static void forked(void)
{
    in_forked_child = __atomic_load_n(&team_ran, __ATOMIC_RELAXED) > 0;
}

void mml_threads_team_starts(void)
{
    __atomic_fetch_add(&team_ran, 1, __ATOMIC_RELAXED);
}

#endif

long mml_threads_teams(void)
{
#ifdef _OPENMP
    return __atomic_load_n(&team_ran, __ATOMIC_RELAXED);
#else
    return 0;
#endif
}

static void setting_init(void)
{
    int n;

#ifdef _OPENMP
    pthread_atfork(NULL, NULL, forked);
    if ((n = from_env("MMTUNE_NUM_THREADS")) > 0)
        setting_from = "MMTUNE_NUM_THREADS";
    else if ((n = from_env("OMP_NUM_THREADS")) > 0)
        setting_from = "OMP_NUM_THREADS";
    else
        n = affinity_cpus(),
        setting_from = "the CPUs of the process's affinity mask";
#else
    n = 1, setting_from = "a serial build (--disable-openmp)";
#endif
    /* last: mml_threads_setting reads it without the once */
    __atomic_store_n(&setting, n, __ATOMIC_RELEASE);
}

/* Read when the library loads, as OpenBLAS reads its variables: a
 * program that sets one just before loading the library (dlopen) and
 * restores it after is heard, and a bad value is reported before any
 * call (it starts no thread). */
__attribute__((constructor)) static void setting_at_load(void)
{
    pthread_once(&setting_once, setting_init);
}

/* A load, no lock: read by every call past the smaller crossover, which
 * may find this line, libc's and the runtime's all out of cache (a
 * flushed call of 64^3 lost 6% to such reads). */
int mml_threads_setting(void)
{
    int n = __atomic_load_n(&setting, __ATOMIC_ACQUIRE);

    if (n < 1) {
        pthread_once(&setting_once, setting_init);
        n = __atomic_load_n(&setting, __ATOMIC_ACQUIRE);
    }
    return n;
}

int mmt_get_num_threads(void)
{
    return mml_threads_setting();
}

int mmt_set_num_threads(int n)
{
    pthread_once(&setting_once, setting_init);
#ifdef _OPENMP
    if (n < 1 || n > MML_THREADS_MAX)
        return -1;
    pthread_mutex_lock(&setting_lock);
    __atomic_store_n(&setting, n, __ATOMIC_RELEASE);
    setting_from = "mmt_set_num_threads";
    pthread_mutex_unlock(&setting_lock);
    return 0;
#else
    return n == 1 ? 0 : -1;
#endif
}

const char *mmt_num_threads_source(void)
{
    const char *s;

    pthread_once(&setting_once, setting_init);
    pthread_mutex_lock(&setting_lock);
    s = setting_from;
    pthread_mutex_unlock(&setting_lock);
    return s;
}

int mml_threads_here(void)
{
#ifdef _OPENMP
    int n = mml_threads_setting();

    if (n < 2 || in_forked_child)
        return 1;
    /* inside the program's own parallel region: a team of ours would
     * nest, which the program allows or not (never oversubscribe) */
    if (omp_get_active_level() >= omp_get_max_active_levels())
        return 1;
    return n;
#else
    return 1;
#endif
}
