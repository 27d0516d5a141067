#!/bin/sh
# Generate the kernel grid into two files, compile them with the kernel
# compiler and flags (warnings are errors here: every emitted kernel must
# compile cleanly), run every kernel against the reference (TAP).
: "${top_builddir:=.}" "${top_srcdir:=.}"
: "${KERNEL_CC:=cc}" "${KERNEL_CFLAGS:=-O2}"
dir=tests/codegen/grid.$$
mkdir -p "$dir" || exit 99
trap 'rm -rf "$dir"' EXIT

# SIMD widths the compiler builds; the others are one SKIP each (the CPU
# is asked at run time, kernel by kernel, by check_kernels).
# shellcheck source=tests/codegen/isa.sh
. "$top_srcdir/tests/codegen/isa.sh"
isas=
set --
for isa in sse2 avx2 avx512; do
    if can_build $isa; then
        isas="$isas $isa"
    else
        set -- "$@" "$isa: $build_error"
    fi
done

# shellcheck disable=SC2086
"$top_builddir/tests/codegen/gengrid" "$dir/grid" $isas || {
    echo "1..1"; echo "not ok 1 - gengrid failed"; exit 0; }
# The scalar and the SIMD half compile side by side (two jobs at most),
# without debug information (-g0 after the flags: the same code, a
# quarter less of make check's longest compile; 2026-11-29, gcc 12,
# 20.7 s against 14.9 s for the SIMD half), through the tests' compiler
# cache (tests/common/quickcc.sh): an unchanged generator's grid is not
# compiled again by the next make check.
. "$top_srcdir/tests/common/quickcc.sh"
cache_dirs
cached_cc
compile() {
    # shellcheck disable=SC2086
    "$cached" "$KERNEL_CC" "" \
        "$cc_cache" "$cc_srcdir" "$cc_builddir" $KERNEL_CFLAGS -Wall \
        -Wextra -Werror -I"$top_srcdir/codegen" \
        -c "$dir/$1.c" -o "$dir/$1.o" 2> "$dir/$1.err"
}
compile grid-s & pid=$!
compile grid-v; rc_v=$?
wait $pid; rc_s=$?
# shellcheck disable=SC2086
if [ $rc_s -ne 0 ] || [ $rc_v -ne 0 ] || ! $KERNEL_CC $KERNEL_CFLAGS \
        -Wall -Wextra -Werror -I"$top_srcdir/codegen" -o "$dir/check" \
        "$dir/grid-s.o" "$dir/grid-v.o" "$top_srcdir/codegen/oracle.c" \
        "$top_srcdir/tests/codegen/check_kernels.c" -lm 2> "$dir/cc.err"
then
    echo "1..1"
    echo "not ok 1 - the generated grid does not compile warning-free"
    cat "$dir/grid-s.err" "$dir/grid-v.err" "$dir/cc.err" | sed 's/^/# /' \
        | head -40
    exit 0
fi
"$dir/check" "$@"
