/* How a call's C is shared among threads (BLIS's ways of parallelism):
 * jc ways over its columns, ic ways over its rows, each thread one block
 * of the jc x ic grid; and jr ways over the NU micro-panels of each NB
 * block, the jr threads of a grid block sharing its A blocks (no thread
 * packs rows another one packs too).  Pure arithmetic, no threads:
 * parallel.c runs the team, tests/kernels/test_split.c checks the
 * partitions for 1 to 256 threads.
 *
 * Ranges are whole register tiles (MU rows, NU columns) but for the last,
 * which takes the remainder: so a thread's tiles are the tiles the one-
 * thread call computes, and every element of C sums the same products in
 * the same order whatever the count (no split along K).  The bound: a
 * range holds at most ceil(units / ways) units, so a thread's rows exceed
 * the mean m / ic by less than one MU, its columns n / jc by less than
 * one NU (with jr ways, each NB block's by less than one NU a block). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "kernels/driver.h"

static size_t units_of(size_t n, size_t unit)
{
    return (n + unit - 1) / unit;
}

void mml_split_range(size_t n, size_t unit, int ways, int id, size_t *lo,
                     size_t *hi)
{
    size_t u = units_of(n, unit), w = (size_t)ways, i = (size_t)id;
    size_t base = u / w, extra = u % w;
    /* the first `extra` ranges take one unit more */
    size_t first = i * base + (i < extra ? i : extra);
    size_t count = base + (i < extra);

    *lo = first * unit < n ? first * unit : n;
    *hi = (first + count) * unit < n ? (first + count) * unit : n;
}

/* Multiply-adds a thread of the grid does at most, plus the packing it
 * waits on, in multiply-add units: A's rows packed once per NC panel of
 * its columns (by the jr threads of its block together), B's panel packed
 * by the ic x jr threads of its group together (blocked.c).  With jr ways
 * a thread computes its share of every NB block's columns.  A packed
 * element costs about as much as MML_PACK_COST multiply-adds (a load and
 * a store, against 16 multiply-adds a cycle). */
#define MML_PACK_COST 16.0

static double cost(size_t m, size_t n, size_t k, int mu, int nu, int nc,
                   struct mml_ways w)
{
    double rows = (double)(units_of(units_of(m, (size_t)mu), (size_t)w.ic)
                           * (size_t)mu);
    size_t gu = units_of(units_of(n, (size_t)nu), (size_t)w.jc);
    double group = (double)(gu * (size_t)nu);
    double cols = (double)(units_of(gu, (size_t)w.jr) * (size_t)nu);
    double panels = (double)units_of((size_t)group, (size_t)nc);

    if (rows > (double)m)
        rows = (double)m;
    group = group > (double)n ? (double)n : group;
    cols = cols > group ? group : cols;
    return rows * cols * (double)k
           + MML_PACK_COST * (double)k
             * (rows * panels / w.jr + group / (w.ic * w.jr));
}

/* Ways whose modelled time is within this of the least are alike to the
 * model (it knows the tiles and the packing, not the caches): among them
 * the preference decides, which mmtune's step threads measured. */
#define MML_WAYS_BAND 1.05

/* The jc x ic ways (jr = 1), as the band and the preference choose. */
static struct mml_ways grid(size_t m, size_t n, size_t k, int mu, int nu,
                            int nc, int t, int prefer_jc)
{
    struct mml_ways best = { 1, 1, 1 };
    double least = cost(m, n, k, mu, nu, nc, best), best_cost;
    size_t um = units_of(m, (size_t)mu), un = units_of(n, (size_t)nu);

    for (int jc = 1; jc <= t && (size_t)jc <= un; jc++)
        for (int ic = 1; jc * ic <= t && (size_t)ic <= um; ic++) {
            double c = cost(m, n, k, mu, nu, nc,
                            (struct mml_ways){ jc, ic, 1 });
            least = c < least ? c : least;
        }
    best_cost = cost(m, n, k, mu, nu, nc, best);
    for (int jc = 1; jc <= t && (size_t)jc <= un; jc++)
        for (int ic = 1; jc * ic <= t && (size_t)ic <= um; ic++) {
            struct mml_ways w = { jc, ic, 1 };
            double c = cost(m, n, k, mu, nu, nc, w);
            int pref = prefer_jc ? jc : ic;
            int best_pref = prefer_jc ? best.jc : best.ic;
            if (c > least * MML_WAYS_BAND)
                continue;
            /* within the band: most ways the preferred way, then the
             * least modelled time */
            if (best_cost > least * MML_WAYS_BAND || pref > best_pref
                || (pref == best_pref && c < best_cost)) {
                best = w;
                best_cost = c;
            }
        }
    return best;
}

struct mml_ways mml_split_ways(size_t m, size_t n, size_t k, int mu, int nu,
                               int nc, int t, int prefer_jc, int jr_ok)
{
    struct mml_ways best = grid(m, n, k, mu, nu, nc, t, prefer_jc), w;
    double best_cost = cost(m, n, k, mu, nu, nc, best);
    size_t um = units_of(m, (size_t)mu), un = units_of(n, (size_t)nu);

    /* jr ways only where the model sees them beat the grid by more than
     * its band (rows too few for ic ways, columns shared without
     * packing A again): on a tie the grid, which meets fewer barriers */
    for (int jr = 2; jr_ok && jr <= t; jr++)
        for (int jc = 1; jc * jr <= t && (size_t)(jc * jr) <= un; jc++)
            for (int ic = 1; jc * ic * jr <= t && (size_t)ic <= um; ic++) {
                double c;
                w = (struct mml_ways){ jc, ic, jr };
                c = cost(m, n, k, mu, nu, nc, w);
                if (c * MML_WAYS_BAND < best_cost) {
                    best = w;
                    best_cost = c;
                }
            }
    return best;
}

int mml_split_threads(size_t m, size_t n, size_t k, double work_min, int t)
{
    double work = (double)m * (double)n * (double)k;
    double most = work_min > 0.0 ? work / work_min : (double)t;

    if (most < (double)t)
        t = most < 1.0 ? 1 : (int)most;
    return t;
}

int mml_split_team(const struct mml_plan *p, size_t m, size_t n, size_t k,
                   double gap, double window, int t)
{
    double work = (double)m * (double)n * (double)k;

    /* awake, the team pays from the smaller crossover, and more threads
     * pay from less work per thread too */
    if (gap < window && p->mt_hot_work > 0.0
        && work >= 2.0 * p->mt_hot_work)
        return mml_split_threads(m, n, k, p->mt_hot_work, t);
    if (mml_split_pays_asleep(p, work))
        return mml_split_threads(m, n, k, p->mt_work, t);
    return 1;
}
