#!/bin/sh
# Paper 000 Figure 1 on this machine: dot-product MFLOPS timed with the
# operands flushed (MultiCallFlushLRU over the caches up to the LLC) and
# unflushed (left in cache by the previous call), for N from inside L1 to
# beyond the last-level cache.  A benchmark, not a test: it prints a table
# (and draws a plot when gnuplot is there).
#
# The machine is noisy, so every point is taken in several rounds, flushed
# and unflushed interleaved, and the best (min-time) MFLOPS of the rounds
# is kept -- the same reasoning as min-of-samples for wall time (§2.1).
#
# usage: fig1.sh --mmtime=PATH [--out=DIR] [--taskset=PATH] [--gnuplot=PATH]
#                [--rounds=N] [--max-n=N]
set -u
mmtime=./mmtime out=. taskset= gnuplot= rounds=3 max_n=4194304
for arg; do
    case $arg in
    --mmtime=*) mmtime=${arg#*=} ;;
    --out=*) out=${arg#*=} ;;
    --taskset=*) taskset=${arg#*=} ;;
    --gnuplot=*) gnuplot=${arg#*=} ;;
    --rounds=*) rounds=${arg#*=} ;;
    --max-n=*) max_n=${arg#*=} ;;
    *) echo "fig1.sh: unknown argument '$arg'" >&2; exit 2 ;;
    esac
done
mkdir -p "$out" || exit 1
table=$out/fig1.txt
raw=$out/fig1.raw
: >"$raw" || exit 1

# Pin to the last CPU when taskset exists: fewer migrations, steadier caches.
pin=
if [ -n "$taskset" ]; then
    cpu=$(($(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1) - 1))
    pin="$taskset -c $cpu"
fi
# Flush area: twice L1+L2+LLC, from probe.conf when mmprobe wrote one.
conf=$out/probe.conf
probe=
[ -r "$conf" ] && probe=--probe-conf=$conf

mflops() {   # mflops FLUSH N -> the MFLOPS figure, or "nan"
    $pin "$mmtime" --kernel=dot --size="$2" --flush="$1" --flush-size=LLC \
        $probe 2>/dev/null | sed -n 's/^dot N=[0-9]*: \([0-9.]*\) MFLOPS.*/\1/p'
}

sizes=
n=128
while [ "$n" -le "$max_n" ]; do
    sizes="$sizes $n"
    n=$((n * 2))
done

"$mmtime" --flush-size=LLC $probe --info 2>/dev/null |
    grep -E '^(clock wall|flush size|throttling)'
how=$($pin "$mmtime" --kernel=dot --size=1024 --flush-size=LLC $probe \
    2>/dev/null | sed -n 's/^  timed: //p')
echo "flushed points timed as: $how"
r=1
while [ "$r" -le "$rounds" ]; do
    echo "round $r of $rounds ..." >&2
    for n in $sizes; do
        echo "$n $(mflops multicall-lru "$n") $(mflops none "$n")" >>"$raw"
    done
    r=$((r + 1))
done

# Best of the rounds per N; ratio unflushed / flushed.
awk '
    { if (!($1 in f) || $2 > f[$1]) f[$1] = $2
      if (!($1 in u) || $3 > u[$1]) u[$1] = $3
      if (!($1 in seen)) { seen[$1] = 1; order[++k] = $1 } }
    END {
      printf "%10s %12s %12s %12s %7s\n", "N", "X+Y KiB", "flushed",
        "unflushed", "unfl/fl"
      for (i = 1; i <= k; i++) {
        n = order[i]
        printf "%10d %12.1f %12.1f %12.1f %7.2f\n", n, n * 16 / 1024,
          f[n], u[n], (f[n] > 0 ? u[n] / f[n] : 0)
      }
    }' "$raw" >"$table"
echo "dot product MFLOPS (best of $rounds interleaved rounds)," \
    "paper 000 Figure 1:"
cat "$table"
echo "table: $table"

if [ -n "$gnuplot" ]; then
    "$gnuplot" <<GP && echo "plot: $out/fig1.png"
set terminal png size 900,560
set output "$out/fig1.png"
set title "dot product, flushed vs unflushed (paper 000 Figure 1)"
set logscale x 2
set format x "%.0s%c"
set xlabel "N (X+Y = 16 N bytes)"
set ylabel "MFLOPS"
set key top right
set grid
plot "$table" every ::1 using 1:3 with linespoints \
         title "flushed (MultiCallFlushLRU)", \
     "$table" every ::1 using 1:4 with linespoints title "unflushed"
GP
fi
