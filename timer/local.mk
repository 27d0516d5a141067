# timer/: clocks, sample policy, flush methods, aligned allocation and the
# repetition count (libmmtimer, linked by probe/, codegen/ and tune/), and
# the mmtime command.
noinst_LTLIBRARIES += timer/libmmtimer.la
timer_libmmtimer_la_SOURCES = \
	timer/mmtimer.h \
	timer/cpu.c timer/cpu.h \
	timer/clocks.c \
	timer/memalign.c \
	timer/samples.c timer/samples.h \
	timer/flush.c timer/flush.h \
	timer/guards.c \
	timer/sysfs.c timer/sysfs.h \
	timer/timekernel.c
timer_libmmtimer_la_LIBADD = -lm

bin_PROGRAMS += mmtime
mmtime_SOURCES = \
	timer/mmtime.c \
	timer/refkernels.c timer/refkernels.h \
	timer/flushsize.c timer/flushsize.h
mmtime_LDADD = timer/libmmtimer.la common/libmmcommon.la -lm

# Tests of timer/ (sources under tests/timer/).
TIMER_TESTS = tests/timer/test_clocks tests/timer/test_memalign \
	tests/timer/test_walk tests/timer/test_reps tests/timer/test_direction
check_PROGRAMS += $(TIMER_TESTS)
TESTS += $(TIMER_TESTS)
TIMER_TEST_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
TIMER_TEST_LDADD = timer/libmmtimer.la $(CMOCKA_LIBS) -lm
tests_timer_test_clocks_CFLAGS = $(TIMER_TEST_CFLAGS)
tests_timer_test_clocks_LDADD = $(TIMER_TEST_LDADD)
tests_timer_test_memalign_CFLAGS = $(TIMER_TEST_CFLAGS)
tests_timer_test_memalign_LDADD = $(TIMER_TEST_LDADD)
tests_timer_test_walk_CFLAGS = $(TIMER_TEST_CFLAGS)
tests_timer_test_walk_LDADD = $(TIMER_TEST_LDADD)
tests_timer_test_reps_CFLAGS = $(TIMER_TEST_CFLAGS)
tests_timer_test_reps_LDADD = $(TIMER_TEST_LDADD)
tests_timer_test_direction_SOURCES = tests/timer/test_direction.c \
	timer/refkernels.c timer/refkernels.h
tests_timer_test_direction_CFLAGS = $(TIMER_TEST_CFLAGS)
tests_timer_test_direction_LDADD = $(TIMER_TEST_LDADD)
TESTS += tests/timer/test_mmtime.sh
EXTRA_DIST += tests/timer/test_mmtime.sh
