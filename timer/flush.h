/* Internal to timer/: operand layout and the MultiCallFlushLRU walk
 * (paper 000 §4, §4.1).  Exposed to tests/timer/ so the walk order can be
 * checked by instrumenting it instead of by timing. */
#ifndef MMTM_TIMER_FLUSH_H
#define MMTM_TIMER_FLUSH_H

#include <stddef.h>

#include "timer/mmtimer.h"

/* Every operand has its own area (§4.1).  A moving (cold) operand has
 * nsets copies `stride` bytes apart; a hot one has one copy (stride 0). */
struct mmtm_layout {
    int nsets;
    int noperands;
    int accumulates;                  /* some operand is read and written */
    void *area[MMTM_MAX_OPERANDS];     /* copy 0 of each operand */
    size_t bytes[MMTM_MAX_OPERANDS];
    size_t stride[MMTM_MAX_OPERANDS];
    int cold[MMTM_MAX_OPERANDS];       /* the kernel's wish, moving or not */
    size_t set_bytes;                 /* moving bytes per working set */
};

/* Lay out k's operands.  moving: honour the operands' cold flags (for
 * MultiCallFlushLRU); else every operand gets one copy.  Returns 0, or -1
 * with errno (ENOMEM) after freeing what it took. */
int mmtm_layout_make(struct mmtm_layout *l, const struct mmtm_kernel *k,
                    int moving, size_t flush_bytes, size_t align,
                    size_t misalign);
void mmtm_layout_free(struct mmtm_layout *l);
/* Page0Guard (§5.3): write one byte in every page of every area. */
void mmtm_layout_touch_pages(const struct mmtm_layout *l);
/* Fill every copy through k->init in the order the walk will use them
 * (set nsets-1 first, the one timed first), hot operands last (§4, §4.1). */
void mmtm_layout_init(const struct mmtm_layout *l,
                      const struct mmtm_kernel *k);
/* Read every line of the hot operands, so they are cached again. */
void mmtm_layout_warm_hot(const struct mmtm_layout *l);

/* The walk: from set nsets-1 down to 0, then back to nsets-1 with alpha
 * (and beta when an operand accumulates) negated -- RangeGuard, §5.2. */
struct mmtm_walk {
    const struct mmtm_layout *l;
    int set;
    struct mmtm_call call;
};

void mmtm_walk_start(struct mmtm_walk *w, const struct mmtm_layout *l);

/* Advance after a call; one well-predicted branch, as the paper asks. */
static inline void mmtm_walk_next(struct mmtm_walk *w)
{
    const struct mmtm_layout *l = w->l;

    if (w->set > 0) {
        w->set--;
        for (int i = 0; i < l->noperands; i++)
            w->call.op[i] = (char *)w->call.op[i] - l->stride[i];
        return;
    }
    w->set = l->nsets - 1;
    for (int i = 0; i < l->noperands; i++)
        w->call.op[i] = (char *)l->area[i] + (size_t)w->set * l->stride[i];
    w->call.alpha = -w->call.alpha;
    if (l->accumulates)
        w->call.beta = -w->call.beta;
}

/* OneCallFlushLRU (§3): read a buffer of the flush size. */
struct mmtm_lru_buffer {
    double *p;
    size_t n;
};
int mmtm_lru_make(struct mmtm_lru_buffer *b, size_t bytes);
void mmtm_lru_flush(const struct mmtm_lru_buffer *b);
void mmtm_lru_free(struct mmtm_lru_buffer *b);
/* OneCallFlushX86 (§3): clflush every line of the cold operands. */
void mmtm_clflush_cold(const struct mmtm_layout *l);

#endif
