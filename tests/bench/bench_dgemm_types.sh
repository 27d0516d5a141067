#!/bin/sh
# Smoke test of bench-dgemm's --type (SGEMM, DGEMM, CGEMM, ZGEMM): the
# types are data, so each must reach every part -- its symbol looked up,
# its operands in its type, its answer checked to its epsilon, its
# tables and plot labelled, complex flops counted 8 M N K.  On test
# libraries of plain loops, so the same on every machine whatever
# libmmtune exports: one right in the four types, one planted wrong in
# each (the last element; the imaginary part in complex), one with
# dgemm_ alone.  Tiny shapes, one round: no speed is asserted.
: "${top_builddir:=.}" "${top_srcdir:=.}"
. "$top_srcdir/tests/common/tap.sh"
echo "1..8"
bench=$top_builddir/bench/bench-dgemm
libs=$top_builddir/tests/bench/.libs
plain=$libs/libplainblas.so
wrong=$libs/libwrongblas.so
donly=$libs/libenvblas.so
tap_scratch "${TMPDIR:-/tmp}/bench_dgemm_types.$$"
d=$tap_dir
tiny="--rounds=1 --flush=1 --naive-max=20 --modes=warm"

# A bad --type is refused by its name, before anything is loaded.
bad=
for t in q sd s,s dgemm ''; do
    "$bench" --lib=plain="$plain" --type="$t" >"$d/out" 2>"$d/err"
    rc=$?
    case $t in
    '') grep -q -- "--type: none given" "$d/err" || rc=0 ;;
    s,s) grep -q -- "--type: 's': expected s, d, c or z" "$d/err" || rc=0 ;;
    *) grep -q -- "--type: '$t': expected s, d, c or z" "$d/err" || rc=0 ;;
    esac
    [ "$rc" -eq 2 ] && [ ! -s "$d/out" ] || bad="$bad '$t'"
done
if [ -z "$bad" ]; then pass "a bad --type is refused by name (exit 2)"
else fail "--type not refused by name:$bad"; fi

# bench-dgemm loads each library in a link namespace of its own
# (dlmopen), where a library built with AddressSanitizer brings a second
# ASan runtime, which cannot map its shadow (make check-sanitize's tree)
why=
if [ ! -f "$plain" ] || [ ! -f "$wrong" ] || [ ! -f "$donly" ]; then
    why="no shared test library was built (--disable-shared)"
elif ldd "$plain" 2>/dev/null | grep -q libasan; then
    why="the test libraries are built with ASan, which dlmopen cannot load"
fi
if [ -n "$why" ]; then
    for i in 2 3 4 5 6 7 8; do skip "$why"; done
    exit 0
fi

# The four types in the order given, each a table under its own head:
# the symbol and the element, the flops a multiply-add counts, float's
# epsilon for SGEMM and CGEMM; every cell measured, transposes too.
"$bench" --lib=plain="$plain" --type=s,z,c,d --sizes=8,17 \
    --shapes=9x5x7:TN,9x5x7:TT $tiny --peak=10 --plot="$d/p.gp" \
    >"$d/all" 2>&1
rc=$?
sed 's/^/# /' "$d/all"
heads=$(awk '/^# [SDCZ]GEMM: [sdcz]gemm_ on / { printf "%s%s ", $2, $3 }
             /^#   GFLOPS count / { printf "%s ", $4 }
             /checked to float.s epsilon/ { printf "f " }' "$d/all")
if [ $rc -eq 0 ] && [ "$heads" = \
     "SGEMM:sgemm_ 2 f ZGEMM:zgemm_ 8 CGEMM:cgemm_ 8 f DGEMM:dgemm_ 2 " ]
then
    pass "each type's head: its symbol, its flops, its epsilon"
else
    fail "the types' heads (exit $rc): $heads"
fi

# Each table: named by type with its flop count, the columns plain and
# naive, a row per shape with both measured.
tables=$(awk '
    /^# warm: [SDCZ]GEMM GFLOPS/ { printf "%s%s ", $3, $5; next }
    /^#/ { next }
    $1 == "N|MxNxK" { ok = ok && $2 == "plain" && $3 == "naive"; next }
    { ok = ok && $2 ~ /^[0-9]+\.[0-9]$/ && $3 ~ /%$/ \
               && $4 ~ /^[0-9]+\.[0-9]$/; printf "%s ", $1 }
    BEGIN { ok = 1 }
    END { print ok ? "good" : "bad" }' "$d/all")
want="SGEMM(2 8 17 9x5x7:TN 9x5x7:TT ZGEMM(8 8 17 9x5x7:TN 9x5x7:TT"
want="$want CGEMM(8 8 17 9x5x7:TN 9x5x7:TT DGEMM(2 8 17 9x5x7:TN 9x5x7:TT"
if [ "$tables" = "$want good" ]; then
    pass "a table per type, labelled, every cell measured"
else
    fail "the types' tables: $tables"
fi

# The plot: a row of panels per type, each its data block and title,
# float's peak twice double's.
if grep -q '^set multiplot layout 4,1 ' "$d/p.gp" \
   && [ "$(sed -n 's/^\$\([a-z_]*\) <<.*/\1/p' "$d/p.gp" | tr '\n' ' ')" \
        = "sgemm_warm zgemm_warm cgemm_warm dgemm_warm " ] \
   && grep -q '^set title "CGEMM, operands warm"' "$d/p.gp" \
   && [ "$(grep -c '^set ylabel "GFLOPS (8 M N K / s)"' "$d/p.gp")" -eq 2 ] \
   && [ "$(grep -c 'title "peak 20"' "$d/p.gp")" -eq 2 ]; then
    pass "the plot: a row of panels per type, labelled"
else
    fail "the plot's types"
fi

# A wrong answer is caught in every type, the complex ones by the
# imaginary part alone, shown as (re, im); never timed; exit 1.
"$bench" --lib=plain="$plain" --lib=planted="$wrong" --type=s,c,z \
    --sizes=8 $tiny >"$d/wrong" 2>&1
rc=$?
sed 's/^/# /' "$d/wrong"
at8='^# planted: WRONG at M=8 N=8 K=8 (\([a-z_]*\)): C(8,8) = \([(]*\).*'
caught=$(sed -n "s/$at8/\\1\\2/p" "$d/wrong" | tr '\n' ' ')
if [ $rc -eq 1 ] && [ "$caught" = "sgemm_ cgemm_( zgemm_( " ] \
   && [ "$(awk '$1 == 8 { printf "%s ", $3 }' "$d/wrong")" \
        = "wrong wrong wrong " ]; then
    pass "a planted error is caught in each type, not timed, exit 1"
else
    fail "the planted errors (exit $rc): $caught"
fi

# A library without a type's symbol sits out that type's rows, noted;
# one with none of the asked symbols is left out at load.
"$bench" --lib=plain="$plain" --lib=donly="$donly" --type=c,d --sizes=8 \
    $tiny >"$d/some" 2>&1
rc=$?
sed 's/^/# /' "$d/some"
cols=$(awk '$1 == "N|MxNxK" { printf "%s,%s,%s ", $2, $3, $4 }' "$d/some")
if [ $rc -eq 0 ] \
   && grep -q '^# donly: no cgemm_ in it: left out of the CGEMM rows' \
        "$d/some" \
   && [ "$cols" = "plain,naive,plain/best plain,donly,naive " ]; then
    pass "a library without cgemm_ is left out of CGEMM's rows alone"
else
    fail "a library without a type's symbol (exit $rc): $cols"
fi

"$bench" --lib=donly="$donly" --type=s,z --sizes=8 $tiny >"$d/none" 2>&1
rc=$?
sed 's/^/# /' "$d/none"
if [ $rc -eq 1 ] \
   && grep -q '^# donly: no sgemm_ or zgemm_ in it: left out' "$d/none" \
   && grep -q 'no library could be loaded' "$d/none"; then
    pass "a library with none of the asked symbols is left out, exit 1"
else
    fail "a library with none of the asked symbols (exit $rc)"
fi

# The types alternate by rounds, as the libraries do: after each type's
# check, a round of SGEMM, then one of ZGEMM, three times (the calls'
# element sizes, 4 and 16 bytes, in the order made; each run of one size
# is one round of calls).
rm -f "$d/calls"
PLAINBLAS_LOG="$d/calls" "$bench" --lib=plain="$plain" --type=s,z \
    --sizes=8 --rounds=3 --flush=1 --naive-max=0 --modes=warm \
    > "$d/order" 2>&1
rc=$?
order=$(uniq "$d/calls" 2>/dev/null | tr '\n' ' ')
if [ $rc -eq 0 ] && [ "$order" = "4 16 4 16 4 16 4 16 " ]; then
    pass "a round of each type in turn: check s, check z, then s z s z s z"
else
    fail "the types' order (exit $rc): $order"
fi
