# spec/: timing drivers generated from a routine specification (paper
# 001): the spec language (parser.y, lexer.l: Debian's bison and flex,
# through Automake's ylwrap; the generated parser and scanner are
# distributed, so a tarball builds without them), mmspec, and libmmspec,
# the installed library a generated driver links against (the timer room's
# libmmtimer, mmtime's flush sizes, and the drivers' command line and
# report).
AM_YFLAGS = -d -Wno-yacc
BUILT_SOURCES += spec/parser.h

# The spec reader: parser, scanner, tree and checks.
noinst_LTLIBRARIES += spec/libmmsread.la
spec_libmmsread_la_SOURCES = \
	spec/parser.y spec/lexer.l \
	spec/spec.h spec/parse.h spec/check.h spec/options.h \
	spec/ast.c spec/arrayopt.c spec/ctype.c spec/read.c \
	spec/check.c spec/check_error.c spec/check_names.c spec/check_expr.c \
	spec/check_bind.c

# mmspec writes drivers through codegen's C emitter (codegen/emit.h).
bin_PROGRAMS += mmspec
mmspec_SOURCES = spec/mmspec.c spec/mmspec_cli.h spec/cli.c \
	spec/fromprof.c spec/profile.c spec/profile.h spec/emit.h \
	spec/emit_util.c spec/cexpr.c \
	spec/emit_head.c spec/emit_tables.c spec/emit_setup.c \
	spec/emit_calls.c spec/emit_main.c
# Where --cflags and --libs point: this build tree, or the installation.
mmspec_CPPFLAGS = $(AM_CPPFLAGS) \
	-DMMS_BUILDDIR='"$(abs_top_builddir)"' \
	-DMMS_SRCDIR='"$(abs_top_srcdir)"' \
	-DMMS_INCLUDEDIR='"$(includedir)"' -DMMS_LIBDIR='"$(libdir)"' \
	-DMMS_LIBS='"$(INIH_LIBS) $(LIBS)"'
mmspec_LDADD = spec/libmmsread.la codegen/libmmgen.la \
	common/libmmcommon.la

# What a driver links: the timer, mmtime's flush sizes (timer/flushsize.c,
# which reads probe.conf through common/), the driver's command line,
# layout and report.  Installed with its header and the timer's, under
# $(includedir)/mmtune/, and a pkg-config file.
lib_LTLIBRARIES += spec/libmmspec.la
spec_libmmspec_la_SOURCES = spec/mmspec.h spec/rt.h spec/options.h \
	spec/rt_args.c spec/rt_sizes.c spec/rt_usage.c spec/rt_operands.c \
	spec/rt_report.c spec/rt_sweep.c \
	timer/flushsize.c
# (its own flags: timer/flushsize.c is also in mmtime, without libtool)
spec_libmmspec_la_CFLAGS = $(AM_CFLAGS)
# libmmtimer brings libmmcommon (the timer's cpuid is common's): a shared
# library takes each convenience library whole, so common's objects must
# come in once.
spec_libmmspec_la_LIBADD = timer/libmmtimer.la -lm
spec_libmmspec_la_LDFLAGS = -version-info $(MMS_LT_VERSION) \
	-export-symbols-regex '^(mms_|mmt_)'
mmspecincdir = $(includedir)/mmtune
nobase_mmspecinc_HEADERS = spec/mmspec.h timer/mmtimer.h
pkgconfig_DATA += spec/mmspec.pc

# Tests (sources under tests/spec/): the language and its messages, the
# drivers (compiled as a user would, with gcc and clang), from-profile,
# mmspec's command line.  The compiler the drivers are built with:
AM_TESTS_ENVIRONMENT += \
	SPEC_CC='$(CC)'; export SPEC_CC; \
	SPEC_CFLAGS='$(CFLAGS)'; export SPEC_CFLAGS;
SPEC_TESTS = tests/spec/parse.sh tests/spec/drivers.sh \
	tests/spec/profile.sh tests/spec/cli.sh
TESTS += $(SPEC_TESTS)
EXTRA_DIST += $(SPEC_TESTS) spec/specs/dgemm.spec spec/specs/dot.spec \
	spec/specs/daxpy.spec spec/specs/mmm.spec spec/mmspec.pc.in \
	tests/spec/fig4.spec tests/spec/args.spec tests/spec/malformed.txt \
	tests/spec/routines.c tests/spec/profile.txt

# make regtest: the driver and mmtime agree on the reference kernels.
REGTESTS += tests/spec/regtest_agree.sh
EXTRA_DIST += tests/spec/regtest_agree.sh
