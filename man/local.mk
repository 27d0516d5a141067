# Man pages, one per installed command, made from its --help by help2man
# (Debian's help2man package), as users of a GNU-style tool expect: built
# with the programs and installed by make install (man1).  Without
# help2man, configure warns and none are made; --help stays the reference
# either way, so a page never says what the command does not.
MMT_MAN_PAGES = man/mmprobe.1 man/mmsearch.1 man/mmreport.1 man/mmgen.1 \
	man/mmtime.1 man/mmspec.1 man/mmtune-info.1
EXTRA_DIST += man/local.mk
if HAVE_HELP2MAN
man_MANS = $(MMT_MAN_PAGES)
CLEANFILES += $(MMT_MAN_PAGES)
endif

# Each page's NAME line.
man/mmprobe.1: MAN_NAME = measure this machine and write probe.conf
man/mmsearch.1: MAN_NAME = search for the fastest kernel on this machine
man/mmreport.1: MAN_NAME = print and plot what a search did
man/mmgen.1: MAN_NAME = write one mini-MMM kernel in C
man/mmtime.1: MAN_NAME = time a reference kernel, caches flushed
man/mmspec.1: MAN_NAME = write a timing driver from a spec
man/mmtune-info.1: MAN_NAME = say what the built libmmtune runs
man/%.1: %$(EXEEXT)
	@$(MKDIR_P) man
	$(AM_V_GEN)$(HELP2MAN) --no-info --no-discard-stderr \
	  --version-string='$(PACKAGE_VERSION)' --name='$(MAN_NAME)' \
	  --output=$@ ./$*

TESTS += tests/man/manpages.sh
EXTRA_DIST += tests/man/manpages.sh
tests/man/manpages.log: $(man_MANS)
