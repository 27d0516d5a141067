# probe room: microbenchmarks that measure the machine (paper 002 §IV-A,
# §V-D/E) and the probe.conf they write.
# probe.conf's schema, reader and writer live in common/ (its readers
# never pull in the probes or the timer).

# The probes themselves; they time with the timer room's clocks.
noinst_LTLIBRARIES += probe/libmmprobe.la
probe_libmmprobe_la_SOURCES = probe/probes.h \
	probe/util.c probe/chain.c probe/clock.c probe/fpu.c probe/regs.c \
	probe/cache.c \
	probe/chase.c probe/chase.h probe/curve.c probe/curve.h \
	probe/sysinfo.c probe/judge.c
probe_libmmprobe_la_LIBADD = common/libmmcommon.la timer/libmmtimer.la -lm

bin_PROGRAMS += mmprobe
mmprobe_SOURCES = probe/mmprobe.c
mmprobe_LDADD = probe/libmmprobe.la common/libmmcommon.la

# The cache probe's reading of measurements, on simulated caches.
check_PROGRAMS += tests/probe/test_cachegeom
tests_probe_test_cachegeom_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_probe_test_cachegeom_LDADD = probe/libmmprobe.la $(CMOCKA_LIBS)
TESTS += tests/probe/test_cachegeom

# How a probe job's rounds become its answer.
check_PROGRAMS += tests/probe/test_vote
tests_probe_test_vote_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_probe_test_vote_LDADD = probe/libmmprobe.la $(CMOCKA_LIBS)
TESTS += tests/probe/test_vote

probe_libmmprobe_la_SOURCES += probe/regs.h
# The register probe's reading of recorded gcc and clang assembly, and the
# probe itself with the kernel compiler for other machines' -march.
check_PROGRAMS += tests/probe/test_regs tests/probe/regsprobe
tests_probe_test_regs_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_probe_test_regs_LDADD = probe/libmmprobe.la $(CMOCKA_LIBS)
tests_probe_regsprobe_LDADD = probe/libmmprobe.la
TESTS += tests/probe/test_regs tests/probe/test_regs_live.sh
EXTRA_DIST += tests/probe/test_regs_live.sh tests/probe/asm/gcc12-zen5.s \
	tests/probe/asm/gcc12-znver3.s tests/probe/asm/clang14-zen5.s \
	tests/probe/asm/clang14-znver3.s

# cpuid's cache leaves, decoded from recorded registers.
check_PROGRAMS += tests/probe/test_cpuid
tests_probe_test_cpuid_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_probe_test_cpuid_LDADD = probe/libmmprobe.la $(CMOCKA_LIBS)
TESTS += tests/probe/test_cpuid

# mmprobe's command line and files, on a made-up probe.conf.
TESTS += tests/probe/test_mmprobe.sh
EXTRA_DIST += tests/probe/test_mmprobe.sh tests/probe/probelib.sh

# Timed: five quiet runs against the facts, each other and the 5 s budget;
# l1shared is its witness of another tenant in the L1 (no mmprobe code).
check_PROGRAMS += tests/probe/l1shared
REGTESTS += tests/probe/regtest_mmprobe.sh
EXTRA_DIST += tests/probe/regtest_mmprobe.sh
# Timed: one full run against sysfs or the cpuid tool, within tolerances.
REGTESTS += tests/probe/regtest_mmprobe_once.sh
EXTRA_DIST += tests/probe/regtest_mmprobe_once.sh
