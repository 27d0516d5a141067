/* How a call's C is shared among threads (BLIS's ways of parallelism):
 * jc ways over its columns, ic ways over its rows, each thread one block
 * of the jc x ic grid.  Pure arithmetic, no threads: parallel.c runs the
 * team, tests/kernels/test_split.c checks the partitions for 1 to 256
 * threads.
 *
 * Ranges are whole register tiles (MU rows, NU columns) but for the last,
 * which takes the remainder: so a thread's tiles are the tiles the one-
 * thread call computes, and every element of C sums the same products in
 * the same order whatever the count (no split along K).  The bound: a
 * range holds at most ceil(units / ways) units, so a thread's rows exceed
 * the mean m / ic by less than one MU, its columns n / jc by less than
 * one NU. */
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
 * its columns, B's panel packed by the ic threads of its group together
 * (driver.c).  A packed element costs about as much as MML_PACK_COST
 * multiply-adds (a load and a store, against 16 multiply-adds a cycle). */
#define MML_PACK_COST 16.0

static double cost(size_t m, size_t n, size_t k, int mu, int nu, int nc,
                   int jc, int ic)
{
    double rows = (double)(units_of(units_of(m, (size_t)mu), (size_t)ic)
                           * (size_t)mu);
    double cols = (double)(units_of(units_of(n, (size_t)nu), (size_t)jc)
                           * (size_t)nu);
    double panels = (double)units_of((size_t)cols, (size_t)nc);

    if (rows > (double)m)
        rows = (double)m;
    if (cols > (double)n)
        cols = (double)n;
    return rows * cols * (double)k
           + MML_PACK_COST * (double)k * (rows * panels + cols / ic);
}

/* Ways whose modelled time is within this of the least are alike to the
 * model (it knows the tiles and the packing, not the caches): among them
 * the preference decides, which mmtune's step threads measured. */
#define MML_WAYS_BAND 1.05

struct mml_ways mml_split_ways(size_t m, size_t n, size_t k, int mu, int nu,
                               int nc, int t, int prefer_jc)
{
    struct mml_ways best = { 1, 1 };
    double least = cost(m, n, k, mu, nu, nc, 1, 1), best_cost;
    size_t um = units_of(m, (size_t)mu), un = units_of(n, (size_t)nu);

    for (int jc = 1; jc <= t && (size_t)jc <= un; jc++)
        for (int ic = 1; jc * ic <= t && (size_t)ic <= um; ic++) {
            double c = cost(m, n, k, mu, nu, nc, jc, ic);
            least = c < least ? c : least;
        }
    best_cost = cost(m, n, k, mu, nu, nc, 1, 1);
    for (int jc = 1; jc <= t && (size_t)jc <= un; jc++)
        for (int ic = 1; jc * ic <= t && (size_t)ic <= um; ic++) {
            double c = cost(m, n, k, mu, nu, nc, jc, ic);
            int pref = prefer_jc ? jc : ic;
            int best_pref = prefer_jc ? best.jc : best.ic;
            if (c > least * MML_WAYS_BAND)
                continue;
            /* within the band: most ways the preferred way, then the
             * least modelled time */
            if (best_cost > least * MML_WAYS_BAND || pref > best_pref
                || (pref == best_pref && c < best_cost)) {
                best = (struct mml_ways){ jc, ic };
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
