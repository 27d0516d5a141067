/* The cache probe's latency curves and what is read from them: the L1's
 * capacity, and each level above it, where its edge lies and its
 * effective size.  Pure: tests/probe/test_cachegeom reads simulated
 * curves through probes.h's probe_l1_from_curve and
 * probe_levels_from_curve. */
#ifndef PROBE_CURVE_H
#define PROBE_CURVE_H

#include <stddef.h>

#include "probe/probes.h"

#define PROBE_NGRID 160

/* A curve: latency at each size. */
struct probe_curve {
    int n;
    size_t bytes[PROBE_NGRID];
    double ns[PROBE_NGRID];
};

/* L2 and the LLC read from one curve: indices into it, -1 where no edge
 * was found; the LLC's are the L2's when there is no plateau between L2
 * and memory. */
struct probe_levels {
    int l2, l2_eff, llc, llc_eff;
    double l2_limit, llc_limit;
};

/* Last size, from index `from` on, whose latency stays at or under
 * `limit`, before the first one above it; -1 if the first is above. */
int probe_last_under(const struct probe_curve *cv, int from, double limit);
/* L1's capacity from a 4 KiB-step curve, 0 for none (*limit: the mark
 * read at). */
size_t probe_curve_l1(const struct probe_curve *cv, double *limit);
/* L2 and the LLC above an L1 of l1 bytes. */
void probe_read_levels(const struct probe_curve *cv, size_t l1,
                       struct probe_levels *lv);
/* The size at index i, 0 for -1. */
size_t probe_curve_at(const struct probe_curve *cv, int i);

#endif
