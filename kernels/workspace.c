/* One aligned workspace per thread, grown on demand and reused by every
 * call the thread makes; freed when the thread exits.  Per thread because
 * concurrent calls must not share packed blocks, and a lock would
 * serialise them; the size is bounded by the blocking (MC x KC + KC x NC +
 * MC x NB doubles), never by the problem.  Beside it a small side one of
 * a fixed size, for the complex driver's expansion, whose real calls take
 * the first.
 *
 * The thread finds its workspace through a thread-local pointer of this
 * library's own; a pthread key serves only to free it at thread exit.
 * (Keys alone are not enough: two copies of the library loaded with
 * dlmopen, as bench-dgemm does, each with its own libc, hand out the same
 * key numbers for the one thread, and one copy would be given the other's
 * memory.)
 *
 * A workspace of 2 MiB or more is placed on 2 MiB boundaries, so that
 * its parts (A's block, B's panel, the C tile) keep the same offsets
 * within pages and cache sets from run to run.  It is deliberately NOT
 * advised to transparent huge pages (madvise MADV_HUGEPAGE): on the Zen 5
 * guest (THP "madvise"), with the advice, series of 30 back-to-back
 * calls at N = 2000 swung from call to call between 50 and 99 GFLOPS
 * (six series, means 71-83) while the same library without it held
 * 89-100 (two series, means 96-97; OpenBLAS-SkylakeX 74-85, means
 * 81-83); with THP "always" and no advice it held 87-100.  Medians of
 * alternated bench runs had hidden this under the host's noise; a time
 * series of single calls shows it (measured 2026-11-28). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

#include "kernels/driver.h"

struct workspace {
    mml_elem *p;
    size_t n;
    mml_elem *side;          /* mml_side_workspace's, MML_SIDE_ELEMS */
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
    free(w->side);
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

/* Memory for at least *n elements (*n * sizeof(mml_elem) not overflowing),
 * aligned as above, *n raised to what it holds; NULL when it cannot be
 * had. */
static mml_elem *allocate(size_t *n)
{
    size_t bytes = *n * sizeof(mml_elem);
    void *p;

    if (bytes < HUGE_BYTES)
        return posix_memalign(&p, 64, bytes) == 0 ? p : NULL;
    if (bytes > SIZE_MAX - HUGE_BYTES)
        return NULL;
    bytes = (bytes + HUGE_BYTES - 1) / HUGE_BYTES * HUGE_BYTES;
    if (posix_memalign(&p, HUGE_BYTES, bytes) != 0)
        return NULL;
    *n = bytes / sizeof(mml_elem);
    return p;
}

MML_HOT
mml_elem *mml_workspace(size_t n)
{
    struct workspace *w = this_thread();

    if (!w)
        return NULL;
    if (w->n >= n)
        return w->p;
    free(w->p);
    w->p = NULL;
    w->n = 0;
    if (n > SIZE_MAX / sizeof(mml_elem) || !(w->p = allocate(&n)))
        return NULL;
    w->n = n;
    return w->p;
}

/* Allocated once per thread, at its full size: a small call's own
 * posix_memalign and free cost it more than its arithmetic (Zen 5, a loop
 * of CGEMM 8^3 calls: 157 ns a call allocating its own, 92 with this). */
MML_HOT
mml_elem *mml_side_workspace(size_t n)
{
    struct workspace *w = n <= MML_SIDE_ELEMS ? this_thread() : NULL;
    void *p;

    if (!w)
        return NULL;
    if (!w->side && posix_memalign(&p, 64, MML_SIDE_ELEMS * sizeof(mml_elem))
                        == 0)
        w->side = p;
    return w->side;
}
