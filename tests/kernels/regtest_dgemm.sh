#!/bin/sh
# make regtest: the built libmmtune runs DGEMM near the machine's peak, on
# the blocked path (N = 1000, operands flushed: packing, blocking, the
# copy kernels) and on the small path (N = 64 warm: the non-copy kernels
# on the caller's arrays); and SGEMM, CGEMM and ZGEMM at N = 1000
# flushed, each of its own peak (the floats' twice the doubles').  A
# driver change that halves either (a lost K blocking, a packing that
# misses, a kernel left spilling) passes every correctness test; this
# fails it.
#
# The yardstick is independent of the library: the peak mmprobe measures
# in the same run (its clock x SIMD width x FMA pipes), scaled to the
# vector width of the ISA the library's kernels use (mmtune-info), since
# a build for a narrower ISA (--with-kernel-isa=sse2 on an AVX-512 CPU)
# cannot use the rest.  Floors, in percent of that peak: 50 flushed at
# N = 1000, 40 warm at N = 64.  Measured on the Zen 5 guest (bench-dgemm,
# 3 rounds, of each ISA's own peak): avx512 86 and 88 (SGEMM, CGEMM,
# ZGEMM at N = 1000 flushed 80, 77, 81 on 2026-11-29), avx2 (8 x 6, gcc
# -march=znver3) 88 and 91, sse2 81 and 92, scalar (none) 110 and 122
# (the compiler vectorises some of it); the host's slow phases cost up to
# 25%, so a pass needs no calm.  Pinned to the last CPU, up to three
# attempts 5 s apart: the first that clears both floors passes; none, or
# nothing measured, fails.  SKIP: no shared library to load, or a CPU
# without the kernels' ISA (mmtune-info: the reference loops run).
: "${top_builddir:=.}" "${top_srcdir:=.}"
. "$top_srcdir/tests/common/tap.sh"
echo "1..2"
bench=$top_builddir/bench/bench-dgemm
info=$top_builddir/mmtune-info
lib=$top_builddir/kernels/.libs/libmmtune.so
tap_scratch "${TMPDIR:-/tmp}/regtest_dgemm.$$"
d=$tap_dir
if [ ! -f "$lib" ]; then
    skip "no shared libmmtune was built (--disable-shared): nothing to load"
    exit 0
fi

# The library's kernels: their ISA (doubles per vector) and whether this
# CPU runs them (else the reference loops run, and there is no peak to
# hold them to): DGEMM's section of its answer, before SGEMM's.
"$info" 2>&1 | sed '/^SGEMM$/,$d' > "$d/info"
isa=$(sed -n 's/^kernel .*(ISA \([a-z0-9]*\)[,)].*/\1/p' "$d/info")
case $isa in
    avx512) v=8 ;; avx2) v=4 ;; sse2) v=2 ;; none) v=1 ;; *) v= ;;
esac
if grep -q '^kernel .*this CPU lacks it' "$d/info"; then
    skip "this CPU lacks the kernels' ISA ($isa): the reference loops run"
    exit 0
fi
if [ -z "$v" ]; then
    fail "no kernel ISA in mmtune-info's answer: $(head -1 "$d/info")"
    exit 0
fi

# Pinned to the last CPU this process may run on, when taskset can.
pin=
if command -v taskset >/dev/null 2>&1; then
    last=$(taskset -pc $$ 2>/dev/null | sed 's/.*: *//' | tr ',' '\n' \
        | tail -1 | sed 's/.*-//')
    [ -n "$last" ] && taskset -c "$last" true 2>/dev/null \
        && pin="taskset -c $last"
fi

# VALUE of "KEY VALUE confirmed ..." in mmprobe's printed answer
probed() {
    awk -v k="$1" '$1 == k && $3 == "confirmed" { print $2 }' "$d/probe"
}

# GFLOPS of libmmtune in the row of size $1 of bench-dgemm's table in $d/b
gflops() { awk -v n="$1" '$1 == n && $2 ~ /^[0-9.]+$/ { print $2 }' "$d/b"; }

# GFLOPS of libmmtune's ?gemm_ of type $1 at N = $2 operands $3 (flushed,
# warm), 3 rounds; nothing when bench-dgemm measured nothing
at() {
    $pin "$bench" --lib=mmtune="$lib" --libs=none --type="$1" --sizes="$2" \
        --modes="$3" --rounds=3 --naive-max=1 > "$d/b" 2>&1 && gflops "$2"
}

# retry F: F (an attempt: says what it measured in $said, returns 0 when
# that clears its floors) up to three times 5 s apart; 0 when one did.
retry() {
    try=0
    while [ $try -lt 3 ]; do
        [ $try -gt 0 ] && sleep 5
        try=$((try + 1))
        "$1" && return 0
    done
    return 1
}

# an attempt's failure: $said is "attempt N: " and $1, printed
failed() {
    said="attempt $try: $1"
    echo "# $said"
}

# DGEMM, and the yardstick the other precisions are held to
dgemm_attempt() {
    if ! $pin "$top_builddir/mmprobe" --only=PEAK_MFLOPS,SIMD_DOUBLES \
            --output="$d/probe.conf" > "$d/probe" 2>&1; then
        failed "mmprobe failed: $(tail -1 "$d/probe")"
        return 1
    fi
    peak=$(probed PEAK_MFLOPS) width=$(probed SIMD_DOUBLES)
    if [ -z "$peak" ] || [ -z "$width" ]; then
        failed "no confirmed peak (PEAK_MFLOPS '$peak', SIMD_DOUBLES \
'$width')"
        return 1
    fi
    # GFLOPS the library's ISA can reach: the peak, times v / width if
    # the library's vectors are the narrower
    yard=$(awk -v p="$peak" -v v="$v" -v w="$width" \
        'BEGIN { printf "%.2f", p / 1000 * (v < w ? v / w : 1) }')
    big=$(at d 1000 flushed) small=$(at d 64 warm)
    if [ -z "$big" ] || [ -z "$small" ]; then
        failed "bench-dgemm measured nothing: $(tail -2 "$d/b" | tr '\n' ' ')"
        return 1
    fi
    said=$(awk -v b="$big" -v s="$small" -v y="$yard" -v isa="$isa" \
        -v t="$try" 'BEGIN { printf "attempt %d: N = 1000 flushed %.1f " \
        "GFLOPS (%.0f%%), N = 64 warm %.1f (%.0f%%) of %.1f (%s peak)", \
        t, b, 100 * b / y, s, 100 * s / y, y, isa }')
    echo "# $said"
    awk -v b="$big" -v s="$small" -v y="$yard" \
        'BEGIN { exit !(b >= 0.50 * y && s >= 0.40 * y) }'
}

# The other precisions at N = 1000 flushed: at least 50% of their peak
# (SGEMM and CGEMM of twice the yardstick, the last one DGEMM's attempts
# measured).
others_attempt() {
    s=$(at s 1000 flushed) c=$(at c 1000 flushed) z=$(at z 1000 flushed)
    if [ -z "$s" ] || [ -z "$c" ] || [ -z "$z" ]; then
        failed "bench-dgemm measured nothing: $(tail -2 "$d/b" | tr '\n' ' ')"
        return 1
    fi
    said=$(awk -v s="$s" -v c="$c" -v z="$z" -v y="$yard" -v t="$try" \
        'BEGIN { printf "attempt %d: SGEMM %.1f GFLOPS (%.0f%%), CGEMM " \
        "%.1f (%.0f%%) of %.1f, ZGEMM %.1f (%.0f%%) of %.1f", t, s, \
        50 * s / y, c, 50 * c / y, 2 * y, z, 100 * z / y, y }')
    echo "# $said"
    awk -v s="$s" -v c="$c" -v z="$z" -v y="$yard" \
        'BEGIN { exit !(s >= y && c >= y && z >= 0.50 * y) }'
}

said="" yard=""
floors="50% of peak at N = 1000 flushed and 40% at N = 64 warm"
if retry dgemm_attempt; then
    pass "DGEMM at or above $floors: $said"
else
    fail "DGEMM below $floors, or not measured: $said"
fi
said=""
floors="50% of their peak at N = 1000 flushed"
if [ -n "$yard" ] && retry others_attempt; then
    pass "SGEMM, CGEMM, ZGEMM at or above $floors: $said"
else
    fail "SGEMM, CGEMM or ZGEMM below $floors, or not measured: \
${said:-no yardstick}"
fi
