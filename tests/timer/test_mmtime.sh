#!/bin/sh
# mmtime's command line: --help, every clock and flush method on a tiny
# kernel, and bad options and values named in the message with exit 2.
mmtime="${top_builddir:-.}/mmtime"
n=0
fails=0
out=$(mktemp) || exit 1
trap 'rm -f "$out"' EXIT

ok() { n=$((n + 1)); echo "ok $n - $1"; }
notok() { n=$((n + 1)); fails=$((fails + 1)); echo "not ok $n - $1"; }

# expect STATUS WORD DESCRIPTION -- ARGS: exit status and a word in output
expect() {
    want=$1 word=$2 what=$3
    shift 4
    "$mmtime" "$@" >"$out" 2>&1
    got=$?
    if [ "$got" -eq "$want" ] && grep -q -e "$word" "$out"; then
        ok "$what"
    else
        notok "$what (exit $got, want $want and '$word')"
        sed 's/^/# /' "$out"
    fi
}

expect 0 'Usage:' '--help' -- --help
expect 0 'multicall-lru' '--help names the default flush' -- --help
expect 0 'clock cycles\|clock wall' '--info lists clocks' -- --info
expect 0 'throttling' '--info reports throttling, never aborts' -- --info
for c in wall cycles cpu; do
    if [ "$c" = cycles ] &&
        ! "$mmtime" --info | grep -q 'clock cycles .*resolution'; then
        ok "# SKIP no cycle counter"
        continue
    fi
    expect 0 "timed: $c clock" "clock $c" -- -n 64 --samples=1 --clock=$c \
        --flush-size=64
done
for f in none onecall-lru multicall-lru; do
    expect 0 "flush $f" "flush $f" -- -n 64 --samples=2 --flush=$f \
        --flush-size=64
done
if "$mmtime" --info | grep -q 'onecall-x86 *available'; then
    expect 0 'flush onecall-x86' 'flush onecall-x86' -- -n 64 --samples=2 \
        --flush=onecall-x86
else
    ok "# SKIP no clflush"
fi
expect 0 'cold A,B hot C' 'mmm with C hot' -- -k mmm -n 8 --hot=C \
    --samples=1 --flush-size=64
expect 0 'align 64+8' 'misaligned operands' -- -n 64 --misalign=8 --samples=1 \
    --flush-size=64
expect 0 'MFLOPS' 'daxpy' -- -k daxpy -n 100 --samples=1 --flush-size=64
expect 0 'SUSPECT' 'above peak is flagged' -- -n 64 --samples=1 --peak=0.001 \
    --flush-size=64
expect 0 'samples >= 1 ms; paper 004 eq.5 at 1%' 'default 1 ms sample floor' \
    -- -n 64 --samples=1 --flush-size=64 --precision=0.01
expect 0 'calls (paper 004 eq.5, 0.1%)' 'eq. 5 alone without the floor' -- \
    -n 64 --samples=1 --flush-size=64 --min-sample-time=0

for level in L1 L2 LLC; do
    if "$mmtime" --flush-size=$level --info 2>&1 | grep -q 'sizes are unknown'
    then
        ok "# SKIP cache sizes unknown here (no probe.conf, no sysfs)"
        continue
    fi
    expect 0 "flush size .*($level: 2 x" "--flush-size=$level" -- -n 64 \
        --samples=1 --flush-size=$level
done

expect 2 "'--bogus'" 'unknown long option' -- --bogus
expect 2 "'-z'" 'unknown short option' -- -z
expect 2 'needs a value' 'missing value' -- --clock
expect 2 'unexpected argument' 'stray argument' -- extra
expect 2 '--clock.*sundial' 'bad clock' -- --clock=sundial
expect 2 '--flush.*harder' 'bad flush' -- --flush=harder
expect 2 '--kernel.*fft' 'bad kernel' -- --kernel=fft
expect 2 '--samples' 'samples 0' -- --samples=0
expect 2 '--samples' 'samples too many' -- --samples=100000
expect 2 '--size' 'size not a number' -- --size=12x
expect 2 'power of two' 'align 48' -- --align=48
expect 2 'misalign' 'misalign >= align' -- --align=64 --misalign=64
expect 2 '--flush-size' 'flush size L9' -- --flush-size=L9
expect 2 '--precision' 'precision 2' -- --precision=2
expect 2 "operand 'Q'" 'unknown operand' -- --hot=Q
expect 2 '--probe-conf' 'unreadable probe.conf' -- \
    --probe-conf=/nonexistent/p.conf
expect 2 "'--info' takes no value" 'value to a flag' -- --info=x
expect 2 "'--help' takes no value" 'value to --help' -- --help=foo
expect 2 "unknown option '--bogus'" 'unknown option with a value' -- --bogus=3
expect 2 "--hot: ''" 'empty operand list' -- --hot=
expect 2 "--cold: 'X,,Y'" 'empty operand name' -- --cold=X,,Y
expect 2 'both' '--hot and --cold together' -- --hot=X --cold=Y
expect 2 '--min-sample-time' 'negative sample floor' -- --min-sample-time=-1
expect 2 '--peak' 'peak not a number' -- --peak=fast
expect 2 '--align' 'align not a number' -- --align=big

echo "1..$n"
[ "$fails" -eq 0 ]
