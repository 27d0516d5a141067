#!/bin/sh
# mmgen from the outside: --help, bad parameters exit 2 naming the
# parameter and its range, a generated file describes itself, the command
# it records recreates it byte for byte, it compiles warning-free, only
# a SIMD kernel's file includes <immintrin.h>, and --small-path cuts the
# library's small-path kernel from a full one.
: "${top_builddir:=.}" "${top_srcdir:=.}"
: "${KERNEL_CC:=cc}" "${KERNEL_CFLAGS:=-O2}"
mmgen="$top_builddir/mmgen"
dir=tests/codegen/cli.$$
mkdir -p "$dir" || exit 99
trap 'rm -rf "$dir"' EXIT
n=0
pass() { n=$((n + 1)); echo "ok $n - $1"; }
fail() { n=$((n + 1)); echo "not ok $n - $1"; }
# a generated file ($1) compiles warning-free with the kernel compiler
# and flags, its object beside it, the messages in $dir/cc.err
compiles() {
    # shellcheck disable=SC2086
    $KERNEL_CC $KERNEL_CFLAGS -Wall -Wextra -Werror \
        -I"$top_srcdir/codegen" -c "$1" -o "${1%.c}.o" 2> "$dir/cc.err"
}
echo "1..36"

"$mmgen" --help > "$dir/help" 2>&1 && grep -q -- '--ncnb=N' "$dir/help" \
    && pass "--help exits 0 and lists the parameters" \
    || fail "--help"

# bad input: exit 2 and a message with the parameter and its range
expect_usage() {
    want=$1; shift
    "$mmgen" "$@" > /dev/null 2> "$dir/err"
    rc=$?
    if [ $rc -eq 2 ] && grep -qF "$want" "$dir/err"; then
        pass "rejects $* ($want)"
    else
        fail "rejects $*: exit $rc, said: $(cat "$dir/err")"
    fi
}
expect_usage "MU: 6 is not allowed with ISA=avx2" --isa=avx2 --mu=6
expect_usage "NB: 0 is out of range (allowed 1..1024)" --nb=0
expect_usage "KU: 50 is out of range (allowed 1..NB=40)" --ku=50
expect_usage "ISA: 'avx9' is not known" --isa=avx9
printf 'NB = 24\nMU = 0\n' > "$dir/bad.conf"
expect_usage "bad.conf:2: MU: 0 is out of range (allowed 1..64)" \
    --params="$dir/bad.conf"
expect_usage "unknown option or missing value: '--mx=2'" --mx=2
expect_usage "LS: 17 is out of range (allowed 1..16)" --fma=0 --ls=17
expect_usage "BT: 1 is not allowed with COPY=1 (allowed 0;" --bt=1
expect_usage "BT: '2' is not allowed (allowed 0, 1)" --copy=0 --bt=2
printf 'COPY = 0\nBT = yes\n' > "$dir/bt.conf"
expect_usage "bt.conf:2: BT: 'yes' is not allowed" --params="$dir/bt.conf"
# the element type: d or s; single's vector holds twice the elements
expect_usage "TYPE: 'x' is not an element type (allowed d = double, s =" \
    --type=x
printf 'TYPE = q\n' > "$dir/type.conf"
expect_usage "type.conf:1: TYPE: 'q' is not an element type" \
    --params="$dir/type.conf"
expect_usage "MU: 8 is not allowed with ISA=avx512 TYPE=s (allowed \
multiples of the vector length 16 in 16..64)" --isa=avx512 --type=s --mu=8

# --output: a failed run leaves the old file as it was, a good one
# replaces it through a temporary that does not stay behind
echo "old" > "$dir/keep.c"
"$mmgen" --nb=0 --output="$dir/keep.c" 2> /dev/null
kept=$(cat "$dir/keep.c")
"$mmgen" --nb=4 --mu=2 --output="$dir/keep.c" 2> /dev/null
files=0
for f in "$dir"/keep*; do files=$((files + 1)); done
if [ "$kept" = old ] && [ $files -eq 1 ] \
        && grep -q 'do not edit' "$dir/keep.c"; then
    pass "--output: kept on bad input, replaced whole, no temp left"
else
    fail "--output was changed or a temp file left: $(ls "$dir")"
fi

# a good parameter file, overridden on the command line
printf 'NB = 24\nMU = 8\nNU = 3\nKU = 6\nISA = avx2\nFMA = 0\nLS = 2\n' \
    > "$dir/good.conf"
if "$mmgen" --params="$dir/good.conf" --k=0 --output="$dir/k.c" \
        2> "$dir/err"; then
    pass "generates from --params with an override"
else
    fail "generation failed: $(cat "$dir/err")"
fi
if grep -q 'do not edit' "$dir/k.c" && grep -q 'flops per call: 27648' \
        "$dir/k.c" && grep -q 'MU=8 NU=3 KU=6 LS=2 FMA=0' "$dir/k.c" \
        && grep -q 'mmgen --isa=avx2 .*--k=0' "$dir/k.c"; then
    pass "the file describes itself (banner, command, parameters, flops)"
else
    fail "self-description missing"
fi
cmd=$(sed -n 's/^ \*   \(mmgen .*\)$/\1/p' "$dir/k.c" | head -1)
mv "$dir/k.c" "$dir/k.orig.c"
# shellcheck disable=SC2086
(cd "$top_builddir" && ./$cmd) 2> "$dir/err"
if cmp -s "$dir/k.orig.c" "$dir/k.c"; then
    pass "the recorded command recreates the file exactly"
else
    fail "recorded command '$cmd' does not recreate the file"
fi
if compiles "$dir/k.c"; then
    pass "the kernel compiles warning-free with the kernel flags"
else
    fail "kernel does not compile cleanly: $(head -5 "$dir/cc.err")"
fi

# a tile beyond the register file is generated, and reported
if "$mmgen" --mu=8 --nu=8 > "$dir/big.c" 2> "$dir/err" \
        && grep -q 'will spill' "$dir/err" \
        && grep -q 'WARNING: will spill' "$dir/big.c"; then
    pass "an 8x8 scalar tile is generated and the spill reported"
else
    fail "spill report missing"
fi
if "$mmgen" --mu=2 --nu=2 2> "$dir/err" > /dev/null \
        && ! grep -q 'spill' "$dir/err"; then
    pass "a 2x2 scalar tile is not reported"
else
    fail "2x2 tile reported as spilling"
fi

# FMA=1 is the fused form, FMA=0 separate multiplies and adds (§II-B)
"$mmgen" --isa=avx2 --mu=8 --nu=3 --fma=1 > "$dir/f1.c" 2> /dev/null
"$mmgen" --isa=avx2 --mu=8 --nu=3 --fma=0 --ls=3 > "$dir/f0.c" 2> /dev/null
if grep -q '_mm256_fmadd_pd' "$dir/f1.c" && ! grep -q '_mm256_fmadd_pd' \
        "$dir/f0.c" && grep -q 'm2 = _mm256_mul_pd' "$dir/f0.c"; then
    pass "SIMD FMA=1 emits fmadd, FMA=0 mul and add with Ls temporaries"
else
    fail "SIMD FMA forms"
fi
"$mmgen" --fma=0 --ls=2 > "$dir/s0.c" 2> /dev/null
if grep -q 'm1 = a0_1 \* b0_0;' "$dir/s0.c" \
        && grep -q 'c0_0 += m0;' "$dir/s0.c" \
        && ! grep -q 'c0_0 += a' "$dir/s0.c"; then
    pass "scalar FMA=0 emits products into temporaries, then adds"
else
    fail "scalar FMA=0 form"
fi

# BT=1 (COPY=0): B read transposed in place, layout 4 in the descriptor,
# the banner and the name, and the recorded command recreates the file
"$mmgen" --isa=avx2 --mu=8 --nu=3 --copy=0 --ncnb=16 --k=0 --bt=1 \
    --output="$dir/bt.c" 2> /dev/null
cmd=$(sed -n 's/^ \*   \(mmgen .*\)$/\1/p' "$dir/bt.c" | head -1)
cp "$dir/bt.c" "$dir/bt.orig.c"
# shellcheck disable=SC2086
(cd "$top_builddir" && ./$cmd) 2> "$dir/err"
if grep -q '\.layout = 4,' "$dir/bt.c" && grep -q 'mmk_avx2_nct16_' \
        "$dir/bt.c" && grep -q 'B(p,j) = b\[j + p\*ldb\]' "$dir/bt.c" \
        && grep -q 'b\[2 + (p + 0) \* ldb\]' "$dir/bt.c" \
        && grep -q -- '--bt=1' "$dir/bt.c" && cmp -s "$dir/bt.c" \
        "$dir/bt.orig.c"; then
    pass "BT=1: layout 4, B(p,j) read at b[j + p*ldb], recreated exactly"
else
    fail "BT=1 kernel: layout, name, index or command ('$cmd')"
fi

# PF=1: the prefetches reach the object code (gcc 12 deleted a loop of
# __builtin_prefetch calls whole in SIMD kernels), an avx2 kernel of
# run-time sizes (its target attribute builds it on any x86: only
# compiled); prefetch mnemonics are x86's (elsewhere: a SKIP)
case "$(uname -m)" in
x86_64|i?86)
    "$mmgen" --isa=avx2 --mu=8 --nu=4 --pf=1 --m=0 --n=0 --k=0 \
        --output="$dir/pf.c" 2> /dev/null
    # shellcheck disable=SC2086
    if $KERNEL_CC $KERNEL_CFLAGS -I"$top_srcdir/codegen" -S \
            -o "$dir/pf.s" "$dir/pf.c" 2> "$dir/err" \
            && grep -q 'PF=1' "$dir/pf.c" && grep -q -- '--pf=1' "$dir/pf.c" \
            && grep -Eq '^[[:space:]]+prefetch' "$dir/pf.s"; then
        pass "PF=1: the kernel's object code prefetches"
    else
        fail "PF=1: no prefetch in $KERNEL_CC's output $(head -3 "$dir/err")"
    fi ;;
*)
    n=$((n + 1)); echo "ok $n # SKIP prefetch mnemonics are x86's, this is $(uname -m)" ;;
esac


# The SIMD edges: the columns left after the last NU get tiles of their
# exact width, one function per width, picked by a switch at run time;
# the rows left below MU, with masks (avx512, avx2), masked tiles of
# their whole and fractional vectors, the corner too, so that nothing is
# packed: in a non-copy kernel on the caller's rows, in the panel layout
# on A's last panel stored tight (as wide as its rows: aw).  The grid
# checks their values; this, that the emitter still makes them rather
# than packing the edge.
"$mmgen" --isa=avx512 --copy=0 --mu=16 --nu=5 --ku=4 --m=0 --n=0 --k=0 \
    --name=ne --output="$dir/ne.c" 2> /dev/null
if grep -q 'switch (n - j)' "$dir/ne.c" \
        && [ "$(grep -Ec '^ne_b0_t16x[1-4]\(' "$dir/ne.c")" -eq 4 ] \
        && grep -Eq '^ +ne_b0_t16x3\(m, n, k,' "$dir/ne.c" \
        && ! grep -Eq '^ +ne_b0_edge\(' "$dir/ne.c" \
        && grep -q 'switch ((m - i + 7) / 8)' "$dir/ne.c" \
        && grep -Eq '^ +ne_b0_t8x5_m\(m, n, k,' "$dir/ne.c" \
        && grep -Eq '^ +ne_b0_t16x3_m\(m, n, k,' "$dir/ne.c" \
        && grep -q '_mm512_maskz_loadu_pd(km, &a\[' "$dir/ne.c" \
        && grep -q '_mm512_mask_storeu_pd(&c\[' "$dir/ne.c" \
        && grep -q '^ *\.masked_rows = 1,' "$dir/ne.c"; then
    pass "SIMD non-copy, run-time N and M: exact tiles (16x1..16x4), masked rows (8x5_m, 16x5_m, the corner 16x3_m ...), no packed edge, the descriptor says so"
else
    fail "SIMD non-copy, run-time N or M: no exact or masked tiles at the edge, or the descriptor's masked_rows is not 1"
fi
"$mmgen" --isa=avx512 --mu=16 --nu=5 --ku=4 --m=0 --n=0 --k=0 \
    --name=pe --output="$dir/pe.c" 2> /dev/null
if grep -Eq '^ +pe_b0_t8x5_m\(m, n, k,' "$dir/pe.c" \
        && grep -Eq '^ +pe_b0_t16x3_m\(m, n, k,' "$dir/pe.c" \
        && grep -q 'const int aw = 8 + rows;' "$dir/pe.c" \
        && grep -q '(p + 0) \* aw + 8\]' "$dir/pe.c" \
        && ! grep -Eq '^ +pe_b0_edge\(' "$dir/pe.c" \
        && grep -q '^ *\.masked_rows = 1,' "$dir/pe.c"; then
    pass "SIMD panel layout, run-time M: masked tiles (8x5_m, the corner 16x3_m) on A's tight last panel, no packed edge, the descriptor says so"
else
    fail "SIMD panel layout, run-time M: no masked tiles on a tight panel, a packed edge, or the descriptor's masked_rows is not 1"
fi
# a fixed N (the panel layout: the last B panel is as wide as its tile)
"$mmgen" --isa=avx2 --mu=8 --nu=4 --nb=10 --name=nf --output="$dir/nf.c" \
    2> /dev/null
if grep -Eq '^nf_b0_t8x2\(' "$dir/nf.c" \
        && grep -Fq 'b[(p + 0) * 2 + 1]' "$dir/nf.c" \
        && ! grep -q 'switch (n - j)' "$dir/nf.c"; then
    pass "SIMD, NB = 10, NU = 4: one 8x2 tile reading B's last panel 2 wide"
else
    fail "SIMD, fixed N: no exact 8x2 tile, or B's last panel read NU wide"
fi
# --fit-fetch: a 24 x 8 kernel's IF = 11 is out of range for the 16 x 8
# tile the library cuts from it (10 loads a k step), an error without it
# (exit 2, naming IF), lowered to 10 and NF kept with it.
"$mmgen" --isa=avx512 --mu=16 --nu=8 --if=11 --nf=3 --copy=0 --ncnb=64 \
    --m=0 --n=0 --k=0 > /dev/null 2> "$dir/fit.err"
rc=$?
if [ $rc -eq 2 ] && grep -q 'IF: 11 is out of range (allowed 2..10' \
        "$dir/fit.err" \
        && "$mmgen" --isa=avx512 --mu=16 --nu=8 --if=11 --nf=3 --copy=0 \
            --ncnb=64 --m=0 --n=0 --k=0 --fit-fetch --name=fit \
            --output="$dir/fit.c" 2> /dev/null \
        && grep -q -- '--if=10 --nf=3 ' "$dir/fit.c" \
        && "$mmgen" --isa=avx512 --mu=16 --nu=8 --if=4 --nf=12 --copy=0 \
            --ncnb=64 --m=0 --n=0 --k=0 --fit-fetch --name=fit2 \
            --output="$dir/fit2.c" 2> /dev/null \
        && grep -q -- '--if=4 --nf=10 ' "$dir/fit2.c"; then
    pass "--fit-fetch lowers IF=11 and NF=12 to the 10 loads of a 16x8 k \
step, leaves IF=4 and NF=3"
else
    fail "--fit-fetch: exit $rc, $(cat "$dir/fit.err"); \
$(grep -o -- '--if=[0-9]* --nf=[0-9]*' "$dir/fit.c" 2>/dev/null)"
fi

# Single precision (TYPE=s): the double default is --type=d word for word;
# each ISA spells its vectors of floats (16, 8, 4 a vector; AVX-512's
# masks 16 bits, AVX2's 32-bit lanes), the kernel takes float pointers and
# a float beta, its descriptor says the type and holds the single
# variants; the recorded command recreates the file; all compile
# warning-free (their values: the grid).
"$mmgen" --isa=avx2 --mu=8 --nu=3 --copy=0 --m=0 > "$dir/d0.c" 2> /dev/null
"$mmgen" --isa=avx2 --mu=8 --nu=3 --copy=0 --m=0 --type=d > "$dir/d1.c" \
    2> /dev/null
if [ -s "$dir/d0.c" ] && cmp -s "$dir/d0.c" "$dir/d1.c" \
        && ! grep -q 'type' "$dir/d0.c"; then
    pass "--type=d is the default, and a double kernel does not mention it"
else
    fail "--type=d differs from the default, or a double kernel says its type"
fi
single_ok=yes
for spec in "avx512:16:_mm512_fmadd_ps:__mmask16 km:_mm512_maskz_loadu_ps" \
        "avx2:8:_mm256_fmadd_ps:_mm256_cmpgt_epi32(:_mm256_maskload_ps(" \
        "sse2:4:_mm_fmadd_ps:_mm_set1_ps(:const __m128 a0_0" \
        "none:1:mmt_fmaddf(:float c0_0 = :mmt_touchf(&c["; do
    isa=${spec%%:*} rest=${spec#*:}
    v=${rest%%:*} rest=${rest#*:}
    mu=$((v * 2))
    "$mmgen" --isa="$isa" --type=s --mu=$mu --nu=3 --copy=0 --m=0 --n=0 \
        --k=0 --output="$dir/s-$isa.c" 2> "$dir/err"
    cmd=$(sed -n 's/^ \*   \(mmgen .*\)$/\1/p' "$dir/s-$isa.c" | head -1)
    cp "$dir/s-$isa.c" "$dir/s-$isa.orig.c"
    # shellcheck disable=SC2086
    (cd "$top_builddir" && ./$cmd) 2>> "$dir/err"
    while [ -n "$rest" ]; do
        want=${rest%%:*}
        [ "$want" = "$rest" ] && rest= || rest=${rest#*:}
        grep -qF "$want" "$dir/s-$isa.c" || single_ok="$isa lacks '$want'"
    done
    for want in "smmk_${isa}_nc40_" "($v float" "TYPE=s" \
            "--type=s" "const float *restrict a" "float beta" \
            ".type = MMT_TYPE_S," ".sbeta0 = smmk_" ".vlen = $v,"; do
        grep -qF -- "$want" "$dir/s-$isa.c" || single_ok="$isa lacks '$want'"
    done
    grep -q '_pd(\|double' "$dir/s-$isa.c" \
        && single_ok="$isa: a double left: $(grep -m1 '_pd(\|double' \
            "$dir/s-$isa.c")"
    cmp -s "$dir/s-$isa.c" "$dir/s-$isa.orig.c" \
        || single_ok="$isa: '$cmd' does not recreate the file"
    compiles "$dir/s-$isa.c" || single_ok="$isa does not compile: \
$(head -3 "$dir/cc.err")"
done
if [ "$single_ok" = yes ]; then
    pass "TYPE=s: float vectors of 16, 8, 4 (and the scalar), masks of \
their lanes, float arguments, the descriptor's type, recreated, compiled"
else
    fail "TYPE=s: $single_ok"
fi
# and its prefetches (PF and PFB on a copy kernel, PF and PFA on a
# non-copy one) call mmkernel.h's float helpers, never double's, and
# compile warning-free (the addresses: test_prefetch; the values: the grid)
pf_ok=yes
for spec in "--pfb=1" "--copy=0 --m=0 --pfa=1"; do
    # shellcheck disable=SC2086
    "$mmgen" --isa=avx2 --type=s --mu=16 --nu=3 --pf=1 $spec \
        --output="$dir/spf.c" 2> "$dir/err" || pf_ok="$spec: refused: \
$(cat "$dir/err")"
    case $spec in
    *pfb*) wants="mmt_prefetch_nextf(40, 40, i, j, 16, 3, c, ldc);
mmt_pfbf(b, 3, 40, p + 0);" ;;
    *) wants="mmt_prefetch_nextf(m, 40, i, j, 16, 3, c, ldc);
mmt_pfa_startf(a + i, m, lda, 40, 40, j, 3)
mmt_pfa_stepsf(&pf, 4, 16);
int ldc, struct mmt_pfaf pf)" ;;
    esac
    while IFS= read -r want; do
        grep -qF -- "$want" "$dir/spf.c" || pf_ok="$spec lacks '$want'"
    done <<EOF
$wants
EOF
    grep -Eq 'mmt_(prefetch_next|pfa_start|pfa_steps|pfb)\(|mmt_pfa ' \
        "$dir/spf.c" && pf_ok="$spec calls a double helper"
    compiles "$dir/spf.c" || pf_ok="$spec does not compile: \
$(head -3 "$dir/cc.err")"
done
if [ "$pf_ok" = yes ]; then
    pass "TYPE=s with PF, PFA, PFB: the float prefetch helpers, compiled"
else
    fail "TYPE=s prefetch: $pf_ok"
fi

# Intrinsics only where a kernel has vectors: <immintrin.h> was 85% of a
# scalar kernel's compile at -O0 (the tests' searches build them by the
# hundred), and a SIMD kernel's file includes it before its code.
inc_ok=yes
"$mmgen" --isa=none --nb=8 --mu=2 --nu=2 --ku=1 > "$dir/inc-s.c" \
    2> /dev/null || inc_ok="the scalar kernel: exit $?"
grep -q 'immintrin' "$dir/inc-s.c" && inc_ok="a scalar kernel includes it"
compiles "$dir/inc-s.c" || inc_ok="the scalar kernel does not compile"
case $(uname -m) in
x86_64|i?86)
    "$mmgen" --isa=sse2 --nb=8 --mu=2 --nu=2 --ku=1 > "$dir/inc-v.c" \
        2> /dev/null || inc_ok="the sse2 kernel: exit $?"
    first=$(grep -n -m1 '_mm_\|__m128' "$dir/inc-v.c" | cut -d: -f1)
    at=$(grep -n -m1 '^#include <immintrin.h>' "$dir/inc-v.c" | cut -d: -f1)
    [ -n "$at" ] && [ -n "$first" ] && [ "$at" -lt "$first" ] \
        || inc_ok="the sse2 kernel: include at line '$at', code at '$first'"
    compiles "$dir/inc-v.c" || inc_ok="the sse2 kernel does not compile" ;;
esac
if [ "$inc_ok" = yes ]; then
    pass "<immintrin.h> in SIMD kernels alone, before their code"
else
    fail "immintrin: $inc_ok"
fi

# --small-path: the library's small-path kernel of the full kernel given
# (codegen's mmg_small_path, kernels/local.mk's one rule): COPY=0, run-
# time sizes, FF=0, KU=1, MU cut to two vectors, IF fitted to the cut
# tile's 10 loads a step; options after it override it, before it not.
sp_ok=yes
"$mmgen" --isa=avx512 --nb=40 --mu=24 --nu=8 --ku=4 --ff=1 --if=11 --nf=3 \
    --small-path > "$dir/sp.c" 2> /dev/null || sp_ok="exit $?"
grep -q '^ \*   ISA=avx512 .* NCNB=40 COPY=0$' "$dir/sp.c" \
    && grep -q '^ \*   MU=16 NU=8 KU=1 LS=1 FMA=1 FF=0 IF=10 NF=3$' \
        "$dir/sp.c" && grep -q '^ \*   C(M x N) = .* M=m N=n K=k$' \
        "$dir/sp.c" || sp_ok="the cut: $(sed -n 8,10p "$dir/sp.c")"
"$mmgen" --isa=avx512 --nb=40 --mu=24 --nu=8 --ku=4 --small-path --ku=4 \
    --pfa=1 > "$dir/sp2.c" 2> /dev/null || sp_ok="after: exit $?"
grep -q '^ \*   MU=16 NU=8 KU=4 .* PFA=1$' "$dir/sp2.c" \
    || sp_ok="options after it: $(sed -n 10p "$dir/sp2.c")"
# NCNU (mmsearch's step ncnu) is the cut tile's NU: 40 x 5 IF=7 cut to
# 16 x 8, whose 10 loads keep IF=7
"$mmgen" --isa=avx512 --nb=40 --mu=40 --nu=5 --if=7 --ncnu=8 --small-path \
    > "$dir/sp3.c" 2> /dev/null || sp_ok="ncnu: exit $?"
grep -q '^ \*   MU=16 NU=8 KU=1 .* IF=7 ' "$dir/sp3.c" \
    || sp_ok="NCNU: $(sed -n 10p "$dir/sp3.c")"
"$mmgen" --help | grep -q -- '--small-path' || sp_ok="not in --help"
if [ "$sp_ok" = yes ]; then
    pass "--small-path: 24 x 8 KU=4 FF=1 IF=11 cut to 16 x 8 KU=1 FF=0 \
IF=10, COPY=0, run-time sizes; options after it override it; NCNU its NU"
else
    fail "--small-path: $sp_ok"
fi

# Half twins (codegen's mmg_half_twin): the avx512 non-copy kernel with
# run-time M and FMA has one for each masked tile NU wide, its last
# vector at 256 bits, called when it keeps at most V/2 rows, and needs
# avx512vl; the panels of other widths, FMA=0 and avx2 have none.
h_bad=
"$mmgen" --isa=avx512 --beta=0 --nb=40 --ncnb=40 --copy=0 --m=0 --n=0 \
    --k=0 --mu=16 --nu=8 --ku=1 --name=h > "$dir/h.c" 2> /dev/null \
    || h_bad="exit $?"
tiles=$(sed -n 's/^\(h_b0_t[0-9]*x[0-9]*_mh\)(int m.*/\1/p' "$dir/h.c" \
    | sort | tr '\n' ' ')
[ "$tiles" = "h_b0_t16x8_mh h_b0_t24x8_mh h_b0_t8x8_mh " ] \
    || h_bad="$h_bad twins: $tiles;"
grep -q '^ *if (m - i - 0 <= 4)$' "$dir/h.c" \
    && grep -q '_mm256_fmadd_pd(a0_1, _mm512_castpd512_pd256(b0_0), c1_0)' \
        "$dir/h.c" && grep -q '\.requires = "avx512f,avx512vl"' "$dir/h.c" \
    || h_bad="$h_bad the call, the FMA or requires;"
for o in "--isa=avx512 --mu=16 --nu=8 --fma=0 --ls=1" \
    "--isa=avx2 --mu=8 --nu=4"; do
    # shellcheck disable=SC2086
    "$mmgen" $o --beta=0 --nb=40 --ncnb=40 --copy=0 --m=0 --n=0 --k=0 \
        --ku=1 --name=h > "$dir/h2.c" 2> /dev/null || h_bad="$h_bad $o: exit $?;"
    ! grep -q '_mh(\|avx512vl' "$dir/h2.c" || h_bad="$h_bad $o has twins;"
done
if [ -z "$h_bad" ]; then
    pass "half twins: avx512 16 x 8 FMA has t8x8, t16x8, t24x8 _mh at 256 \
bits for <= 4 rows, requires avx512vl; FMA=0 and avx2 have none"
else
    fail "half twins:$h_bad"
fi

# KU with K at run time (codegen's mmg_runtime_unroll): lowered to 8, in
# the code, the descriptor and the recorded command, copy and non-copy
# alike; a fixed K keeps its KU.
ku_bad=
for o in "--copy=1 --nb=120 --m=0 --n=0 --k=0" \
    "--copy=0 --ncnb=120 --m=0 --n=0 --k=0"; do
    # shellcheck disable=SC2086
    "$mmgen" --isa=avx2 --mu=8 --nu=4 --ku=120 $o --beta=0 --name=ku \
        > "$dir/ku.c" 2> /dev/null || ku_bad="$ku_bad $o: exit $?;"
    grep -q '\.ku = 8,' "$dir/ku.c" && grep -q 'mmgen .* --ku=8 ' "$dir/ku.c" \
        && grep -q 'p + 8 <= k; p += 8)' "$dir/ku.c" \
        || ku_bad="$ku_bad $o: KU not 8;"
done
"$mmgen" --isa=avx2 --mu=8 --nu=4 --ku=120 --nb=120 --beta=0 --name=ku \
    > "$dir/ku.c" 2> /dev/null || ku_bad="$ku_bad fixed K: exit $?;"
grep -q '\.ku = 120,' "$dir/ku.c" || ku_bad="$ku_bad fixed K: KU not 120;"
if [ -z "$ku_bad" ]; then
    pass "KU = 120 with K at run time lowered to 8 (copy, non-copy); kept \
with K fixed"
else
    fail "KU at run time:$ku_bad"
fi
