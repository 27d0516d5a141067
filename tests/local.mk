# Tests of common/, and what several rooms' tests share; each room's own
# tests are listed in its local.mk, with their sources under tests/<room>/.
check_LTLIBRARIES += tests/common/libmmtest.la
tests_common_libmmtest_la_SOURCES = \
	tests/common/scratch.c tests/common/scratch.h \
	tests/common/gemmref.c tests/common/gemmref.h \
	tests/common/cpuid_rows.h
tests_common_libmmtest_la_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)

check_PROGRAMS += tests/common/test_kvfile
tests_common_test_kvfile_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_common_test_kvfile_LDADD = common/libmmcommon.la \
	tests/common/libmmtest.la $(CMOCKA_LIBS)
TESTS += tests/common/test_kvfile

check_PROGRAMS += tests/common/test_probeconf
tests_common_test_probeconf_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_common_test_probeconf_LDADD = common/libmmcommon.la \
	tests/common/libmmtest.la $(CMOCKA_LIBS)
TESTS += tests/common/test_probeconf

check_PROGRAMS += tests/common/test_sysfiles
tests_common_test_sysfiles_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_common_test_sysfiles_LDADD = common/libmmcommon.la \
	tests/common/libmmtest.la $(CMOCKA_LIBS)
TESTS += tests/common/test_sysfiles

# TAP helpers the shell tests source.
EXTRA_DIST += tests/common/tap.sh tests/common/quickcc.sh

# The tests' compiler cache, which quickcc.sh's wrappers and grid.sh run.
check_PROGRAMS += tests/common/cachedcc

# No circle of files inside any room, from the objects' symbols.
TESTS += tests/common/circles.sh tests/common/test_cachedcc.sh
EXTRA_DIST += tests/common/circles.sh tests/common/test_cachedcc.sh
# Each room included from outside through its face only.
TESTS += tests/common/faces.sh
EXTRA_DIST += tests/common/faces.sh
