# tune/: the search (issue 8).  libmmsearch holds the candidate pipeline,
# the search steps (search.c's loop; a file per kind of step, stepX.c),
# the noise statistics and the log; mmsearch is the command.  It uses
# codegen (generator, oracle), timer and common; never probe/ internals
# (probe.conf comes through common/probeconf.h).
noinst_LTLIBRARIES += tune/libmmsearch.la
tune_libmmsearch_la_SOURCES = \
	tune/tune.h tune/candidate.c tune/candidate.h \
	tune/build.c tune/measure.c \
	tune/shapes.c \
	tune/stats.c tune/stats.h tune/steps.c tune/steps.h \
	tune/pins.c tune/pins.h tune/ranges.c tune/ranges.h tune/blockranges.c \
	tune/model.c tune/model.h tune/searchlog.c tune/searchlog.h \
	tune/logread.c tune/logread.h tune/logfind.c \
	tune/search.c tune/search.h tune/steprun.h tune/how.h \
	tune/stepkernel.c tune/stepncnb.c tune/stepkclean.c tune/stepcc.c \
	tune/stepdgemm.c tune/stepblocks.c tune/stepseeds.c \
	tune/screen.c tune/screen.h \
	tune/decide.c tune/decide.h tune/incumbent.c tune/incumbent.h \
	tune/timing.c tune/timing.h tune/progress.c tune/progress.h \
	tune/searchtext.c tune/searchtext.h tune/searchend.c \
	tune/winner.c tune/winner.h tune/paramsout.c tune/paramsout.h \
	tune/single.c tune/single.h \
	tune/blocks.c tune/blocks.h tune/dgemm.c tune/dgemm.h \
	tune/objcache.c tune/objcache.h tune/workdir.c tune/workdir.h
# Candidates are compiled against the kernel contract in the source tree;
# the blocks steps compile the library's driver from it too (kernels/
# local.mk's MML_DRIVER_SOURCES: one list, one driver).
tune_libmmsearch_la_CPPFLAGS = $(AM_CPPFLAGS) \
	-DMMS_KERNEL_INCLUDE='"$(abs_top_srcdir)/codegen"' \
	-DMMS_SOURCE_DIR='"$(abs_top_srcdir)"' \
	-DMMS_DRIVER_SOURCES='"$(MML_DRIVER_SOURCES)"'
tune_libmmsearch_la_LIBADD = codegen/libmmgen.la timer/libmmtimer.la \
	kernels/libmmparams.la common/libmmcommon.la -lm
# The list is compiled in: a change to it must rebuild the object (named
# through a variable, which adds a prerequisite to Automake's rule
# instead of overriding it).
MMS_BLOCKS_OBJ = tune/libmmsearch_la-blocks.lo
$(MMS_BLOCKS_OBJ): $(top_srcdir)/kernels/local.mk

# Tests (sources under tests/tune/).
TUNE_TEST_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
TUNE_TEST_LDADD = tune/libmmsearch.la tests/common/libmmtest.la \
	$(CMOCKA_LIBS)
check_PROGRAMS += tests/tune/test_pipeline
tests_tune_test_pipeline_CFLAGS = $(TUNE_TEST_CFLAGS)
tests_tune_test_pipeline_LDADD = $(TUNE_TEST_LDADD)
TESTS += tests/tune/test_pipeline
EXTRA_DIST += tests/tune/plant.h tests/tune/plant_crash.c \
	tests/tune/plant_hang.c tests/tune/plant_hog.c tests/tune/plant_shape.c

check_PROGRAMS += tests/tune/test_paramsconf
tests_tune_test_paramsconf_CFLAGS = $(TUNE_TEST_CFLAGS)
tests_tune_test_paramsconf_LDADD = codegen/libmmgen.la \
	tests/common/libmmtest.la $(CMOCKA_LIBS)
TESTS += tests/tune/test_paramsconf

check_PROGRAMS += tests/tune/test_stats
tests_tune_test_stats_CFLAGS = $(TUNE_TEST_CFLAGS)
tests_tune_test_stats_LDADD = $(TUNE_TEST_LDADD)
TESTS += tests/tune/test_stats

check_PROGRAMS += tests/tune/test_model
tests_tune_test_model_CFLAGS = $(TUNE_TEST_CFLAGS)
tests_tune_test_model_LDADD = $(TUNE_TEST_LDADD)
TESTS += tests/tune/test_model

check_PROGRAMS += tests/tune/test_objcache
tests_tune_test_objcache_CFLAGS = $(TUNE_TEST_CFLAGS)
tests_tune_test_objcache_LDADD = $(TUNE_TEST_LDADD)
TESTS += tests/tune/test_objcache

check_PROGRAMS += tests/tune/test_steps
tests_tune_test_steps_CFLAGS = $(TUNE_TEST_CFLAGS)
tests_tune_test_steps_LDADD = $(TUNE_TEST_LDADD)
TESTS += tests/tune/test_steps

# make tune's step threads: this build's DGEMM (the driver and kernels
# linked in) timed on one thread and on the team; THREAD_N, THREAD_JC.
noinst_PROGRAMS += mmthreads
mmthreads_SOURCES = tune/mmthreads.c tune/threadrule.c tune/threadrule.h \
	tune/stepcli.c tune/stepcli.h
mmthreads_CFLAGS = $(AM_CFLAGS) $(OPENMP_CFLAGS)
mmthreads_LDFLAGS = $(OPENMP_CFLAGS)
mmthreads_LDADD = kernels/libmmdriver.la common/libmmcommon.la -lm
# Its rules, on rounds given (no timing).
check_PROGRAMS += tests/tune/test_threadrule
tests_tune_test_threadrule_SOURCES = tests/tune/test_threadrule.c \
	tune/threadrule.c
tests_tune_test_threadrule_CFLAGS = $(TUNE_TEST_CFLAGS)
tests_tune_test_threadrule_LDADD = $(CMOCKA_LIBS)
TESTS += tests/tune/test_threadrule
# mmthreads as a command (a short run on two threads: the plumbing).
TESTS += tests/tune/mmthreads_cli.sh
EXTRA_DIST += tests/tune/mmthreads_cli.sh

# make tune's step s-small: this build's SGEMM on the small and the
# packed path, S_SMALL_MAX (compiled for single: kernels/elem.h names
# single's driver, which shares double's thread objects).
noinst_PROGRAMS += mmsmall
mmsmall_SOURCES = tune/mmsmall.c tune/smallrule.c tune/smallrule.h \
	tune/stats.c tune/stepcli.c tune/stepcli.h
mmsmall_CPPFLAGS = $(AM_CPPFLAGS) -DMML_SINGLE
mmsmall_CFLAGS = $(AM_CFLAGS) $(OPENMP_CFLAGS)
mmsmall_LDFLAGS = $(OPENMP_CFLAGS)
mmsmall_LDADD = kernels/libmmsingle.la kernels/libmmdriver.la \
	common/libmmcommon.la -lm
# Its rule, on rounds given (no timing); the command (fake timing: the
# plumbing).
check_PROGRAMS += tests/tune/test_smallrule
tests_tune_test_smallrule_SOURCES = tests/tune/test_smallrule.c \
	tune/smallrule.c tune/stats.c
tests_tune_test_smallrule_CFLAGS = $(TUNE_TEST_CFLAGS)
tests_tune_test_smallrule_LDADD = $(CMOCKA_LIBS) -lm
TESTS += tests/tune/test_smallrule tests/tune/mmsmall_cli.sh
EXTRA_DIST += tests/tune/mmsmall_cli.sh

bin_PROGRAMS += mmsearch
mmsearch_SOURCES = tune/mmsearch.c
mmsearch_CPPFLAGS = $(tune_libmmsearch_la_CPPFLAGS)
mmsearch_LDADD = tune/libmmsearch.la

# (tests/tune/test_ccstep.sh: in Makefile.am's TESTS, the longest first)
TESTS += tests/tune/test_mmsearch.sh
EXTRA_DIST += tests/tune/test_mmsearch.sh tests/tune/test_ccstep.sh \
	tests/tune/tinysearch.sh

TESTS += tests/tune/test_engines.sh tests/tune/test_single.sh
EXTRA_DIST += tests/tune/test_engines.sh tests/tune/test_single.sh
# The kernel steps in the packed timing context (--context=packed).
TESTS += tests/tune/test_context.sh
EXTRA_DIST += tests/tune/test_context.sh
# Steps 6 and 7 (NCNB, K_CROSSOVER) alone, the earlier ones pinned.
TESTS += tests/tune/test_side_steps.sh
EXTRA_DIST += tests/tune/test_side_steps.sh
# The blocks steps (MC, KC, NC timed as the whole DGEMM) alone (in TESTS
# at its head, Makefile.am: a long test first).
EXTRA_DIST += tests/tune/test_blocks.sh
# The dgemm step (the kernel and compiler chosen by the whole DGEMM; in
# TESTS at its head, Makefile.am).
EXTRA_DIST += tests/tune/test_dgemmstep.sh

# Timed (make regtest): a real search must not end slower than it began.
REGTESTS += tests/tune/regtest_search.sh
EXTRA_DIST += tests/tune/regtest_search.sh tests/tune/probe.conf

# mmreport: a search.log as tables, and paper 002's sensitivity plots.
bin_PROGRAMS += mmreport
mmreport_SOURCES = tune/mmreport.c tune/report.c tune/report.h \
	tune/reportplot.c
mmreport_LDADD = tune/libmmsearch.la

# (in Makefile.am's TESTS, the longest first)
EXTRA_DIST += tests/tune/test_mmreport.sh
# Faults and hostile input (issue 33): signals, lost children, a damaged
# or shared or full log, names that reach gnuplot.
TESTS += tests/tune/test_faults.sh
EXTRA_DIST += tests/tune/test_faults.sh
# make regtest: a quick search killed (SIGKILL, SIGINT, SIGTERM) at 20 and
# more chosen points of its run, each resumed to the unkilled run's end;
# a full disk; two searches racing for one log.  The points are chosen
# by tests/tune/faultshim.c, preloaded into mmsearch.
REGTESTS += tests/tune/regtest_faults.sh
REGTESTS_UNTIMED += tests/tune/regtest_faults.sh
EXTRA_DIST += tests/tune/regtest_faults.sh
check_LTLIBRARIES += tests/tune/libfaultshim.la
tests_tune_libfaultshim_la_SOURCES = tests/tune/faultshim.c
tests_tune_libfaultshim_la_LDFLAGS = -module -avoid-version -rpath /nowhere
tests_tune_libfaultshim_la_LIBADD = -ldl
tests/tune/regtest_faults.log: tests/tune/libfaultshim.la mmsearch$(EXEEXT) \
	mmreport$(EXEEXT)
