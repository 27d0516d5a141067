#!/bin/sh
# mmsmall, make tune's step s-small, as a command: --help, usage errors
# (exit 2, naming the option), a params.conf it cannot read (exit 1,
# named, left as it was), and a run with fake timings (the small path
# 10% faster up to N = 192, slower past it: nothing timed) that must
# write into a copy of a committed params.conf the S_SMALL_MAX the rule
# gives for the sizes it logged (the largest up to 192, else one step
# below the first), every other key as it was, which mmselect then
# reads: the plumbing (make tune times for real).
: "${top_builddir:=.}" "${top_srcdir:=.}"
. "$top_srcdir/tests/common/tap.sh"
prog=$top_builddir/mmsmall
sel=$top_builddir/kernels/mmselect
tap_scratch "${TMPDIR:-/tmp}/mmsmall_cli.$$"
d=$tap_dir
echo "1..5"
key=amd-f26-m2-avx512-gcc
cp "$top_srcdir/results/archdefs/$key/params.conf" \
    "$top_srcdir/results/archdefs/$key/probe.conf" "$d/"
sed -i '/^S_SMALL_MAX/d' "$d/params.conf"
cp "$d/params.conf" "$d/before"

if "$prog" --help | grep -q '^Usage: mmsmall --params=FILE'; then
    pass "--help"
else
    fail "--help"
fi
"$prog" --rounds=2 --params="$d/params.conf" 2> "$d/err"
rc=$?
"$prog" 2> "$d/err2"
rc2=$?
if [ $rc = 2 ] && grep -q -- '--rounds: 2' "$d/err" && [ $rc2 = 2 ] \
        && grep -q -- '--params=FILE' "$d/err2"; then
    pass "--rounds=2 and a missing --params: exit 2, each named"
else
    fail "usage errors: exit $rc ($(cat "$d/err")), $rc2 ($(cat "$d/err2"))"
fi
if ! "$top_builddir/mmtune-info" | grep -q 'this CPU runs it'; then
    for t in 3 4 5; do
        skip "this CPU lacks the kernels' ISA: mmsmall has nothing to run"
    done
    exit 0
fi
printf 'FORMAT = 1\n' > "$d/old.conf"
"$prog" --test-timing=fake --rounds=3 --params="$d/old.conf" \
    > /dev/null 2> "$d/err3"
rc=$?
if [ $rc = 1 ] && grep -q "old.conf" "$d/err3" \
        && [ "$(cat "$d/old.conf")" = "FORMAT = 1" ]; then
    pass "an unreadable params.conf: exit 1, named, left as it was"
else
    fail "an unreadable params.conf: exit $rc: $(cat "$d/err3")"
fi
"$prog" --test-timing=fake --rounds=3 --params="$d/params.conf" \
    --log="$d/small.log" > /dev/null 2> "$d/out"
rc=$?
sizes=$(sed -n 's/^s-small: N=\([0-9]*\) small\/packed .*/\1/p' \
    "$d/small.log")
want=$(echo "$sizes" | awk 'NR == 1 { first = $1 } $1 <= 192 { w = $1 }
    END { print w ? w : first - 32 }')
got=$(sed -n 's/^S_SMALL_MAX = \([0-9]*\).*/\1/p' "$d/params.conf")
if [ $rc = 0 ] && [ -n "$sizes" ] && [ "$got" = "$want" ] \
        && grep -q "^s-small: S_SMALL_MAX = $want\$" "$d/small.log" \
        && [ "$(grep -v '^S_SMALL_MAX' "$d/params.conf" | grep -v '^#' \
            | sed 's/  *#.*//')" = "$(grep -v '^#' "$d/before" \
            | sed 's/  *#.*//')" ]; then
    pass "fake timings: S_SMALL_MAX = $got written and logged (sizes \
$(echo $sizes)), every other key as it was"
else
    fail "fake timings: exit $rc, S_SMALL_MAX '$got' for '$want': \
$(tail -3 "$d/out")"
fi
mkdir -p "$d/gen"
if "$sel" --params="$d/params.conf" --out="$d/gen" --archdefs=/nonexistent \
        > "$d/sel" 2>&1 \
        && grep -q "^#define MML_SPARAM_SMALL_MAX $want\$" \
            "$d/gen/libparams.h"; then
    pass "mmselect reads it: MML_SPARAM_SMALL_MAX $want"
else
    fail "mmselect: $(tail -3 "$d/sel")"
fi
