# kernels/: libmmtune, the DGEMM library around the generated kernels.
#
# At build time mmselect chooses the parameters (first found: a --params
# file, the archdef --with-archdefs names, this host's results/<host>/
# params.conf from make tune, the saved results/archdefs/<key>/params.conf
# of this CPU, the model) and
# writes kernels/gen/kernel.params and kernels/gen/libparams.h; mmgen
# generates the full kernel and the edge kernel (run-time M, N, K) from
# them into kernels/gen/ (never committed), compiled with the compiler
# mmselect writes to kernels/gen/kernel.cc: the params.conf's CC when it
# is installed (the search chose it), else KERNEL_CC; the flags are
# KERNEL_CFLAGS, made the compiler family's (common/compilers.h).  MMT_ARCHDEFS and MMT_KERNEL_ISA come from
# configure (--with-archdefs, --with-kernel-isa); MMT_PARAMS_FILE can be
# given to make (a params.conf to try; make tune needs none: its
# results/<host>/params.conf is found as the host's).
MMT_PARAMS_FILE =
KGEN = kernels/gen

# The parameter table, the blocking model and the header writer, for
# mmselect and for mmsearch's blocks steps (tune/blocks.c), which start
# from the same model and build the same driver.
noinst_LTLIBRARIES += kernels/libmmparams.la
kernels_libmmparams_la_SOURCES = kernels/archkey.c kernels/archkey.h \
	kernels/libparams.c kernels/paramset.h
kernels_libmmparams_la_LIBADD = common/libmmcommon.la -lm

noinst_PROGRAMS += kernels/mmselect
kernels_mmselect_SOURCES = kernels/mmselect.c
kernels_mmselect_CFLAGS = $(AM_CFLAGS) $(INIH_CFLAGS)
kernels_mmselect_LDADD = kernels/libmmparams.la

# The choice is remade when the tool, a saved archdef, the given file or
# the settings (kept in $(KGEN)/inputs, rewritten only when they change)
# change; the outputs change (and the kernels are regenerated) only when
# the choice does.
$(KGEN)/inputs: kernels-inputs-check
	@$(MKDIR_P) $(KGEN)
	@echo '$(MMT_ARCHDEFS) $(MMT_KERNEL_ISA) $(MMT_PARAMS_FILE)' \
	  '$(KERNEL_CC) $(KERNEL_CFLAGS)' > $@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv -f $@.tmp $@; fi
.PHONY: kernels-inputs-check
kernels-inputs-check:
$(KGEN)/stamp: kernels/mmselect$(EXEEXT) $(KGEN)/inputs $(MMT_PARAMS_FILE) \
		$(wildcard results/*/params.conf results/*/probe.conf \
		  $(top_srcdir)/results/archdefs/*/params.conf \
		  $(top_srcdir)/results/archdefs/*/probe.conf)
	@$(MKDIR_P) $(KGEN)
	$(AM_V_GEN)kernels/mmselect$(EXEEXT) \
	  --archdefs=$(top_srcdir)/results/archdefs \
	  --with='$(MMT_ARCHDEFS)' --isa='$(MMT_KERNEL_ISA)' \
	  --params='$(MMT_PARAMS_FILE)' --cc='$(KERNEL_CC)' \
	  --cflags='$(KERNEL_CFLAGS)' --out=$(KGEN) && touch $@
$(KGEN)/kernel.params $(KGEN)/skernel.params $(KGEN)/libparams.h \
		$(KGEN)/kernel.cc: $(KGEN)/stamp
	@test -f $@ || { rm -f $(KGEN)/stamp; \
	  $(MAKE) $(AM_MAKEFLAGS) $(KGEN)/stamp; }

# The full kernel (M=MC N=NB K=KC) and the edge kernel for fractional
# blocks, with fixed names the driver links against; both with
# kernel.params's PF and PFB (mmselect: params.conf's, else the model's).
# The edge kernel carries most of the packed path: the driver's even split
# of M, N and K seldom meets the full kernel's fixed sizes (perf on the
# AVX-512 Zen 4 guest, N = 1000 and 2000: no sample in kfull).  Its KU,
# a run-time K's, is at most 8 (mmgen lowers it: codegen/params.h).
$(KGEN)/kfull.c: $(KGEN)/kernel.params mmgen$(EXEEXT)
	$(AM_V_GEN)./mmgen$(EXEEXT) --params=$(KGEN)/kernel.params \
	  --name=mml_kfull --output=$@
$(KGEN)/kedge.c: $(KGEN)/kernel.params mmgen$(EXEEXT)
	$(AM_V_GEN)./mmgen$(EXEEXT) --params=$(KGEN)/kernel.params \
	  --m=0 --n=0 --k=0 --name=mml_kedge --output=$@
# The non-copy kernels of the small-problem path (run-time M, N, K up to
# NCNB, on the caller's arrays): the full kernel's tile, at most two
# vectors tall, and a narrow one of one vector's rows (MML_NARROW_MU) for
# the fractional rows.  On the caller's arrays a shorter tile wins: on
# Zen 5 (avx512, warm) 16 x 8 ran at 109-113 GFLOPS where the full
# kernel's 24 x 8 ran at 106-111 (N = 32 to 200), and 16 divides more
# sizes.  FF=0: no forced fetch of C, whose line from memory would hold
# up retirement at the top of every tile (N = 64: 4.55 against 4.75 us
# warm, and a cold C then costs nothing).  PFA=1 on one more full tile,
# kncp: it prefetches the A rows below its block, the slab skinny.c's
# panels and tall products run next (codegen/KERNEL_ABI.md); the others
# have none, for a whole call has no slab below (Zen 5, bench-dgemm, 11
# rounds, medians, without PFA / with: warm N = 32 1.07, 64 1.04, 100
# 1.02, flushed 32 1.15, 100 1.03; flushed 2000 x 64 x 64 0.90, its
# slabs now on kncp).  PFB=0: a copy kernel's.  KU=1 whatever the
# search chose for the copy kernel in L1: their K is the call's, mostly
# short (Zen 5, bench-dgemm, 11-15 rounds, medians, KU=1 / KU=4: DGEMM
# warm N = 8 1.14, 16 1.08, flushed 16-64 1.03-1.19; SGEMM, whose search
# chose KU=4, warm 8 1.15, 16 1.10, flushed 16-64 1.02-1.19; both 0.98-1.02
# from N = 64 warm and 200 flushed).  kncp keeps the search's KU (at
# most 8, as every run-time K's: codegen/params.h): its K is a KC
# panel's (SGEMM 2000 x 32 x 2000 with KU=1 there: 0.84 flushed, 0.92
# warm); its NU is the others' (NCNU where mmsearch's step ncnu set
# one): the plan cuts the columns by one tile width (a kncp of 16 x 5
# beside a knc of 16 x 8 ran skinny.c's 2000 x 32 x 2000 at 0.54 of
# both 16 x 5 on the AVX-512 Zen 4 guest, docs/BENCHMARKS.md,
# 2026-12-01).
# The rule (the full tile cut to at most two vectors' rows, KU=1, FF=0,
# PFB=0, PFA=0, run-time sizes, IF and NF at most the loads of the cut
# tile's k step: a 24 x 8 kernel with IF = 11 cut to 16 x 8, which takes
# 10) has one home, codegen's mmg_small_path, which mmsearch's drivers
# and its ncnb step use too: mmgen --small-path, the options after it
# overriding it.  $(1): the params file.
NC_MMGEN = ./mmgen$(EXEEXT) --params=$(1) --small-path
# The narrow tile's rows: one vector.  $(2): its macro in $(KGEN)/narrow.
NCV_MU = $$(sed -n 's/^\#define $(2) //p' $(KGEN)/narrow)
KP = $(KGEN)/kernel.params
# The narrow tiles' rows (libparams.h's lines that define them), in a
# file of their own that the recipes above read, rewritten only when they
# change: libparams.h changes with every setting of the library (make
# tune's mmthreads writes THREAD_N after the search), which had
# regenerated and recompiled the eight non-copy kernels each time for
# the same code.
$(KGEN)/narrow: $(KGEN)/libparams.h
	$(AM_V_GEN)sed -n '/^\#define MML_S*NARROW_MU /p' \
	  $(KGEN)/libparams.h > $@.tmp && \
	if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv -f $@.tmp $@; fi
# Each precision's four (the single ones below): its params file (NCP)
# and narrow tile's macro (NMU), the kernel named for its file.
KNC_D = $(KGEN)/knc.c $(KGEN)/kncv.c $(KGEN)/knct.c $(KGEN)/kncvt.c \
	$(KGEN)/kncp.c
KNC_S = $(KGEN)/sknc.c $(KGEN)/skncv.c $(KGEN)/sknct.c $(KGEN)/skncvt.c \
	$(KGEN)/skncp.c
$(KNC_D): $(KP) $(KGEN)/narrow mmgen$(EXEEXT)
$(KNC_D): NCP = $(KP)
$(KNC_D): NMU = MML_NARROW_MU
NC_NAME = --name=mml_$(basename $(@F)) --output=$@
$(KGEN)/knc.c $(KGEN)/sknc.c:
	$(AM_V_GEN)$(call NC_MMGEN,$(NCP)) $(NC_NAME)
$(KGEN)/kncp.c $(KGEN)/skncp.c:
	$(AM_V_GEN)$(call NC_MMGEN,$(NCP)) --pfa=1 $(NC_NAME) \
	  --ku=$$(sed -n 's/^KU = //p' $(NCP))
$(KGEN)/kncv.c $(KGEN)/skncv.c:
	$(AM_V_GEN)$(call NC_MMGEN,$(NCP)) --if=2 --nf=2 $(NC_NAME) \
	  --mu=$(call NCV_MU,$(NCP),$(NMU))
# The same two reading op(B) = B^T in place (layout 4, BT=1): the small
# path's calls with TRANSB = 'T' copied B^T first, which cost OpenBLAS's
# lead at N = 32 to 100 on Zen 5.
$(KGEN)/knct.c $(KGEN)/sknct.c:
	$(AM_V_GEN)$(call NC_MMGEN,$(NCP)) --bt=1 $(NC_NAME)
$(KGEN)/kncvt.c $(KGEN)/skncvt.c:
	$(AM_V_GEN)$(call NC_MMGEN,$(NCP)) --bt=1 --if=2 --nf=2 $(NC_NAME) \
	  --mu=$(call NCV_MU,$(NCP),$(NMU))
# Each BT kernel (and kncp) in one object with its plain one: plan.c
# names their descriptors weakly (a driver built around other kernels
# has none), and a weak reference alone would not take an object out of
# a static library; the plain kernel's strong one does.  $(1): the
# object's stem; $(2): more stems to include (kncp).
KERNEL_PAIR = printf '\#include "%s.c"\n' $(1) $(1)t $(2) \
	  > $(KGEN)/$(1)-pair.c && \
	$(KERNEL_LTCOMPILE) -o $@ $(KGEN)/$(1)-pair.c
$(KGEN)/knc.lo: $(KGEN)/knc.c $(KGEN)/knct.c $(KGEN)/kncp.c \
	  $(KGEN)/kernel.cc
	$(AM_V_CC)$(call KERNEL_PAIR,knc,kncp)
$(KGEN)/kncv.lo: $(KGEN)/kncv.c $(KGEN)/kncvt.c $(KGEN)/kernel.cc
	$(AM_V_CC)$(call KERNEL_PAIR,kncv)

# Single precision: the same seven kernels from skernel.params (TYPE = s,
# mmselect's), named mml_s..., for the driver compiled again with
# MML_SINGLE (kernels/elem.h).  PFA as the double's non-copy tiles (PF
# and PFB the double's too: kernels/libparams.c, where they were timed).
SKP = $(KGEN)/skernel.params
$(KGEN)/skfull.c: $(SKP) mmgen$(EXEEXT)
	$(AM_V_GEN)./mmgen$(EXEEXT) --params=$(SKP) --name=mml_skfull \
	  --output=$@
$(KGEN)/skedge.c: $(SKP) mmgen$(EXEEXT)
	$(AM_V_GEN)./mmgen$(EXEEXT) --params=$(SKP) --m=0 --n=0 --k=0 \
	  --name=mml_skedge --output=$@
$(KNC_S): $(SKP) $(KGEN)/narrow mmgen$(EXEEXT)
$(KNC_S): NCP = $(SKP)
$(KNC_S): NMU = MML_SNARROW_MU
$(KGEN)/sknc.lo: $(KGEN)/sknc.c $(KGEN)/sknct.c $(KGEN)/skncp.c \
	  $(KGEN)/kernel.cc
	$(AM_V_CC)$(call KERNEL_PAIR,sknc,skncp)
$(KGEN)/skncv.lo: $(KGEN)/skncv.c $(KGEN)/skncvt.c $(KGEN)/kernel.cc
	$(AM_V_CC)$(call KERNEL_PAIR,skncv)
$(KGEN)/skfull.lo: $(KGEN)/skfull.c $(KGEN)/kernel.cc
	$(AM_V_CC)$(KERNEL_LTCOMPILE) -o $@ $(KGEN)/skfull.c
$(KGEN)/skedge.lo: $(KGEN)/skedge.c $(KGEN)/kernel.cc
	$(AM_V_CC)$(KERNEL_LTCOMPILE) -o $@ $(KGEN)/skedge.c
# Only these objects: the rest of the library is compiled with CC.
# -shared: one object each, position-independent, which libtool puts in
# the static library too (a .lo without a non-PIC object); compiled
# once, not twice: their compiles are most of the build's time.
KERNEL_LTCOMPILE = $(LIBTOOL) $(AM_V_lt) --tag=CC $(AM_LIBTOOLFLAGS) \
	$(LIBTOOLFLAGS) --mode=compile `cat $(KGEN)/kernel.cc` -shared \
	-I$(top_srcdir)/codegen -c
$(KGEN)/kfull.lo: $(KGEN)/kfull.c $(KGEN)/kernel.cc
	$(AM_V_CC)$(KERNEL_LTCOMPILE) -o $@ $(KGEN)/kfull.c
$(KGEN)/kedge.lo: $(KGEN)/kedge.c $(KGEN)/kernel.cc
	$(AM_V_CC)$(KERNEL_LTCOMPILE) -o $@ $(KGEN)/kedge.c

BUILT_SOURCES = $(KGEN)/libparams.h
# Everything but the public faces, for the library and for the tests that
# drive the blocking directly.  mmsearch's blocks steps compile the same
# files (MML_DRIVER_SOURCES, from the source tree) around the kernels
# they time: one driver, whoever runs it.
# The typed files (kernels/elem.h) are compiled once more for single;
# threads.c, teamwarm.c and coldlines.c are double's objects, shared:
# one setting, one team and one hot reading per process.
MML_TYPED_SOURCES = kernels/driver.c kernels/route.c kernels/plan.c \
	kernels/small.c kernels/skinny.c \
	kernels/panelt.c kernels/thin.c kernels/tt.c kernels/tn.c \
	kernels/blocked.c kernels/helpers.c \
	kernels/pack.c kernels/naive.c kernels/workspace.c \
	kernels/split.c kernels/parallel.c kernels/complex.c \
	kernels/complex_split.c kernels/complex_narrow.c
MML_DRIVER_SOURCES = $(MML_TYPED_SOURCES) kernels/threads.c \
	kernels/teamwarm.c kernels/coldlines.c
noinst_LTLIBRARIES += kernels/libmmdriver.la
kernels_libmmdriver_la_SOURCES = $(MML_DRIVER_SOURCES) kernels/driver.h \
	kernels/elem.h kernels/params.h kernels/trans.h \
	kernels/vec.h kernels/kernels.h
# OpenMP (configure's AC_OPENMP; none with --disable-openmp): the team of
# parallel.c and the barriers of blocked.c.
kernels_libmmdriver_la_CFLAGS = $(AM_CFLAGS) $(OPENMP_CFLAGS)
kernels_libmmdriver_la_LDFLAGS = $(OPENMP_CFLAGS)
# -shared (libtool's compile mode takes it from the compiler's arguments;
# CPPFLAGS, which only compile lines carry): PIC objects alone, compiled
# once, which libtool also archives in the static library, as the
# kernels' (KERNEL_LTCOMPILE).  Twice compiled, these two libraries and
# the kernels were a third of a build's time (94 s of -j2 against 62).
kernels_libmmdriver_la_CPPFLAGS = $(AM_CPPFLAGS) -shared
kernels_libmmdriver_la_LIBADD = $(KGEN)/kfull.lo $(KGEN)/kedge.lo \
	$(KGEN)/knc.lo $(KGEN)/kncv.lo

# SGEMM and CGEMM: the driver's typed files and the faces compiled again
# for float (kernels/elem.h renames what they define).
noinst_LTLIBRARIES += kernels/libmmsingle.la
kernels_libmmsingle_la_SOURCES = $(MML_TYPED_SOURCES) kernels/blas.c \
	kernels/blas_complex.c kernels/info.c
kernels_libmmsingle_la_CPPFLAGS = $(AM_CPPFLAGS) -DMML_SINGLE -shared
kernels_libmmsingle_la_CFLAGS = $(AM_CFLAGS) $(OPENMP_CFLAGS)
kernels_libmmsingle_la_LIBADD = $(KGEN)/skfull.lo $(KGEN)/skedge.lo \
	$(KGEN)/sknc.lo $(KGEN)/skncv.lo

# libparams.h before any object that may include it (BUILT_SOURCES
# serves only all and check; this serves any target): every object of
# the driver's typed files, in both precisions, and the info faces.  A
# hand-kept list of those that include it missed complex.c, and make
# kernels/libmmtune.la in a fresh tree failed on it.  Order-only where
# the compiler's dependency files rebuild those that include it when it
# changes, and only those (make tune's mmthreads rewrites it after the
# search: 7 files of 20 a precision, where all had been recompiled); a
# tree configured with --disable-dependency-tracking has none, and
# rebuilds them all.
MML_PARAMS_USERS = \
	$(MML_TYPED_SOURCES:kernels/%.c=kernels/libmmdriver_la-%.lo) \
	$(MML_TYPED_SOURCES:kernels/%.c=kernels/libmmsingle_la-%.lo) \
	kernels/info.lo kernels/libmmsingle_la-info.lo
if AMDEP
$(MML_PARAMS_USERS): | $(KGEN)/libparams.h
else
$(MML_PARAMS_USERS): $(KGEN)/libparams.h
endif

# The installed library: only mmt_*, [dszc]gemm_, cblas_[dszc]gemm and the
# two handlers are exported (tests/kernels/exports.sh checks with nm).
# Each default handler is its own object so an application can replace
# it.
lib_LTLIBRARIES = kernels/libmmtune.la
kernels_libmmtune_la_SOURCES = kernels/blas.c kernels/blas_complex.c \
	kernels/info.c \
	kernels/xerbla.c kernels/cblas_xerbla.c kernels/cblas_position.c \
	kernels/cblas_rowmajor.c \
	kernels/cblas_position.h kernels/gemm_args.h
kernels_libmmtune_la_LIBADD = kernels/libmmdriver.la kernels/libmmsingle.la
kernels_libmmtune_la_LDFLAGS = $(OPENMP_CFLAGS) $(MMT_NODELETE) \
	-version-info $(MMT_LT_VERSION) \
	-export-symbols-regex \
	'^(mmt_.*|[dszc]gemm_|cblas_[dszc]gemm|xerbla_|cblas_xerbla)$$'
include_HEADERS = include/mmtune.h

# What the built library runs.
bin_PROGRAMS += mmtune-info
mmtune_info_SOURCES = kernels/mmtune-info.c
mmtune_info_LDADD = kernels/libmmtune.la
pkgconfigdir = $(libdir)/pkgconfig
pkgconfig_DATA = mmtune.pc

EXTRA_DIST += results/archdefs
CLEANFILES += $(KGEN)/stamp $(KGEN)/inputs $(KGEN)/kernel.params \
	$(KGEN)/kernel.cc \
	$(KGEN)/libparams.h $(KGEN)/narrow \
	$(KGEN)/kfull.c $(KGEN)/kedge.c $(KGEN)/knc.c $(KGEN)/kncv.c \
	$(KGEN)/knct.c $(KGEN)/kncvt.c $(KGEN)/kncp.c \
	$(KGEN)/knc-pair.c $(KGEN)/kncv-pair.c \
	$(KGEN)/skernel.params $(KGEN)/skfull.c $(KGEN)/skedge.c \
	$(KGEN)/sknc.c $(KGEN)/skncv.c $(KGEN)/sknct.c $(KGEN)/skncvt.c \
	$(KGEN)/skncp.c $(KGEN)/sknc-pair.c $(KGEN)/skncv-pair.c
clean-local: kernels-gen-clean
.PHONY: kernels-gen-clean
kernels-gen-clean:
	-rm -rf $(KGEN)/*.lo $(KGEN)/*.o $(KGEN)/.libs

# Tests (sources under tests/kernels/).
check_PROGRAMS += tests/kernels/test_dgemm
tests_kernels_test_dgemm_LDADD = kernels/libmmtune.la \
	tests/common/libmmtest.la -lm
TESTS += tests/kernels/test_dgemm
# The same cases through SGEMM's faces (TEST_SINGLE: float copies of the
# operands, float's epsilon).
check_PROGRAMS += tests/kernels/test_sgemm
tests_kernels_test_sgemm_SOURCES = tests/kernels/test_dgemm.c
tests_kernels_test_sgemm_CPPFLAGS = $(AM_CPPFLAGS) -DTEST_SINGLE
tests_kernels_test_sgemm_LDADD = $(tests_kernels_test_dgemm_LDADD)
TESTS += tests/kernels/test_sgemm
# The complex faces (the 1m method, complex.c) against a complex triple
# loop, with an allocator of its own (it refuses the library's
# workspace).  CGEMM's is the same source built with -DTEST_SINGLE.
check_PROGRAMS += tests/kernels/test_zgemm
tests_kernels_test_zgemm_LDADD = kernels/libmmtune.la \
	tests/common/libmmtest.la -lm
TESTS += tests/kernels/test_zgemm
# The same cases through CGEMM's faces (TEST_SINGLE).
check_PROGRAMS += tests/kernels/test_cgemm
tests_kernels_test_cgemm_SOURCES = tests/kernels/test_zgemm.c
tests_kernels_test_cgemm_CPPFLAGS = $(AM_CPPFLAGS) -DTEST_SINGLE
tests_kernels_test_cgemm_LDADD = $(tests_kernels_test_zgemm_LDADD)
TESTS += tests/kernels/test_cgemm
# The handler override, against the shared and against the static library.
check_PROGRAMS += tests/kernels/test_args tests/kernels/test_args_static \
	tests/kernels/default_handlers
tests_kernels_test_args_LDADD = kernels/libmmtune.la
tests_kernels_test_args_static_SOURCES = tests/kernels/test_args.c
tests_kernels_test_args_static_LDFLAGS = -static
tests_kernels_test_args_static_LDADD = kernels/libmmtune.la
tests_kernels_default_handlers_LDADD = kernels/libmmtune.la
TESTS += tests/kernels/test_args tests/kernels/test_args_static \
	tests/kernels/exports.sh tests/kernels/handlers.sh \
	tests/kernels/install.sh
EXTRA_DIST += tests/kernels/exports.sh tests/kernels/handlers.sh \
	tests/kernels/install.sh
# No circle of files in the driver (from nm of its objects).
TESTS += tests/kernels/layers.sh
EXTRA_DIST += tests/kernels/layers.sh
# The checks every precision's GEMM shares, type-free (the helpers alone,
# with a handler of the test's).
check_PROGRAMS += tests/kernels/test_gemm_args
tests_kernels_test_gemm_args_SOURCES = tests/kernels/test_gemm_args.c \
	kernels/cblas_position.c kernels/cblas_rowmajor.c
tests_kernels_test_gemm_args_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_kernels_test_gemm_args_LDADD = $(CMOCKA_LIBS)
TESTS += tests/kernels/test_gemm_args
# The reference BLAS testers (Debian's libblas-test) with libmmtune
# preloaded: xblat3d's DGEMM and xblat3z's ZGEMM, xdcblat3 and xzcblat3
# whole (about 5 s; in Makefile.am's TESTS, the longest first).
EXTRA_DIST += tests/kernels/reftesters.sh
# (its scratch directory outlives a run killed by a signal)
.PHONY: reftesters-clean
reftesters-clean:
	-rm -rf tests/kernels/reftesters.[0-9]*
clean-local: reftesters-clean
# The machine as cpuid describes it (recorded registers of each kind met)
# and the model's blocking for it.
check_PROGRAMS += tests/kernels/test_archkey
tests_kernels_test_archkey_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_kernels_test_archkey_LDADD = kernels/libmmparams.la $(CMOCKA_LIBS)
TESTS += tests/kernels/test_archkey
# The blocking under small plans, through the driver's internal face.
check_PROGRAMS += tests/kernels/test_blocking
tests_kernels_test_blocking_LDADD = kernels/libmmdriver.la \
	tests/common/libmmtest.la -lm
TESTS += tests/kernels/test_blocking
# No path reads or writes outside an operand (a fenced page after it, or
# in a second pass before it).
check_PROGRAMS += tests/kernels/test_fence
tests_kernels_test_fence_LDADD = kernels/libmmtune.la \
	tests/common/libmmtest.la -lm
TESTS += tests/kernels/test_fence
# Each path taken where its bounds say (mml_dgemm returns the path).
check_PROGRAMS += tests/kernels/test_paths
tests_kernels_test_paths_LDADD = kernels/libmmdriver.la \
	tests/common/libmmtest.la -lm
TESTS += tests/kernels/test_paths
# The same for single's paths (its TT and TN bounds follow its tiles).
check_PROGRAMS += tests/kernels/test_spaths
tests_kernels_test_spaths_SOURCES = tests/kernels/test_paths.c
tests_kernels_test_spaths_CPPFLAGS = $(AM_CPPFLAGS) -DMML_SINGLE
tests_kernels_test_spaths_LDADD = kernels/libmmsingle.la \
	kernels/libmmdriver.la tests/common/libmmtest.la -lm
TESTS += tests/kernels/test_spaths
# Threads: the same bits at every count on every path, eight user threads
# at once, fork, the program's own parallel region, the setting.
check_PROGRAMS += tests/kernels/test_threads
tests_kernels_test_threads_CFLAGS = $(AM_CFLAGS) $(OPENMP_CFLAGS)
tests_kernels_test_threads_LDFLAGS = $(OPENMP_CFLAGS)
tests_kernels_test_threads_LDADD = kernels/libmmdriver.la \
	tests/common/libmmtest.la -lm
TESTS += tests/kernels/test_threads
# Bad thread counts in the variables: one line each, a sane count.
TESTS += tests/kernels/threads_env.sh
EXTRA_DIST += tests/kernels/threads_env.sh
# Loaded at run time: no thread before a call wants a team; dlclose.
check_PROGRAMS += tests/kernels/test_dlopen
TESTS += tests/kernels/test_dlopen
# The reading that decides whether the small path loads its operands
# first: warm lines, lines from memory, and the decision on each.
check_PROGRAMS += tests/kernels/test_coldlines
tests_kernels_test_coldlines_LDADD = kernels/libmmdriver.la
TESTS += tests/kernels/test_coldlines
# The split on paper: 1 to 256 threads, shapes up to 10000^3.
check_PROGRAMS += tests/kernels/test_split
tests_kernels_test_split_LDADD = kernels/libmmdriver.la
TESTS += tests/kernels/test_split
# The workspace: aligned, reused, a large one advised to huge pages.
check_PROGRAMS += tests/kernels/test_workspace
tests_kernels_test_workspace_LDADD = kernels/libmmdriver.la
TESTS += tests/kernels/test_workspace
# vec.h's transpose at every vector width, whatever this CPU's kernels
# (vectors wider than the compiler's target: GCC's note that passing them
# would change the ABI is silenced, nothing here passes them across).
VTRANSPOSE_TESTS = tests/kernels/test_vtranspose2 \
	tests/kernels/test_vtranspose16 tests/kernels/test_vtranspose4 \
	tests/kernels/test_vtranspose8
check_PROGRAMS += $(VTRANSPOSE_TESTS)
TESTS += $(VTRANSPOSE_TESTS)
tests_kernels_test_vtranspose2_SOURCES = tests/kernels/test_vtranspose.c
tests_kernels_test_vtranspose2_CPPFLAGS = $(AM_CPPFLAGS) -DW=2
tests_kernels_test_vtranspose2_CFLAGS = $(AM_CFLAGS) -Wno-psabi
tests_kernels_test_vtranspose16_SOURCES = tests/kernels/test_vtranspose.c
tests_kernels_test_vtranspose16_CPPFLAGS = $(AM_CPPFLAGS) -DW=16
tests_kernels_test_vtranspose16_CFLAGS = $(AM_CFLAGS) -Wno-psabi
tests_kernels_test_vtranspose4_SOURCES = tests/kernels/test_vtranspose.c
tests_kernels_test_vtranspose4_CPPFLAGS = $(AM_CPPFLAGS) -DW=4
tests_kernels_test_vtranspose4_CFLAGS = $(AM_CFLAGS) -Wno-psabi
tests_kernels_test_vtranspose8_SOURCES = tests/kernels/test_vtranspose.c
tests_kernels_test_vtranspose8_CPPFLAGS = $(AM_CPPFLAGS) -DW=8
tests_kernels_test_vtranspose8_CFLAGS = $(AM_CFLAGS) -Wno-psabi
TESTS += tests/kernels/mmselect.sh tests/kernels/info.sh \
	tests/kernels/archdefs.sh tests/kernels/archdef_save.sh
EXTRA_DIST += tests/kernels/mmselect.sh tests/kernels/info.sh \
	tests/kernels/archdefs.sh tests/kernels/archdef_save.sh \
	tests/kernels/installed.c

# After make install: a program built against the installed library
# through pkg-config runs (make distcheck does this in its prefix).
installcheck-local: installcheck-mmtune
.PHONY: installcheck-mmtune
installcheck-mmtune:
	@d=$$(mktemp -d) || exit 1; \
	PKG_CONFIG_PATH="$(pkgconfigdir)$${PKG_CONFIG_PATH:+:$$PKG_CONFIG_PATH}"; \
	export PKG_CONFIG_PATH; \
	$(CC) $(CFLAGS) $(srcdir)/tests/kernels/installed.c -o $$d/installed \
	  $$($(PKG_CONFIG) --define-prefix --cflags --libs mmtune) -lm \
	  && LD_LIBRARY_PATH="$(libdir)" $$d/installed; \
	rc=$$?; rm -rf "$$d"; exit $$rc

# distcheck builds from the model (no archdef), as a machine without
# saved defaults would; the ordinary build takes this machine's archdef.
# It also builds the serial library (no OpenMP), so CI builds and tests
# one tree each way.
AM_DISTCHECK_CONFIGURE_FLAGS = --with-archdefs=no --disable-openmp

# make regtest: the built library's DGEMM against the peak mmprobe
# measures in the same run (bench-dgemm, N = 1000 flushed, N = 64 warm).
REGTESTS += tests/kernels/regtest_dgemm.sh
# make regtest: test_coldlines's timed half, lines just read as warm.
REGTESTS += tests/kernels/regtest_coldlines.sh
EXTRA_DIST += tests/kernels/regtest_coldlines.sh
tests/kernels/regtest_coldlines.log: tests/kernels/test_coldlines$(EXEEXT)
# make regtest: test_threads built with ThreadSanitizer (clang, Archer)
# runs clean; checked to fail with a barrier of blocked.c taken out.
REGTESTS += tests/kernels/regtest_tsan.sh
REGTESTS_UNTIMED += tests/kernels/regtest_tsan.sh
EXTRA_DIST += tests/kernels/regtest_tsan.sh
EXTRA_DIST += tests/kernels/regtest_dgemm.sh
tests/kernels/regtest_dgemm.log: bench/bench-dgemm$(EXEEXT) \
	mmprobe$(EXEEXT) mmtune-info$(EXEEXT) kernels/libmmtune.la
