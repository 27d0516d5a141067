# common/: what several rooms need, written once -- diagnostics and exit
# codes, atomic files, and the KEY = value reader/writer (on libinih).
noinst_LTLIBRARIES += common/libmmcommon.la
common_libmmcommon_la_SOURCES = \
	common/diag.c common/diag.h \
	common/atomicfile.c common/atomicfile.h \
	common/kvfile.c common/kvfile.h
common_libmmcommon_la_CFLAGS = $(AM_CFLAGS) $(INIH_CFLAGS)
common_libmmcommon_la_LIBADD = $(INIH_LIBS) -lm
