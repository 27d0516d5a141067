/* The cycle clock where the CPU has no TSC: linked with
 * tests/timer/fake_notsc.c in place of timer/cpu.c, so this runs (and
 * must pass) on every machine.  The clock says it is unavailable and why,
 * reads as 0 without executing rdtsc, and mmtm_time_kernel refuses it with
 * a sentence that names the clock, never its enum number. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "timer/mmtimer.h"
#include "timer/refkernels.h"

#ifdef HAVE_RDTSC
#define WHY "the CPU has no time-stamp counter (cpuid leaf 1 EDX bit 4)"
#else
#define WHY "this build has no __rdtsc (configure found no x86 rdtsc " \
            "intrinsic in <x86intrin.h>)"
#endif

static void the_clock_says_why_it_is_missing(void **state)
{
    const struct mmtm_clock_info *ci = mmtm_clock_describe(MMTM_CLOCK_CYCLES);

    (void)state;
    assert_string_equal(ci->name, "cycles");
    assert_false(ci->available);
    assert_non_null(ci->why_not);
    assert_string_equal(ci->why_not, WHY);
    assert_null(ci->reads);
    assert_true(ci->rate_hz == 0);
}

static void nothing_is_read(void **state)
{
    (void)state;
    assert_true(mmtm_cycles() == 0);
    assert_true(mmtm_clock_ticks(MMTM_CLOCK_CYCLES) == 0);
    assert_true(mmtm_clock_tick_s(MMTM_CLOCK_CYCLES) == 0);
    assert_true(mmtm_tsc_measure_hz() == 0);
    /* The other clocks do not depend on the TSC. */
    assert_true(mmtm_clock_describe(MMTM_CLOCK_WALL)->available);
    assert_true(mmtm_clock_describe(MMTM_CLOCK_CPU)->available);
}

static void timing_on_it_is_refused_by_name(void **state)
{
    struct mmtm_kernel k;
    struct mmtm_timing_opts o;
    struct mmtm_timing r;

    (void)state;
    assert_int_equal(mmtm_refkernel_make("dot", 64, &k), 0);
    mmtm_timing_defaults(&o);
    o.clock = MMTM_CLOCK_CYCLES;
    assert_int_equal(mmtm_time_kernel(&k, &o, &r), -1);
    assert_string_equal(r.how, "clock 'cycles' is not available here: "
                        WHY);
    o.clock = MMTM_NCLOCKS;
    assert_int_equal(mmtm_time_kernel(&k, &o, &r), -1);
    assert_string_equal(r.how,
                        "unknown clock (expected wall, cycles or cpu)");
    o.clock = MMTM_CLOCK_WALL;
    o.samples = 1;
    o.flush = MMTM_FLUSH_NONE;
    assert_int_equal(mmtm_time_kernel(&k, &o, &r), 0);
    mmtm_refkernel_free(&k);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_clock_says_why_it_is_missing),
        cmocka_unit_test(nothing_is_read),
        cmocka_unit_test(timing_on_it_is_refused_by_name),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
