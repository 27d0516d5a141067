#!/bin/sh
# mmspec's command line: --help, exit codes (0 written, 1 cannot write,
# 2 bad usage or spec), the driver written whole or not at all, its header
# (the exact command, which remakes it byte for byte, and the spec it came
# from), --cflags/--libs; a driver's own --help and bad options.
. "$top_srcdir/tests/common/tap.sh"
mmspec="$top_builddir/mmspec"
tap_scratch "${TMPDIR:-/tmp}/spec-cli.$$"
echo "1..14"
spec=$top_srcdir/drivergen/specs/dot.spec

# expect STATUS PATTERN DESCRIPTION -- ARGS
expect() {
    want=$1 word=$2 what=$3
    shift 4
    (cd "$tap_dir" && "$mmspec" "$@") >"$tap_dir/out" 2>&1
    got=$?
    if [ "$got" -eq "$want" ] &&
       { [ -z "$word" ] || grep -q -e "$word" "$tap_dir/out"; }; then
        pass "$what"
    else
        fail "$what (exit $got, want $want and '$word')"
        sed 's/^/# /' "$tap_dir/out"
    fi
}

expect 0 '^Usage: mmspec' "--help" -- --help
expect 2 'no SPEC given' "no arguments: exit 2" --
expect 2 'no -o DRIVER.c given' "no -o: exit 2" -- "$spec"
expect 2 '--top goes with --from-profile' "--top alone: exit 2" -- \
    "$spec" -o x.c --top=3
expect 2 "unrecognized option '--nope'" "unknown option: exit 2" -- --nope
expect 1 'nodir/d.c: cannot write: No such file or directory' \
    "unwritable output: exit 1" -- "$spec" -o nodir/d.c

# A bad spec leaves the old driver as it was, and no temporary behind.
echo old > "$tap_dir/keep.c"
printf 'routine = void f(int n)\n' > "$tap_dir/bad.spec"
expect 2 "bad.spec:2:1: expected ';', got the end of the file" \
    "bad spec: exit 2 with FILE:LINE:COL" -- bad.spec -o keep.c
what="bad spec: the old output untouched, no temporary file"
if [ "$(cat "$tap_dir/keep.c")" = old ] &&
   [ -z "$(ls "$tap_dir" | grep 'keep.c.tmp')" ]; then
    pass "$what"
else
    fail "$what"
fi

expect 0 '' "a driver written" -- "$spec" -o "d 1.c"
what="header: the exact command and the spec it came from"
if grep -qxF " * Made by:  mmspec $spec -o 'd 1.c'" "$tap_dir/d 1.c" &&
   grep -qxF " * routine = double mmtm_ref_dot(long n, const double *X,"\
" const double *Y);" "$tap_dir/d 1.c" &&
   grep -qxF ' *     n = Macro(NS, 1024);' "$tap_dir/d 1.c"; then
    pass "$what"
else
    fail "$what"
    sed -n '1,30s/^/# /p' "$tap_dir/d 1.c"
fi
what="the header's command remakes the driver byte for byte"
cmd=$(sed -n 's/^ \* Made by:  mmspec //p' "$tap_dir/d 1.c")
mv "$tap_dir/d 1.c" "$tap_dir/first.c"
if (cd "$tap_dir" && eval "\"\$mmspec\" $cmd") &&
   cmp -s "$tap_dir/first.c" "$tap_dir/d 1.c"; then
    pass "$what"
else
    fail "$what ($cmd)"
fi

expect 0 "^-I$top_srcdir\$" "--cflags: the source tree" -- --cflags
expect 0 'libmmspec' "--libs: libmmspec" -- --libs
expect 2 'take no other argument' "--cflags with a spec: exit 2" -- \
    --cflags "$spec"
