#!/bin/sh
# mmspec --from-profile on tests/drivergen/profile.txt (the mmprofile table
# format): one spec per shape, heaviest first, --top=N of them; each spec
# fixes the shape's sizes, transposes, leading dimensions and alpha/beta,
# is hot when most calls were warm, and cblas_dgemm row-major shapes
# become cblas_dgemm specs with their arrays' stored shapes.  Bad tables
# are refused naming file:line, exit 2.
. "$top_srcdir/tests/common/tap.sh"
mmspec="$top_builddir/mmspec"
table=$top_srcdir/tests/drivergen/profile.txt
tap_scratch "${TMPDIR:-/tmp}/spec-profile.$$"
echo "1..15"

# has FILE LINE...: every line (a fixed string) is in FILE.
has() {
    f=$1
    shift
    for want in "$@"; do
        grep -qxF -e "$want" "$f" ||
            { echo "# missing in $f: $want"; return 1; }
    done
}
result() { if "$@"; then pass "$what"; else fail "$what"; fi; }
quietly() { "$@" >/dev/null 2>&1; }

out=$("$mmspec" --from-profile="$table" -o "$tap_dir/all")
rc=$?
d=$tap_dir/all
what="three shapes, three specs, heaviest first"
result [ "$rc" -eq 0 ] && [ "$out" = "$d/01-dgemm_-colNN-500x500x500.spec
$d/02-cblas_dgemm-rowNT-100x200x300.spec
$d/03-dgemm_-colTN-64x32x128.spec" ]
"$mmspec" --from-profile="$table" --top=2 -o "$tap_dir/new/top" >/dev/null
what="--top=2: the two heaviest, in a directory made for them"
result [ "$(ls "$tap_dir/new/top" | tr '\n' ' ')" = \
    "01-dgemm_-colNN-500x500x500.spec 02-cblas_dgemm-rowNT-100x200x300.spec " ]
for f in "$d"/*.spec; do
    what="$(basename "$f") parses"
    result quietly "$mmspec" --check "$f"
done

what="shape 1: sizes, 'N', lds, alpha 1 beta 0, hot (2 of 3 calls warm)"
result has "$d/01-dgemm_-colNN-500x500x500.spec" \
    "    M = Macro(MS, 500);  N = Macro(NS, 500);  K = Macro(KS, 500);" \
    "    TRANSA = 'N';  TRANSB = 'N';" \
    "    LDA = 500;  LDB = 500;  LDC = 500;" \
    "    ALPHA = 1;  BETA = 0;" \
    "    A = Matrix(double, M, K, RANDOM(1), hot, align(64), ld(LDA));"
what="shape 2: cblas_dgemm, row-major N T as enums, alpha 'a', flushed"
result has "$d/02-cblas_dgemm-rowNT-100x200x300.spec" \
    "routine = void cblas_dgemm(enum CBLAS_ORDER Order," \
    "    Order = 101;  TRANSA = 111;  TRANSB = 112;  # row-major, N, T" \
    "    LDA = 300;  LDB = 300;  LDC = 200;" \
    "    ALPHA = 0.5;  BETA = 1;   # 'a' in the table: not 0, 1, -1" \
    "    C = Matrix(double, N, M, RANDOM(3), flush, align(64), ld(LDC));"
what="shape 3: A transposed is K x M, alpha -1, hot (9 of 10 warm)"
result has "$d/03-dgemm_-colTN-64x32x128.spec" \
    "    TRANSA = 'T';  TRANSB = 'N';" \
    "    ALPHA = -1;  BETA = 0.5;   # 'a' in the table: not 0, 1, -1" \
    "    A = Matrix(double, K, M, RANDOM(1), hot, align(64), ld(LDA));" \
    "    B = Matrix(double, K, N, RANDOM(2), hot, align(64), ld(LDB));"

# The row-major shape's driver lays out what cblas_dgemm reads: A is
# M x K row-major with lda >= K, i.e. K x M column-major, and so on.
if "$mmspec" "$d/02-cblas_dgemm-rowNT-100x200x300.spec" \
        -o "$tap_dir/cblas.c" &&
   ${SPEC_CC:-cc} $SPEC_CFLAGS $("$mmspec" --cflags) "$tap_dir/cblas.c" \
        "$top_srcdir/tests/drivergen/routines.c" -DSPEC_STUB_CBLAS \
        $("$mmspec" --libs) -o "$tap_dir/cblas" 2>"$tap_dir/err"; then
    "$tap_dir/cblas" --show >"$tap_dir/show" 2>&1
    what="cblas_dgemm shape: stored shapes and flops (--show)"
    result has "$tap_dir/show" \
        "cblas_dgemm M=100 N=200 K=300: not timed (--show)" \
        "  flops per call: 12000000 (2*M*N*K)" \
        "  array A 300x100 ld 300 double, cold, align 64+0, RANDOM(1)" \
        "  array B 300x200 ld 300 double, cold, align 64+0, RANDOM(2)" \
        "  array C 200x100 ld 200 double, cold, align 64+0, RANDOM(3)"
else
    fail "cblas_dgemm shape: no driver"
    sed 's/^/# /' "$tap_dir/err"
fi

# bad_table NAME SED WANT: the table edited by SED is refused with WANT.
bad_table() {
    sed "$2" "$table" > "$tap_dir/$1.txt"
    got=$(cd "$tap_dir" && "$mmspec" --from-profile="$1.txt" -o out 2>&1)
    rc=$?
    if [ "$rc" -eq 2 ] && [ "$got" = "mmspec: $1.txt:$3" ] &&
       [ ! -e "$tap_dir/out" ]; then
        pass "bad table: $1"
    else
        fail "bad table: $1 (exit $rc, want 2)"
        echo "# want: mmspec: $1.txt:$3"
        printf '%s\n' "$got" | sed 's/^/# got:  /'
    fi
}
bad_table format 's/^FORMAT = 1/FORMAT = 2/' '2: expected FORMAT = 1, got 2'
bad_table shapes 's/^SHAPES = 3/SHAPES = 4/' \
    '11: expected SHAPES = 4 shape lines, got 3'
bad_table trans 's/^dgemm_ col T N/dgemm_ col X N/' \
    "11: expected dgemm_|cblas_dgemm col|row N|T|C N|T|C ... alpha, beta"\
" in 0, 1, -1, a; got 'dgemm_ col X N ... -1 a'"
bad_table words 's/ 0.000020$//' \
    '11: expected 16 words (routine order transa transb m n k lda ldb'\
' ldc alpha beta warm count total_s per_call_s), got 15'
# (found by fuzzing: a size past a long was converted to one, undefined)
bad_table hugelda 's/^\(cblas_dgemm row N T 100 200 300\) 300/\1 2'"$(printf \
'3%.0s' $(seq 60))"'00/' "10: expected a size = a whole number >= 0, got \
'2$(printf '3%.0s' $(seq 60))00'"
bad_table nokey '/^DROPPED/d' \
    '10: expected FORMAT, PROGRAM, CALLS, DROPPED, SHAPES and SECONDS in'\
' the header, got the end of the file without them all'
