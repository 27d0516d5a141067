# common/: what several rooms need, written once -- diagnostics and exit
# codes, atomic files, the KEY = value reader/writer (on libinih), the
# schemas of the files mmtune writes (probe.conf, params.conf) with their
# common head (format version and origin) and fingerprints, the one
# results path, the one reader of sysfs and /proc/cpuinfo, and the one
# way a tool runs a child (proc.c: the search's compilers and candidates,
# the register probe's compiles, mmreport's gnuplot) and runs compilers
# (compile.c: the search's batches and driver, the register probe's).
noinst_LTLIBRARIES += common/libmmcommon.la
common_libmmcommon_la_SOURCES = \
	common/diag.c common/diag.h \
	common/atomicfile.c common/atomicfile.h \
	common/kvfile.c common/kvfile.h \
	common/origin.c common/origin.h \
	common/results.c common/results.h \
	common/probeconf.c common/probeconf.h \
	common/paramsconf.c common/paramsconf.h \
	common/fingerprint.c common/fingerprint.h \
	common/compilers.c common/compilers.h \
	common/cpuid.c common/cpuid.h \
	common/isa.c common/isa.h \
	common/sysfiles.c common/sysfiles.h \
	common/proc.c common/proc.h \
	common/compile.c common/compile.h \
	common/common.h common/paramtable.h
common_libmmcommon_la_CFLAGS = $(AM_CFLAGS) $(INIH_CFLAGS)
common_libmmcommon_la_LIBADD = $(INIH_LIBS) -lm
