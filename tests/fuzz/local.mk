# The parsers fuzzed (issue 33): probe.conf, params.conf, search.log, the
# spec language, the profile table.  Each harness tests/fuzz/fuzz_NAME.c
# is built twice: with replay.c in every tree, which make check runs on
# the committed inputs (tests/fuzz/corpus/NAME/: the seeds, and every
# input that once crashed the parser, named crash-*); and with libFuzzer
# in a tree configured --enable-fuzz (CC=clang), which make fuzz runs
# for FUZZ_SECONDS per parser.  make fuzz in any other tree configures
# such a tree in fuzz-tree/ and runs it there.  docs/DESIGN.md (Fuzzing).
FUZZ_PARSERS = probeconf paramsconf searchlog spec profile
FUZZ_COMMON = tests/fuzz/fuzzfile.c tests/fuzz/fuzzfile.h
MMT_FUZZ_LIBS_probeconf = common/libmmcommon.la
MMT_FUZZ_LIBS_paramsconf = codegen/libmmgen.la common/libmmcommon.la
MMT_FUZZ_LIBS_searchlog = tune/libmmsearch.la
MMT_FUZZ_LIBS_spec = drivergen/libmmsread.la codegen/libmmgen.la \
	common/libmmcommon.la
MMT_FUZZ_LIBS_profile = common/libmmcommon.la

check_PROGRAMS += tests/fuzz/replay_probeconf tests/fuzz/replay_paramsconf \
	tests/fuzz/replay_searchlog tests/fuzz/replay_spec \
	tests/fuzz/replay_profile
tests_fuzz_replay_probeconf_SOURCES = tests/fuzz/fuzz_probeconf.c \
	tests/fuzz/replay.c $(FUZZ_COMMON)
tests_fuzz_replay_probeconf_LDADD = $(MMT_FUZZ_LIBS_probeconf)
tests_fuzz_replay_paramsconf_SOURCES = tests/fuzz/fuzz_paramsconf.c \
	tests/fuzz/replay.c $(FUZZ_COMMON)
tests_fuzz_replay_paramsconf_LDADD = $(MMT_FUZZ_LIBS_paramsconf)
tests_fuzz_replay_searchlog_SOURCES = tests/fuzz/fuzz_searchlog.c \
	tests/fuzz/replay.c $(FUZZ_COMMON)
tests_fuzz_replay_searchlog_LDADD = $(MMT_FUZZ_LIBS_searchlog)
tests_fuzz_replay_spec_SOURCES = tests/fuzz/fuzz_spec.c \
	tests/fuzz/replay.c $(FUZZ_COMMON)
tests_fuzz_replay_spec_LDADD = $(MMT_FUZZ_LIBS_spec)
tests_fuzz_replay_profile_SOURCES = tests/fuzz/fuzz_profile.c \
	drivergen/profile.c tests/fuzz/replay.c $(FUZZ_COMMON)
tests_fuzz_replay_profile_LDADD = $(MMT_FUZZ_LIBS_profile)
TESTS += tests/fuzz/replay.sh
EXTRA_DIST += tests/fuzz/replay.sh tests/fuzz/run.sh tests/fuzz/corpus

if MMT_FUZZ
MMT_FUZZERS = tests/fuzz/fuzz_probeconf tests/fuzz/fuzz_paramsconf \
	tests/fuzz/fuzz_searchlog tests/fuzz/fuzz_spec tests/fuzz/fuzz_profile
EXTRA_PROGRAMS += $(MMT_FUZZERS)
CLEANFILES += $(MMT_FUZZERS)
MMT_FUZZ_LINK = -fsanitize=fuzzer
tests_fuzz_fuzz_probeconf_SOURCES = tests/fuzz/fuzz_probeconf.c \
	$(FUZZ_COMMON)
tests_fuzz_fuzz_probeconf_LDFLAGS = $(MMT_FUZZ_LINK)
tests_fuzz_fuzz_probeconf_LDADD = $(MMT_FUZZ_LIBS_probeconf)
tests_fuzz_fuzz_paramsconf_SOURCES = tests/fuzz/fuzz_paramsconf.c \
	$(FUZZ_COMMON)
tests_fuzz_fuzz_paramsconf_LDFLAGS = $(MMT_FUZZ_LINK)
tests_fuzz_fuzz_paramsconf_LDADD = $(MMT_FUZZ_LIBS_paramsconf)
tests_fuzz_fuzz_searchlog_SOURCES = tests/fuzz/fuzz_searchlog.c \
	$(FUZZ_COMMON)
tests_fuzz_fuzz_searchlog_LDFLAGS = $(MMT_FUZZ_LINK)
tests_fuzz_fuzz_searchlog_LDADD = $(MMT_FUZZ_LIBS_searchlog)
tests_fuzz_fuzz_spec_SOURCES = tests/fuzz/fuzz_spec.c $(FUZZ_COMMON)
tests_fuzz_fuzz_spec_LDFLAGS = $(MMT_FUZZ_LINK)
tests_fuzz_fuzz_spec_LDADD = $(MMT_FUZZ_LIBS_spec)
tests_fuzz_fuzz_profile_SOURCES = tests/fuzz/fuzz_profile.c drivergen/profile.c \
	$(FUZZ_COMMON)
tests_fuzz_fuzz_profile_LDFLAGS = $(MMT_FUZZ_LINK)
tests_fuzz_fuzz_profile_LDADD = $(MMT_FUZZ_LIBS_profile)

fuzz: $(MMT_FUZZERS)
	$(SHELL) $(srcdir)/tests/fuzz/run.sh $(srcdir)/tests/fuzz/corpus \
	  tests/fuzz $(FUZZ_SECONDS) $(FUZZ_PARSERS)
else
# This tree's compiler and flags are make check's: the harnesses are
# built with libFuzzer in a tree of their own, on every CPU.
FUZZ_CC = clang
FUZZ_FLAGS = -g -O1 -fno-omit-frame-pointer \
	-fsanitize=fuzzer-no-link,address,undefined \
	-fno-sanitize-recover=undefined
fuzz:
	@mkdir -p fuzz-tree && cd fuzz-tree && \
	{ test -f Makefile || $(abs_top_srcdir)/configure -q --enable-fuzz \
	  CC='$(FUZZ_CC)' CFLAGS='$(FUZZ_FLAGS)'; } && \
	$(MAKE_ALL_CPUS) fuzz FUZZ_SECONDS='$(FUZZ_SECONDS)'
distclean-local: distclean-fuzz-tree
distclean-fuzz-tree:
	rm -rf fuzz-tree
endif
# make fuzz: seconds of fuzzing per parser (the issue's target: 600)
FUZZ_SECONDS = 600
.PHONY: fuzz distclean-fuzz-tree

# make regtest: make fuzz for a short while, where clang has libFuzzer.
REGTESTS += tests/fuzz/regtest_fuzz.sh
REGTESTS_UNTIMED += tests/fuzz/regtest_fuzz.sh
EXTRA_DIST += tests/fuzz/regtest_fuzz.sh
