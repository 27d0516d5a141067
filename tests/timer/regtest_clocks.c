/* Clocks against known delays (make regtest: noise can break these, so
 * each has five tries and fails only when none came out right).  Paper
 * 003's sanity check "does time drop by 1 s when you add sleep(1)?", at
 * 50 ms: the wall clock sees a nap as at least its length and at most 3x
 * (a busy machine may wake us late); CPU time counts a busy spin, at
 * most its wall time and at least a fifth of it (a shared 2-vCPU guest
 * under make -j2 gave us 26-33 ms of CPU in a 50 ms spin: other work and
 * the host take the rest, and that time is not ours). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>

#include "timer/mmtimer.h"
#include "tests/timer/machine.h"

enum { TRIES = 5 };

static void wall_clock_measures_a_nap(void **state)
{
    double got = tm_measure_nap(MMTM_CLOCK_WALL, 0.05, 0.05, 0.15, TRIES);

    (void)state;
    if (!(got >= 0.05 && got <= 0.15))
        fail_msg("wall clock: a 50 ms nap measured %g s (want 0.05..0.15)",
                 got);
}

static void cpu_time_counts_a_spin(void **state)
{
    double cpu = 0;

    (void)state;
    for (int attempt = 0; attempt < TRIES; attempt++) {
        double w0 = mmtm_clock_seconds(MMTM_CLOCK_WALL);
        double c0 = mmtm_clock_seconds(MMTM_CLOCK_CPU);
        while (mmtm_clock_seconds(MMTM_CLOCK_WALL) - w0 < 0.05)
            ;
        cpu = mmtm_clock_seconds(MMTM_CLOCK_CPU) - c0;
        printf("# attempt %d: 50 ms of spinning used %.6f s of CPU\n",
               attempt + 1, cpu);
        if (cpu > 0.01 && cpu < 0.0525)
            return;
    }
    fail_msg("cpu clock: 50 ms of spinning counted %g s (want 0.01..0.0525)",
             cpu);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(wall_clock_measures_a_nap),
        cmocka_unit_test(cpu_time_counts_a_spin),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
