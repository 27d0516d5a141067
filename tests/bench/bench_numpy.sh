#!/bin/sh
# Smoke test of make bench-numpy (bench/bench_numpy.sh), so it cannot
# rot: a --dtype it does not know is refused by name before anything
# runs; with NumPy (not a build dependency: SKIP without it), one round
# of a 64 x 64 float64 product proves NumPy's cblas_dgemm bound to
# libmmtune, checks its answer against NumPy's own BLAS and prints the
# figures, and every other dtype is either timed the same way or said
# to be not bound (libmmtune may not export its cblas_?gemm yet); a
# planted wrong cblas_dgemm standing in for libmmtune is found wrong and
# nothing is timed.  No speed is asserted.
: "${top_builddir:=.}" "${top_srcdir:=.}"
. "$top_srcdir/tests/common/tap.sh"
echo "1..4"
script=$top_srcdir/bench/bench_numpy.sh
lib=$(cd "$top_builddir" && pwd)/kernels/.libs/libmmtune.so
tap_scratch "${TMPDIR:-/tmp}/bench_numpy.$$"
d=$tap_dir

bad=
for dt in int8 float16,float64 ''; do
    sh "$script" "$lib" --dtype="$dt" 64 1 1 >"$d/out" 2>"$d/err"
    rc=$?
    case $dt in
    '') want="--dtype: none given" ;;
    *) want="--dtype: '${dt%,*}' is not float32, float64" ;;
    esac
    [ $rc -eq 2 ] && [ ! -s "$d/out" ] && grep -q -- "$want" "$d/err" \
        || bad="$bad '$dt'"
done
if [ -z "$bad" ]; then pass "an unknown --dtype is refused by name, exit 2"
else fail "--dtype not refused:$bad"; fi

py=
for p in ${PYTHON:-} python3 /usr/bin/python3; do
    if "$p" -c 'import numpy' 2>/dev/null; then py=$p; break; fi
done
why=
if [ -z "$py" ]; then
    why="no python3 with numpy (python3-numpy is not a build dependency)"
elif [ ! -f "$lib" ] || ldd "$lib" 2>/dev/null | grep -q libasan; then
    why="no shared libmmtune without ASan to preload"
fi
if [ -n "$why" ]; then
    skip "$why"
    skip "$why"
    skip "$why"
    exit 0
fi

PYTHON=$py sh "$script" "$lib" 64 1 1 >"$d/f64" 2>&1
rc=$?
sed 's/^/# /' "$d/f64"
if [ $rc -eq 0 ] \
   && grep -q "^# binding:.*libmmtune.*cblas_dgemm" "$d/f64" \
   && grep -q "^# correct: .* of the bound at float64's epsilon" "$d/f64" \
   && grep -q "^median: numpy+its BLAS [0-9.]*, numpy+libmmtune [0-9.]* \
GFLOPS, ratio [0-9.]*$" "$d/f64"; then
    pass "float64 by default: bound, checked, timed"
else
    fail "float64 (exit $rc)"
fi

PYTHON=$py sh "$script" "$lib" --dtype=float32,complex64,complex128 64 1 1 \
    >"$d/rest" 2>&1
sed 's/^/# /' "$d/rest"
each=
for dt in float32 complex64 complex128; do
    if grep -q "^# correct: .* of the bound at $dt's epsilon" "$d/rest"; then
        each="$each $dt:timed"
    elif grep -q "^bench-numpy: $dt: NumPy's cblas_.gemm is not bound" \
            "$d/rest"; then
        each="$each $dt:unbound"
    else
        each="$each $dt:neither"
    fi
done
case $each in
*neither*) fail "float32, complex64, complex128:$each" ;;
*) pass "float32, complex64, complex128 each timed or said unbound:$each" ;;
esac

# The planted library under a name the binding proof takes for
# libmmtune's: bound, then found wrong against NumPy's own BLAS.
wrong=$top_builddir/tests/bench/.libs/libwrongblas.so
if [ -f "$wrong" ]; then
    cp "$wrong" "$d/libmmtune-planted.so"
    PYTHON=$py sh "$script" "$d/libmmtune-planted.so" 64 1 1 >"$d/wrong" 2>&1
    rc=$?
    sed 's/^/# /' "$d/wrong"
    if [ $rc -eq 1 ] && grep -q "^# binding:.*libmmtune-planted" "$d/wrong" \
       && grep -q "^bench-numpy: float64: numpy+libmmtune's product is wrong" \
            "$d/wrong" \
       && ! grep -q '^round' "$d/wrong"; then
        pass "a wrong product is caught, nothing timed, exit 1"
    else
        fail "the planted wrong product (exit $rc)"
    fi
else
    skip "no shared test library was built (--disable-shared)"
fi
