#!/bin/sh
# bench-app's pipeline without NumPy and without timing judgments, so
# that the bench cannot rot while its real run stays out of make check:
# the shapes of a fixture profile (tests/drivergen/profile.txt) made specs,
# drivers built against libmmtune, run once each, and the table (shapes,
# calls, shares, an MFLOPS figure); what is missing (NumPy, OpenBLAS)
# said with exit 0; a library the loader would take from elsewhere than
# where it was linked refused.
: "${top_builddir:=.}" "${top_srcdir:=.}"
. "$top_srcdir/tests/common/tap.sh"
mmtune=$top_builddir/kernels/.libs/libmmtune.so
if [ ! -f "$mmtune" ]; then
    echo "1..0 # SKIP no shared libmmtune (--disable-shared)"
    exit 0
fi
tap_scratch "${TMPDIR:-/tmp}/bench-app.$$"
echo "1..7"

# app ARGS...: the script on the fixture, its output in $tap_dir/out.
app() {
    sh "$top_srcdir/bench/bench_app.sh" --mmspec="$top_builddir/mmspec" \
        --mmtune="$mmtune" --dir="$tap_dir/app.d" --out="$tap_dir/res" \
        --cc="${SPEC_CC:-cc} ${SPEC_CFLAGS:-}" --rounds=1 \
        --driver-flags='--samples=1 --min-sample-time=0 --flush-size=64' \
        "$@" >"$tap_dir/out" 2>&1
}
# verdict STATUS WHAT: a TAP line; the script's output when it failed.
verdict() {
    if [ "$1" -eq 0 ]; then
        pass "$2"
    else
        fail "$2"
        sed 's/^/# /' "$tap_dir/out"
    fi
}

# What is missing is said, and nothing is timed or written.  (No NumPy
# with --openblas=none: whether this host has OpenBLAS must not decide
# which of the two is said first.)
app --prof=/nowhere.so --script=/nowhere.py --python=/bin/false \
    --openblas=none &&
    grep -q 'has no NumPy' "$tap_dir/out" &&
    [ ! -e "$tap_dir/res/bench-app.txt" ]
verdict $? "no NumPy: says so, exit 0, no table"
app --table="$top_srcdir/tests/drivergen/profile.txt" \
    --openblas="$tap_dir/none/libblas.so.3" &&
    grep -q "no OpenBLAS at $tap_dir/none" "$tap_dir/out" &&
    [ ! -e "$tap_dir/res/bench-app.txt" ]
verdict $? "no OpenBLAS: says so, exit 0, no table"

# The fixture's three shapes, heaviest first, libmmtune alone.
table=$tap_dir/res/bench-app.txt
app --table="$top_srcdir/tests/drivergen/profile.txt" --openblas=none &&
    [ -f "$table" ] && [ -f "$tap_dir/res/bench-app-profile-profile.txt" ]
verdict $? "the pipeline on the fixture: exit 0, the table kept"
# The rows: routine, order, transposes and sizes, ops, calls, share,
# libmmtune's MFLOPS, OpenBLAS's, the two ratios.
rows=$(sed -n '/^routine /,/^these /p' "$table" 2>/dev/null |
       sed '1d;$d')
[ "$(printf '%s\n' "$rows" | awk '{ print $1, $2, $3, $4, $5, $6, $7 }')" = \
"dgemm_ col NN 500x500x500 hot 3 1.0%
cblas_dgemm row NT 100x200x300 cold 5 0.0%
dgemm_ col TN 64x32x128 hot 10 0.0%" ]
verdict $? "rows: routine, shape, hot/cold, calls, share, heaviest first"
[ "$(printf '%s\n' "$rows" | awk '$8 + 0 > 0 && $9 " " $10 " " $11 == \
        "- - -" { n++ } END { print n }')" = 3 ]
verdict $? "every shape has a libmmtune MFLOPS figure, no OpenBLAS one"
grep -qx 'these 3 of 3 shapes: 1.1% of the workload.s time in dgemm' \
    "$table"
verdict $? "the shapes' share of the time in dgemm (0.013045 of 1.234 s)"

# A library linked by path whose soname the loader would find elsewhere
# (here: nowhere) is refused before anything is timed.
mkdir -p "$tap_dir/wrong" && cp "$mmtune" "$tap_dir/wrong/libblas.so.3"
rm -f "$table"
app --table="$top_srcdir/tests/drivergen/profile.txt" \
    --openblas="$tap_dir/wrong/libblas.so.3"
[ $? -eq 1 ] && grep -q 'does not load libmmtune.so' "$tap_dir/out" &&
    [ ! -e "$table" ]
verdict $? "a driver that would not load the library linked is refused"
