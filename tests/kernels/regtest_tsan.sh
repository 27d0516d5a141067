#!/bin/sh
# make regtest: the threaded tests (test_threads: every path split over
# 1 to 7 threads, eight user threads at once, fork, the program's own
# parallel region) built with ThreadSanitizer and run clean: no data race
# reported, every test passing.
#
# clang builds them, with its OpenMP runtime (libomp) and the runtime's
# ThreadSanitizer tool, Archer (libarcher.so, in Debian's libomp-dev),
# which tells ThreadSanitizer about OpenMP's barriers and the ends of
# parallel regions: without it, every barrier's hand-over reads as a race.
# The sources are the driver's (MML_DRIVER_SOURCES of kernels/local.mk,
# from make's environment) and this build's generated kernels.  SKIP: no clang, no Archer, or a CPU
# without the kernels' ISA (facts of the machine, not of the code).
: "${top_builddir:=.}" "${top_srcdir:=.}"
. "$top_srcdir/tests/common/tap.sh"
echo "1..1"
tap_scratch "${TMPDIR:-/tmp}/regtest_tsan.$$"
d=$tap_dir
gen=$top_builddir/kernels/gen
clang=${TSAN_CC:-clang}

if ! command -v "$clang" >/dev/null 2>&1; then
    skip "no clang (Debian's clang): ThreadSanitizer with Archer needs it"
    exit 0
fi
# beside the compiler's OpenMP runtime, or its LLVM's library directory
# (Debian: /usr/lib/llvm-14/lib, two above clang's resource directory)
archer=$("$clang" -print-file-name=libarcher.so 2>/dev/null)
[ -f "$archer" ] || archer=$("$clang" -print-resource-dir 2>/dev/null)/../../libarcher.so
if [ ! -f "$archer" ]; then
    skip "no libarcher.so for $clang (Debian's libomp-dev): OpenMP's barriers would read as races"
    exit 0
fi
if ! "$top_builddir/mmtune-info" 2>/dev/null | grep -q 'this CPU runs it'; then
    skip "this CPU lacks the kernels' ISA: no call splits (the reference loops run)"
    exit 0
fi

# the driver's sources as the library's build lists them (kernels/local.mk)
if [ -z "${MML_DRIVER_SOURCES-}" ]; then
    echo "Bail out! MML_DRIVER_SOURCES unset (run through make regtest)"
    exit 99
fi
set --
for f in $MML_DRIVER_SOURCES; do set -- "$@" "$top_srcdir/$f"; done
# -O1 keeps the run short; the kernels take this build's target (their
# intrinsics need it) and codegen/ for their header
flags="-O1 -g -fsanitize=thread -fopenmp -march=native -DHAVE_CONFIG_H"
inc="-I$top_srcdir -I$top_builddir -I$top_srcdir/include"
ok=1
for k in kfull kedge knc-pair kncv-pair; do
    "$clang" $flags $inc -I"$top_srcdir/codegen" -I"$gen" -c "$gen/$k.c" \
        -o "$d/$k.o" >> "$d/cc.out" 2>&1 || ok=0
done
[ $ok = 1 ] && "$clang" $flags $inc -o "$d/test_threads" "$@" "$d"/*.o \
    "$top_srcdir/tests/kernels/test_threads.c" \
    "$top_srcdir/tests/common/gemmref.c" -lm >> "$d/cc.out" 2>&1 || ok=0
if [ $ok = 0 ]; then
    sed 's/^/# /' "$d/cc.out" | head -30
    fail "test_threads built with ThreadSanitizer: the build failed"
    exit 0
fi
OMP_TOOL_LIBRARIES=$archer TSAN_OPTIONS="halt_on_error=0 exitcode=66 ignore_noninstrumented_modules=1" \
    "$d/test_threads" > "$d/out" 2> "$d/err"
rc=$?
races=$(grep -c 'WARNING: ThreadSanitizer' "$d/err")
oks=$(grep -c '^ok' "$d/out")
total=$(sed -n 's/^1\.\.//p' "$d/out")
if [ "$rc" -eq 0 ] && [ "$races" -eq 0 ] && [ -n "$total" ] \
        && [ "$oks" -eq "$total" ]; then
    pass "test_threads under ThreadSanitizer (Archer): $oks of $total ok, no race reported"
else
    sed 's/^/# /' "$d/err" | head -60
    grep '^not ok' "$d/out" | sed 's/^/# /'
    fail "test_threads under ThreadSanitizer: exit $rc, $races reports, $oks of ${total:-?} ok"
fi
