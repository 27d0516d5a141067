#!/bin/sh
# mmprobe end to end (TAP): one full run on this machine, compared with
# the caches as sysfs or the cpuid tool describe them (tests/probe/
# probelib.sh: independent of mmprobe's own decoding); probe.conf
# round-trips through the reader; malformed files are rejected with
# file:line; bad options exit 2.  Comparisons over several runs, and with
# the facts over several runs, are the timed tier: regtest_mmprobe.sh.
#
# Tolerances, and why (one run, on a machine make -j2 check keeps busy):
#  - A value mmprobe confirmed must equal the fact: the probe confirms
#    nothing that disagrees with sysfs or cpuid, so any difference is a
#    broken rule.  L1d size, line and ways are sharp edges (the L1 is
#    virtually indexed), and L2_KIB, when confirmed, is the claimed size.
#  - A value mmprobe could not confirm is still checked, against a looser
#    bound, and the test prints why it was not confirmed: L1d size within
#    [0.75, 1.34] x the fact, line and ways within 2x; L2_KIB within
#    [0.5, 2] x the fact (the L2 is physically indexed, and under a guest
#    pages land in its sets at random: its edge is smeared over
#    0.7-1.4x here).
#  - L2_EFF_KIB within [0.5, 1.25] x the L2 (a random walk keeps about
#    0.8x of it), [0.25, 2] x when it or L2_KIB is unconfirmed (a busy
#    neighbour evicts: 0.58x seen during make -j2 check; and smears the
#    rise: 1.36x seen with six builds beside it; in a CI run on the Zen 5
#    guest the L2 read 640 KiB, unconfirmed, and its repetitions agreed
#    on an effective 412, 0.40x); LLC_EFF_KIB at most LLC_KIB x 1.25.
#  - An L3 the facts call implausible (cpuid's 508 MiB on the Zen 5 guest)
#    must leave LLC_KIB unconfirmed, with a note saying why.
set -u
: "${top_builddir:=.}"
: "${top_srcdir:=.}"
MMPROBE="$top_builddir/mmprobe"
work="${TMPDIR:-/tmp}/test_mmprobe.$$"
mkdir -p "$work" || exit 1
trap 'rm -rf "$work"' EXIT
. "$top_srcdir/tests/probe/probelib.sh"

echo "1..26"

# --- usage ------------------------------------------------------------
check "--help exits 0 and lists --only" \
    sh -c "'$MMPROBE' --help | grep -q -- '--only=KEY'"
"$MMPROBE" --frobnicate >/dev/null 2>"$work/err"
check "an unknown option exits 2" test $? -eq 2
check "... naming the option" grep -q "frobnicate" "$work/err"
"$MMPROBE" --only=L1D_KIB,NOPE >/dev/null 2>"$work/err"
check "--only with an unknown key exits 2" test $? -eq 2
check "... naming the key" grep -q "'NOPE'" "$work/err"

# --- one full run -------------------------------------------------------
conf1="$work/host/probe.conf"
"$MMPROBE" --output="$conf1" --header="$work/probe.h" >/dev/null \
    2>"$work/run1"
check "a full run succeeds (and creates the directory)" test -s "$conf1"
check "the time of the probes is printed" grep -q "probes took" "$work/run1"
check "probe.conf reads back" sh -c "'$MMPROBE' --check='$conf1' >/dev/null"
# Every key but the file's head (FORMAT and who wrote it).
head_keys='^\(FORMAT\|WRITTEN_BY\|HOST\|CPU\|KERNEL_CC\|KERNEL_CFLAGS\) '
check "the header defines every key" \
    sh -c "test \$(grep -c '^#define MMT_PROBE_[A-Z0-9_]* ' '$work/probe.h') \
           -eq \$(grep '^[A-Z]' '$conf1' | grep -vc \"$head_keys\")"
check "every unconfirmed value is warned about" sh -c "
    grep '^[A-Z0-9_]*_CONFIRMED = 0' '$conf1' | sed 's/_CONFIRMED.*//' |
    while read k; do grep -q \"warning: \$k = \" '$work/run1' || exit 1; done"

# --- against the facts ----------------------------------------------------
# against KEY FACT LO HI: exact when confirmed, else within [LO, HI] x FACT
# and the notes mmprobe printed about it are shown.
against() {
    key=$1 fact=$2 lo=$3 hi=$4
    v=$(value "$key" "$conf1")
    if [ "$(value "${key}_CONFIRMED" "$conf1")" = 1 ]; then
        check "$key $v, confirmed, equals $FACT_SRC's $fact" \
            within "$v" "$fact" 1 1
    else
        grep "note: $key\|busy during the caches" "$work/run1" |
            sed 's/^/# /'
        check "$key $v, unconfirmed, in [$lo, $hi] x $FACT_SRC's $fact" \
            within "$v" "$fact" "$lo" "$hi"
    fi
}
facts_load
if [ -n "$FACT_SRC" ]; then
    against L1D_KIB "$FACT_L1_KIB" 0.75 1.34
    against LINE_BYTES "$FACT_LINE" 0.5 2
    against L1D_ASSOC "$FACT_L1_WAYS" 0.5 2
else
    skip "$FACT_WHY"; skip "$FACT_WHY"; skip "$FACT_WHY"
fi
if [ -n "$FACT_L2_KIB" ]; then
    against L2_KIB "$FACT_L2_KIB" 0.5 2
    eff=$(value L2_EFF_KIB "$conf1")
    lo=0.5 hi=1.25
    # a disturbed L2 (its edge unconfirmed) disturbs its effective size
    [ "$(value L2_EFF_KIB_CONFIRMED "$conf1")" = 1 ] \
        && [ "$(value L2_KIB_CONFIRMED "$conf1")" = 1 ] || lo=0.25 hi=2
    check "L2_EFF_KIB $eff in [$lo, $hi] x the L2" \
        within "$eff" "$FACT_L2_KIB" $lo $hi
else
    skip "${FACT_WHY:-$FACT_SRC describes no L2}"
    skip "${FACT_WHY:-$FACT_SRC describes no L2}"
fi
if [ -n "$FACT_L3_DOUBT" ]; then
    check "an implausible L3 ($FACT_L3_DOUBT) leaves LLC_KIB unconfirmed" \
        test "$(value LLC_KIB_CONFIRMED "$conf1")" = 0
    check "... and a note says why" grep -q "note: LLC_KIB: .* not used" \
        "$work/run1"
elif [ -n "$FACT_L3_KIB" ]; then
    # Shared with other cores: a confirmed LLC is the fact, an unconfirmed
    # one anything up to it (another tenant may hold most of it).
    against LLC_KIB "$FACT_L3_KIB" 0.01 1.25
    skip "the L3 figure is plausible"
else
    skip "no L3 described"; skip "no L3 described"
fi
check "LLC_EFF_KIB at most 1.25 x LLC_KIB" \
    within "$(value LLC_EFF_KIB "$conf1")" "$(value LLC_KIB "$conf1")" 0 1.25

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
