/* The pointer chase the cache probe (cache.c) times: a buffer whose lines
 * are linked into one random cycle, each load's address coming from the
 * previous load, so that the time per load is the latency of wherever
 * the line lives; a pair chase for the line size, and compact sets for
 * the L1's geometry. */
#ifndef PROBE_CHASE_H
#define PROBE_CHASE_H

#include <stddef.h>
#include <stdint.h>

#include "probe/probes.h"

/* The chase's granularity: at least any L1 line. */
#define PROBE_LINE 64
/* The largest buffer a chase walks. */
#define PROBE_CHASE_MAX ((size_t)64 << 20)

struct probe_chase {
    char *buf;
    size_t bytes;               /* current working set */
    void **pos;                 /* where the walk stands */
    long loads;                 /* per sample */
    uint64_t rng;
};

/* Nanoseconds per load over `bytes`, after one warm pass; min of 3x3.
 * order[] is scratch of a line per entry. */
double probe_chase_ns(struct probe_chase *c, size_t bytes, uint32_t *order);
/* Nanoseconds per load of the pairs (offset d, then 0) of nblocks
 * blocks: the line size's evidence. */
double probe_pair_ns(struct probe_chase *c, size_t nblocks, int d,
                     uint32_t *order);
/* A probe_set_ns_fn (probes.h) on the chase arg. */
double probe_chase_set_ns(void *arg, int n, size_t stride);
/* The buffer, PROBE_CHASE_MAX bytes on 2 MiB pages where the kernel has
 * them (mmtm_free), or NULL. */
char *probe_chase_alloc(void);

#endif
