# timer/: clocks, sample policy, flush methods, aligned allocation and the
# repetition count (libmmtimer, linked by probe/, codegen/ and tune/), and
# the mmtime command.  cpuid is common/'s to decode (common/cpuid.c).
noinst_LTLIBRARIES += timer/libmmtimer.la
timer_libmmtimer_la_SOURCES = \
	timer/mmtimer.h \
	timer/cpu.c timer/cpu.h \
	timer/clocks.c \
	timer/memalign.c \
	timer/samples.c timer/samples.h \
	timer/flush.c timer/flush.h \
	timer/guards.c \
	timer/timekernel.c \
	timer/load.c
timer_libmmtimer_la_LIBADD = common/libmmcommon.la -lm

bin_PROGRAMS += mmtime
mmtime_SOURCES = \
	timer/mmtime.c \
	timer/refkernels.c timer/refkernels.h \
	timer/flushsize.c
mmtime_LDADD = timer/libmmtimer.la common/libmmcommon.la -lm

# Tests of timer/ (sources under tests/timer/).  machine.c is what the
# tests know of the CPU without asking the timer (their skips);
# fake_notsc.c replaces timer/cpu.c with a CPU that has no TSC.
TIMER_TEST_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
TIMER_TEST_LDADD = timer/libmmtimer.la $(CMOCKA_LIBS) -lm
TIMER_MACHINE = tests/timer/machine.c tests/timer/machine.h

# make check: deterministic.
TIMER_TESTS = tests/timer/test_clocks tests/timer/test_tsc \
	tests/timer/test_notsc tests/timer/test_memalign \
	tests/timer/test_walk tests/timer/test_reps
# make regtest: timed comparisons, with retries and margins.  Each program
# runs through a .sh of its name: make regtest sets TESTS at make time, and
# Automake writes a rule for an extension-less test only when it is in
# TESTS at automake time (which would put it in make check).
TIMER_REGTESTS = tests/timer/regtest_clocks tests/timer/regtest_tsc \
	tests/timer/regtest_direction
check_PROGRAMS += $(TIMER_TESTS) $(TIMER_REGTESTS) tests/timer/mmtime_notsc
TESTS += $(TIMER_TESTS)
REGTESTS += tests/timer/regtest_clocks.sh tests/timer/regtest_tsc.sh \
	tests/timer/regtest_direction.sh
EXTRA_DIST += tests/timer/regtest_clocks.sh tests/timer/regtest_tsc.sh \
	tests/timer/regtest_direction.sh

tests_timer_test_clocks_SOURCES = tests/timer/test_clocks.c $(TIMER_MACHINE)
tests_timer_test_clocks_CFLAGS = $(TIMER_TEST_CFLAGS)
tests_timer_test_clocks_LDADD = $(TIMER_TEST_LDADD)
tests_timer_test_tsc_SOURCES = tests/timer/test_tsc.c $(TIMER_MACHINE)
tests_timer_test_tsc_CFLAGS = $(TIMER_TEST_CFLAGS)
tests_timer_test_tsc_LDADD = $(TIMER_TEST_LDADD)
tests_timer_test_notsc_SOURCES = tests/timer/test_notsc.c \
	tests/timer/fake_notsc.c timer/refkernels.c timer/refkernels.h
tests_timer_test_notsc_CFLAGS = $(TIMER_TEST_CFLAGS)
tests_timer_test_notsc_LDADD = $(TIMER_TEST_LDADD)
tests_timer_test_memalign_CFLAGS = $(TIMER_TEST_CFLAGS)
tests_timer_test_memalign_LDADD = $(TIMER_TEST_LDADD)
tests_timer_test_walk_CFLAGS = $(TIMER_TEST_CFLAGS)
tests_timer_test_walk_LDADD = $(TIMER_TEST_LDADD)
tests_timer_test_reps_CFLAGS = $(TIMER_TEST_CFLAGS)
tests_timer_test_reps_LDADD = $(TIMER_TEST_LDADD)
tests_timer_regtest_clocks_SOURCES = tests/timer/regtest_clocks.c \
	$(TIMER_MACHINE)
tests_timer_regtest_clocks_CFLAGS = $(TIMER_TEST_CFLAGS)
tests_timer_regtest_clocks_LDADD = $(TIMER_TEST_LDADD)
tests_timer_regtest_tsc_SOURCES = tests/timer/regtest_tsc.c $(TIMER_MACHINE)
tests_timer_regtest_tsc_CFLAGS = $(TIMER_TEST_CFLAGS)
tests_timer_regtest_tsc_LDADD = $(TIMER_TEST_LDADD)
tests_timer_regtest_direction_SOURCES = tests/timer/regtest_direction.c \
	timer/refkernels.c timer/refkernels.h
tests_timer_regtest_direction_CFLAGS = $(TIMER_TEST_CFLAGS)
tests_timer_regtest_direction_LDADD = $(TIMER_TEST_LDADD)

# mmtime on a CPU without a TSC, for test_mmtime.sh's "no cycle clock"
# messages and exit status.
tests_timer_mmtime_notsc_SOURCES = $(mmtime_SOURCES) tests/timer/fake_notsc.c
tests_timer_mmtime_notsc_LDADD = $(mmtime_LDADD)

TESTS += tests/timer/test_mmtime.sh
EXTRA_DIST += tests/timer/test_mmtime.sh
