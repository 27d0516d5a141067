/* The cache probe's reading of measurements, on simulated caches: the L1
 * geometry (ways x way size) and the capacity curve must find any size,
 * not only powers of two (a 48 KiB L1 is not 32 or 64), and must refuse a
 * curve without a cliff. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(geometry_any_size),
        cmocka_unit_test(geometry_without_edge),
        cmocka_unit_test(curve_cliff),
    };
    return cmocka_run_group_tests_name("cachegeom", tests, NULL, NULL);
}
