/* Caches: L1d capacity, line size and associativity, L2 capacity and the
 * effective last-level cache, all from the latency of a pointer chase.
 *
 * A chase visits every line of a buffer once per cycle in a random order,
 * each load's address coming from the previous load, so no prefetcher can
 * guess ahead and no two misses overlap: the time per load is the latency
 * of wherever the line lives.  With LRU-like replacement a cyclic walk over
 * more lines than a level holds misses that level on (nearly) every load,
 * so each capacity shows as a cliff.  Sizes are swept on a fine grid, not
 * on powers of two (ATLAS's probe would call a 48 KiB L1 32 or 64,
 * docs/DESIGN.md), and each cliff is refined in 4 KiB steps.  The buffer
 * asks for 2 MiB pages so that the physically indexed L2 and L3 see
 * contiguous memory and TLB misses do not fake a cliff.  The chase itself
 * is chase.c; what is read from its curves, curve.c; here the sweeps,
 * and each figure checked against the claims of sysfs and cpuid. */
#include "probe/probes.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "probe/chase.h"
#include "probe/curve.h"
#include "timer/mmtimer.h"

#define KIB 1024.0

static void measure(struct probe_ctx *ctx, struct probe_chase *c,
                    uint32_t *order, struct probe_curve *cv, size_t bytes)
{
    if (cv->n >= PROBE_NGRID)
        return;
    cv->bytes[cv->n] = bytes;
    cv->ns[cv->n] = probe_chase_ns(c, bytes, order);
    probe_note(ctx, "  chase %10.1f KiB  %7.2f ns  %6.2f cycles\n",
               bytes / KIB, cv->ns[cv->n], cv->ns[cv->n] / ctx->ns_per_cycle);
    cv->n++;
}

/* Refine a cliff between good and bad bytes in 4 KiB-multiple steps;
 * returns the last size still under limit. */
static size_t refine(struct probe_ctx *ctx, struct probe_chase *c,
                     uint32_t *order, size_t good, size_t bad,
                     double limit)
{
    size_t step = (size_t)ceil((bad - good) / 8.0 / 4096) * 4096;
    struct probe_curve cv = { 0 };

    for (size_t s = good + step; s < bad; s += step)
        measure(ctx, c, order, &cv, s);
    int i = probe_last_under(&cv, 0, limit);
    return i < 0 ? good : cv.bytes[i];
}

static void l1_sweep(struct probe_ctx *ctx, struct probe_chase *c,
                     uint32_t *order, struct probe_curve *cv)
{
    for (size_t s = 4096; s <= 256 * 1024 && cv->n < PROBE_NGRID; s += 4096)
        measure(ctx, c, order, cv, s);
}

/* The capacity sweep: two passes, read on their per-size minimum. */
static size_t sweep_l1(struct probe_ctx *ctx, struct probe_chase *c,
                       uint32_t *order)
{
    struct probe_curve a = { 0 }, b = { 0 };
    double limit;
    size_t l1;

    probe_note(ctx, "L1d capacity: chase, 4 KiB steps, two sweeps\n");
    l1_sweep(ctx, c, order, &a);
    l1_sweep(ctx, c, order, &b);
    for (int i = 0; i < a.n; i++)
        a.ns[i] = fmin(a.ns[i], b.ns[i]);
    l1 = probe_curve_l1(&a, &limit);
    probe_note(ctx, "L1d capacity: 90%% mark %.2f ns -> %.0f KiB%s\n", limit,
               l1 / KIB, l1 ? "" : " (none, or a disturbed plateau)");
    return l1;
}

/* A geometric sweep from `from` to `upto`: 8 sizes per octave up to
 * 8 MiB, 2 above (large sizes cost the most and only the LLC edge and the
 * memory latency live there). */
static void sweep(struct probe_ctx *ctx, struct probe_chase *c,
                  uint32_t *order, struct probe_curve *cv, size_t from,
                  size_t upto)
{
    for (double s = (double)from; s <= (double)upto;
         s *= s < 8.0 * (1 << 20) ? pow(2, 1 / 8.0) : sqrt(2))
        measure(ctx, c, order, cv, (size_t)(s / 4096) * 4096);
}

/* Three curves from four sweeps: a = the minimum of sweeps 1 (up to
 * PROBE_CHASE_MAX) and 2, b = the minimum of sweeps 3 and 4 (b = a above
 * 8 MiB, where only sweep 1 goes), and m = the minimum of all, on which the
 * answers are read; a and b are independent repetitions for confirming
 * them.  Interference only adds time, so the minimum of sweeps spread over
 * time is the least disturbed curve. */
struct curves {
    struct probe_curve a, b, m;
};

/* One more sweep up to 8 MiB into `into`: written over it (fresh), or
 * folded in by minimum. */
static void sweep_again(struct probe_ctx *ctx, struct probe_chase *c,
                        uint32_t *order, struct probe_curve *into, size_t from,
                        int fresh)
{
    struct probe_curve extra = { 0 };

    sweep(ctx, c, order, &extra, from, (size_t)8 << 20);
    for (int i = 0; i < extra.n; i++)
        into->ns[i] = fresh ? extra.ns[i] : fmin(into->ns[i], extra.ns[i]);
}

static void fold_minimum(struct curves *cs)
{
    cs->m = cs->a;
    for (int i = 0; i < cs->m.n; i++)
        cs->m.ns[i] = fmin(cs->a.ns[i], cs->b.ns[i]);
}

static void sweep_four(struct probe_ctx *ctx, struct probe_chase *c,
                        uint32_t *order, struct curves *cs, size_t from)
{
    probe_note(ctx, "L2/LLC: chase, geometric grid, sweep 1\n");
    sweep(ctx, c, order, &cs->a, from, PROBE_CHASE_MAX);
    for (int pass = 2; pass <= 4; pass++) {
        probe_note(ctx, "L2/LLC: sweep %d up to 8 MiB\n", pass);
        if (pass == 3)
            cs->b = cs->a;
        sweep_again(ctx, c, order, pass == 2 ? &cs->a : &cs->b, from,
                    pass == 3);
    }
    fold_minimum(cs);
}

/* A second look, when the L2 edges disagree with the claim: one more
 * sweep folded into each repetition.  Work outside the guest only adds
 * time, in bursts of seconds: a CI job on the Zen 5 guest confirmed the
 * 1 MiB L2 in 2 of 5 runs, where 11 runs here an hour later all did.
 * The minima over six sweeps, the last two a second or more after the
 * first, are less disturbed; a claim that is wrong still disagrees. */
static void second_look(struct probe_ctx *ctx, struct probe_chase *c,
                        uint32_t *order, struct curves *cs, size_t from)
{
    for (int pass = 5; pass <= 6; pass++) {
        probe_note(ctx, "L2/LLC: sweep %d up to 8 MiB (a second look)\n",
                   pass);
        sweep_again(ctx, c, order, pass == 5 ? &cs->a : &cs->b, from, 0);
    }
    fold_minimum(cs);
}

/* Refine the edge at grid index i of the curve m, where the latency
 * crosses limit. */
static size_t refine_edge(struct probe_ctx *ctx, struct probe_chase *c,
                          uint32_t *order, const struct probe_curve *m, int i,
                          double limit)
{
    size_t size = refine(ctx, c, order, m->bytes[i], m->bytes[i + 1], limit);

    probe_note(ctx, "edge: mark %.2f ns, grid %.0f KiB -> %.0f KiB\n",
               limit, m->bytes[i] / KIB, size / KIB);
    return size;
}

/* The pair distances find_line tries (8 << k, k < ND) and the largest
 * it may read. */
enum { DMAX = 256, ND = 6 };

/* The d at the largest step up from the d before it.  The step is only
 * ~20% (an L1 hit against an L2 hit, averaged with an L2 hit), so a rule
 * that compares with the noisiest point (the midpoint of the two ends)
 * misread 64 as 128 in about one run in ten here; the steepest step
 * does not depend on any single point being clean. */
static int line_from(const double *t)
{
    int best = 1;

    for (int k = 2; k < ND; k++)
        if (t[k] / t[k - 1] > t[best] / t[best - 1])
            best = k;
    return 8 << best;
}

static void find_line(struct probe_ctx *ctx, struct probe_chase *c,
                      struct mmc_probeconf *pc, size_t l1, uint32_t *order,
                      const struct mmc_cache_claim *claim)
{
    enum { PASSES = 3 };
    size_t nblocks = 2 * l1 / PROBE_LINE;
    double t[PASSES][ND], m[ND];
    int agree = 0;

    probe_note(ctx, "line: pairs (offset d, then 0) in %zu blocks, %d "
               "passes\n", nblocks, PASSES);
    for (int pass = 0; pass < PASSES; pass++)
        for (int k = 0; k < ND; k++)
            t[pass][k] = probe_pair_ns(c, nblocks, 8 << k, order);
    for (int k = 0; k < ND; k++) {
        m[k] = fmin(fmin(t[0][k], t[1][k]), t[2][k]);
        probe_note(ctx, "  d=%3d  %.2f ns per load\n", 8 << k, m[k]);
    }
    int line = line_from(m);
    for (int pass = 0; pass < PASSES; pass++)
        agree += line_from(t[pass]) == line;
    int ok = line < DMAX && agree >= 2;
    if (!ok)
        probe_disagree(ctx, "LINE_BYTES: %d of %d passes read %d bytes: not "
                       "confirmed", agree, PASSES, line);
    if (claim && claim->line_bytes && claim->line_bytes != line) {
        probe_disagree(ctx, "LINE_BYTES measured %d, %s says %d: not "
                       "confirmed", line, claim->source, claim->line_bytes);
        ok = 0;
    }
    probe_set(pc, MMC_P_LINE_BYTES, line, ok,
              "smallest pair distance whose 2nd load misses L1");
}

enum { GEOM_STRIDE = 256 * 1024, MAX_WAYS = 32 };

/* L1 geometry from compact sets (X-Ray, docs/DESIGN.md).  Lines
 * GEOM_STRIDE apart (a multiple of any power-of-two way size) share one
 * set, so they all hit while n <= ways.  Then ways + 1 lines `stride`
 * apart hit while they spread over two or more sets and miss once they
 * share one: the smallest such stride is the way size, and the capacity is
 * ways x way size -- 48 KiB of 12 ways is found as readily as 32 KiB of 8.
 * A miss is a load slower than 1.5x a single line, which always hits. */
int probe_l1_geometry(const struct probe_ctx *ctx, probe_set_ns_fn set_ns,
                      void *arg, struct probe_geometry *g)
{
    double limit = 1.5 * set_ns(arg, 1, PROBE_LINE), ns = 0;

    g->ways = 0;
    g->way_bytes = 0;
    for (int n = 1; n <= MAX_WAYS + 1; n++, g->ways++) {
        ns = set_ns(arg, n, GEOM_STRIDE);
        probe_note(ctx, "  %2d lines %3d KiB apart: %.2f ns\n", n,
                   GEOM_STRIDE / 1024, ns);
        if (ns > limit)
            break;
    }
    if (g->ways == 0 || g->ways > MAX_WAYS)
        return -1;
    for (size_t stride = PROBE_LINE; stride <= GEOM_STRIDE; stride *= 2) {
        ns = set_ns(arg, g->ways + 1, stride);
        probe_note(ctx, "  %2d lines %6zu B apart: %.2f ns\n", g->ways + 1,
                   stride, ns);
        if (ns > limit) {
            g->way_bytes = stride;
            return 0;
        }
    }
    return -1;
}

static void geometry_passes(struct probe_ctx *ctx, struct probe_chase *c,
                            struct probe_l1_evidence *e, int n)
{
    for (int i = 0; i < n && e->passes < PROBE_L1_PASSES; i++) {
        struct probe_geometry *g = &e->g[e->passes++];

        probe_note(ctx, "L1d geometry, pass %d\n", e->passes);
        if (probe_l1_geometry(ctx, probe_chase_set_ns, c, g) < 0)
            g->ways = 0, g->way_bytes = 0;
    }
}

/* The evidence of the last attempt alone: its two passes and sweep. */
static struct probe_l1_evidence last_attempt(const struct probe_l1_evidence *e)
{
    struct probe_l1_evidence last = { 2, { e->g[e->passes - 2],
                                           e->g[e->passes - 1] }, e->swept };
    return last;
}

/* One attempt: a capacity sweep and two set-conflict passes, added to e.
 * Settled when the two passes agree with each other and with the sweep. */
static int l1_attempt(struct probe_ctx *ctx, struct probe_chase *c,
                      uint32_t *order, struct probe_l1_evidence *e)
{
    e->swept = sweep_l1(ctx, c, order);
    geometry_passes(ctx, c, e, 2);
    struct probe_l1_evidence last = last_attempt(e);
    const struct probe_geometry *g = last.g;

    return g[0].ways && g[0].ways == g[1].ways &&
           g[0].way_bytes == g[1].way_bytes &&
           g[0].ways * g[0].way_bytes == e->swept;
}

/* Write the L1 keys: from the attempt that settled, else from all passes
 * and the last sweep (then unconfirmed, and the notes say why); quiet
 * suppresses the notes of a verdict that may yet be revised.  Returns the
 * L1 size in bytes, 0 if there is none. */
static size_t l1_verdict(const struct probe_ctx *ctx,
                         const struct probe_l1_evidence *e, int settled,
                         const struct mmc_cache_claim *claim, int quiet,
                         struct mmc_probeconf *pc)
{
    struct probe_l1_evidence last = last_attempt(e);
    struct probe_ctx hush = *ctx;
    struct probe_answer size, ways;

    if (quiet)
        hush.log = NULL;
    if (probe_l1_decide(&hush, settled ? &last : e, claim, &size, &ways) < 0)
        return 0;
    probe_set(pc, MMC_P_L1D_KIB, size.value, size.confirmed, "%s", size.how);
    probe_set(pc, MMC_P_L1D_ASSOC, ways.value, ways.confirmed, "%s",
              ways.how);
    return (size_t)(size.value * KIB);
}

/* L1 size and ways from compact sets, the capacity sweep as the second
 * method.  The two agree unless another thread shares the L1 (see
 * l1_from_curve): then both are measured again at once (0.1 s), and, if
 * they still disagree, a third time after the L2/LLC sweeps, two seconds
 * later (probe_cache).  What never settles is not confirmed. */
static size_t find_l1(struct probe_ctx *ctx, struct probe_chase *c,
                      uint32_t *order, struct mmc_probeconf *pc,
                      const struct mmc_cache_claim *claim,
                      struct probe_l1_evidence *e, int *settled)
{
    *settled = l1_attempt(ctx, c, order, e);
    if (!*settled) {
        probe_note(ctx, "L1d: set conflicts and sweep disagree: again\n");
        *settled = l1_attempt(ctx, c, order, e);
    }
    return l1_verdict(ctx, e, *settled, claim, !*settled, pc);
}

/* One level's readings: the edge refined on the minimum curve, and on the
 * grid of each repetition alone; the effective size on the grid. */
static void reading(struct probe_ctx *ctx, struct probe_chase *c,
                    uint32_t *order, const struct curves *cs,
                    const int *edge, const int *eff, double limit,
                    struct probe_level_reading *r)
{
    const struct probe_curve *cv[3] = { &cs->m, &cs->a, &cs->b };

    for (int k = 0; k < 3; k++) {
        r->edge[k] = probe_curve_at(cv[k], edge[k]);
        r->eff[k] = probe_curve_at(cv[k], eff[k]);
    }
    if (edge[0] >= 0)
        r->edge[0] = refine_edge(ctx, c, order, &cs->m, edge[0], limit);
    probe_note(ctx, "  edge %.0f KiB (repetitions %.0f, %.0f), effective "
               "%.0f KiB (%.0f, %.0f)\n", r->edge[0] / KIB,
               r->edge[1] / KIB, r->edge[2] / KIB, r->eff[0] / KIB,
               r->eff[1] / KIB, r->eff[2] / KIB);
}

/* Write a level's two figures; -1 when there is nothing valid to write. */
static int set_level(struct probe_ctx *ctx, struct mmc_probeconf *pc,
                     const char *name, const struct probe_level_reading *r,
                     const struct mmc_cache_claim *claim,
                     const struct mmc_cache_claim *doubt,
                     const struct probe_tolerance *tol, int key, int eff_key)
{
    struct probe_answer nom, eff;

    if (probe_level_decide(ctx, name, r, claim, doubt, tol, &nom, &eff) < 0)
        return -1;
    probe_set(pc, key, nom.value, nom.confirmed, "%s", nom.how);
    probe_set(pc, eff_key, eff.value, eff.confirmed, "%s", eff.how);
    return 0;
}

/* Both levels read on the minimum curve and on each repetition; the
 * L2 alone when r3 is NULL (a second look: the LLC's reading stands). */
static void read_both(struct probe_ctx *ctx, struct probe_chase *c,
                      uint32_t *order, const struct curves *cs, size_t l1,
                      struct probe_level_reading *r2,
                      struct probe_level_reading *r3)
{
    struct probe_levels m, a, b;

    probe_read_levels(&cs->m, l1, &m);
    probe_read_levels(&cs->a, l1, &a);
    probe_read_levels(&cs->b, l1, &b);
    probe_note(ctx, "L2:\n");
    reading(ctx, c, order, cs, (int[]){ m.l2, a.l2, b.l2 },
            (int[]){ m.l2_eff, a.l2_eff, b.l2_eff }, m.l2_limit, r2);
    if (!r3)
        return;
    *r3 = *r2;
    if (m.llc >= 0 && m.llc != m.l2) {
        probe_note(ctx, "LLC:\n");
        reading(ctx, c, order, cs, (int[]){ m.llc, a.llc, b.llc },
                (int[]){ m.llc_eff, a.llc_eff, b.llc_eff }, m.llc_limit,
                r3);
    } else if (m.l2 >= 0) {
        probe_note(ctx, "LLC: %s: the L2's figures\n", m.llc == m.l2
                   ? "no level between L2 and memory" : "no clean LLC edge");
    }
}

/* L2 and the LLC from the sweeps, judged against the claims; the L2's
 * range looked at again once when its edges disagree with a claim.  With
 * no L2 edge and no claim there is nothing valid to write: -1 (mmprobe
 * fails rather than write a made-up size). */
static int find_upper_levels(struct probe_ctx *ctx, struct probe_chase *c,
                             uint32_t *order, size_t l1,
                             const struct mmc_cache_claim *cl, int ncl,
                             struct mmc_probeconf *pc)
{
    struct curves *cs = calloc(1, sizeof *cs);
    struct probe_level_reading r2 = { { 0 }, { 0 } }, r3;
    const struct mmc_cache_claim *claim, *doubt;
    int rc;

    if (!cs)
        return -1;
    sweep_four(ctx, c, order, cs, 2 * l1);
    probe_note(ctx, "L2/LLC: sweeps done\n");
    read_both(ctx, c, order, cs, l1, &r2, &r3);
    claim = probe_claim_for(cl, ncl, 2, &doubt);
    if (claim && !probe_level_fits(&r2, claim, &probe_l2_tolerance)) {
        probe_note(ctx, "L2: edges %.0f, %.0f, %.0f KiB against %s's %ld "
                   "KiB: a second look\n", r2.edge[0] / KIB,
                   r2.edge[1] / KIB, r2.edge[2] / KIB, claim->source,
                   claim->size_kib);
        struct probe_level_reading first = r2;
        second_look(ctx, c, order, cs, 2 * l1);
        read_both(ctx, c, order, cs, l1, &r2, NULL);
        if (memcmp(&r3, &first, sizeof first) == 0)
            r3 = r2;            /* no LLC edge: the L2's figures, as before */
    }
    free(cs);
    rc = set_level(ctx, pc, "L2", &r2, claim, doubt, &probe_l2_tolerance,
                   MMC_P_L2_KIB, MMC_P_L2_EFF_KIB);
    if (rc < 0) {
        probe_disagree(ctx, "L2_KIB: no edge in the chase curve up to "
                       "%zu MiB, and no sysfs or cpuid figure",
                       PROBE_CHASE_MAX >> 20);
        return -1;
    }
    claim = probe_claim_for(cl, ncl, 0, &doubt);
    if (set_level(ctx, pc, "LLC", &r3, claim, doubt, &probe_llc_tolerance,
                  MMC_P_LLC_KIB, MMC_P_LLC_EFF_KIB) < 0) {
        /* No LLC edge and no claim: the LLC holds at least the L2. */
        probe_disagree(ctx, "LLC_KIB: no edge and no claim: the L2's "
                       "figures, unconfirmed");
        probe_set(pc, MMC_P_LLC_KIB, pc->l2_kib, 0, "no edge: the L2's");
        probe_set(pc, MMC_P_LLC_EFF_KIB, pc->l2_eff_kib, 0,
                  "no edge: the L2's");
    }
    return 0;
}

int probe_cache(struct probe_ctx *ctx, struct mmc_probeconf *pc)
{
    struct probe_chase c = { .rng = 0x9e3779b97f4a7c15u };
    uint32_t *order = malloc(PROBE_CHASE_MAX / PROBE_LINE * sizeof *order);
    struct mmc_cache_claim cl[32];
    int ncl = probe_cache_claims(ctx, cl, 32), rc = -1;
    const struct mmc_cache_claim *l1claim = probe_claim_for(cl, ncl, 1,
                                                              NULL);
    struct probe_l1_evidence e = { 0 };
    int settled;
    size_t l1;

    c.buf = probe_chase_alloc();
    if (!c.buf || !order) {
        mmtm_free(c.buf), free(order);
        return -1;
    }
    memset(c.buf, 1, PROBE_CHASE_MAX);
    double t0 = probe_now();
    l1 = find_l1(ctx, &c, order, pc, l1claim, &e, &settled);
    probe_note(ctx, "caches: L1 done after %.2f s\n", probe_now() - t0);
    if (l1) {
        find_line(ctx, &c, pc, l1, order, l1claim);
        probe_note(ctx, "caches: line done after %.2f s\n",
                   probe_now() - t0);
        rc = find_upper_levels(ctx, &c, order, l1, cl, ncl, pc);
        probe_note(ctx, "caches: L2/LLC done after %.2f s\n",
                   probe_now() - t0);
    }
    if (!settled) {
        probe_note(ctx, "L1d: a third time, after the L2/LLC sweeps\n");
        settled = l1_attempt(ctx, &c, order, &e);
        if (!l1_verdict(ctx, &e, settled, l1claim, 0, pc))
            rc = -1;
    }
    mmtm_free(c.buf), free(order);
    return rc;
}
