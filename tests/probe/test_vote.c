/* How a probe job's rounds become its answer (probe_vote): a latency is
 * the median of its rounds, so that a slow minority is outvoted; a
 * throughput is the fastest round, so that a slow majority is too; and
 * how a narrower width confirms the pipes (probe_pipes_confirmed).  The
 * rounds are ones the Zen 3 guest printed (mmprobe --verbose): 12 FMAs of
 * 4 doubles, fast in one round of eight, read FP_PIPES = 1 by the median,
 * the peak at half. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>

#include "probe/probes.h"

static const double slow_majority[8] = { 0.502, 0.728, 0.728, 0.728,
                                         0.728, 0.728, 0.730, 0.728 };

static void throughput_is_the_fastest_round(void **state)
{
    int ok = 1;
    double c = probe_vote(slow_majority, 8, 1, &ok);

    (void)state;
    assert_true(fabs(c - 0.502) < 1e-12);
    assert_int_equal((int)round(1 / c), 2);     /* two FMA pipes */
    assert_false(ok);       /* one round alone: not confirmed */
}

static void throughput_confirmed_by_three_near_rounds(void **state)
{
    static const double v[8] = { 0.502, 0.642, 0.513, 0.559,
                                 0.554, 0.505, 0.547, 0.598 };
    int ok = 0;

    (void)state;
    assert_true(fabs(probe_vote(v, 8, 1, &ok) - 0.502) < 1e-12);
    assert_true(ok);        /* 0.502, 0.505, 0.513: within 5% */
}

static void latency_is_the_median(void **state)
{
    static const double v[8] = { 3.000, 2.999, 3.001, 2.43,
                                 3.000, 2.998, 3.600, 3.000 };
    int ok = 0;

    (void)state;
    assert_true(fabs(probe_vote(v, 8, 0, &ok) - 3.000) < 1e-12);
    assert_true(ok);
    /* the same rounds as a latency read the slow majority */
    assert_true(fabs(probe_vote(slow_majority, 8, 0, &ok) - 0.728) < 1e-12);
    assert_true(ok);
}

/* FP_PIPES confirmed by a narrower width's agreeing rounds: the Zen 3
 * guest's 1 and 2 doubles at 2 FMAs a cycle in every round, 4 doubles
 * 2 in its fastest round alone; not where the counts differ (a 4-double
 * FMA in two passes of a 2-double unit), nor by a width not timed. */
static void pipes_confirmed_by_narrower(void **state)
{
    const double zen3[3] = { 1.99, 2.00, 1.99 }, split[3] = { 2, 2, 1 };
    const double untimed[3] = { 0, 0, 1.99 };
    const int ok[3] = { 1, 1, 0 }, none[3] = { 0, 0, 0 };

    (void)state;
    assert_true(probe_pipes_confirmed(zen3, ok, 2));
    assert_false(probe_pipes_confirmed(split, ok, 2));
    assert_false(probe_pipes_confirmed(zen3, none, 2));
    assert_false(probe_pipes_confirmed(untimed, ok, 2));
    assert_false(probe_pipes_confirmed(split, none, 0));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(throughput_is_the_fastest_round),
        cmocka_unit_test(throughput_confirmed_by_three_near_rounds),
        cmocka_unit_test(latency_is_the_median),
        cmocka_unit_test(pipes_confirmed_by_narrower),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
