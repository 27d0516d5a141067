#!/bin/sh
# mmprobe end to end (TAP, make regtest): one full run on this machine,
# compared with the caches as sysfs or the cpuid tool describe them
# (tests/probe/probelib.sh: independent of mmprobe's own decoding), and
# its probe.conf and header read back.  Its bounds are measured
# tolerances, so it is not in make check (test_mmprobe.sh has mmprobe's
# command line and files); comparisons over several runs, and with the
# facts over several runs, are regtest_mmprobe.sh.
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
#    on an effective 412, 0.40x), or [0.25, 1.25] x when the witness
#    (l1shared.c) saw another tenant in this core's L1 before or after
#    the run (it shares the L2 too: a CI job on the Zen 3 guest read
#    212-304 KiB of 512, confirmed, in five runs of regtest_mmprobe, the
#    witness seeing the L1 shared around four); LLC_EFF_KIB at most
#    LLC_KIB x 1.25.
#  - An L3 the facts call implausible (cpuid's 508 MiB on the Zen 5 guest)
#    must leave LLC_KIB unconfirmed, with a note saying why.
set -u
: "${top_builddir:=.}"
: "${top_srcdir:=.}"
MMPROBE="$top_builddir/mmprobe"
work="${TMPDIR:-/tmp}/regtest_mmprobe_once.$$"
mkdir -p "$work" || exit 1
trap 'rm -rf "$work"' EXIT
. "$top_srcdir/tests/probe/probelib.sh"

echo "1..13"

# --- one full run -------------------------------------------------------
conf1="$work/host/probe.conf"
facts_load
before=$(l1_whole) && whole=1 || whole=0
$PIN "$MMPROBE" --output="$conf1" --header="$work/probe.h" >/dev/null \
    2>"$work/run1"
after=$(l1_whole) || whole=0
[ $whole = 1 ] ||
    echo "# the witness saw the L1 shared: before: $before; after: $after"
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
    # so does the SMT sibling's tenant, whom the witness saw in the L1
    [ $whole = 1 ] || lo=0.25
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

exit 0
