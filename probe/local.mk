# probe room: microbenchmarks that measure the machine (paper 002 §IV-A,
# §V-D/E) and the probe.conf they write.
#
# libmmprobeconf.la reads and writes probe.conf; it needs only common/, so
# readers of probe.conf never pull in the probes or the timer.
noinst_LTLIBRARIES += probe/libmmprobeconf.la
probe_libmmprobeconf_la_SOURCES = probe/probeconf.c probe/probeconf.h
probe_libmmprobeconf_la_LIBADD = common/libmmcommon.la -lm

# Tests of probe/ (sources under tests/probe/).
check_PROGRAMS += tests/probe/test_probeconf
tests_probe_test_probeconf_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_probe_test_probeconf_LDADD = probe/libmmprobeconf.la $(CMOCKA_LIBS)
TESTS += tests/probe/test_probeconf
