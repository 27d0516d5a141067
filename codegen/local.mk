# codegen room: the generator (parameters in, C source out) and mmgen.
noinst_LTLIBRARIES += codegen/libmmgen.la
codegen_libmmgen_la_SOURCES = \
	codegen/params.c codegen/params.h \
	codegen/emit.c codegen/emit.h \
	codegen/loadsched.c codegen/loadsched.h \
	codegen/emit_int.h codegen/codegen.h \
	codegen/emit_kernel.c codegen/emit_ctx.c codegen/emit_tile.c \
	codegen/emit_scalar.c codegen/emit_simd.c \
	codegen/oracle.c codegen/oracle.h
codegen_libmmgen_la_CFLAGS = $(AM_CFLAGS) $(INIH_CFLAGS)
codegen_libmmgen_la_LIBADD = common/libmmcommon.la
noinst_HEADERS += codegen/mmkernel.h codegen/mmkernel_pf.h codegen/cpurun.h
EXTRA_DIST += codegen/KERNEL_ABI.md

bin_PROGRAMS += mmgen
mmgen_SOURCES = codegen/mmgen.c
mmgen_LDADD = codegen/libmmgen.la

# Tests (sources under tests/codegen/).  Kernels are compiled by the tests
# with exactly the configured kernel compiler and flags.
AM_TESTS_ENVIRONMENT += \
	KERNEL_CC='$(KERNEL_CC)'; export KERNEL_CC; \
	KERNEL_CFLAGS='$(KERNEL_CFLAGS)'; export KERNEL_CFLAGS;
check_PROGRAMS += tests/codegen/gengrid tests/codegen/test_params \
	tests/codegen/test_sched tests/codegen/test_prefetch \
	tests/codegen/test_prefetch_s
tests_codegen_gengrid_SOURCES = tests/codegen/gengrid.c
tests_codegen_gengrid_LDADD = codegen/libmmgen.la
tests_codegen_test_params_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_codegen_test_params_LDADD = codegen/libmmgen.la $(CMOCKA_LIBS)
tests_codegen_test_sched_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_codegen_test_sched_LDADD = codegen/libmmgen.la $(CMOCKA_LIBS)
tests_codegen_test_prefetch_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_codegen_test_prefetch_LDADD = $(CMOCKA_LIBS)
# The same walks over float's helpers.
tests_codegen_test_prefetch_s_SOURCES = tests/codegen/test_prefetch.c
tests_codegen_test_prefetch_s_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) \
	-DMMT_TEST_FLOAT
tests_codegen_test_prefetch_s_LDADD = $(CMOCKA_LIBS)
TESTS += tests/codegen/test_params tests/codegen/test_sched \
	tests/codegen/test_prefetch tests/codegen/test_prefetch_s \
	tests/codegen/contract.sh tests/codegen/mmgen_cli.sh \
	tests/codegen/edge_stack.sh
# tests/codegen/grid.sh: in Makefile.am's TESTS, among the longest first
EXTRA_DIST += tests/codegen/grid.sh tests/codegen/mmgen_cli.sh \
	tests/codegen/contract.sh tests/codegen/isa.sh \
	tests/codegen/check_kernels.c tests/codegen/edge_stack.sh \
	tests/codegen/edge_stack.c
