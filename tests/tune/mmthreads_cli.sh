#!/bin/sh
# mmthreads, make tune's step threads, as a command: --help, usage errors
# (exit 2, naming the option), one thread (nothing timed, the file left
# as it was), and a run on two threads with fake timings (predictable
# ratios, nothing timed) that must write THREAD_N = 224, THREAD_JC = 0,
# THREAD_N_HOT = 48 and THREAD_HOT_US = 1500 into a copy of a committed
# params.conf, which mmselect then reads: the plumbing (make tune times
# for real).
: "${top_builddir:=.}" "${top_srcdir:=.}"
. "$top_srcdir/tests/common/tap.sh"
thr=$top_builddir/mmthreads
sel=$top_builddir/kernels/mmselect
tap_scratch "${TMPDIR:-/tmp}/mmthreads_cli.$$"
d=$tap_dir
echo "1..5"
key=amd-f26-m2-avx512-gcc
cp "$top_srcdir/results/archdefs/$key/params.conf" \
    "$top_srcdir/results/archdefs/$key/probe.conf" "$d/"
sed -i '/^THREAD_/d' "$d/params.conf"
cp "$d/params.conf" "$d/before"

if "$thr" --help | grep -q '^Usage: mmthreads --params=FILE'; then
    pass "--help"
else
    fail "--help"
fi
"$thr" --threads=0 --params="$d/params.conf" 2> "$d/err"
rc=$?
"$thr" 2> "$d/err2"
rc2=$?
if [ $rc = 2 ] && grep -q -- '--threads=0' "$d/err" && [ $rc2 = 2 ] \
        && grep -q -- '--params=FILE' "$d/err2"; then
    pass "--threads=0 and a missing --params: exit 2, each named"
else
    fail "usage errors: exit $rc ($(cat "$d/err")), $rc2 ($(cat "$d/err2"))"
fi
"$thr" --threads=1 --params="$d/params.conf" > /dev/null 2> "$d/out"
if [ $? = 0 ] && grep -q 'no team to time' "$d/out" \
        && cmp -s "$d/params.conf" "$d/before"; then
    pass "one thread: nothing timed, params.conf untouched"
else
    fail "one thread: $(cat "$d/out")"
fi
if ! "$top_builddir/mmtune-info" | grep -q 'this CPU runs it'; then
    skip "this CPU lacks the kernels' ISA: mmthreads has nothing to run"
    skip "this CPU lacks the kernels' ISA: mmthreads has nothing to run"
    exit 0
fi
# fake timings (tune/mmthreads.c): busy pays from 48, idle holds from
# 224, the team awake up to a gap of 2 ms, the ways tie: THREAD_N = 224,
# THREAD_N_HOT = 48, THREAD_HOT_US = 1500, THREAD_JC = 0 after a retiming
"$thr" --threads=2 --rounds=3 --test-timing=fake --params="$d/params.conf" \
    --log="$d/threads.log" > /dev/null 2> "$d/out"
rc=$?
val() { sed -n "s/^$1 = \([0-9]*\) .*/\1/p" "$d/params.conf"; }
got="$(val THREAD_N) $(val THREAD_JC) $(val THREAD_N_HOT) $(val THREAD_HOT_US)"
if [ $rc = 0 ] && [ "$got" = "224 0 48 1500" ] \
        && grep -q "^threads: THREAD_N = 224, THREAD_N_HOT = 48, THREAD_HOT_US = 1500" \
            "$d/threads.log" \
        && grep -q "a tie; timed again" "$d/threads.log"; then
    pass "two threads, fake timings: THREAD_N = 224, THREAD_JC = 0 (a tie, timed again), THREAD_N_HOT = 48, THREAD_HOT_US = 1500 written and logged"
else
    fail "two threads: exit $rc, THREAD_N, _JC, _N_HOT, _HOT_US '$got': $(tail -3 "$d/out")"
fi
mkdir -p "$d/gen"
if "$sel" --params="$d/params.conf" --out="$d/gen" --archdefs=/nonexistent \
        > "$d/sel" 2>&1 \
        && grep -q "^#define MML_PARAM_THREAD_N 224\$" "$d/gen/libparams.h" \
        && grep -q "^#define MML_PARAM_THREAD_N_HOT 48\$" "$d/gen/libparams.h" \
        && grep -q "^#define MML_PARAM_THREAD_HOT_US 1500\$" \
            "$d/gen/libparams.h"; then
    pass "mmselect reads it: MML_PARAM_THREAD_N 224, _N_HOT 48, _HOT_US 1500"
else
    fail "mmselect: $(tail -3 "$d/sel")"
fi
