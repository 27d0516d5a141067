/* Clocks: monotonic, measured resolution and cost plausible, TSC rate
 * measured, a known delay measured within a generous tolerance (paper 003:
 * "time drops by 1 sec when you add sleep(1)?"), CPU time does not count a
 * sleep. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <time.h>

#include "timer/mmtimer.h"

static void each_clock_is_monotonic(void **state)
{
    (void)state;
    for (int id = 0; id < MMT_NCLOCKS; id++) {
        if (!mmt_clock_describe(id)->available)
            continue;
        int64_t prev = mmt_clock_ticks(id);
        double prev_s = mmt_clock_seconds(id);
        for (int i = 0; i < 20000; i++) {
            int64_t now = mmt_clock_ticks(id);
            double now_s = mmt_clock_seconds(id);
            if (now < prev || now_s < prev_s)
                fail_msg("clock %d went backwards at reading %d", id, i);
            prev = now;
            prev_s = now_s;
        }
    }
}

static void resolution_and_cost_are_measured(void **state)
{
    /* Generous bounds: a real clock steps in ns..ms and reads in < 100 us;
     * zero or absurd values mean the measurement is broken. */
    static const double max_res[MMT_NCLOCKS] = { 1e-3, 1e-3, 2e-2 };

    (void)state;
    for (int id = 0; id < MMT_NCLOCKS; id++) {
        const struct mmt_clock_info *ci = mmt_clock_describe(id);
        assert_non_null(ci);
        assert_int_equal(ci->id, id);
        assert_int_equal(mmt_clock_parse(ci->name), id);
        if (!ci->available)
            continue;
        if (!(ci->resolution_s > 0 && ci->resolution_s < max_res[id]))
            fail_msg("%s: resolution %g s", ci->name, ci->resolution_s);
        if (!(ci->cost_s > 0 && ci->cost_s < 1e-4))
            fail_msg("%s: cost %g s", ci->name, ci->cost_s);
    }
    assert_int_equal(mmt_clock_describe(MMT_CLOCK_WALL)->available, 1);
    assert_null(mmt_clock_describe(MMT_NCLOCKS));
    assert_int_equal(mmt_clock_parse("sundial"), -1);
}

static void tsc_rate_is_measured(void **state)
{
    const struct mmt_clock_info *ci = mmt_clock_describe(MMT_CLOCK_CYCLES);

    (void)state;
    if (!ci->available)
        skip();
    if (!(ci->rate_hz > 1e8 && ci->rate_hz < 1e10))
        fail_msg("TSC rate %g Hz", ci->rate_hz);
    assert_true(mmt_clock_tick_s(MMT_CLOCK_CYCLES) * ci->rate_hz > 0.999999);
    assert_true(mmt_clock_tick_s(MMT_CLOCK_CYCLES) * ci->rate_hz < 1.000001);
}

static void nap(double s)
{
    struct timespec ts = { 0, (long)(s * 1e9) };

    while (nanosleep(&ts, &ts) != 0)
        ;
}

/* A 50 ms sleep, measured on wall and cycle clocks: within [0.95, 3] x
 * (the machine may be slow to wake us, never early), three tries. */
static void known_delay_is_measured(void **state)
{
    (void)state;
    for (int id = 0; id < MMT_NCLOCKS; id++) {
        if (id == MMT_CLOCK_CPU || !mmt_clock_describe(id)->available)
            continue;
        double got = 0;
        for (int attempt = 0; attempt < 3; attempt++) {
            int64_t t0 = mmt_clock_ticks(id);
            nap(0.05);
            got = (double)(mmt_clock_ticks(id) - t0) * mmt_clock_tick_s(id);
            if (got > 0.0475 && got < 0.15)
                break;
        }
        if (!(got > 0.0475 && got < 0.15))
            fail_msg("clock %d measured a 50 ms sleep as %g s", id, got);
    }
}

/* The measured TSC rate converts an interval to the seconds the wall clock
 * saw around it, to 0.1 % (a wrong rate, or a rate taken as the nominal
 * core clock, is off by far more).  Three tries: a preemption between the
 * readings of the two clocks spoils one. */
static void cycles_agree_with_wall(void **state)
{
    double wall = 0, cyc = 0;

    (void)state;
    if (!mmt_clock_describe(MMT_CLOCK_CYCLES)->available)
        skip();
    for (int attempt = 0; attempt < 3; attempt++) {
        int64_t w0 = mmt_clock_ticks(MMT_CLOCK_WALL);
        int64_t c0 = mmt_clock_ticks(MMT_CLOCK_CYCLES);
        nap(0.02);
        int64_t c1 = mmt_clock_ticks(MMT_CLOCK_CYCLES);
        int64_t w1 = mmt_clock_ticks(MMT_CLOCK_WALL);
        wall = (double)(w1 - w0) * mmt_clock_tick_s(MMT_CLOCK_WALL);
        cyc = (double)(c1 - c0) * mmt_clock_tick_s(MMT_CLOCK_CYCLES);
        if (cyc < wall * 1.001 && cyc > wall * 0.999)
            return;
    }
    fail_msg("20 ms nap: %.9f s on the TSC, %.9f s on the wall clock", cyc,
             wall);
}

static void cpu_time_skips_a_sleep(void **state)
{
    double t0, used;

    (void)state;
    t0 = mmt_clock_seconds(MMT_CLOCK_CPU);
    nap(0.05);
    used = mmt_clock_seconds(MMT_CLOCK_CPU) - t0;
    if (!(used >= 0 && used < 0.025))
        fail_msg("CPU time counted %g s of a 50 ms sleep", used);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(each_clock_is_monotonic),
        cmocka_unit_test(resolution_and_cost_are_measured),
        cmocka_unit_test(tsc_rate_is_measured),
        cmocka_unit_test(known_delay_is_measured),
        cmocka_unit_test(cycles_agree_with_wall),
        cmocka_unit_test(cpu_time_skips_a_sleep),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
