#!/bin/sh
# bench/context_rank.sh on two AVX2 tiles with the fake timing test
# hook, so that the study cannot rot while its real run stays out of
# make check: both contexts searched for each kernel, the table's every
# figure measured (the packed context's and the whole DGEMM's differ
# from kernel to kernel), the correlations printed, a second run taking
# every log as it is (no search), and bad usage refused by name.  The
# kernels are AVX2 ones (the step pf, whose rounds give the whole DGEMM,
# has a PFB twin only on a SIMD ISA): skipped where the CPU has no AVX2.
: "${top_builddir:=.}" "${top_srcdir:=.}"
script="$top_srcdir/bench/context_rank.sh"
mmsearch="$top_builddir/mmsearch"
. "$top_srcdir/tests/common/tap.sh"
if ! grep -qw avx2 /proc/cpuinfo 2>/dev/null \
        || ! grep -qw fma /proc/cpuinfo; then
    echo "1..0 # SKIP this CPU has no AVX2 and FMA (/proc/cpuinfo)"
    exit 0
fi
dir=tests/bench/context.$$
tap_scratch "$dir"
. "$top_srcdir/tests/common/quickcc.sh"
quick_compilers "$dir/cc"
echo "1..4"

run() {
    sh "$script" --mmsearch="$mmsearch" --dir="$dir/logs" --isa=avx2 \
        --taskset= --search-flags="--test-timing=fake --level=quick \
--probe-conf=$top_srcdir/tests/tune/probe.conf" "$@"
}

run 8x4:gcc 4x8:gcc > "$dir/out" 2> "$dir/err"
rc=$?
rows=$(grep -c '^| [0-9]*x[0-9]* gcc | [0-9]* | [1-9][0-9]* | [1-9][0-9]* |' \
    "$dir/out")
packed=$(grep '^| [0-9]*x[0-9]* gcc |' "$dir/out" | cut -d'|' -f4 | sort -u \
    | wc -l)
whole=$(grep '^| [0-9]*x[0-9]* gcc |' "$dir/out" | cut -d'|' -f5 | sort -u \
    | wc -l)
if [ $rc -eq 0 ] && [ "$rows" -eq 2 ] && [ "$packed" -gt 1 ] \
        && [ "$whole" -gt 1 ] \
        && [ "$(grep -c '^context_rank.sh: .*, \(l1\|packed\)$' "$dir/err")" \
            -eq 4 ]; then
    pass "two kernels, four searches, every figure measured"
else
    fail "the run (exit $rc, $rows rows, $packed/$whole distinct)"
    sed 's/^/# /' "$dir/out" "$dir/err" | head -20
fi

if grep -q '^Spearman against the whole DGEMM, 2 kernels: L1 -\{0,1\}[01]\.[0-9]*, packed -\{0,1\}[01]\.[0-9]*; its two runs against each other ' \
        "$dir/out" \
        && grep -q '^Spearman against its packed squares, 2 kernels' \
            "$dir/out"; then
    pass "the correlations are printed"
else
    fail "the correlations"
    sed 's/^/# /' "$dir/out"
fi

run 8x4:gcc 4x8:gcc > "$dir/out2" 2> "$dir/err2"
rc=$?
if [ $rc -eq 0 ] && cmp -s "$dir/out" "$dir/out2" && ! [ -s "$dir/err2" ]; then
    pass "a second run searches nothing and prints the same"
else
    fail "the second run (exit $rc)"
    sed 's/^/# /' "$dir/err2" | head
fi

sh "$script" --wide > /dev/null 2> "$dir/err3"
rc=$?
if [ $rc -eq 2 ] && grep -q "unknown option '--wide'" "$dir/err3"; then
    pass "an unknown option is refused by name (exit 2)"
else
    fail "--wide: exit $rc"
fi
