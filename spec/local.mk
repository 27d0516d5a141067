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
	spec/spec.h spec/parse.h spec/check.h \
	spec/ast.c spec/arrayopt.c spec/ctype.c spec/read.c \
	spec/check.c spec/check_names.c spec/check_expr.c spec/check_bind.c

bin_PROGRAMS += mmspec
mmspec_SOURCES = spec/mmspec.c
mmspec_LDADD = spec/libmmsread.la common/libmmcommon.la
