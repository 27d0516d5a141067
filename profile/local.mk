# profile/: libmmprofile.so, the profiler of paper 001 Section 3.1 (Fig. 2)
# for DGEMM: LD_PRELOAD=$(libdir)/libmmprofile.so PROGRAM records every
# dgemm_ and cblas_dgemm call of an unmodified program and writes the table
# of call shapes that mmspec --from-profile reads.  A module (preloaded,
# never linked against; -shared: no static archive, which nothing could
# use): it exports only the two routines, and builds its
# one helper from common/ (atomic files) from source, so that it brings
# into the program no library the program did not load itself.
lib_LTLIBRARIES += profile/libmmprofile.la
profile_libmmprofile_la_SOURCES = profile/profile.h profile/interpose.c \
	profile/record.c profile/resolve.c profile/table.c \
	common/atomicfile.c common/atomicfile.h
profile_libmmprofile_la_CFLAGS = $(AM_CFLAGS)
profile_libmmprofile_la_LDFLAGS = -module -shared -avoid-version \
	-export-symbols-regex '^(dgemm_|cblas_dgemm)$$'

# Tests (sources under tests/profile/).  A naive fake BLAS whose
# cblas_dgemm calls dgemm_ through the symbol table (as the reference
# CBLAS does), a library standing in for a NumPy extension module, and
# two programs making known calls.  The programs are linked -no-install:
# the binary in the build tree is the program itself (no libtool wrapper
# script for LD_PRELOAD to reach first), with the fake BLAS found by its
# run path, in the build tree and under make distcheck alike.
check_LTLIBRARIES += tests/profile/libfakeblas.la tests/profile/libfakeext.la
tests_profile_libfakeblas_la_SOURCES = tests/profile/fakeblas.c \
	tests/profile/fakeblas.h
tests_profile_libfakeblas_la_LDFLAGS = -avoid-version -rpath /nowhere
tests_profile_libfakeext_la_SOURCES = tests/profile/fakeext.c
tests_profile_libfakeext_la_LDFLAGS = -module -avoid-version -rpath /nowhere
tests_profile_libfakeext_la_LIBADD = tests/profile/libfakeblas.la
check_PROGRAMS += tests/profile/calls tests/profile/dlcalls \
	tests/profile/kvheader
tests_profile_calls_SOURCES = tests/profile/calls.c tests/profile/plan.c \
	tests/profile/plan.h
tests_profile_calls_LDFLAGS = -no-install
tests_profile_calls_LDADD = tests/profile/libfakeblas.la \
	tests/common/libmmtest.la -lm
tests_profile_dlcalls_SOURCES = tests/profile/dlcalls.c tests/profile/plan.c \
	tests/profile/plan.h
tests_profile_dlcalls_LDFLAGS = -no-install
tests_profile_dlcalls_LDADD = tests/common/libmmtest.la -lm
# The table's header through common/'s KEY = value reader.
tests_profile_kvheader_CFLAGS = $(AM_CFLAGS) $(INIH_CFLAGS)
tests_profile_kvheader_LDADD = common/libmmcommon.la
TESTS += tests/profile/table.sh tests/profile/cases.sh
EXTRA_DIST += tests/profile/table.sh tests/profile/cases.sh \
	tests/profile/preload.sh
