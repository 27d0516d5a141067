/* One aligned workspace per thread, grown on demand and reused by every
 * call the thread makes; freed when the thread exits.  Per thread because
 * concurrent calls must not share packed blocks, and a lock would
 * serialise them; the size is bounded by the blocking (MC x KC + KC x NC +
 * MC x NB doubles), never by the problem. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

#include "kernels/driver.h"

struct workspace {
    double *p;
    size_t n;
};

static pthread_key_t key;
static int key_made;
static pthread_once_t key_once = PTHREAD_ONCE_INIT;

static void free_workspace(void *v)
{
    struct workspace *w = v;
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

double *mml_workspace(size_t n)
{
    struct workspace *w;
    void *p;

    pthread_once(&key_once, make_key);
    if (!key_made)
        return NULL;
    w = pthread_getspecific(key);
    if (!w) {
        w = calloc(1, sizeof *w);
        if (!w || pthread_setspecific(key, w) != 0) {
            free(w);
            return NULL;
        }
    }
    if (w->n >= n)
        return w->p;
    free(w->p);
    w->p = NULL;
    w->n = 0;
    if (n > SIZE_MAX / sizeof(double)
        || posix_memalign(&p, 64, n * sizeof(double)) != 0)
        return NULL;
    w->p = p;
    w->n = n;
    return w->p;
}
