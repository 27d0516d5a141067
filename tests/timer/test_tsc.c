/* The cycle clock on a CPU that has a TSC, the deterministic part (make
 * check).  Whether to run is decided by cpuid leaf 1 itself, not by the
 * timer: where the CPU has a TSC the clock must work, whatever rdtscp
 * does.  Checks that a broken reading fails: the clock is available, read
 * by rdtscp where cpuid lists it and by a fenced rdtsc elsewhere, its rate
 * is measured and plausible, its readings never go back and advance over a
 * nap.  Comparisons with the wall clock that noise can spoil are in
 * regtest_tsc (make regtest). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "timer/mmtimer.h"
#include "tests/timer/machine.h"

static void the_cycle_clock_is_available(void **state)
{
    const struct mmtm_clock_info *ci = mmtm_clock_describe(MMTM_CLOCK_CYCLES);

    (void)state;
    if (!ci->available)
        fail_msg("cpuid lists a TSC, but the cycle clock is not available: "
                 "%s", ci->why_not ? ci->why_not : "(no reason given)");
    assert_string_equal(ci->name, "cycles");
    assert_null(ci->why_not);
}

/* rdtscp where both the CPU and the compiler offer it, else the fenced
 * rdtsc (this project's KVM guest has tsc but no rdtscp). */
static void the_reading_instruction_is_named(void **state)
{
    const struct mmtm_clock_info *ci = mmtm_clock_describe(MMTM_CLOCK_CYCLES);
    int rdtscp = tm_cpu_has_rdtscp();

    (void)state;
#ifndef HAVE_RDTSCP
    rdtscp = 0;
#endif
    assert_non_null(ci->reads);
    assert_string_equal(ci->reads, rdtscp ? "rdtscp; lfence"
                                          : "lfence; rdtsc; lfence");
}

/* Every TSC ticks at 0.1 to 10 GHz; zero or absurd means the measurement
 * (or the reading) is broken.  The tick converts exactly back. */
static void the_rate_is_measured(void **state)
{
    const struct mmtm_clock_info *ci = mmtm_clock_describe(MMTM_CLOCK_CYCLES);
    double fresh = mmtm_tsc_measure_hz();

    (void)state;
    if (!(ci->rate_hz > 1e8 && ci->rate_hz < 1e10))
        fail_msg("TSC rate %g Hz", ci->rate_hz);
    if (!(fresh > 1e8 && fresh < 1e10))
        fail_msg("a fresh TSC rate measurement gave %g Hz", fresh);
    assert_true(mmtm_clock_tick_s(MMTM_CLOCK_CYCLES) * ci->rate_hz > 0.999999);
    assert_true(mmtm_clock_tick_s(MMTM_CLOCK_CYCLES) * ci->rate_hz < 1.000001);
    if (!(ci->resolution_s > 0 && ci->resolution_s < 1e-3))
        fail_msg("cycles: resolution %g s", ci->resolution_s);
    if (!(ci->cost_s > 0 && ci->cost_s < 1e-4))
        fail_msg("cycles: cost %g s", ci->cost_s);
}

/* On one core (TSCs of different cores need not agree), readings never go
 * back, in ticks or in seconds. */
static void readings_are_monotonic(void **state)
{
    int64_t prev, now;
    double prev_s, now_s;

    (void)state;
    tm_pin_here();
    prev = mmtm_clock_ticks(MMTM_CLOCK_CYCLES);
    prev_s = mmtm_clock_seconds(MMTM_CLOCK_CYCLES);
    for (int i = 0; i < 20000; i++) {
        now = mmtm_clock_ticks(MMTM_CLOCK_CYCLES);
        now_s = mmtm_clock_seconds(MMTM_CLOCK_CYCLES);
        if (now < prev || now_s < prev_s)
            fail_msg("clock cycles went backwards at reading %d", i);
        prev = now;
        prev_s = now_s;
    }
    assert_true((uint64_t)now <= mmtm_cycles());
}

/* A nap never ends early, so the TSC counts at least its length; 10 %
 * below is room for an error of the measured rate that only a broken
 * measurement makes (the regtest asks 0.1 %). */
static void a_nap_advances_the_counter(void **state)
{
    (void)state;
    tm_pin_here();
    for (int i = 0; i < 3; i++) {
        int64_t t0 = mmtm_clock_ticks(MMTM_CLOCK_CYCLES);
        tm_nap(0.01);
        int64_t dt = mmtm_clock_ticks(MMTM_CLOCK_CYCLES) - t0;
        double s = (double)dt * mmtm_clock_tick_s(MMTM_CLOCK_CYCLES);
        if (!(s >= 0.009))
            fail_msg("a 10 ms nap counted %lld TSC ticks, %g s",
                     (long long)dt, s);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_cycle_clock_is_available),
        cmocka_unit_test(the_reading_instruction_is_named),
        cmocka_unit_test(the_rate_is_measured),
        cmocka_unit_test(readings_are_monotonic),
        cmocka_unit_test(a_nap_advances_the_counter),
    };

    tm_skip_all_without_tsc();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
