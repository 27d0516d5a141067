/* Clocks, the deterministic part (make check): wall and CPU time are
 * monotonic, their resolution and cost are measured and plausible, each
 * says what reads it, names parse, a sleep is never measured short on the
 * wall clock and is not counted as CPU time.  The cycle clock has its own
 * programs (test_tsc, test_notsc); timed comparisons are in
 * regtest_clocks and regtest_tsc (make regtest). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "timer/mmtimer.h"
#include "tests/timer/machine.h"

static const enum mmtm_clock posix_clocks[] = { MMTM_CLOCK_WALL,
                                               MMTM_CLOCK_CPU };

static void posix_clocks_are_monotonic(void **state)
{
    (void)state;
    for (size_t c = 0; c < 2; c++) {
        enum mmtm_clock id = posix_clocks[c];
        const char *name = mmtm_clock_describe(id)->name;
        int64_t prev = mmtm_clock_ticks(id);
        double prev_s = mmtm_clock_seconds(id);

        for (int i = 0; i < 20000; i++) {
            int64_t now = mmtm_clock_ticks(id);
            double now_s = mmtm_clock_seconds(id);
            if (now < prev || now_s < prev_s)
                fail_msg("clock %s went backwards at reading %d", name, i);
            prev = now;
            prev_s = now_s;
        }
    }
}

static void resolution_and_cost_are_measured(void **state)
{
    /* Generous bounds: a real clock steps in ns..ms and reads in < 100 us;
     * zero or absurd values mean the measurement is broken. */
    static const double max_res[MMTM_NCLOCKS] = { 1e-3, 1e-3, 2e-2 };

    (void)state;
    for (size_t c = 0; c < 2; c++) {
        const struct mmtm_clock_info *ci =
            mmtm_clock_describe(posix_clocks[c]);

        assert_non_null(ci);
        assert_true(ci->available);
        assert_null(ci->why_not);
        if (!(ci->resolution_s > 0 && ci->resolution_s < max_res[ci->id]))
            fail_msg("%s: resolution %g s", ci->name, ci->resolution_s);
        if (!(ci->cost_s > 0 && ci->cost_s < 1e-4))
            fail_msg("%s: cost %g s", ci->name, ci->cost_s);
        assert_true(ci->rate_hz == 0);
        assert_true(mmtm_clock_tick_s(ci->id) == 1e-9);
    }
    assert_string_equal(mmtm_clock_describe(MMTM_CLOCK_WALL)->reads,
                        "clock_gettime(CLOCK_MONOTONIC)");
    assert_string_equal(mmtm_clock_describe(MMTM_CLOCK_CPU)->reads,
                        "clock_gettime(CLOCK_PROCESS_CPUTIME_ID)");
    assert_null(mmtm_clock_describe(MMTM_NCLOCKS));
}

/* Names are the words of --clock, in the enum's order, and nothing else
 * parses.  (Describing the cycle clock measures it; its tests are in
 * test_tsc and test_notsc.) */
static void names_parse(void **state)
{
    static const char *const names[MMTM_NCLOCKS] = { "wall", "cycles",
                                                    "cpu" };

    (void)state;
    for (int id = 0; id < MMTM_NCLOCKS; id++)
        assert_int_equal(mmtm_clock_parse(names[id]), id);
    assert_string_equal(mmtm_clock_describe(MMTM_CLOCK_WALL)->name, "wall");
    assert_string_equal(mmtm_clock_describe(MMTM_CLOCK_CPU)->name, "cpu");
    assert_int_equal(mmtm_clock_parse("sundial"), -1);
    assert_int_equal(mmtm_clock_parse("Wall"), -1);
    assert_int_equal(mmtm_clock_parse(""), -1);
}

/* nanosleep counts on CLOCK_MONOTONIC (Linux) and never returns early, so
 * a 10 ms nap is at least 10 ms on the wall clock however busy the machine
 * is; the upper bound, which noise can break, is regtest_clocks'. */
static void a_nap_is_never_short_on_the_wall_clock(void **state)
{
    (void)state;
    for (int i = 0; i < 3; i++) {
        int64_t t0 = mmtm_clock_ticks(MMTM_CLOCK_WALL);
        tm_nap(0.01);
        int64_t dt = mmtm_clock_ticks(MMTM_CLOCK_WALL) - t0;
        if (dt < 10000000)
            fail_msg("a 10 ms nap measured %lld ns", (long long)dt);
    }
}

/* A sleeping process uses no CPU: half the nap is a margin for the
 * wake-up path that runs on our account. */
static void cpu_time_skips_a_sleep(void **state)
{
    double t0, used;

    (void)state;
    t0 = mmtm_clock_seconds(MMTM_CLOCK_CPU);
    tm_nap(0.05);
    used = mmtm_clock_seconds(MMTM_CLOCK_CPU) - t0;
    if (!(used >= 0 && used < 0.025))
        fail_msg("CPU time counted %g s of a 50 ms sleep", used);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(posix_clocks_are_monotonic),
        cmocka_unit_test(resolution_and_cost_are_measured),
        cmocka_unit_test(names_parse),
        cmocka_unit_test(a_nap_is_never_short_on_the_wall_clock),
        cmocka_unit_test(cpu_time_skips_a_sleep),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
