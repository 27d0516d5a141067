# bench/: benchmarks people run with `make bench` (or one bench-* target).
# Not tests: nothing here passes or fails, and no bench is run by make
# check (only a smoke test of bench-search's program on a tiny space with
# fake timings, so that it cannot rot).  Benches sit on top of every room;
# no room links them.

# Timings of the benches are taken under this lock (flock), so that
# benches run on one machine do not time each other: its path, printed by
# build-aux/timing-lock.sh at run time (a directory of the user's alone;
# empty, and the benches time unlocked, when there is none).
EXTRA_DIST += build-aux/timing-lock.sh
TIMING_LOCK = $$($(SHELL) $(top_srcdir)/build-aux/timing-lock.sh)

# Paper 000 Figure 1 on this machine: flushed and unflushed dot product.
BENCH_TARGETS += bench-timer
EXTRA_DIST += bench/fig1.sh
.PHONY: bench-timer
bench-timer: mmtime mmprobe
	$(SHELL) $(srcdir)/bench/fig1.sh --mmtime=./mmtime \
	    --out="$(MMT_RESULTS)" --taskset="$(TASKSET)" --gnuplot="$(GNUPLOT)"

# In-L1 MFLOPS of a few generated kernels, generated and compiled here with
# the kernel compiler and flags, timed with the timer room's library.
BENCH_TARGETS += bench-codegen
CLEANFILES += bench/bench-codegen bench/bench_codegen.o \
	bench/codegen.d/*.c bench/codegen.d/*.o bench/codegen.d/sets
EXTRA_DIST += bench/codegen_kernels.sh bench/bench_codegen.c
CODEGEN_BENCH_DIR = bench/codegen.d
CODEGEN_BENCH_SETS =
CODEGEN_BENCH_ROUNDS = 5
CODEGEN_BENCH_LIBS = timer/libmmtimer.la common/libmmcommon.la
.PHONY: bench-codegen
bench-codegen: mmgen mmprobe $(CODEGEN_BENCH_LIBS)
	$(SHELL) $(top_srcdir)/bench/codegen_kernels.sh ./mmgen \
	  $(CODEGEN_BENCH_DIR) $(CODEGEN_BENCH_SETS)
	for f in $(CODEGEN_BENCH_DIR)/*.c; do \
	  $(KERNEL_CC) $(KERNEL_CFLAGS) -I$(top_srcdir)/codegen \
	    -c $$f -o $${f%.c}.o || exit 1; \
	done
	$(CC) $(DEFS) $(AM_CPPFLAGS) $(CPPFLAGS) $(AM_CFLAGS) $(CFLAGS) \
	  -c $(top_srcdir)/bench/bench_codegen.c -o bench/bench_codegen.o
	$(LIBTOOL) --quiet --mode=link $(CC) $(CFLAGS) $(LDFLAGS) \
	  -o bench/bench-codegen bench/bench_codegen.o \
	  $(CODEGEN_BENCH_DIR)/*.o $(CODEGEN_BENCH_LIBS) -lm
	$$(test -n "$(TASKSET)" && echo "$(TASKSET) -c 1") bench/bench-codegen \
	  $$(test -f $(MMT_RESULTS)/probe.conf && echo $(MMT_RESULTS)/probe.conf \
	     || echo -) $(CODEGEN_BENCH_ROUNDS)

# DGEMM of libmmtune against the naive loops and, when installed (never a
# build dependency; loaded at run time, left out with a note when absent),
# OpenBLAS as shipped and at its best core type for this CPU, BLIS and
# ATLAS: one thread, pinned, square and rectangular shapes, operands
# flushed and warm, 7 alternated rounds: each table by the median time
# per call, then by the least.  The table goes to
# results/<host>/bench-dgemm.txt, the plot (medians) to bench-dgemm.png
# beside it when gnuplot is there.
# make bench-dgemm BENCH_DGEMM_FLAGS='--sizes=100,200 --modes=warm'
# picks what to run (bench/bench-dgemm --help); '--type=s,d,c,z' SGEMM,
# DGEMM, CGEMM and ZGEMM in turn (default d).
BENCH_TARGETS += bench-dgemm
EXTRA_PROGRAMS = bench/bench-dgemm
bench_bench_dgemm_SOURCES = bench/bench_dgemm.c bench/bench_dgemm.h \
	bench/gemm_types.c bench/gemm_libs.c bench/gemm_check.c \
	bench/gemm_table.c
bench_bench_dgemm_LDADD = common/libmmcommon.la -ldl -lm
CLEANFILES += bench/bench-dgemm$(EXEEXT)
EXTRA_DIST += bench/bench_dgemm.sh
BENCH_DGEMM_FLAGS =
.PHONY: bench-dgemm
bench-dgemm: bench/bench-dgemm$(EXEEXT) kernels/libmmtune.la mmprobe$(EXEEXT) \
		mmtune-info$(EXEEXT)
	$(SHELL) $(srcdir)/bench/bench_dgemm.sh \
	  --bench=bench/bench-dgemm$(EXEEXT) \
	  --mmtune=$(abs_top_builddir)/kernels/.libs/libmmtune.so \
	  --out="$(MMT_RESULTS)" --info=./mmtune-info$(EXEEXT) \
	  --archdefs=$(top_srcdir)/results/archdefs \
	  --taskset="$(TASKSET)" --gnuplot="$(GNUPLOT)" -- $(BENCH_DGEMM_FLAGS)

# numpy.matmul with libmmtune preloaded against NumPy on its own BLAS,
# alternated; the binding shown and the answer checked first
# (bench/bench_numpy.sh).  make bench-numpy BENCH_NUMPY_ARGS='4000 2 7'
# (N, threads, rounds); '--dtype=float32,complex64,complex128 1000 2 7'
# (float64 by default).
BENCH_TARGETS += bench-numpy
BENCH_NUMPY_ARGS =
EXTRA_DIST += bench/bench_numpy.sh
.PHONY: bench-numpy
bench-numpy: kernels/libmmtune.la
	$(SHELL) $(srcdir)/bench/bench_numpy.sh \
	  $(abs_top_builddir)/kernels/.libs/libmmtune.so $(BENCH_NUMPY_ARGS)

# Its smoke test (tiny shapes, one round, libmmtune and the naive loops, a
# missing library and a planted wrong one): the bench cannot rot.  Real
# runs never happen in make check.  Its --type smoke test runs SGEMM,
# CGEMM and ZGEMM on test libraries of plain loops (right, planted wrong,
# DGEMM alone), whatever libmmtune exports.
TESTS += tests/bench/bench_dgemm.sh tests/bench/bench_dgemm_types.sh
EXTRA_DIST += tests/bench/bench_dgemm.sh tests/bench/bench_dgemm_types.sh
# bench-numpy's smoke test: a bad --dtype refused; with NumPy, one round
# at N = 64 (binding, check, figures) and a planted wrong product caught.
TESTS += tests/bench/bench_numpy.sh
EXTRA_DIST += tests/bench/bench_numpy.sh
tests/bench/bench_numpy.log: kernels/libmmtune.la tests/bench/libwrongblas.la
# make tune's closing lines, from stand-ins (no timing).
TESTS += tests/bench/tune_summary.sh
EXTRA_DIST += tests/bench/tune_summary.sh
tests/bench/bench_dgemm.log: bench/bench-dgemm$(EXEEXT) \
	tests/bench/libwrongblas.la tests/bench/libenvblas.la
tests/bench/bench_dgemm_types.log: bench/bench-dgemm$(EXEEXT) \
	tests/bench/libwrongblas.la tests/bench/libenvblas.la \
	tests/bench/libplainblas.la
check_LTLIBRARIES += tests/bench/libwrongblas.la tests/bench/libenvblas.la \
	tests/bench/libplainblas.la
tests_bench_libwrongblas_la_SOURCES = tests/bench/wrongblas.c \
	tests/bench/plainblas.h
tests_bench_libwrongblas_la_LDFLAGS = -module -avoid-version \
	-rpath /nowhere
tests_bench_libenvblas_la_SOURCES = tests/bench/envblas.c \
	tests/bench/plainblas.h
tests_bench_libenvblas_la_LDFLAGS = -module -avoid-version \
	-rpath /nowhere
tests_bench_libplainblas_la_SOURCES = tests/bench/plainblas.c \
	tests/bench/plainblas.h
tests_bench_libplainblas_la_LDFLAGS = -module -avoid-version \
	-rpath /nowhere

# The search against a dense sweep of its own space (issue 8): mmsearch at
# its default level and --engine=model (when built) timed into
# $(BENCH_SEARCH_DIR), never results/<host>/; then every NB x MU x NU
# (KU=1) of the search's space for the winner's ISA, each timed right
# after the winner, the best re-timed with the winner and the model's
# kernel in interleaved rounds.  Compiles use every CPU; timings run on
# CPU 1 under $(TIMING_LOCK).  About 15 minutes on 2 cores; limit it with
# BENCH_SEARCH_FLAGS='--nb-step=2 --time-limit=300' (bench-search --help).
BENCH_TARGETS += bench-search
check_PROGRAMS += bench/bench-search
bench_bench_search_SOURCES = bench/bench_search.c bench/search_sweep.c \
	bench/search_sweep.h
bench_bench_search_CPPFLAGS = $(tune_libmmsearch_la_CPPFLAGS)
bench_bench_search_LDADD = tune/libmmsearch.la
BENCH_SEARCH_FLAGS =
BENCH_SEARCH_DIR = bench/search.d
# The command that runs under the timing lock when there is one (a
# recipe's words; empty without flock or a lock), and the probe a
# search needs, made under it unless probe.conf is there.
LOCKED = $$(l=$(TIMING_LOCK) && command -v flock >/dev/null \
	    && echo flock "$$l")
PROBE_ONCE = test -f "$(MMT_RESULTS)/probe.conf" || $(LOCKED) ./mmprobe
.PHONY: bench-search bench-search-clean
bench-search: bench/bench-search$(EXEEXT) mmsearch$(EXEEXT) mmprobe$(EXEEXT)
	$(PROBE_ONCE)
	bench/bench-search$(EXEEXT) --mmsearch=./mmsearch \
	  --dir=$(BENCH_SEARCH_DIR) --lock="$(TIMING_LOCK)" \
	  $$(test "$$(nproc 2>/dev/null || echo 1)" -gt 1 && echo --cpu=1) \
	  $(BENCH_SEARCH_FLAGS)
bench-search-clean:
	rm -rf $(BENCH_SEARCH_DIR)
clean-local: bench-search-clean

# Its smoke test: the whole program on a tiny scalar space, fake timings.
# In make regtest's untimed part, as test_context_rank.sh below: they
# check the benchmarks' tooling, not what make tune builds, and were 39 s
# of make check's 338 (AVX-512 Zen 4 guest, cold cache, 2026-12-01).
REGTESTS += tests/bench/test_bench_search.sh
REGTESTS_UNTIMED += tests/bench/test_bench_search.sh
EXTRA_DIST += tests/bench/test_bench_search.sh

# How well each kernel-timing context (mmsearch --context=l1, packed)
# ranks 22 kernels as the whole DGEMM does (issue 32): each kernel
# searched alone, everything pinned, in both contexts; about 15 minutes
# on 2 cores, the logs in $(BENCH_CONTEXT_DIR) (a run resumes them).
# make bench-context BENCH_CONTEXT_FLAGS='24x8:gcc 40x5:gcc' picks the
# kernels (bench/context_rank.sh --help).
BENCH_TARGETS += bench-context
EXTRA_DIST += bench/context_rank.sh
BENCH_CONTEXT_FLAGS =
BENCH_CONTEXT_DIR = bench/context.d
.PHONY: bench-context bench-context-clean
bench-context: mmsearch$(EXEEXT) mmprobe$(EXEEXT)
	$(PROBE_ONCE)
	$(LOCKED) $(SHELL) $(srcdir)/bench/context_rank.sh \
	  --mmsearch=./mmsearch --dir=$(BENCH_CONTEXT_DIR) \
	  --taskset="$$(test -n '$(TASKSET)' && echo '$(TASKSET) -c 0,1')" \
	  $(BENCH_CONTEXT_FLAGS)
bench-context-clean:
	rm -rf $(BENCH_CONTEXT_DIR)
clean-local: bench-context-clean
# Its smoke test: two AVX2 tiles, fake timings (make regtest, untimed).
REGTESTS += tests/bench/test_context_rank.sh
REGTESTS_UNTIMED += tests/bench/test_context_rank.sh
EXTRA_DIST += tests/bench/test_context_rank.sh

# The profiler on programs nobody here wrote (issue 10): Debian's NumPy
# doing a least-squares solve, a matrix power and a linear solve under
# libmmprofile, with the system's BLAS and with OpenBLAS; one thread,
# pinned, under $(TIMING_LOCK).  python3-numpy is not a build dependency:
# without it the script says how to get it and stops (exit 0).  Tables
# and summary into results/<host>/profile-*.txt.
BENCH_TARGETS += bench-profile
EXTRA_DIST += bench/profile_demo.sh bench/profile_demo.py
PROFILE_DEMO_SIZES = 100,300,600
.PHONY: bench-profile
bench-profile: profile/libmmprofile.la mmprobe$(EXEEXT)
	$(SHELL) $(srcdir)/bench/profile_demo.sh \
	  --prof=$(abs_top_builddir)/profile/.libs/libmmprofile.so \
	  --script=$(srcdir)/bench/profile_demo.py --out="$(MMT_RESULTS)" \
	  --sizes=$(PROFILE_DEMO_SIZES) --taskset="$(TASKSET)" \
	  --lock="$(TIMING_LOCK)"

# Paper 001 §5.3: five mmgen kernels differing only in NB (the library's
# kernel parameters), timed by the driver mmspec generates from
# bench/mmk.spec and by a hand-written timer, flushed and unflushed; then
# one kernel timed BENCH_SPEC_REPEAT times by each (Fig. 7).  Under
# $(TIMING_LOCK), pinned; about 2 minutes.  The tables go to
# results/<host>/bench-spec.txt.  make bench-spec BENCH_SPEC_FLAGS=
# '--nbs="48 96" --rounds=3 --repeat=50' picks what to run.
BENCH_TARGETS += bench-spec
EXTRA_DIST += bench/bench_spec.sh bench/bench_spec_tables.sh \
	bench/bench_spec_hand.c bench/mmk.spec
BENCH_SPEC_FLAGS =
.PHONY: bench-spec bench-spec-clean
bench-spec-clean:
	rm -rf bench/spec.d
clean-local: bench-spec-clean
bench-spec: mmspec$(EXEEXT) mmgen$(EXEEXT) mmprobe$(EXEEXT) \
		drivergen/libmmspec.la $(KGEN)/kernel.params
	$(SHELL) $(srcdir)/bench/bench_spec.sh --mmspec=./mmspec \
	  --mmgen=./mmgen --srcdir=$(top_srcdir) --dir=bench/spec.d \
	  --params=$(KGEN)/kernel.params --cc='$(CC) $(CFLAGS)' \
	  --kernel-cc='$(KERNEL_CC) $(KERNEL_CFLAGS)' --out="$(MMT_RESULTS)" \
	  --lock="$(TIMING_LOCK)" --taskset="$(TASKSET)" $(BENCH_SPEC_FLAGS)

# Issue 10's demonstration: Debian's NumPy (numpy.linalg.lstsq and
# matrix_power, bench/profile_demo.py, sizes BENCH_APP_SIZES) profiled by
# libmmprofile; each workload's BENCH_APP_TOP heaviest dgemm shapes made
# specs by mmspec --from-profile, their drivers built against libmmtune
# and against Debian's OpenBLAS (by path and rpath, checked with ldd;
# OPENBLAS_CORETYPE the best core for this CPU, as bench-dgemm picks it)
# and timed in interleaved rounds, one thread, pinned, under
# $(TIMING_LOCK).  NumPy and OpenBLAS are not build dependencies: without
# them the script says what is missing and stops (exit 0).  The tables
# go to results/<host>/bench-app.txt, the profiles beside it.
# make bench-app BENCH_APP_FLAGS='--rounds=3 --workloads=lstsq --top=3'
BENCH_TARGETS += bench-app
EXTRA_DIST += bench/bench_app.sh bench/bench_app_tables.sh
BENCH_APP_SIZES = 300,1000
BENCH_APP_TOP = 5
BENCH_APP_FLAGS =
.PHONY: bench-app bench-app-clean
bench-app-clean:
	rm -rf bench/app.d
clean-local: bench-app-clean
bench-app: profile/libmmprofile.la mmspec$(EXEEXT) drivergen/libmmspec.la \
		kernels/libmmtune.la bench/bench-dgemm$(EXEEXT) \
		mmtune-info$(EXEEXT) mmprobe$(EXEEXT)
	$(SHELL) $(srcdir)/bench/bench_app.sh --mmspec=./mmspec \
	  --mmtune=$(abs_top_builddir)/kernels/.libs/libmmtune.so \
	  --info=./mmtune-info$(EXEEXT) \
	  --prof=$(abs_top_builddir)/profile/.libs/libmmprofile.so \
	  --script=$(srcdir)/bench/profile_demo.py \
	  --bench-dgemm=bench/bench-dgemm$(EXEEXT) --dir=bench/app.d \
	  --out="$(MMT_RESULTS)" --sizes=$(BENCH_APP_SIZES) \
	  --top=$(BENCH_APP_TOP) --cc='$(CC) $(CFLAGS)' \
	  --taskset="$(TASKSET)" --lock="$(TIMING_LOCK)" $(BENCH_APP_FLAGS)

# Its smoke test (make check): the pipeline on tests/drivergen/profile.txt,
# libmmtune alone, each driver run once; no NumPy, no timing judgment.
TESTS += tests/bench/bench_app.sh
EXTRA_DIST += tests/bench/bench_app.sh
tests/bench/bench_app.log: mmspec$(EXEEXT) drivergen/libmmspec.la \
	kernels/libmmtune.la

# The timing lock's home keeps it in a directory of the user's alone.
TESTS += tests/bench/test_timing_lock.sh
EXTRA_DIST += tests/bench/test_timing_lock.sh
