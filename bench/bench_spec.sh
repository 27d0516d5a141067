#!/bin/sh
# bench-spec: paper 001 §5.3 on this machine.  Five mmgen kernels that
# differ only in NB (the library's kernel parameters, NB, M, N, K moved
# together) are timed by the driver mmspec generates from bench/mmk.spec
# and by the hand-written timer bench/bench_spec_hand.c, flushed
# (multicall-lru) and unflushed, in interleaved rounds (best of each);
# then one kernel is timed REPEAT times by each timer, to set the
# difference between the timers beside the spread within each (paper 001
# Fig. 7).  A benchmark, not a test: it prints tables, and keeps them in
# OUT/bench-spec.txt.  Timings run under the timing lock, pinned.
#
# usage: bench_spec.sh --mmspec=PATH --mmgen=PATH --srcdir=DIR --dir=DIR
#          --cc='CC CFLAGS' --kernel-cc='CC CFLAGS' [--params=FILE]
#          [--out=DIR] [--lock=FILE] [--taskset=PATH] [--nbs='N ...']
#          [--rounds=N] [--repeat=N]
set -u
mmspec= mmgen= srcdir=. dir=bench/spec.d cc=cc kcc=cc params= out=.
lock= taskset= nbs= rounds=5 repeat=200
for arg; do
    case $arg in
    --mmspec=*) mmspec=${arg#*=} ;;
    --mmgen=*) mmgen=${arg#*=} ;;
    --srcdir=*) srcdir=${arg#*=} ;;
    --dir=*) dir=${arg#*=} ;;
    --cc=*) cc=${arg#*=} ;;
    --kernel-cc=*) kcc=${arg#*=} ;;
    --params=*) params=${arg#*=} ;;
    --out=*) out=${arg#*=} ;;
    --lock=*) lock=${arg#*=} ;;
    --taskset=*) taskset=${arg#*=} ;;
    --nbs=*) nbs=${arg#*=} ;;
    --rounds=*) rounds=${arg#*=} ;;
    --repeat=*) repeat=${arg#*=} ;;
    *) echo "bench_spec.sh: unknown argument '$arg'" >&2; exit 2 ;;
    esac
done
mkdir -p "$dir" "$out" || exit 1

# key FILE KEY: a value of the library's kernel.params (empty if none).
key() { [ -n "$params" ] && sed -n "s/^$2 = \([^ ]*\).*/\1/p" "$1"; }
mu=$(key "$params" MU) nu=$(key "$params" NU)
# Five NBs, multiples of the register tile (lcm of MU and NU), the
# largest at least 100.
if [ -z "$nbs" ]; then
    mu=${mu:-4} nu=${nu:-2}
    a=$mu b=$nu
    while [ "$b" -ne 0 ]; do t=$((a % b)); a=$b; b=$t; done
    l=$((mu * nu / a))
    step=$(( (100 + 5 * l - 1) / (5 * l) * l ))
    nbs="$step $((2 * step)) $((3 * step)) $((4 * step)) $((5 * step))"
fi

# build NB: the kernel, the generated driver and the hand-written timer.
"$mmspec" "$srcdir/bench/mmk.spec" -o "$dir/driver.c" || exit 1
cflags=$("$mmspec" --cflags) libs=$("$mmspec" --libs)
build() {
    nbdir=$dir/nb$1
    mkdir -p "$nbdir" &&
    "$mmgen" ${params:+--params="$params"} --nb="$1" --m="$1" --n="$1" \
        --k="$1" --beta=1 --name=mmk --output="$nbdir/mmk.c" &&
    $kcc -I"$srcdir/codegen" -c "$nbdir/mmk.c" -o "$nbdir/mmk.o" &&
    $cc $cflags -DNBS="$1" "$dir/driver.c" "$nbdir/mmk.o" $libs \
        -o "$nbdir/driver" &&
    $cc $cflags "$srcdir/bench/bench_spec_hand.c" "$nbdir/mmk.o" $libs \
        -o "$nbdir/hand"
}
for nb in $nbs; do
    build "$nb" || { echo "bench_spec.sh: cannot build NB=$nb" >&2; exit 1; }
done

if [ -n "$lock" ] && command -v flock >/dev/null 2>&1; then
    exec 9>"$lock" && flock 9
fi
pin=
if [ -n "$taskset" ] && [ "$(nproc 2>/dev/null || echo 1)" -gt 1 ]; then
    pin="$taskset -c 1"
fi

# mflops NB driver|hand FLUSH: the figure of one timing (empty if none).
mflops() {
    if [ "$2" = driver ]; then
        $pin "$dir/nb$1/driver" --flush="$3" 2>/dev/null
    else
        $pin "$dir/nb$1/hand" "$3" 2>/dev/null
    fi | sed -n '1s/^[^:]*: \([0-9][0-9.]*\) MFLOPS.*/\1/p'
}

raw=$dir/rounds.raw
: >"$raw"
r=1
while [ "$r" -le "$rounds" ]; do
    echo "round $r of $rounds ..." >&2
    for nb in $nbs; do
        for fl in multicall-lru none; do
            echo "$nb $fl $(mflops "$nb" driver $fl) $(mflops "$nb" hand $fl)"
        done
    done >>"$raw"
    r=$((r + 1))
done
how=$($pin "$dir/nb${nbs%% *}/driver" 2>/dev/null | sed -n 's/^  timed: //p')
. "$srcdir/bench/bench_spec_tables.sh"
{
    echo "bench-spec: paper 001 §5.3 -- mmgen kernels differing only in NB,"
    echo "timed by the generated driver (bench/mmk.spec) and by the"
    echo "hand-written timer (bench/bench_spec_hand.c); best MFLOPS of"
    echo "$rounds interleaved rounds; driver as % of hand.  Kernel:"
    sed -n '3s/^ \*  */  /p' "$dir/nb${nbs%% *}/mmk.c"
    echo "Timed (flushed, NB=${nbs%% *}): $how"
    echo
    nb_table "$raw"
} >"$dir/table.txt"
cat "$dir/table.txt"

# REPEAT timings of the middle kernel by each timer, interleaved.
set -- $nbs
i=$(( ($# + 1) / 2 ))
eval "mid=\${$i}"
rep=$dir/repeat.raw
: >"$rep"
echo "repeating NB=$mid $repeat times per timer and state ..." >&2
i=1
while [ "$i" -le "$repeat" ]; do
    for fl in multicall-lru none; do
        echo "$fl driver $(mflops "$mid" driver $fl)"
        echo "$fl hand $(mflops "$mid" hand $fl)"
    done >>"$rep"
    i=$((i + 1))
done
{
    echo
    echo "$repeat timings of NB=$mid by each timer (paper 001 Fig. 7):"
    repeat_table "$rep"
} >>"$dir/table.txt"
tail -n +$(( $(wc -l <"$dir/table.txt") - 6 )) "$dir/table.txt"
cp "$dir/table.txt" "$out/bench-spec.txt.tmp" &&
    mv -f "$out/bench-spec.txt.tmp" "$out/bench-spec.txt" &&
    echo "bench-spec: the tables are in $out/bench-spec.txt" >&2
