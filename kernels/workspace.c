/* One aligned workspace per thread, grown on demand and reused by every
 * call the thread makes; freed when the thread exits.  Per thread because
 * concurrent calls must not share packed blocks, and a lock would
 * serialise them; the size is bounded by the blocking (MC x KC + KC x NC +
 * MC x NB doubles), never by the problem.
 *
 * The thread finds its workspace through a thread-local pointer of this
 * library's own; a pthread key serves only to free it at thread exit.
 * (Keys alone are not enough: two copies of the library loaded with
 * dlmopen, as bench-dgemm does, each with its own libc, hand out the same
 * key numbers for the one thread, and one copy would be given the other's
 * memory.)
 *
 * A workspace of 2 MiB or more is placed on 2 MiB boundaries and advised
 * to the kernel's transparent huge pages (where THP is on "madvise", as on
 * the guests measured here, nothing else gets them; probe/cache.c
 * allocates its buffers the same way): the kernels stream B's packed panel
 * (KC x NC, 4.7 MiB on Zen 5) and the packing writes A's block while the
 * caller's operands, tens of MiB on 4 KiB pages, may keep evicting the
 * workspace's pages from the TLB.  On Zen 5 (bench-dgemm, flushed, NN,
 * medians of 10-20 alternated calls, both orders, advised / not): N = 500
 * 1.02 and 1.02, 1000 1.13 and 1.41, 1500 1.02, 1.10, 1.02 and 1.12,
 * 2000 1.07, 1.03, 0.99, 1.54, 0.88 and 1.44, 3000 0.99, 1.06, 0.85 and
 * 1.03 -- a small gain at most, under the host's phases of busy memory,
 * in which single figures swung from 0.62 to 1.74. */
#define _DEFAULT_SOURCE   /* madvise's MADV_HUGEPAGE under strict -std= */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>

#include "kernels/driver.h"

struct workspace {
    double *p;
    size_t n;
};

static __thread struct workspace *mine;
static pthread_key_t key;
static int key_made;
static pthread_once_t key_once = PTHREAD_ONCE_INIT;

static void free_workspace(void *v)
{
    struct workspace *w = v;
    if (w == mine)
        mine = NULL;
    free(w->p);
    free(w);
}

static void make_key(void)
{
    key_made = pthread_key_create(&key, free_workspace) == 0;
}

/* When the library is unloaded, no thread may call into it again. */
__attribute__((destructor)) static void drop_key(void)
{
    if (key_made)
        pthread_key_delete(key);
}

MML_HOT
static struct workspace *this_thread(void)
{
    struct workspace *w;

    if (mine)
        return mine;
    pthread_once(&key_once, make_key);
    w = key_made ? calloc(1, sizeof *w) : NULL;
    if (!w || pthread_setspecific(key, w) != 0) {
        free(w);
        return NULL;
    }
    return mine = w;
}

#define HUGE_BYTES ((size_t)2 << 20)

/* Memory for at least *n doubles (*n * sizeof(double) not overflowing),
 * aligned and advised as above, *n raised to what it holds; NULL when it
 * cannot be had. */
static double *allocate(size_t *n)
{
    size_t bytes = *n * sizeof(double);
    void *p;

    if (bytes < HUGE_BYTES)
        return posix_memalign(&p, 64, bytes) == 0 ? p : NULL;
    if (bytes > SIZE_MAX - HUGE_BYTES)
        return NULL;
    bytes = (bytes + HUGE_BYTES - 1) / HUGE_BYTES * HUGE_BYTES;
    if (posix_memalign(&p, HUGE_BYTES, bytes) != 0)
        return NULL;
#ifdef MADV_HUGEPAGE
    (void)madvise(p, bytes, MADV_HUGEPAGE);   /* advice: may be refused */
#endif
    *n = bytes / sizeof(double);
    return p;
}

MML_HOT
double *mml_workspace(size_t n)
{
    struct workspace *w = this_thread();

    if (!w)
        return NULL;
    if (w->n >= n)
        return w->p;
    free(w->p);
    w->p = NULL;
    w->n = 0;
    if (n > SIZE_MAX / sizeof(double) || !(w->p = allocate(&n)))
        return NULL;
    w->n = n;
    return w->p;
}
