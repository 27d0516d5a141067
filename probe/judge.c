/* The cache probe's verdicts: what it measured, judged against itself and
 * against what the machine claims (sysfs, cpuid).  Pure functions of the
 * readings, so that tests can feed them simulated machines.
 *
 * The rule everywhere: a value that disagrees with its own second method,
 * or with a claim, is never written as confirmed, and the disagreement is
 * printed ("mmprobe: note: ...").  A claim is never written unless the
 * measurement bears it out, except as the last resort when nothing was
 * measured at all (then unconfirmed). */
#include "probe/probes.h"

#include <math.h>
#include <stdio.h>

#define KIB 1024.0

static int same_geometry(const struct probe_geometry *a,
                         const struct probe_geometry *b)
{
    return a->ways == b->ways && a->way_bytes == b->way_bytes;
}

static size_t geometry_bytes(const struct probe_geometry *g)
{
    return (size_t)g->ways * g->way_bytes;
}

/* The pass whose geometry most passes saw (ties: the one the sweep agrees
 * with, then the first); -1 when no pass found a clean edge.  *votes gets
 * how many passes saw it. */
static int majority(const struct probe_l1_evidence *e, int *votes)
{
    int best = -1;

    *votes = 0;
    for (int i = 0; i < e->passes; i++) {
        int v = 0;

        if (e->g[i].ways == 0)
            continue;
        for (int j = 0; j < e->passes; j++)
            v += same_geometry(&e->g[i], &e->g[j]);
        if (v > *votes || (v == *votes &&
                           geometry_bytes(&e->g[i]) == e->swept &&
                           geometry_bytes(&e->g[best]) != e->swept))
            best = i, *votes = v;
    }
    return best;
}

/* Does the claim agree with a size (KiB) and ways (0: not measured)? */
static int claim_size_agrees(const struct probe_ctx *ctx, const char *key,
                             const struct mmc_cache_claim *claim,
                             double kib)
{
    if (!claim || claim->size_kib == 0 || claim->size_kib == kib)
        return 1;
    probe_disagree(ctx, "%s measured %.0f, %s says %ld: not confirmed", key,
                   kib, claim->source, claim->size_kib);
    return 0;
}

static int claim_ways_agree(const struct probe_ctx *ctx,
                            const struct mmc_cache_claim *claim, int ways)
{
    if (!claim || claim->ways_lo == 0 ||
        (ways >= claim->ways_lo && ways <= claim->ways_hi))
        return 1;
    if (claim->ways_lo == claim->ways_hi)
        probe_disagree(ctx, "L1D_ASSOC measured %d, %s says %d: not "
                       "confirmed", ways, claim->source, claim->ways_lo);
    else
        probe_disagree(ctx, "L1D_ASSOC measured %d, %s says %d to %d: not "
                       "confirmed", ways, claim->source, claim->ways_lo,
                       claim->ways_hi);
    return 0;
}

static void answer(struct probe_answer *a, double value, int confirmed,
                   const char *how)
{
    a->value = value;
    a->confirmed = confirmed;
    snprintf(a->how, sizeof a->how, "%s", how);
}

/* No set conflict was clean: the sweep alone, unconfirmed; ways unknown. */
static int sweep_only(const struct probe_ctx *ctx,
                      const struct probe_l1_evidence *e,
                      const struct mmc_cache_claim *claim,
                      struct probe_answer *size_kib, struct probe_answer *ways)
{
    if (!e->swept)
        return -1;
    probe_disagree(ctx, "L1D_KIB: no clean set conflict in %d passes: the "
                   "capacity sweep's %.0f KiB, unconfirmed", e->passes,
                   e->swept / KIB);
    claim_size_agrees(ctx, "L1D_KIB", claim, e->swept / KIB);
    answer(size_kib, e->swept / KIB, 0,
           "capacity sweep only (no clean set conflict)");
    answer(ways, 0, 0, "no clean set conflict");
    return 0;
}

int probe_l1_decide(const struct probe_ctx *ctx,
                    const struct probe_l1_evidence *e,
                    const struct mmc_cache_claim *claim,
                    struct probe_answer *size_kib, struct probe_answer *ways)
{
    int votes, best = majority(e, &votes);

    if (best < 0)
        return sweep_only(ctx, e, claim, size_kib, ways);
    const struct probe_geometry *g = &e->g[best];
    size_t bytes = geometry_bytes(g);
    int sure = votes >= 2 && bytes == e->swept;

    if (votes < 2)
        probe_disagree(ctx, "L1D_KIB: no two of %d set-conflict passes "
                       "agree: not confirmed", e->passes);
    if (bytes != e->swept)
        probe_disagree(ctx, "L1D_KIB: set conflicts read %d ways x %zu B = "
                       "%.0f KiB, the capacity sweep %.0f KiB: not "
                       "confirmed", g->ways, g->way_bytes, bytes / KIB,
                       e->swept / KIB);
    answer(size_kib, bytes / KIB,
           claim_size_agrees(ctx, "L1D_KIB", claim, bytes / KIB) && sure,
           "");
    snprintf(size_kib->how, sizeof size_kib->how, "%d ways x %zu B way "
             "(set conflicts, %d of %d passes); sweep %.0f KiB", g->ways,
             g->way_bytes, votes, e->passes, e->swept / KIB);
    answer(ways, g->ways, claim_ways_agree(ctx, claim, g->ways) && sure,
           "set conflicts: lines in one set that still hit");
    return 0;
}

const struct probe_tolerance probe_l2_tolerance = { 0.75, 1.25 };
/* The LLC is shared with other cores (and, in a guest, other tenants), so
 * a chase may keep only part of it. */
const struct probe_tolerance probe_llc_tolerance = { 0.5, 1.25 };

static int within(size_t edge, long claim_kib, const struct probe_tolerance *t)
{
    return edge > 0 && edge >= t->lo * claim_kib * KIB &&
           edge <= t->hi * claim_kib * KIB;
}

int probe_level_fits(const struct probe_level_reading *r,
                     const struct mmc_cache_claim *claim,
                     const struct probe_tolerance *tol)
{
    return claim && within(r->edge[0], claim->size_kib, tol) &&
           within(r->edge[1], claim->size_kib, tol) &&
           within(r->edge[2], claim->size_kib, tol);
}

/* Why the claim is not the answer, said once. */
static void say_no_claim(const struct probe_ctx *ctx, const char *name,
                         const struct mmc_cache_claim *doubt, size_t edge)
{
    if (doubt)
        probe_disagree(ctx, "%s_KIB: %s says %ld KiB, but %s: not used; the "
                       "chase edge %.0f KiB, unconfirmed", name,
                       doubt->source, doubt->size_kib, doubt->doubt,
                       edge / KIB);
    else
        probe_disagree(ctx, "%s_KIB: no sysfs or cpuid figure to "
                       "corroborate the chase edge %.0f KiB: unconfirmed",
                       name, edge / KIB);
}

/* The nominal size: the claim if all three edges bear it out. */
static int nominal(const struct probe_ctx *ctx, const char *name,
                   const struct probe_level_reading *r,
                   const struct mmc_cache_claim *claim,
                   const struct mmc_cache_claim *doubt,
                   const struct probe_tolerance *tol, struct probe_answer *a)
{
    const size_t *edge = r->edge;

    if (!edge[0] && !claim)
        return -1;
    if (!claim) {
        say_no_claim(ctx, name, doubt, edge[0]);
        answer(a, edge[0] / KIB, 0, "chase edge (1/3 up); no claim to check");
        return 0;
    }
    if (!edge[0]) {
        probe_disagree(ctx, "%s_KIB: no edge in the chase curve: %s's %ld "
                       "KiB, unconfirmed", name, claim->source,
                       claim->size_kib);
        answer(a, claim->size_kib, 0, "");
        snprintf(a->how, sizeof a->how, "%s (no chase edge)", claim->source);
        return 0;
    }
    int ok = probe_level_fits(r, claim, tol);
    if (!ok)
        probe_disagree(ctx, "%s_KIB: the chase edge and its repetitions "
                       "read %.0f, %.0f, %.0f KiB, not all within "
                       "%.2f-%.2fx of the %ld KiB %s says: the measured "
                       "value, unconfirmed", name, edge[0] / KIB, edge[1] / KIB,
                       edge[2] / KIB, tol->lo, tol->hi, claim->size_kib,
                       claim->source);
    answer(a, ok ? (double)claim->size_kib : edge[0] / KIB, ok, "");
    snprintf(a->how, sizeof a->how, ok ? "%s; chase edge %.0f KiB, in "
             "%.2f-%.2fx" : "chase edge; %s says %.0f KiB, not in %.2f-%.2fx",
             claim->source, ok ? edge[0] / KIB : (double)claim->size_kib,
             tol->lo, tol->hi);
    return 0;
}

/* The effective size: confirmed when both repetitions lie within 20%. */
static void effective(const struct probe_ctx *ctx, const char *name,
                      const struct probe_level_reading *r,
                      const struct probe_answer *nom, struct probe_answer *a)
{
    const size_t *eff = r->eff;
    int ok = eff[0] && eff[1] && eff[2] &&
             fabs((double)eff[1] - eff[0]) <= 0.2 * eff[0] &&
             fabs((double)eff[2] - eff[0]) <= 0.2 * eff[0];

    if (!eff[0]) {
        probe_disagree(ctx, "%s_EFF_KIB: no effective edge in the chase "
                       "curve: the nominal %.0f KiB, unconfirmed", name,
                       nom->value);
        answer(a, nom->value, 0, "no effective edge: the nominal size");
        return;
    }
    if (!ok)
        probe_disagree(ctx, "%s_EFF_KIB: repetitions read %.0f and %.0f KiB "
                       "for %.0f: not confirmed", name, eff[1] / KIB,
                       eff[2] / KIB, eff[0] / KIB);
    answer(a, eff[0] / KIB, ok, "chase, 1/10 of the way up to the next "
           "level");
}

int probe_level_decide(const struct probe_ctx *ctx, const char *name,
                       const struct probe_level_reading *r,
                       const struct mmc_cache_claim *claim,
                       const struct mmc_cache_claim *doubt,
                       const struct probe_tolerance *tol,
                       struct probe_answer *nominal_kib,
                       struct probe_answer *eff_kib)
{
    if (nominal(ctx, name, r, claim, doubt, tol, nominal_kib) < 0)
        return -1;
    effective(ctx, name, r, nominal_kib, eff_kib);
    return 0;
}
