#!/bin/sh
# mmprobe end to end (TAP): two full runs on this machine, compared with
# sysfs and with each other; probe.conf round-trips through the reader;
# malformed files are rejected with file:line; bad options exit 2.
#
# Tolerances, and why:
#  - L1d size, line size, L1 ways: exact against sysfs.  The L1 is
#    virtually indexed, so its cliff is sharp and measured on a 4 KiB grid.
#  - L2 size: more than half and at most 1.25x sysfs.  The L2 is physically
#    indexed; under a hypervisor guest pages land in its sets at random and
#    the core may be shared, so the effective size of a random walk is
#    below nominal (304-556 KiB of 512 KiB seen on the 2-vCPU KVM guest),
#    but a factor of two either way is a wrong probe.  Compared from a run
#    that confirmed it; if neither did, within [0.5, 2] (it is read on the
#    minimum of four sweeps, so even a busy run lands near it).  The reading
#    of a 2 MiB L2 next to a 4 MiB effective LLC (Sapphire Rapids guests)
#    is checked on simulated curves in test_cachegeom.
#  - Between runs: L1 geometry, line and register counts exact, always;
#    other integer answers exact when both runs confirmed them; latencies
#    within 0.15 cycles; clock within 25% (the KVM host moves the core
#    clock in 25 MHz steps: runs minutes apart measured 2010 to 2474 MHz;
#    the FP latencies, read against the same add chain, stayed at 3); L2
#    within a factor 1.6, LLC within 2 (the L3 is shared with other
#    tenants).
set -u
: "${top_builddir:=.}"
MMPROBE="$top_builddir/mmprobe"
work="${TMPDIR:-/tmp}/test_mmprobe.$$"
mkdir -p "$work" || exit 1
trap 'rm -rf "$work"' EXIT

n=0
fails=0
ok() { n=$((n + 1)); echo "ok $n - $*"; }
not_ok() { n=$((n + 1)); fails=$((fails + 1)); echo "not ok $n - $*"; }
skip() { n=$((n + 1)); echo "ok $n - # SKIP $*"; }
check() { desc=$1; shift; if "$@"; then ok "$desc"; else not_ok "$desc"; fi; }

# value KEY FILE
value() { sed -n "s/^$1 = \([^ ]*\).*/\1/p" "$2"; }
# within A B LO HI: LO <= A/B <= HI
within() { awk -v a="$1" -v b="$2" -v lo="$3" -v hi="$4" \
    'BEGIN { exit !(b > 0 && a / b >= lo && a / b <= hi) }'; }
# near A B TOL: |A - B| <= TOL
near() { awk -v a="$1" -v b="$2" -v t="$3" \
    'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= t) }'; }

echo "1..25"

# --- usage ------------------------------------------------------------
check "--help exits 0 and lists --only" \
    sh -c "'$MMPROBE' --help | grep -q -- '--only=KEY'"
"$MMPROBE" --frobnicate >/dev/null 2>"$work/err"
check "an unknown option exits 2" test $? -eq 2
check "... naming the option" grep -q "frobnicate" "$work/err"
"$MMPROBE" --only=L1D_KIB,NOPE >/dev/null 2>"$work/err"
check "--only with an unknown key exits 2" test $? -eq 2
check "... naming the key" grep -q "'NOPE'" "$work/err"

# --- two full runs (a third when they disagree) ------------------------
# A run that shared its core with a burst of other work (make -j2 check
# compiles beside it) can read one sharp edge wrong; two runs out of three
# agreeing is the answer a user would trust, and a broken probe still
# fails.  The first two runs are the ones the usage checks look at.
conf1="$work/host/probe.conf"
conf2="$work/probe2.conf"
conf3="$work/probe3.conf"
"$MMPROBE" --output="$conf1" --header="$work/probe.h" >/dev/null \
    2>"$work/run1"
check "full run 1 succeeds (and creates the directory)" test -s "$conf1"
"$MMPROBE" --output="$conf2" >/dev/null 2>"$work/run2"
check "full run 2 succeeds" test -s "$conf2"
check "the time of the probes is printed" grep -q "probes took" "$work/run1"
check "probe.conf reads back" "$MMPROBE" --check="$conf1"
# Every key but the file's head (FORMAT and who wrote it).
head_keys='^\(FORMAT\|WRITTEN_BY\|HOST\|CPU\|KERNEL_CC\|KERNEL_CFLAGS\) '
check "the header defines every key" \
    sh -c "test \$(grep -c '^#define MMT_PROBE_[A-Z0-9_]* ' '$work/probe.h') \
           -eq \$(grep '^[A-Z]' '$conf1' | grep -vc \"$head_keys\")"

# --- against sysfs ----------------------------------------------------
sysfs=/sys/devices/system/cpu/cpu0/cache
l1dir=
l2dir=
for d in "$sysfs"/index*; do
    [ -r "$d/level" ] || continue
    case "$(cat "$d/level"):$(cat "$d/type")" in
    1:Data) l1dir=$d ;;
    2:Unified|2:Data) l2dir=$d ;;
    esac
done
kib() { sed -n 's/^\([0-9]*\)K$/\1/p; s/^\([0-9]*\)M$/\1 1024/p' "$1/size" |
        awk '{ print (NF > 1 ? $1 * $2 : $1) }'; }
# pair_checks A B: every check of run A against sysfs and against run B.
pair_checks() {
    a=$1 b=$2
    if [ -n "$l1dir" ]; then
        check "L1D_KIB equals sysfs ($(kib "$l1dir") KiB)" \
            near "$(value L1D_KIB "$a")" "$(kib "$l1dir")" 0
        check "LINE_BYTES equals sysfs ($(cat "$l1dir/coherency_line_size"))" \
            near "$(value LINE_BYTES "$a")" \
                 "$(cat "$l1dir/coherency_line_size")" 0
        check "L1D_ASSOC equals sysfs ($(cat "$l1dir/ways_of_associativity"))" \
            near "$(value L1D_ASSOC "$a")" \
                 "$(cat "$l1dir/ways_of_associativity")" 0
    else
        skip "no L1d in sysfs"; skip "no L1d in sysfs"; skip "no L1d in sysfs"
    fi
    # L2 from whichever run confirmed it (each run reads it from four sweeps).
    l2conf=
    for f in "$a" "$b"; do
        [ -z "$l2conf" ] && [ "$(value L2_KIB_CONFIRMED "$f")" = 1 ] &&
            l2conf=$f
    done
    if [ -z "$l2dir" ]; then
        skip "no L2 in sysfs"
    elif [ -z "$l2conf" ]; then
        # Neither run could confirm it (its sweeps disagreed by over 10%: a
        # busy machine), but even then an L2 off by 2x is a broken probe.
        l2=$(value L2_KIB "$a")
        check "L2_KIB $l2, unconfirmed, in [0.5, 2] x sysfs" \
            within "$l2" "$(kib "$l2dir")" 0.5 2
    else
        l2=$(value L2_KIB "$l2conf")
        check "L2_KIB $l2 in (0.5, 1.25] x sysfs ($(kib "$l2dir") KiB)" \
            within "$l2" "$(kib "$l2dir")" 0.5001 1.25
    fi

    # --- repeatability ----------------------------------------------------
    # The L1 geometry and the line are sharp edges and the register counts
    # come from the compiler, so they must repeat whatever the runs say of
    # their confidence.  The other values are compared only when both runs
    # confirmed them: an unconfirmed value is mmprobe saying the machine was
    # too busy to be sure, and is listed.
    both() { [ "$(value ${1}_CONFIRMED "$a")$(value ${1}_CONFIRMED "$b")" \
               = 11 ] || { echo "# $1 not confirmed in both runs"; false; }; }
    differs() {
        [ "$(value $1 "$a")" != "$(value $1 "$b")" ] || return 1
        echo "# $1: $(value $1 "$a") then $(value $1 "$b")"
    }
    same=1
    for k in L1D_KIB LINE_BYTES L1D_ASSOC FP_REGS_SCALAR FP_REGS_SSE2 \
             FP_REGS_AVX2 FP_REGS_AVX512 FMA_COMPILER; do
        differs $k && same=0
    done
    check "L1 geometry, line and registers are the same in both runs" \
        test $same -eq 1
    same=1
    for k in SIMD_DOUBLES FMA FP_PIPES LS; do
        both $k || continue
        differs $k && same=0
    done
    check "confirmed FPU answers are the same in both runs" test $same -eq 1
    lat=1
    for k in LAT_MUL LAT_ADD LAT_FMA; do
        both $k || continue
        near "$(value $k "$a")" "$(value $k "$b")" 0.15 || lat=0
    done
    check "latencies agree within 0.15 cycles" test $lat -eq 1
    c1=$(value CLOCK_MHZ "$a")
    c2=$(value CLOCK_MHZ "$b")
    check "clock agrees within 25% (confirmed or not)" \
        within "$c1" "$c2" 0.75 1.25
    if both L2_KIB; then
        check "L2 agrees within 1.6x" within "$(value L2_KIB "$a")" \
            "$(value L2_KIB "$b")" 0.625 1.6
    else
        skip "L2_KIB not confirmed in both runs"
    fi
    if both LLC_KIB; then
        check "LLC agrees within 2x" within "$(value LLC_KIB "$a")" \
            "$(value LLC_KIB "$b")" 0.5 2
    else
        skip "LLC_KIB not confirmed in both runs"
    fi
}

# pair_agrees A B: would every pair check pass?  (Counted in a subshell.)
pair_agrees() {
    ( fails=0; pair_checks "$1" "$2" >/dev/null; [ $fails -eq 0 ] )
}

pa=$conf1 pb=$conf2
if ! pair_agrees "$conf1" "$conf2"; then
    "$MMPROBE" --output="$conf3" >/dev/null 2>"$work/run3"
    if pair_agrees "$conf1" "$conf3"; then
        pb=$conf3
    elif pair_agrees "$conf2" "$conf3"; then
        pa=$conf2 pb=$conf3
    fi
    echo "# runs 1 and 2 disagreed; compared: $(basename "$pa") and" \
         "$(basename "$pb") (run 3 made)"
fi
pair_checks "$pa" "$pb"

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

exit 0
