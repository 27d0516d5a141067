#!/bin/sh
# make bench-dgemm: bench/bench-dgemm with what it needs from the build --
# libmmtune, the known libraries that are installed, square and rectangular
# shapes, operands flushed and warm, the peak from a probe.conf -- pinned
# to one CPU; the table kept in OUT/bench-dgemm.txt (atomically), and the
# plot drawn into OUT/bench-dgemm.png when gnuplot is there.  A benchmark,
# not a test.
#
# usage: bench_dgemm.sh --bench=PATH --mmtune=LIB --out=DIR [--info=PATH]
#            [--archdefs=DIR] [--taskset=PATH] [--gnuplot=PATH]
#            [-- BENCH-DGEMM-OPTION...]
# The peak comes from OUT/probe.conf (mmprobe's, this host), else from the
# saved probe.conf of the archdef libmmtune was built for (mmtune-info's
# "build key"), else there is none (no percent of peak).
set -u
bench= lib= out= info= archdefs= taskset= gnuplot=
while [ $# -gt 0 ]; do
    case $1 in
    --bench=*) bench=${1#*=} ;;
    --mmtune=*) lib=${1#*=} ;;
    --out=*) out=${1#*=} ;;
    --info=*) info=${1#*=} ;;
    --archdefs=*) archdefs=${1#*=} ;;
    --taskset=*) taskset=${1#*=} ;;
    --gnuplot=*) gnuplot=${1#*=} ;;
    --) shift; break ;;
    *) echo "bench_dgemm.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
    shift
done
if [ -z "$bench" ] || [ -z "$lib" ] || [ -z "$out" ]; then
    echo "bench_dgemm.sh: --bench, --mmtune and --out are needed" >&2
    exit 2
fi
mkdir -p "$out" || exit 1

probe=$out/probe.conf
if [ ! -r "$probe" ] && [ -n "$info" ] && [ -n "$archdefs" ]; then
    key=$("$info" | sed -n 's/^build key *//p')
    probe=$archdefs/$key/probe.conf
fi
if [ ! -r "$probe" ]; then
    echo "# no probe.conf (run ./mmprobe or make tune): no percent of peak"
    probe=
fi

# One thread, pinned to the last CPU: fewer migrations, steadier caches.
pin=
if [ -n "$taskset" ]; then
    pin="$taskset -c $(($(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1) - 1))"
fi

table=$out/bench-dgemm.txt
gp=$out/bench-dgemm.gp
rcfile=$out/bench-dgemm.rc
{
    $pin "$bench" --lib=mmtune="$lib" --libs=default --modes=flushed,warm \
        --rounds=7 --stat=both ${probe:+--probe="$probe"} --plot="$gp" "$@"
    echo $? >"$rcfile"
} | tee "$table.tmp"
rc=$(cat "$rcfile" 2>/dev/null || echo 1)
rm -f "$rcfile"
mv -f "$table.tmp" "$table" || exit 1
echo "table: $table"

# (a run that found a wrong library still draws what it timed)
if [ ! -f "$gp" ]; then
    :
elif [ -z "$gnuplot" ]; then
    echo "plot skipped: configure found no gnuplot (script: $gp)"
elif (cd "$out" && "$gnuplot" "$(basename "$gp")"); then
    echo "plot: $out/bench-dgemm.png"
else
    echo "bench_dgemm.sh: gnuplot failed on $gp" >&2
    rc=1
fi
exit "$rc"
