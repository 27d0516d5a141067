/* Repetition count (paper 004 eq. 5), working-set count (paper 000 §4) and
 * the sample statistics (§2.1: min for wall, median for CPU time). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>
#include <unistd.h>

#include "timer/mmtimer.h"
#include "timer/samples.h"

/* A kernel of 2000 flops at 1000 MFLOPS takes 2 us per call; eq. 5 makes
 * a sample last dtime / precision. */
static void reps_follow_equation_5(void **state)
{
    (void)state;
    /* ns clock, 0.1 %: 1 us per sample -> one call is enough. */
    assert_int_equal(mmtm_repetitions(2000, 1000, 1e-9, 1e-3), 1);
    /* 40 ns wall clock (KVM): 40 us per sample -> 20 calls. */
    assert_int_equal(mmtm_repetitions(2000, 1000, 40e-9, 1e-3), 20);
    /* 1 us clock: 1 ms per sample -> 500 calls. */
    assert_int_equal(mmtm_repetitions(2000, 1000, 1e-6, 1e-3), 500);
    /* 10 ms CPU-time clock at 1 %: 1 s per sample -> 500000 calls. */
    assert_int_equal(mmtm_repetitions(2000, 1000, 1e-2, 1e-2), 500000);
    /* The paper's own example (§2.2): dTime = 1e-2 s, dMflops = 1, so
     * Iterations = Mflops^2 * 1e4 / #flops = 100 for 100 MFLOPS, 1e6 flops. */
    assert_int_equal(mmtm_repetitions(1e6, 100, 1e-2, 0.01), 100);
    /* A coarser clock never needs fewer calls. */
    assert_true(mmtm_repetitions(2000, 1000, 2e-6, 1e-3)
                > mmtm_repetitions(2000, 1000, 1e-6, 1e-3));
    /* Nonsense in, one call out. */
    assert_int_equal(mmtm_repetitions(0, 1000, 1e-6, 1e-3), 1);
    assert_int_equal(mmtm_repetitions(2000, -1, 1e-6, 1e-3), 1);
    assert_int_equal(mmtm_repetitions(2000, 1000, 1e-6, 0), 1);
    assert_int_equal(mmtm_repetitions(2000, NAN, 1e-6, 1e-3), 1);
}

static void nsets_overflow_the_flush_area(void **state)
{
    (void)state;
    assert_int_equal(mmtm_flush_nsets(0, 4096), 1);          /* all hot */
    assert_int_equal(mmtm_flush_nsets(1024, 4096), 5);
    assert_int_equal(mmtm_flush_nsets(1000, 4096), 6);
    assert_int_equal(mmtm_flush_nsets(1 << 20, 4096), 2);    /* huge set */
    for (size_t set = 64; set < (1 << 22); set = set * 3 + 8) {
        int n = mmtm_flush_nsets(set, 4 << 20);
        /* the other n - 1 sets fill the flush area */
        assert_true((size_t)(n - 1) * set >= (size_t)4 << 20);
        assert_true((size_t)(n - 2) * set < (size_t)4 << 20 || n == 2);
    }
}

static void wall_takes_min_cpu_takes_median(void **state)
{
    double t[5] = { 3, 1, 5, 2, 4 };
    double u[4] = { 4, 1, 3, 2 };
    struct mmtm_timing r;

    (void)state;
    mmtm_sample_stats(t, 5, MMTM_CLOCK_WALL, &r);
    assert_true(r.t_min == 1 && r.t_median == 3 && r.t_max == 5);
    assert_true(r.seconds == 1 && r.spread == 4 && r.samples == 5);
    assert_true(r.t_mean == 3);
    mmtm_sample_stats(u, 4, MMTM_CLOCK_CPU, &r);
    assert_true(r.seconds == 2.5 && r.t_median == 2.5 && r.t_mean == 2.5);
    mmtm_sample_stats(t, 5, MMTM_CLOCK_CYCLES, &r);
    assert_true(r.seconds == 1);
}

static void defaults_are_documented_values(void **state)
{
    struct mmtm_timing_opts o;

    (void)state;
    mmtm_timing_defaults(&o);
    assert_int_equal(o.clock, MMTM_CLOCK_WALL);
    assert_int_equal(o.flush, MMTM_FLUSH_MULTICALL_LRU);
    assert_int_equal(o.samples, MMTM_SAMPLES_DEFAULT);
    assert_int_equal(o.align, 64);
    assert_true(o.rel_precision == MMTM_PRECISION_DEFAULT);
    assert_true(o.min_sample_s == MMTM_MIN_SAMPLE_DEFAULT);
    assert_true(mmtm_flush_default_bytes() >= (size_t)4 << 20);
    for (int f = 0; f < MMTM_NFLUSH; f++)
        assert_int_equal(mmtm_flush_parse(mmtm_flush_name(f)), f);
    assert_int_equal(mmtm_flush_parse("flush-harder"), -1);
    assert_true(mmtm_flush_available(MMTM_FLUSH_MULTICALL_LRU));
    assert_false(mmtm_flush_available(MMTM_NFLUSH));
}

/* Flush sizes by level grow with the level where sysfs lists cpu0's
 * caches, and are 0 (the default then 4 MiB) where it does not; the
 * throttling check reports cpufreq where sysfs has it and says it is
 * absent otherwise, and never fails the run.  Which branch applies is
 * decided by the files themselves, not by the timer's answers. */
static void machine_queries_answer(void **state)
{
    size_t l1 = mmtm_flush_bytes_for_level(1);
    size_t l2 = mmtm_flush_bytes_for_level(2);
    size_t llc = mmtm_flush_bytes_for_level(3);
    int caches = access("/sys/devices/system/cpu/cpu0/cache/index0/type",
                        R_OK) == 0;
    int cpufreq = access("/sys/devices/system/cpu/cpu0/cpufreq/"
                         "scaling_governor", R_OK) == 0;
    char msg[256] = "";
    int rc;

    (void)state;
    assert_int_equal(mmtm_flush_bytes_for_level(0), 0);
    if (caches) {
        assert_true(l1 >= 2 * 4096);
        assert_true(l1 <= l2 && l2 <= llc);
    } else {
        assert_true(l1 == 0 && l2 == 0 && llc == 0);
        assert_true(mmtm_flush_default_bytes() == (size_t)4 << 20);
    }
    rc = mmtm_throttle_check(0, msg, sizeof msg);
    if (cpufreq) {
        assert_true(rc == 0 || rc == 1);
        assert_non_null(strstr(msg, "cpu0: governor "));
    } else {
        assert_int_equal(rc, -1);
        assert_non_null(strstr(msg, "cpu0: no cpufreq information"));
    }
    rc = mmtm_throttle_check(1 << 20, msg, sizeof msg);   /* no such cpu */
    assert_int_equal(rc, -1);
    assert_non_null(strstr(msg, "no cpufreq information"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(reps_follow_equation_5),
        cmocka_unit_test(nsets_overflow_the_flush_area),
        cmocka_unit_test(wall_takes_min_cpu_takes_median),
        cmocka_unit_test(defaults_are_documented_values),
        cmocka_unit_test(machine_queries_answer),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
