#!/bin/sh
# The spec language: paper 001's Fig. 4 GEMM spec (as printed), the specs
# in drivergen/specs/ and the tests' own parse and are read right; every
# malformed spec of tests/drivergen/malformed.txt gives exactly its
# FILE:LINE:COL message and exit 2.
. "$top_srcdir/tests/common/tap.sh"
mmspec="$top_builddir/mmspec"
tap_scratch "${TMPDIR:-/tmp}/spec-parse.$$"
echo "1..$((7 + $(grep -c '^=== ' \
    "$top_srcdir/tests/drivergen/malformed.txt")))"

# check SPEC PATTERN DESCRIPTION: --check exits 0 and prints the pattern.
check() {
    out=$("$mmspec" --check "$1" 2>&1)
    rc=$?
    if [ "$rc" -eq 0 ] && printf '%s\n' "$out" | grep -q -e "$2"; then
        pass "$3"
    else
        fail "$3 (exit $rc, want 0 and '$2')"
        printf '%s\n' "$out" | sed 's/^/# /'
    fi
}

specs="$top_srcdir/drivergen/specs"
check "$top_srcdir/tests/drivergen/fig4.spec" \
    'routine void ATL_USERMM, 11 parameters' "Fig. 4 GEMM spec parses"
out=$("$mmspec" --check "$top_srcdir/tests/drivergen/fig4.spec" 2>&1)
if printf '%s\n' "$out" | grep -q '^  size   M  *macro MS$' &&
   printf '%s\n' "$out" | grep -q '^  scalar lda *$' &&
   printf '%s\n' "$out" | grep -q \
       '^  array  C  *Matrix of double, operand 2, flush$' &&
   printf '%s\n' "$out" | grep -q '^  flop   2 \* M \* N \* K + M \* N$'; then
    pass "Fig. 4: sizes with their macros, scalars, arrays, the formula"
else
    fail "Fig. 4 read wrong"
    printf '%s\n' "$out" | sed 's/^/# /'
fi
check "$specs/dgemm.spec" 'routine void dgemm_, 13 parameters' \
    "dgemm_ spec (Fortran interface: chars and ints by pointer) parses"
check "$specs/dot.spec" 'routine double mmtm_ref_dot, 3 parameters' \
    "mmtime's dot kernel spec parses"
check "$specs/daxpy.spec" 'routine void mmtm_ref_daxpy, 4 parameters' \
    "mmtime's daxpy kernel spec parses"
check "$specs/mmm.spec" 'routine void mmtm_ref_mmm, 6 parameters' \
    "mmtime's mmm kernel spec parses"
check "$top_srcdir/tests/drivergen/args.spec" 'routine int spec_args' \
    "every kind of value (tests/drivergen/args.spec) parses"

# The table: one file per case, named by the case, checked from inside
# the scratch directory so the message names NAME.spec.
awk -v dir="$tap_dir" '
    /^=== / { name = $2; f = dir "/" name ".spec"; printf "" > f; next }
    /^expect: / && name != "" && !(name in seen) {
        seen[name] = 1; sub(/^expect: /, ""); print > (dir "/" name ".want")
        next }
    name != "" { print > f }' "$top_srcdir/tests/drivergen/malformed.txt"
for want in "$tap_dir"/*.want; do
    name=$(basename "$want" .want)
    expected="mmspec: $name.spec:$(cat "$want")"
    got=$(cd "$tap_dir" && "$mmspec" --check "$name.spec" 2>&1)
    rc=$?
    if [ "$rc" -eq 2 ] && [ "$got" = "$expected" ]; then
        pass "malformed: $name"
    else
        fail "malformed: $name (exit $rc, want 2)"
        echo "# want: $expected"
        printf '%s\n' "$got" | sed 's/^/# got:  /'
    fi
done
