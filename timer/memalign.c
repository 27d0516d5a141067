/* MemAlign (paper 000 §5.5): memory whose first byte lies exactly
 * `misalign` bytes past a multiple of `align`.  With misalign = 0 the
 * block is aligned; with misalign = 8 and align = 64 it is 8-byte aligned
 * but never 16-, 32- or 64-byte aligned, which is how a timer reproduces a
 * caller whose operands split cache lines or SIMD vectors.
 *
 * The original malloc pointer is stored in the pointer-aligned slot just
 * below the user pointer, so mmtm_free needs only the user pointer. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include "timer/mmtimer.h"

static uintptr_t slot_below(uintptr_t user)
{
    uintptr_t s = user - sizeof(void *);

    return s - s % sizeof(void *);
}

void *mmtm_alloc(size_t bytes, size_t align, size_t misalign)
{
    const size_t header = 2 * sizeof(void *);
    size_t total;
    uintptr_t raw, user;
    void *p;

    if (align == 0 || (align & (align - 1)) != 0 || misalign >= align) {
        errno = EINVAL;
        return NULL;
    }
    /* header, up to align - 1 to reach the boundary, misalign < align. */
    total = bytes + header + 2 * align;
    if (total < bytes) {
        errno = ENOMEM;
        return NULL;
    }
    p = malloc(total);
    if (p == NULL)
        return NULL;
    raw = (uintptr_t)p;
    user = raw + header;
    user += (align - user % align) % align;
    user += misalign;
    *(void **)slot_below(user) = p;
    return (void *)user;
}

void mmtm_free(void *p)
{
    if (p != NULL)
        free(*(void **)slot_below((uintptr_t)p));
}
