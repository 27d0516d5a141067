/* The cache probe's reading of measurements, on simulated caches: the L1
 * geometry (ways x way size) and the capacity curve must find any size,
 * not only powers of two (a 48 KiB L1 is not 32 or 64), and must refuse a
 * curve without a cliff; L2 and the effective LLC must be read right on
 * this KVM guest's geometry and on a Sapphire Rapids guest's, where a
 * 2 MiB L2 sits next to an L3 that behaves like 4 MiB. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "probe/probe.h"

/* A set-associative cache with LRU: a cyclic walk over lines hits only if
 * no set receives more lines than it has ways. */
struct sim {
    size_t bytes, line;
    int ways;
};

static double sim_set_ns(void *arg, int n, size_t stride)
{
    const struct sim *s = arg;
    size_t sets = s->bytes / s->line / s->ways;
    int count[4096] = { 0 };

    for (int i = 0; i < n; i++) {
        size_t set = (i * stride / s->line) % sets;
        if (++count[set] > s->ways)
            return 5.0;     /* an L2 hit */
    }
    return 1.0;
}

static const struct probe_ctx quiet = { 0 };

static void expect_geometry(size_t bytes, int ways)
{
    struct sim s = { bytes, 64, ways };
    struct probe_geometry g;

    assert_int_equal(probe_l1_geometry(&quiet, sim_set_ns, &s, &g), 0);
    assert_int_equal(g.ways, ways);
    assert_int_equal(g.ways * g.way_bytes, bytes);
}

static void geometry_any_size(void **state)
{
    (void)state;
    expect_geometry(32 * 1024, 8);      /* Zen 3 */
    expect_geometry(48 * 1024, 12);     /* Sapphire Rapids */
    expect_geometry(64 * 1024, 2);      /* a two-way 64 KiB */
    expect_geometry(24 * 1024, 6);      /* Atom-like */
}

/* A cache that never misses has no edge: no answer, not a guess. */
static double never_miss(void *arg, int n, size_t stride)
{
    (void)arg, (void)n, (void)stride;
    return 1.0;
}

static void geometry_without_edge(void **state)
{
    struct probe_geometry g;

    (void)state;
    assert_int_equal(probe_l1_geometry(&quiet, never_miss, NULL, &g), -1);
}

/* A capacity curve on a 4 KiB grid: hits up to the size, some early
 * misses just below it (other code sharing the core), all misses past it. */
static size_t read_curve(size_t l1, int cliff)
{
    size_t bytes[64];
    double ns[64];
    int n = 0;

    for (size_t s = 4096; s <= 256 * 1024; s += 4096, n++) {
        bytes[n] = s;
        ns[n] = !cliff || s < l1 - 4096 ? 1.8 : s <= l1 ? 4.0 : 5.6;
    }
    return probe_l1_from_curve(bytes, ns, n);
}

static void curve_cliff(void **state)
{
    (void)state;
    assert_int_equal(read_curve(48 * 1024, 1), 48 * 1024);
    assert_int_equal(read_curve(32 * 1024, 1), 32 * 1024);
    assert_int_equal(read_curve(80 * 1024, 1), 80 * 1024);
    assert_int_equal(read_curve(48 * 1024, 0), 0);
}

/* A machine above L1: latencies of L2, LLC and memory, the L2 and
 * effective LLC sizes; each cliff is smeared from 0.75x to 1.25x its size,
 * as random guest pages in a physically indexed cache smear it. */
struct upper {
    size_t l1, l2, llc;         /* llc = 0: no level between L2 and memory */
    double t2, t3, mem;
};

static double ramp(double s, double size)
{
    double x = (log2(s) - log2(0.75 * size)) / (log2(1.25) - log2(0.75));

    return x < 0 ? 0 : x > 1 ? 1 : x;
}

static double upper_ns(const struct upper *u, double s)
{
    if (!u->llc)
        return u->t2 + (u->mem - u->t2) * ramp(s, u->l2);
    return u->t2 + (u->t3 - u->t2) * ramp(s, u->l2) +
           (u->mem - u->t3) * ramp(s, u->llc);
}

/* The cache probe's grid: 8 sizes per octave from 2 x L1 to 8 MiB, 2
 * above, up to 64 MiB, on 4 KiB multiples. */
static void read_levels(const struct upper *u, size_t *l2, size_t *llc)
{
    size_t bytes[200];
    double ns[200];
    int n = 0;

    for (double s = 2.0 * u->l1; s <= 64.0 * 1024 * 1024 && n < 200;
         s *= s < 8.0 * 1024 * 1024 ? pow(2, 1 / 8.0) : sqrt(2), n++) {
        bytes[n] = (size_t)(s / 4096) * 4096;
        ns[n] = upper_ns(u, bytes[n]);
    }
    assert_int_equal(probe_levels_from_curve(bytes, ns, n, u->l1, l2, llc),
                     0);
}

static void assert_within(size_t got, size_t want, double lo, double hi)
{
    if (got < lo * want || got > hi * want)
        fail_msg("read %zu KiB for %zu KiB (want %.2f..%.2fx)", got / 1024,
                 want / 1024, lo, hi);
}

#define KIB 1024
#define MIB (1024 * 1024)

/* L2 read within [0.75, 1.1] x its size, the LLC within [0.75, 1.25] x
 * its effective size, or as the L2 when there is no level between. */
static void expect_levels(const struct upper *u)
{
    size_t l2, llc;

    read_levels(u, &l2, &llc);
    assert_within(l2, u->l2, 0.75, 1.1);
    if (u->llc)
        assert_within(llc, u->llc, 0.75, 1.25);
    else
        assert_int_equal(llc, l2);
}

static void levels_zen3_guest(void **state)
{
    const struct upper u = { 32 * KIB, 512 * KIB, 6 * MIB, 4.1, 15, 80 };

    (void)state;
    expect_levels(&u);
}

/* The LLC plateau lives only between 2 and 4 MiB, where the L2's own
 * smear ends: it must neither be taken for memory (L2 read as 3 MiB) nor
 * be missed (LLC read as the L2), also when the L3 is slow. */
static void levels_spr_guest(void **state)
{
    const struct upper u = { 48 * KIB, 2 * MIB, 4 * MIB, 7, 33, 110 };
    const struct upper slow = { 48 * KIB, 2 * MIB, 4 * MIB, 7, 60, 110 };

    (void)state;
    expect_levels(&u);
    expect_levels(&slow);
}

/* No level between L2 and memory: the LLC is the L2. */
static void levels_without_l3(void **state)
{
    const struct upper u = { 32 * KIB, 1 * MIB, 0, 5, 0, 90 };

    (void)state;
    expect_levels(&u);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(geometry_any_size),
        cmocka_unit_test(geometry_without_edge),
        cmocka_unit_test(curve_cliff),
        cmocka_unit_test(levels_zen3_guest),
        cmocka_unit_test(levels_spr_guest),
        cmocka_unit_test(levels_without_l3),
    };
    return cmocka_run_group_tests_name("cachegeom", tests, NULL, NULL);
}
