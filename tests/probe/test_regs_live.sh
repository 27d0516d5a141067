#!/bin/sh
# The register probe with the configured kernel compiler, for machines we
# do not have: the compile targets an AVX-512 Zen 4-like core (x86-64-v4,
# 32 vector registers), an AVX2-only Zen 3 (znver3, 16) and an SSE4.2 core
# without FMA (x86-64-v2, 16).  Only the compiler runs, so the CPU under
# us does not matter.  A -march the compiler does not know is a SKIP,
# decided by compiling an empty file with it.
: "${top_builddir:=.}"
: "${KERNEL_CC:=cc}" "${KERNEL_CFLAGS:=-O2}"
dir=tests/probe/regs-live.$$
mkdir -p "$dir" || exit 99
trap 'rm -rf "$dir"' EXIT
echo 'int mmt_empty;' > "$dir/empty.c"
n=0
echo "1..3"

# expect MARCH "FP_REGS_SCALAR SSE2 AVX2 AVX512 FMA_COMPILER"
expect() {
    n=$((n + 1))
    flags="$KERNEL_CFLAGS -march=$1 -ffp-contract=fast"
    # shellcheck disable=SC2086
    if ! $KERNEL_CC $flags -c "$dir/empty.c" -o "$dir/empty.o" \
            2> "$dir/err"; then
        echo "ok $n # SKIP $KERNEL_CC does not take -march=$1:" \
            "$(head -1 "$dir/err")"
        return
    fi
    "$top_builddir/tests/probe/regsprobe" "$KERNEL_CC" "$flags" \
        > "$dir/out" 2> "$dir/err"
    got=$(awk '{ printf "%s%s", sep, $2; sep = " " }' "$dir/out")
    unconfirmed=$(awk '$3 != 1 { print $1 }' "$dir/out")
    if [ "$got" = "$2" ] && [ -z "$unconfirmed" ]; then
        echo "ok $n - -march=$1: registers and FMA $got, confirmed"
    else
        echo "not ok $n - -march=$1: want $2, got '$got'" \
            "(unconfirmed: $unconfirmed)"
        sed 's/^/# /' "$dir/out" "$dir/err"
    fi
}
expect x86-64-v4 "32 32 32 32 1"
expect znver3 "16 16 16 0 1"
expect x86-64-v2 "16 16 0 0 0"
