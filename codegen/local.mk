# codegen room: the generator (parameters in, C source out) and mmgen.
noinst_LTLIBRARIES += codegen/libmmgen.la
codegen_libmmgen_la_SOURCES = \
	codegen/params.c codegen/params.h \
	codegen/emit.c codegen/emit.h \
	codegen/sched.c codegen/sched.h \
	codegen/emit_int.h codegen/codegen.h \
	codegen/emit_kernel.c codegen/emit_tile.c \
	codegen/emit_scalar.c codegen/emit_simd.c
codegen_libmmgen_la_CFLAGS = $(AM_CFLAGS) $(INIH_CFLAGS)
codegen_libmmgen_la_LIBADD = common/libmmcommon.la
noinst_HEADERS += codegen/mmkernel.h codegen/cpurun.h
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
	tests/codegen/test_sched
tests_codegen_gengrid_SOURCES = tests/codegen/gengrid.c
tests_codegen_gengrid_LDADD = codegen/libmmgen.la
tests_codegen_test_params_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_codegen_test_params_LDADD = codegen/libmmgen.la $(CMOCKA_LIBS)
tests_codegen_test_sched_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_codegen_test_sched_LDADD = codegen/libmmgen.la $(CMOCKA_LIBS)
TESTS += tests/codegen/test_params tests/codegen/test_sched \
	tests/codegen/grid.sh \
	tests/codegen/mmgen_cli.sh
EXTRA_DIST += tests/codegen/grid.sh tests/codegen/mmgen_cli.sh \
	tests/codegen/check_kernels.c

# make bench: in-L1 MFLOPS of a few kernels, generated and compiled here
# with the kernel compiler and flags, timed with the timer room's library.
BENCH_TARGETS += bench-codegen
CLEANFILES += codegen/bench-codegen codegen/bench_codegen.o \
	codegen/bench.d/*.c codegen/bench.d/*.o codegen/bench.d/sets
EXTRA_DIST += codegen/bench.sh codegen/bench_codegen.c
CODEGEN_BENCH_DIR = codegen/bench.d
CODEGEN_BENCH_SETS =
CODEGEN_BENCH_ROUNDS = 5
CODEGEN_BENCH_LIBS = timer/libmmtimer.la probe/libmmprobeconf.la \
	common/libmmcommon.la
bench-codegen: mmgen $(CODEGEN_BENCH_LIBS)
	$(SHELL) $(top_srcdir)/codegen/bench.sh ./mmgen $(CODEGEN_BENCH_DIR) \
	  $(CODEGEN_BENCH_SETS)
	for f in $(CODEGEN_BENCH_DIR)/*.c; do \
	  $(KERNEL_CC) $(KERNEL_CFLAGS) -I$(top_srcdir)/codegen \
	    -c $$f -o $${f%.c}.o || exit 1; \
	done
	$(CC) $(DEFS) $(AM_CPPFLAGS) $(CPPFLAGS) $(AM_CFLAGS) $(CFLAGS) \
	  -c $(top_srcdir)/codegen/bench_codegen.c -o codegen/bench_codegen.o
	$(LIBTOOL) --quiet --mode=link $(CC) $(CFLAGS) $(LDFLAGS) \
	  -o codegen/bench-codegen codegen/bench_codegen.o \
	  $(CODEGEN_BENCH_DIR)/*.o $(CODEGEN_BENCH_LIBS) -lm
	$$(test -n "$(TASKSET)" && echo "$(TASKSET) -c 1") codegen/bench-codegen \
	  $$(test -f $(MMT_RESULTS)/probe.conf && echo $(MMT_RESULTS)/probe.conf \
	     || echo -) $(CODEGEN_BENCH_ROUNDS)
.PHONY: bench-codegen
