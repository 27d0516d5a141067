#!/bin/sh
# mmtime's command line: --help, every clock and flush method on a tiny
# kernel, flush sizes by cache level from a probe.conf written here, the
# messages of a machine without a TSC (tests/timer/mmtime_notsc, mmtime
# linked with a CPU that has none), and bad options and values named in
# the message with exit 2.  Skips are decided by /proc/cpuinfo's flags,
# never by what mmtime says of itself.
mmtime="${top_builddir:-.}/mmtime"
mmtime_notsc="${top_builddir:-.}/tests/timer/mmtime_notsc"
n=0
fails=0
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
out="$work/out"

ok() { n=$((n + 1)); echo "ok $n - $1"; }
notok() { n=$((n + 1)); fails=$((fails + 1)); echo "not ok $n - $1"; }

# cpu_flag FLAG: the kernel lists FLAG for this CPU.
cpuflags=$(sed -n 's/^flags[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null |
    head -n 1)
cpu_flag() { case " $cpuflags " in *" $1 "*) return 0 ;; esac; return 1; }

# run_expect PROGRAM STATUS WORD DESCRIPTION -- ARGS: exit status and a
# word (grep pattern) in the output
run_expect() {
    prog=$1 want=$2 word=$3 what=$4
    shift 5
    "$prog" "$@" >"$out" 2>&1
    got=$?
    if [ "$got" -eq "$want" ] && grep -q -e "$word" "$out"; then
        ok "$what"
    else
        notok "$what (exit $got, want $want and '$word')"
        sed 's/^/# /' "$out"
    fi
}
expect() { run_expect "$mmtime" "$@"; }

expect 0 'Usage:' '--help' -- --help
expect 0 'multicall-lru' '--help names the default flush' -- --help
expect 0 'clock cycles\|clock wall' '--info lists clocks' -- --info
expect 0 'throttling' '--info reports throttling, never aborts' -- --info
if ! cpu_flag tsc; then
    ok "# SKIP no TSC (cpu flags)"
elif cpu_flag rdtscp; then
    expect 0 'clock cycles .*(read with rdtscp; lfence)' \
        '--info: cycles read with rdtscp' -- --info
else
    expect 0 'clock cycles .*(read with lfence; rdtsc; lfence)' \
        '--info: cycles read with a fenced rdtsc (the CPU has no rdtscp)' \
        -- --info
fi
for c in wall cycles cpu; do
    if [ "$c" = cycles ] && ! cpu_flag tsc; then
        ok "# SKIP no TSC (cpu flags)"
        continue
    fi
    expect 0 "timed: $c clock" "clock $c" -- -n 64 --samples=1 --clock=$c \
        --flush-size=64
done
# (the second reason is a build without the x86 rdtsc intrinsic)
nowhy='\(the CPU has no time-stamp counter (cpuid leaf 1 EDX bit 4)\|'
nowhy="${nowhy}this build has no __rdtsc\)"
run_expect "$mmtime_notsc" 1 "clock 'cycles' is not available here: $nowhy" \
    'no TSC: --clock=cycles exits 1 naming the clock and why' -- \
    --clock=cycles -n 64 --samples=1
run_expect "$mmtime_notsc" 0 "clock cycles  not available: $nowhy" \
    'no TSC: --info says why there is no cycle clock' -- --info
run_expect "$mmtime_notsc" 0 'timed: wall clock' 'no TSC: the wall clock works' \
    -- -n 64 --samples=1 --flush-size=64
for f in none onecall-lru multicall-lru; do
    expect 0 "flush $f" "flush $f" -- -n 64 --samples=2 --flush=$f \
        --flush-size=64
done
if cpu_flag clflush; then
    expect 0 'flush onecall-x86' 'flush onecall-x86' -- -n 64 --samples=2 \
        --flush=onecall-x86
else
    ok "# SKIP no clflush (cpu flags)"
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

# Cache sizes from a probe.conf of a made-up machine (L1 32, L2 1000, LLC
# 8000 KiB), so that the sizes are known whatever this machine's sysfs
# holds: twice the caches up to the level.
conf="$work/probe.conf"
{
    printf '%s\n' 'FORMAT = 1' 'WRITTEN_BY = test_mmtime.sh' 'HOST = test' \
        'CPU = made up' 'KERNEL_CC = cc' 'KERNEL_CFLAGS = -O2'
    set -- L1D_KIB 32 LINE_BYTES 64 L1D_ASSOC 8 L2_KIB 1000 LLC_KIB 8000 \
        L2_EFF_KIB 1000 LLC_EFF_KIB 8000 \
        FP_REGS_SCALAR 16 FP_REGS_SSE2 16 FP_REGS_AVX2 16 FP_REGS_AVX512 0 \
        SIMD_DOUBLES 4 FMA 1 FMA_COMPILER 1 LAT_MUL 4 LAT_ADD 3 LAT_FMA 4 \
        FP_PIPES 2 LS 5 CLOCK_MHZ 3000 TSC_MHZ 3000 PEAK_MFLOPS 48000
    keys=
    while [ $# -gt 0 ]; do
        echo "$1 = $2"
        keys="$keys $1"
        shift 2
    done
    for k in $keys; do echo "${k}_CONFIRMED = 1"; done
} >"$conf"
for spec in L1:64 L2:2064 LLC:18064; do
    level=${spec%:*} kib=${spec#*:}
    expect 0 "flush size $kib KiB ($level: 2 x" \
        "--flush-size=$level from --probe-conf" -- -n 64 --samples=1 \
        --flush-size=$level --probe-conf="$conf"
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
