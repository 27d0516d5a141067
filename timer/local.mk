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
mmtime_LDADD = timer/libmmtimer.la probe/libmmprobeconf.la \
	common/libmmcommon.la -lm
