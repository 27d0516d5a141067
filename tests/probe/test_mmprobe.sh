#!/bin/sh
# mmprobe's command line and files (TAP, make check): usage errors exit 2
# naming what was wrong; a made-up probe.conf (tests/tune/probe.conf)
# reads back, and mmprobe --only updates it in place with its header;
# malformed files are rejected with file:line; --only beside a tuned
# params.conf keeps the replaced file and says when the tune went stale.
# Nothing here judges a measurement: a full run against the caches as
# sysfs or cpuid describe them is regtest_mmprobe_once.sh (make regtest),
# several runs against each other regtest_mmprobe.sh.
set -u
: "${top_builddir:=.}"
: "${top_srcdir:=.}"
MMPROBE="$top_builddir/mmprobe"
work="${TMPDIR:-/tmp}/test_mmprobe.$$"
mkdir -p "$work" || exit 1
trap 'rm -rf "$work"' EXIT
. "$top_srcdir/tests/probe/probelib.sh"

echo "1..16"

# --- usage ------------------------------------------------------------
check "--help exits 0 and lists --only" \
    sh -c "'$MMPROBE' --help | grep -q -- '--only=KEY'"
"$MMPROBE" --frobnicate >/dev/null 2>"$work/err"
check "an unknown option exits 2" test $? -eq 2
check "... naming the option" grep -q "frobnicate" "$work/err"
"$MMPROBE" --only=L1D_KIB,NOPE >/dev/null 2>"$work/err"
check "--only with an unknown key exits 2" test $? -eq 2
check "... naming the key" grep -q "'NOPE'" "$work/err"

# --- a made-up probe.conf, updated in place ------------------------------
conf1="$work/host/probe.conf"
mkdir -p "$work/host" && cp "$top_srcdir/tests/tune/probe.conf" "$conf1" \
    || exit 1
check "the made-up probe.conf reads back" \
    sh -c "'$MMPROBE' --check='$conf1' >/dev/null"
"$MMPROBE" --only=CLOCK_MHZ --output="$conf1" --header="$work/probe.h" \
    >/dev/null 2>"$work/run1"
check "--only=CLOCK_MHZ updates it, and it reads back" \
    sh -c "'$MMPROBE' --check='$conf1' >/dev/null && test -f '$conf1.prev'"
# Every key but the file's head (FORMAT and who wrote it).
head_keys='^\(FORMAT\|WRITTEN_BY\|HOST\|CPU\|KERNEL_CC\|KERNEL_CFLAGS\) '
check "the header defines every key" \
    sh -c "test \$(grep -c '^#define MMT_PROBE_[A-Z0-9_]* ' '$work/probe.h') \
           -eq \$(grep '^[A-Z]' '$conf1' | grep -vc \"$head_keys\")"

# --- malformed files: each is the good file with one defect -----------
reject() {
    desc=$1 want=$2
    "$MMPROBE" --check="$work/bad.conf" >/dev/null 2>"$work/err"
    rc=$?
    if [ $rc -eq 2 ] && grep -q "bad.conf:$want" "$work/err"; then
        ok "$desc is rejected with file:line"
    else
        not_ok "$desc is rejected with file:line (rc $rc: $(cat "$work/err"))"
    fi
}
at=$(grep -n '^LINE_BYTES = ' "$conf1" | cut -d: -f1)
sed "${at}i\\
CACHE_KIB = 12" "$conf1" >"$work/bad.conf"
reject "an unknown key" "$at: unknown key 'CACHE_KIB'"
sed "s/^LINE_BYTES = [^ ]*/LINE_BYTES = 64k/" "$conf1" >"$work/bad.conf"
reject "a bad number" "$at: LINE_BYTES: '64k' is not an integer"
sed '/^FMA = /p' "$conf1" >"$work/bad.conf"
fma=$(grep -n '^FMA = ' "$conf1" | cut -d: -f1)
reject "a duplicate key" "$((fma + 1)): duplicate key 'FMA'"
awk '/^LINE_BYTES = / { printf "LINE_BYTES = 64"; exit } { print }' \
    "$conf1" >"$work/bad.conf"
reject "a file cut in the middle of a line" "$at: truncated file"
sed "/^LS_CONFIRMED = /,\$ d" "$conf1" >"$work/bad.conf"
reject "a file cut at a line end" "[0-9]*: truncated file: required key"

# --- --only over a tuned probe.conf -------------------------------------
# A committed pair (params.conf searched against the probe.conf beside
# it) stands for a tuned host: --only=CLOCK_MHZ keeps the replaced file
# and, when a value changed, says the tune no longer builds the library.
set -- "$top_srcdir"/results/archdefs/*/params.conf
if [ -f "$1" ]; then
    t=$work/tuned
    mkdir -p "$t" && cp "$(dirname "$1")/params.conf" \
        "$(dirname "$1")/probe.conf" "$t/" || exit 1
    only() { "$MMPROBE" --only=CLOCK_MHZ --output="$t/probe.conf" \
        --header="$t/probe.h" >/dev/null 2>"$work/only"; }
    only
    rc=$?
    check "--only keeps the replaced probe.conf as probe.conf.prev" \
        sh -c "[ $rc = 0 ] && cmp -s '$t/probe.conf.prev' \
               '$(dirname "$1")/probe.conf'"
    if [ "$(value CLOCK_MHZ "$t/probe.conf")" != \
         "$(value CLOCK_MHZ "$t/probe.conf.prev")" ]; then
        check "--only says the tune beside it is stale, and how to undo" \
            grep -q "note: $t/params.conf was searched against the \
probe.conf just replaced.*mv $t/probe.conf.prev $t/probe.conf " "$work/only"
    else
        check "--only measured the same clock: no note" \
            sh -c "[ $rc = 0 ] && ! grep -q 'note: .*params.conf' '$work/only'"
    fi
    sed -i 's/^PROBE_FINGERPRINT = .*/PROBE_FINGERPRINT = 0123456789abcdef/' \
        "$t/params.conf"
    only
    rc=$?
    check "--only beside a params.conf of another probe.conf: no note" \
        sh -c "[ $rc = 0 ] && ! grep -q 'note: .*params.conf' '$work/only'"
else
    for i in 1 2 3; do
        skip "no committed params.conf in results/archdefs"
    done
fi

exit 0
