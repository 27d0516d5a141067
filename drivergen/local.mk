# drivergen/: timing drivers generated from a routine specification (paper
# 001): the spec language (parser.y, lexer.l: Debian's bison and flex,
# through Automake's ylwrap; the generated parser and scanner are
# distributed, so a tarball builds without them), mmspec, and libmmspec,
# the installed library a generated driver links against (the timer room's
# libmmtimer, mmtime's flush sizes, and the drivers' command line and
# report).
AM_YFLAGS = -d -Wno-yacc
BUILT_SOURCES += drivergen/parser.h

# The spec reader: parser, scanner, tree and checks.
noinst_LTLIBRARIES += drivergen/libmmsread.la
drivergen_libmmsread_la_SOURCES = \
	drivergen/parser.y drivergen/lexer.l \
	drivergen/spec.h drivergen/parse.h drivergen/check.h \
	drivergen/options.h drivergen/ast.c drivergen/arrayopt.c \
	drivergen/ctype.c drivergen/read.c drivergen/check.c \
	drivergen/check_error.c drivergen/check_names.c drivergen/check_expr.c \
	drivergen/check_bind.c

# mmspec writes drivers through codegen's C emitter (codegen/emit.h).
bin_PROGRAMS += mmspec
mmspec_SOURCES = drivergen/mmspec.c drivergen/mmspec_cli.h drivergen/cli.c \
	drivergen/fromprof.c drivergen/profile.c drivergen/profile.h \
	drivergen/emit.h drivergen/emit_util.c drivergen/cexpr.c \
	drivergen/emit_head.c drivergen/emit_tables.c drivergen/emit_setup.c \
	drivergen/emit_calls.c drivergen/emit_main.c
# Where --cflags and --libs point: this build tree, or the installation.
mmspec_CPPFLAGS = $(AM_CPPFLAGS) \
	-DMMD_BUILDDIR='"$(abs_top_builddir)"' \
	-DMMD_SRCDIR='"$(abs_top_srcdir)"' \
	-DMMD_INCLUDEDIR='"$(includedir)"' -DMMD_LIBDIR='"$(libdir)"' \
	-DMMD_LIBS='"$(INIH_LIBS) $(LIBS)"'
mmspec_LDADD = drivergen/libmmsread.la codegen/libmmgen.la \
	common/libmmcommon.la

# What a driver links: the timer, mmtime's flush sizes (timer/flushsize.c,
# which reads probe.conf through common/), the driver's command line,
# layout and report.  Installed with its header and the timer's, under
# $(includedir)/mmtune/, and a pkg-config file.
lib_LTLIBRARIES += drivergen/libmmspec.la
drivergen_libmmspec_la_SOURCES = drivergen/mmspec.h drivergen/rt.h \
	drivergen/options.h drivergen/rt_args.c drivergen/rt_sizes.c \
	drivergen/rt_usage.c drivergen/rt_operands.c drivergen/rt_report.c \
	drivergen/rt_sweep.c \
	timer/flushsize.c
# (its own flags: timer/flushsize.c is also in mmtime, without libtool)
drivergen_libmmspec_la_CFLAGS = $(AM_CFLAGS)
# libmmtimer brings libmmcommon (the timer's cpuid is common's): a shared
# library takes each convenience library whole, so common's objects must
# come in once.
drivergen_libmmspec_la_LIBADD = timer/libmmtimer.la -lm
drivergen_libmmspec_la_LDFLAGS = -version-info $(MMD_LT_VERSION) \
	-export-symbols-regex '^(mmd_|mmtm_|mmc_)'
mmspecincdir = $(includedir)/mmtune
nobase_mmspecinc_HEADERS = drivergen/mmspec.h timer/mmtimer.h
pkgconfig_DATA += drivergen/mmspec.pc

# Tests (sources under tests/drivergen/): the language and its messages, the
# drivers (compiled as a user would, with gcc and clang), from-profile,
# mmspec's command line.  The compiler the drivers are built with:
AM_TESTS_ENVIRONMENT += \
	SPEC_CC='$(CC)'; export SPEC_CC; \
	SPEC_CFLAGS='$(CFLAGS)'; export SPEC_CFLAGS;
SPEC_TESTS = tests/drivergen/parse.sh tests/drivergen/drivers.sh \
	tests/drivergen/profile.sh tests/drivergen/cli.sh
TESTS += $(SPEC_TESTS)
EXTRA_DIST += $(SPEC_TESTS) drivergen/specs/dgemm.spec \
	drivergen/specs/dot.spec drivergen/specs/daxpy.spec \
	drivergen/specs/mmm.spec drivergen/mmspec.pc.in \
	tests/drivergen/fig4.spec tests/drivergen/args.spec \
	tests/drivergen/malformed.txt tests/drivergen/routines.c \
	tests/drivergen/profile.txt

# make regtest: the driver and mmtime agree on the reference kernels.
REGTESTS += tests/drivergen/regtest_agree.sh
EXTRA_DIST += tests/drivergen/regtest_agree.sh
