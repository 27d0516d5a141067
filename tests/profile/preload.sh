# What the profiler's shell tests share (sourced, after top_srcdir and
# top_builddir are set, with PLAN the test count): TAP helpers, a scratch
# directory $dir, the built profiler $prof (all SKIP when shared
# libraries are disabled: nothing to preload), and the known calls of
# tests/profile/plan.c as their table lines should read.
. "$top_srcdir/tests/common/tap.sh"
t=$top_builddir/tests/profile
dir=$t/$(basename "$0" .sh).$$
tap_scratch "$dir"
dir=$(cd "$dir" && pwd)
echo "1..$PLAN"
if "$top_builddir/libtool" --config | grep -q '^build_libtool_libs=no'; then
    while [ $n -lt $PLAN ]; do
        skip "shared libraries are disabled (--disable-shared)"
    done
    exit 0
fi
dlname=$(sed -n "s/^dlname='\(.*\)'/\1/p" \
         "$top_builddir/profile/libmmprofile.la")
prof=$(cd "$top_builddir/profile/.libs" && pwd)/$dlname
exe=$(cd "$t" && pwd)/calls

# run OUT PROGRAM ARGS...: preloaded, table to $dir/OUT.txt, stdout and
# stderr to $dir/OUT.out and .err; the exit status in $rc.
run() {
    out=$1; shift
    LD_PRELOAD=$prof MMPROFILE_OUT=$dir/$out.txt "$@" > "$dir/$out.out" \
        2> "$dir/$out.err"
    rc=$?
}
key() { sed -n "s/^$1 = \([^ ]*\).*/\1/p" "$dir/$2.txt"; }
# The shape lines without their times (columns 1-14), sorted.
shapes() { grep -v '^#' "$dir/$1.txt" | grep -v ' = ' | cut -d' ' -f1-14 \
           | sort; }
same() { # NAME EXPECTED-LINES: shapes of NAME are exactly these
    printf '%s\n' "$2" | sort > "$dir/$1.want"
    shapes "$1" > "$dir/$1.got"
    cmp -s "$dir/$1.want" "$dir/$1.got"
}
say() { sed 's/^/# /' "$@"; }

known='dgemm_ col N N 7 5 3 9 3 8 1 0 2 3
dgemm_ col T N 4 6 5 5 5 4 a 1 0 2
dgemm_ col C T 3 3 2 2 3 3 -1 -1 0 1
dgemm_ col N N 2 2 2 2 2 2 0 a 0 1
cblas_dgemm row N T 2 3 4 4 4 3 a a 0 4
cblas_dgemm col T N 5 2 3 3 3 5 1 0 0 1'
