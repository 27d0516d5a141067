#!/bin/sh
# Generated drivers: each spec's driver compiles warning-free with gcc and
# clang (-std=c99 -pedantic -Wall -Wextra -Werror), links with the
# routine's object and libmmspec, runs at a tiny size and reports the
# flops of its formula (the printed count, and MFLOPS x time).  spec_args
# (routines.c) aborts on any argument the driver passes wrong; dgemm_ is
# timed from libmmtune and, when installed, Debian's OpenBLAS, unchanged.
. "$top_srcdir/tests/common/tap.sh"
mmspec="$top_builddir/mmspec"
cc=${SPEC_CC:-cc}
tap_scratch "${TMPDIR:-/tmp}/spec-drivers.$$"
openblas=/usr/lib/x86_64-linux-gnu/openblas-pthread/libblas.so.3
echo "1..27"

cflags=$("$mmspec" --cflags) && libs=$("$mmspec" --libs) ||
    { echo "Bail out! mmspec --cflags/--libs failed"; exit 1; }
# shellcheck disable=SC2086
$cc $SPEC_CFLAGS -c "$top_srcdir/tests/drivergen/routines.c" \
    -o "$tap_dir/routines.o" &&
$cc $SPEC_CFLAGS -I"$top_srcdir" -c "$top_srcdir/timer/refkernels.c" \
    -o "$tap_dir/refkernels.o" ||
    { echo "Bail out! cannot compile the routines"; exit 1; }

# generate NAME SPEC: NAME.c in the scratch directory.
generate() {
    if "$mmspec" "$2" -o "$tap_dir/$1.c" 2>"$tap_dir/err"; then
        pass "$1: generated"
    else
        fail "$1: mmspec failed"
        sed 's/^/# /' "$tap_dir/err"
    fi
}

# warnings NAME COMPILER: compiles with no warning at all.
warnings() {
    if ! command -v "$2" >/dev/null 2>&1; then
        skip "$1: $2 not installed"
    elif $2 -std=c99 -pedantic -Wall -Wextra -Werror -O2 $cflags \
            -c "$tap_dir/$1.c" -o "$tap_dir/$1.$2.o" 2>"$tap_dir/err"; then
        pass "$1: $2 -std=c99 -pedantic -Wall -Wextra: no warning"
    else
        fail "$1: $2 warns"
        sed 's/^/# /' "$tap_dir/err"
    fi
}

# build NAME OBJECTS...: the driver, linked as a user would.
build() {
    name=$1
    shift
    # shellcheck disable=SC2086
    $cc $SPEC_CFLAGS $cflags "$tap_dir/$name.c" "$@" $libs \
        -o "$tap_dir/$name" 2>"$tap_dir/err" || sed 's/^/# /' "$tap_dir/err"
}

# flops NAME WANT ARGS...: a tiny run reports WANT flops per call, and
# MFLOPS x time per call gives them back, to the digits printed: 0.2%,
# and half a unit of MFLOPS's last decimal relative to it (a slow phase
# printed 9.3 MFLOPS for 9.35, 0.5% off: 20.39 for 20.5 flops).
flops() {
    name=$1 want=$2
    shift 2
    out=$("$tap_dir/$name" --samples=1 --min-sample-time=0 \
          --flush-size=64 "$@" 2>&1)
    rc=$?
    got=$(printf '%s\n' "$out" |
          sed -n 's/^  flops per call: \([^ ]*\).*/\1/p')
    # MFLOPS as printed, and the time per call in us
    mt=$(printf '%s\n' "$out" |
         sed -n '1s/.*: \([0-9.]*\) MFLOPS.*(per call \([0-9.e+-]*\) us.*/\1 \2/p')
    mflops=${mt%% *}
    back=$(printf '%s\n' "$mt" | awk 'NF == 2 { print $1 * $2 }')
    if [ "$rc" -eq 0 ] && [ "$got" = "$want" ] && [ -n "$back" ] &&
       awk -v b="$back" -v w="$want" -v m="$mflops" 'BEGIN {
               d = b - w; if (d < 0) d = -d
               dot = index(m, "."); ulp = dot ? 10 ^ -(length(m) - dot) : 1
               exit !(m > 0 && d <= (2e-3 + 0.5 * ulp / m) * w) }'; then
        pass "$name $*: $want flops, MFLOPS x time = $back"
    else
        fail "$name $*: exit $rc, flops '$got' (want $want)," \
             "MFLOPS x time '$back'"
        printf '%s\n' "$out" | sed 's/^/# /'
    fi
}

specs=$top_srcdir/drivergen/specs
generate fig4 "$top_srcdir/tests/drivergen/fig4.spec"
generate args "$top_srcdir/tests/drivergen/args.spec"
generate dot "$specs/dot.spec"
generate mmm "$specs/mmm.spec"
generate dgemm "$specs/dgemm.spec"
for name in fig4 args dot mmm dgemm; do
    warnings $name gcc
    warnings $name clang
done

build fig4 "$tap_dir/routines.o"
build args "$tap_dir/routines.o"
build dot "$tap_dir/refkernels.o"
build mmm "$tap_dir/refkernels.o"
flops fig4 1088 --M=8 --N=8 --K=8             # 2*M*N*K + M*N
flops fig4 10152 --M=12 --N=6 --K=70          # the sizes, not the defaults
flops args 28.5                               # n*3 + 0.5*m, n = 7, m = 15
flops args 20.5 --n=5
flops args 20.5 -DNS=5
flops dot 128 --n=64                          # 2*n
flops mmm 1024 --n=8                          # 2*n^3
flops mmm 3456 --n=12 --hot=C --flush=onecall-lru

# A size's default set when building (-DNS=5), as paper 001's Macro.
# shellcheck disable=SC2086
$cc $SPEC_CFLAGS $cflags -DNS=5 "$tap_dir/args.c" "$tap_dir/routines.o" \
    $libs -o "$tap_dir/args5" 2>"$tap_dir/err" || sed 's/^/# /' "$tap_dir/err"
flops args5 20.5

# What --show says of the arrays: shapes, state, alignment, fill.
out=$("$tap_dir/args" --show 2>&1)
if printf '%s\n' "$out" | grep -q \
       '^  array P 7x3 ld 9 double, cold, align 128+8, INIT(spec_fill)$' &&
   printf '%s\n' "$out" | grep -q \
       '^  array V 7 float, hot, align 64+0, CONST(2.5)$' &&
   printf '%s\n' "$out" | grep -q \
       '^  array I 15 int, cold, align 64+4, RANDOM(5)$'; then
    pass "args --show: shapes, hot/cold, alignment+misalignment, fills"
else
    fail "args --show"
    printf '%s\n' "$out" | sed 's/^/# /'
fi

# dgemm_ of libmmtune and of OpenBLAS, through the same driver source.
mmtune=$top_builddir/kernels/.libs/libmmtune.so
if [ -f "$mmtune" ]; then
    build dgemm "$mmtune" -Wl,-rpath,"$top_builddir/kernels/.libs"
    flops dgemm 8448 --M=16 --N=16 --K=16
else
    skip "no shared libmmtune (--disable-shared)"
fi
if [ -f "$openblas" ]; then
    # Its own directory first: by its soname alone, libblas.so.3 is the
    # one Debian's alternatives chose (the reference BLAS, here).
    cp "$tap_dir/dgemm.c" "$tap_dir/dgemm_ob.c"
    build dgemm_ob "$openblas" -Wl,-rpath,"${openblas%/*}"
    if ldd "$tap_dir/dgemm_ob" | grep -q "=> ${openblas%/*}/"; then
        flops dgemm_ob 8448 --M=16 --N=16 --K=16
    else
        fail "dgemm_ob runs another libblas.so.3 than $openblas"
        ldd "$tap_dir/dgemm_ob" | sed 's/^/# /'
    fi
else
    skip "no OpenBLAS at $openblas"
fi
