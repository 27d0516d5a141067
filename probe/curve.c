/* The cache probe's latency curves read (curve.h): where each level's
 * edge lies, its effective size, and whether a plateau is clean. */
#include "probe/curve.h"

#include <math.h>
#include <string.h>

#include "probe/chase.h"

/* Last size, from index `from` on, whose latency stays at or under
 * `limit`, before the first one above it; -1 if the first is above. */
int probe_last_under(const struct probe_curve *cv, int from, double limit)
{
    int i = from;

    while (i < cv->n && cv->ns[i] <= limit)
        i++;
    return i - 1;
}

static double min_between(const struct probe_curve *cv, size_t lo, size_t hi)
{
    double m = INFINITY;

    for (int i = 0; i < cv->n; i++)
        if (cv->bytes[i] >= lo && cv->bytes[i] <= hi && cv->ns[i] < m)
            m = cv->ns[i];
    return m;
}

/* Median latency of the sizes in [lo, hi] (noise only adds time, but a
 * plateau that keeps rising slowly is better summarised by its middle). */
static double median_between(const struct probe_curve *cv, size_t lo,
                             size_t hi)
{
    double v[PROBE_NGRID];
    int n = 0;

    for (int i = 0; i < cv->n; i++)
        if (cv->bytes[i] >= lo && cv->bytes[i] <= hi)
            v[n++] = cv->ns[i];
    return n ? probe_median(v, n) : INFINITY;
}

/* The plateau of the level above: the rough cliff c is the first size
 * from `from` on that costs 1.5x `plateau`; the level above is then
 * surely reached in [2c, 4c]. */
static double next_plateau(const struct probe_curve *cv, int from,
                           double plateau)
{
    int c = probe_last_under(cv, from, 1.5 * plateau) + 1;

    if (c >= cv->n)
        return INFINITY;
    return median_between(cv, 2 * cv->bytes[c], 4 * cv->bytes[c]);
}

/* L1 from a 4 KiB-step curve.  The L1 is virtually indexed, so its
 * cliff is sharp: one page past capacity every set overflows and nearly
 * every load misses.  Below capacity, other code sharing the core can
 * already cost some misses, so the robust mark is the first size at 90% of
 * the way to the L2 plateau; the capacity is the step before it.
 *
 * But a plateau already raised at 3/4 of that capacity (more than 8% over
 * the smallest sizes) means another thread holds part of the L1 -- on the
 * Zen 5 guest here, now and then for a second or so, presumably a host
 * thread on the SMT sibling: 36 KiB then costs 2.2 ns instead of 1.08,
 * and both methods read 40 or 44 KiB.  Such a curve has no answer (0). */
size_t probe_curve_l1(const struct probe_curve *cv, double *limit)
{
    double t1 = min_between(cv, 0, 16 * 1024);
    double t2 = next_plateau(cv, 0, t1);
    int i;

    *limit = t1 + 0.9 * (t2 - t1);
    i = probe_last_under(cv, 0, *limit);
    if (!isfinite(t2) || i < 0 || i + 1 >= cv->n)
        return 0;
    int q = 0;                  /* the last size <= 3/4 of capacity */
    while (q + 1 < i && cv->bytes[q + 1] <= 3 * cv->bytes[i] / 4)
        q++;
    return cv->ns[q] <= 1.08 * t1 ? cv->bytes[i] : 0;
}

size_t probe_l1_from_curve(const size_t *bytes, const double *ns, int n)
{
    static struct probe_curve cv;
    double limit;

    cv.n = n < PROBE_NGRID ? n : PROBE_NGRID;
    memcpy(cv.bytes, bytes, cv.n * sizeof *bytes);
    memcpy(cv.ns, ns, cv.n * sizeof *ns);
    return probe_curve_l1(&cv, &limit);
}

/* A level above L1 is physically indexed and perhaps shared: under a
 * hypervisor its pages land in its sets at random, and other cores use the
 * LLC, so each cliff is smeared over a range of sizes (on the Zen 5 guest
 * here the 1 MiB L2's rises smoothly from ~700 KiB to ~1.4 MiB, and
 * no timing can name "1024" in it).  Two sizes are read where a fraction
 * of the loads have started to go further, that is where the latency has
 * risen that fraction of the way from this level's to the next one's:
 *  - the edge, at EDGE_FRAC = 1/3: the measured estimate of the nominal
 *    size, the figure a claim from sysfs or cpuid is checked against (on
 *    the 2-vCPU guests it read 416-556 KiB for a nominal 512 KiB, and
 *    836-1116 for 1024, where 1/2 reads 556-608 and ~1200);
 *  - the effective size, at EFF_FRAC = 1/10: about one load in ten misses,
 *    the most a blocking should count on.
 * For the LLC, above is memory, whose latency keeps rising with nested
 * page walks; the same fractions are taken of the way to its median.
 *
 * The LLC plateau is read in [2c, 4c], where c is the first size at 1.5x
 * the L2 latency, but only below e, the first size 3/4 of the way from L2
 * to memory.  The cap matters when the LLC is small next to L2 (a Sapphire
 * Rapids guest: 2 MiB of L2, an L3 that behaves like 4 MiB), where [2c, 4c]
 * is already memory.  With nothing left in the window (the L2 cliff runs
 * straight to memory, smeared over less than 2x), there is no LLC plateau:
 * INFINITY. */
#define EDGE_FRAC (1 / 3.0)
#define EFF_FRAC 0.1

static double llc_plateau(const struct probe_curve *cv, int c, double l2_ns,
                          double mem, size_t *lo)
{
    int e = probe_last_under(cv, c, l2_ns + 0.75 * (mem - l2_ns)) + 1;
    size_t cap = e < cv->n ? cv->bytes[e] - 1 : PROBE_CHASE_MAX;
    size_t four_c = 4 * cv->bytes[c];

    *lo = 2 * cv->bytes[c];
    return median_between(cv, *lo, four_c < cap ? four_c : cap);
}

/* An index from `from` on under limit, or -1 when there is none or the
 * curve never rises above limit (an edge must have something past it). */
static int edge_at(const struct probe_curve *cv, int from, double limit)
{
    int i = probe_last_under(cv, from, limit);

    return i >= from && i + 1 < cv->n ? i : -1;
}

static void read_llc(const struct probe_curve *cv, int from, double t3,
                     double mem, struct probe_levels *lv)
{
    lv->llc_limit = t3 + EDGE_FRAC * (mem - t3);
    lv->llc = edge_at(cv, from, lv->llc_limit);
    lv->llc_eff = edge_at(cv, from, t3 + EFF_FRAC * (mem - t3));
    if (lv->llc <= lv->l2)
        lv->llc = -1;
    if (lv->llc_eff <= lv->l2)
        lv->llc_eff = -1;
}

void probe_read_levels(const struct probe_curve *cv, size_t l1,
                       struct probe_levels *lv)
{
    double l2_ns = min_between(cv, 2 * l1, 4 * l1);
    double mem = median_between(cv, cv->bytes[cv->n - 3], PROBE_CHASE_MAX);
    int from = 0, c;
    size_t lo;

    lv->l2 = lv->l2_eff = lv->llc = lv->llc_eff = -1;
    while (from < cv->n && cv->bytes[from] < 2 * l1)
        from++;
    c = probe_last_under(cv, from, 1.5 * l2_ns) + 1;
    if (c >= cv->n || mem < 1.5 * l2_ns)
        return;
    double t3 = llc_plateau(cv, c, l2_ns, mem, &lo);
    double above = isfinite(t3) ? t3 : mem;
    lv->l2_limit = l2_ns + EDGE_FRAC * (above - l2_ns);
    lv->l2 = edge_at(cv, from, lv->l2_limit);
    if (lv->l2 < 0)
        return;
    lv->l2_eff = edge_at(cv, from, l2_ns + EFF_FRAC * (above - l2_ns));
    if (!isfinite(t3)) {
        lv->llc = lv->l2, lv->llc_eff = lv->l2_eff;
        lv->llc_limit = lv->l2_limit;
        return;
    }
    while (from < cv->n && cv->bytes[from] < lo)
        from++;
    read_llc(cv, from, t3, mem, lv);
}

size_t probe_curve_at(const struct probe_curve *cv, int i)
{
    return i >= 0 ? cv->bytes[i] : 0;
}

int probe_levels_from_curve(const size_t *bytes, const double *ns, int n,
                            size_t l1, struct probe_edges *e)
{
    static struct probe_curve cv;
    struct probe_levels lv;

    cv.n = n < PROBE_NGRID ? n : PROBE_NGRID;
    memcpy(cv.bytes, bytes, cv.n * sizeof *bytes);
    memcpy(cv.ns, ns, cv.n * sizeof *ns);
    probe_read_levels(&cv, l1, &lv);
    e->l2 = probe_curve_at(&cv, lv.l2);
    e->l2_eff = probe_curve_at(&cv, lv.l2_eff);
    e->llc = probe_curve_at(&cv, lv.llc);
    e->llc_eff = probe_curve_at(&cv, lv.llc_eff);
    return lv.l2 >= 0 ? 0 : -1;
}
