#!/bin/sh
# Smoke test of bench-dgemm (make bench-dgemm), so the benchmark cannot rot:
# tiny shapes, one round, libmmtune and the naive loops.  The table has its
# shape (one per mode, a row per shape, GFLOPS in every cell, the ratio
# column), a library that is not there is noted and not fatal, the one-row
# output make tune's summary parses stays as it was, a planted wrong BLAS
# is reported and not timed, a library loaded with a variable set sees
# it and one loaded before it still reads its environment, bad usage
# exits 2, the modes that take a flushed call apart (code-cold,
# operands-cold) print their tables, --stat=median says so in the
# headers, --stat=both prints each mode's medians then its least times
# (never slower than the medians), DGEMM by default (bench_dgemm_types.sh: --type).  Nothing is
# timed against anything: no speed is asserted.
: "${top_builddir:=.}" "${top_srcdir:=.}"
. "$top_srcdir/tests/common/tap.sh"
echo "1..13"
bench=$top_builddir/bench/bench-dgemm
lib=$top_builddir/kernels/.libs/libmmtune.so
wrong=$top_builddir/tests/bench/.libs/libwrongblas.so
tap_scratch "${TMPDIR:-/tmp}/bench_dgemm.$$"
d=$tap_dir
# bench-dgemm loads each library in a link namespace of its own
# (dlmopen), where a library built with AddressSanitizer brings a second
# ASan runtime, which cannot map its shadow (make check-sanitize's tree)
why=
if [ ! -f "$lib" ]; then
    why="no shared libmmtune was built (--disable-shared)"
elif ldd "$lib" 2>/dev/null | grep -q libasan; then
    why="libmmtune is built with ASan, which dlmopen cannot load twice"
fi
if [ -n "$why" ]; then
    for i in 1 2 3 4 5 6 7 8 9 10 11 12 13; do skip "$why"; done
    exit 0
fi
tiny="--rounds=1 --flush=1 --naive-max=20"

"$bench" --lib=mmtune="$lib" --lib=absent="$d/absent.so" --sizes=8,17 \
    --shapes=9x1x5 --modes=flushed,warm --peak=10 $tiny \
    --plot="$d/b.gp" >"$d/out" 2>"$d/err"
rc=$?
sed 's/^/# /' "$d/out" "$d/err"
if [ $rc -eq 0 ]; then pass "runs (exit 0)"; else fail "exit $rc"; fi

if grep -q '^# absent: not measured (.*absent.so' "$d/out"; then
    pass "a library that is not there is noted, and the run goes on"
else
    fail "no note on the missing library"
fi

# Two tables (flushed, then warm), each a header naming DGEMM, then
# mmtune, naive and the ratio, then rows 8, 17, 9x1x5 with "GFLOPS PCT%"
# in both columns and "RATIOx naive" last.
shape=$(awk '
    /^# flushed: DGEMM GFLOPS \(2 M N K/ || /^# warm: DGEMM GFLOPS \(2 M N K/ \
        { t++; mode[t] = $2; next }
    /^#/ { next }
    $1 == "N|MxNxK" { ok = ok && $2 == "mmtune" && $3 == "naive" \
                           && $4 == "mmtune/best"; heads++; next }
    { rows++; key = key " " $1
      ok = ok && NF == 7 && $2 ~ /^[0-9]+\.[0-9]$/ && $3 ~ /%$/ \
           && $4 ~ /^[0-9]+\.[0-9]$/ && $5 ~ /%$/ && $6 ~ /x$/ \
           && $7 == "naive" }
    BEGIN { ok = 1 }
    END { print (ok && t == 2 && mode[1] == "flushed:" \
                 && mode[2] == "warm:" && heads == 2 && rows == 6 \
                 && key == " 8 17 9x1x5 8 17 9x1x5") ? "good" : "bad" }
' "$d/out")
if [ "$shape" = good ]; then
    pass "two tables, a row per shape, every cell measured"
else
    fail "the tables do not have their shape"
fi

# make tune's summary reads row N's second field (bench/tune_summary.sh).
g=$("$bench" --lib=mmtune="$lib" --sizes=8 --rounds=1 --flush=1 \
    --naive-max=0 2>/dev/null | awk '$1 == 8 { print $2 }')
case $g in
[0-9]*.[0-9]) pass "one row per size, GFLOPS second, with --lib only ($g)" ;;
*) fail "the summary's parse gets '$g'" ;;
esac

# The plot script: square shapes only, one data block per mode.
if [ -f "$d/b.gp" ] && grep -q 'output "b.png"' "$d/b.gp" \
   && [ "$(sed -n '/^\$dgemm_flushed <</,/^EOD/p' "$d/b.gp" | awk '
          NR == 2 { print $1, $2, $3 } NR > 2 && !/EOD/ { print $1 }' \
          | tr '\n' ' ')" = "N mmtune naive 8 17 " ] \
   && grep -q '^\$dgemm_warm <<' "$d/b.gp"; then
    pass "gnuplot script with the square shapes of both modes"
else
    fail "the gnuplot script is missing or wrong"
fi

if [ -f "$wrong" ]; then
    "$bench" --lib=mmtune="$lib" --lib=planted="$wrong" --sizes=8,70 \
        $tiny >"$d/wrong" 2>&1
    rc=$?
    sed 's/^/# /' "$d/wrong"
    if [ $rc -eq 1 ] \
       && grep -q '^# planted: WRONG at M=8 N=8 K=8 (dgemm_): C(8,8)' \
            "$d/wrong" \
       && grep -q '^# planted: WRONG at M=70 N=70 K=70 (dgemm_): C(70,70)' \
            "$d/wrong" \
       && [ "$(awk '$1 == 70 { print $2 != "wrong", $3 }' "$d/wrong")" \
            = "1 wrong" ]; then
        pass "a planted wrong BLAS is reported, not timed, exit 1"
    else
        fail "the planted wrong BLAS went by (exit $rc)"
    fi
else
    skip "no shared test library was built (--disable-shared)"
fi

# A library loaded with VAR=VALUE sees it while it loads; one loaded
# before it still reads a live environment in its calls.  Setting a new
# variable moved the environment (realloc) under the first one, which
# then read freed memory (BLIS before OpenBLAS-SkylakeX crashed);
# MALLOC_PERTURB_ makes freed memory garbage, and the thread variables
# bench-dgemm sets itself are left unset so that its array is malloc'ed.
envlib=$top_builddir/tests/bench/.libs/libenvblas.so
if [ -f "$envlib" ]; then
    env -u OPENBLAS_NUM_THREADS -u OMP_NUM_THREADS -u BLIS_NUM_THREADS \
        -u MMT_ENVBLAS MALLOC_PERTURB_=165 "$bench" --lib=first="$envlib" \
        --lib=second="$envlib":MMT_ENVBLAS=wrong --sizes=8 $tiny \
        >"$d/env" 2>&1
    rc=$?
    sed 's/^/# /' "$d/env"
    if [ $rc -eq 1 ] && grep -q '^# second: WRONG at M=8' "$d/env" \
       && ! grep -q '^# first: WRONG' "$d/env" \
       && [ "$(awk '$1 == 8 { print $2 ~ /^[0-9]+\.[0-9]$/, $3 }' \
            "$d/env")" = "1 wrong" ]; then
        pass "a variable reaches its library's load, not an earlier one's"
    else
        fail "environment while loading (exit $rc)"
    fi
else
    skip "no shared test library was built (--disable-shared)"
fi

# Transposed operands: libmmtune's answer (each transpose through its own
# copy or packing) agrees with the naive loops on op(A) op(B), rows keyed
# by shape and transposes.
"$bench" --lib=mmtune="$lib" --shapes=9x5x7:TN,9x5x7:NT,9x5x7:TT,40x3x70:TN \
    --modes=warm $tiny >"$d/trans" 2>&1
rc=$?
sed 's/^/# /' "$d/trans"
if [ $rc -eq 0 ] && ! grep -q WRONG "$d/trans" \
   && [ "$(awk '!/^#/ && $1 != "N|MxNxK" && $2 ~ /^[0-9]+\.[0-9]$/ \
              { printf "%s ", $1 }' "$d/trans")" \
        = "9x5x7:TN 9x5x7:NT 9x5x7:TT 40x3x70:TN " ]; then
    pass "transposed shapes: checked right, measured, keyed MxNxK:TN"
else
    fail "transposed shapes (exit $rc)"
fi

# The modes that take a flushed call apart: a table each, in the order
# given, every cell measured, each mode's preparation told in the header.
"$bench" --lib=mmtune="$lib" --sizes=8 --shapes=9x5x7:TT \
    --modes=operands-cold,code-cold $tiny >"$d/cold" 2>&1
rc=$?
sed 's/^/# /' "$d/cold"
if [ $rc -eq 0 ] && grep -q '^# code-cold: flushed, then A, B and C read' \
       "$d/cold" \
   && grep -q '^# operands-cold: flushed, then the library called' "$d/cold" \
   && [ "$(awk '/^# [a-z-]+: DGEMM GFLOPS/ { printf "%s ", $2 }
               !/^#/ && $1 != "N|MxNxK" && $2 ~ /^[0-9]+\.[0-9]$/ \
                   && $3 ~ /^[0-9]+\.[0-9]$/ { printf "%s ", $1 }' \
            "$d/cold")" \
        = "operands-cold: 8 9x5x7:TT code-cold: 8 9x5x7:TT " ]; then
    pass "code-cold and operands-cold: a table each, every cell measured"
else
    fail "code-cold and operands-cold tables (exit $rc)"
fi

# --stat=median: each figure the median of every call; the run's head
# and each table's say which statistic, every cell (mmtune and the naive
# loops) measured.
"$bench" --lib=mmtune="$lib" --sizes=8,17 --modes=flushed,warm \
    --stat=median --rounds=3 --flush=1 --naive-max=20 >"$d/med" 2>&1
rc=$?
sed 's/^/# /' "$d/med"
head='^# library checked .* the median time per call over 3 rounds'
per='^# [a-z]*: DGEMM GFLOPS (2 M N K / median seconds per call)'
if [ $rc -eq 0 ] && grep -q "$head" "$d/med" \
   && [ "$(grep -c "$per" "$d/med")" -eq 2 ] \
   && [ "$(awk '!/^#/ && $1 != "N|MxNxK" && $2 ~ /^[0-9]+\.[0-9]$/ \
              && $3 ~ /^[0-9]+\.[0-9]$/ { printf "%s ", $1 }' \
            "$d/med")" = "8 17 8 17 " ]; then
    pass "--stat=median: the heads say median, every cell measured"
else
    fail "--stat=median (exit $rc)"
fi

# --stat=both: each mode's table by the median time, then by the least
# time of the same calls; every cell measured, no least time slower than
# its median (GFLOPS at least the median's), and some faster (the second
# table is not the medians again under another head); the naive loops,
# not run past --naive-max, "-" in both (the least times' table once
# read them at 0 s: "inf", and the ratio against them 0.00x).
"$bench" --lib=mmtune="$lib" --sizes=8,17,21 --modes=flushed,warm \
    --stat=both --rounds=3 --flush=1 --naive-max=20 >"$d/both" 2>&1
rc=$?
sed 's/^/# /' "$d/both"
if [ $rc -eq 0 ] \
   && [ "$(sed -n 's/^# \([a-z]*\): DGEMM GFLOPS (2 M N K \/ \([a-z]*\) .*/\1-\2/p' \
          "$d/both" | tr '\n' ' ')" \
        = "flushed-median flushed-min warm-median warm-min " ] \
   && awk '/^# [a-z]*: DGEMM GFLOPS/ { t++ }
           !/^#/ && $1 != "N|MxNxK" {
               if ($2 !~ /^[0-9]+\.[0-9]$/) bad = 1
               if ($1 == 21 ? $3 != "-" || $4 != "-" \
                   : $3 !~ /^[0-9]+\.[0-9]$/) bad = 1
               if (t % 2) med[t, $1] = $2
               else if ($2 + 0 < med[t - 1, $1] + 0) bad = 1
               else if ($2 + 0 > med[t - 1, $1] + 0) faster++
               rows++
           }
           END { exit bad || rows != 12 || !faster }' "$d/both"; then
    pass "--stat=both: medians, then least times no slower, every cell"
else
    fail "--stat=both (exit $rc)"
fi

bad=
for opt in --sizes=0 --sizes=2x3x4 --shapes=5 --shapes=2x3x4:TX \
           --shapes=2x3x4:T --modes=hot --modes=warm,warm \
           --modes=code-cold\ --flush=0 --libs=nosuch \
           --lib=nolabel --rounds=1\ extra --stat=mean --type=q; do
    # shellcheck disable=SC2086
    "$bench" --lib=mmtune="$lib" $opt >/dev/null 2>&1
    [ $? -eq 2 ] || bad="$bad $opt"
done
if [ -z "$bad" ]; then pass "bad usage exits 2"
else fail "bad usage not refused:$bad"; fi

if "$bench" --help | grep -q -- '--libs=NAME' \
   && "$bench" --help | grep -q '^  blis '; then
    pass "--help names the options and the known libraries"
else
    fail "--help"
fi
