#!/bin/sh
# tune_summary.sh RESULTS INFO BENCH LIBRARY [TASKSET]: the three lines
# make tune ends with -- the kernel the rebuilt library runs (from INFO,
# mmtune-info), the search's winner's percent of peak as mmsearch timed it
# (RESULTS/params.conf, RESULTS/probe.conf), and the DGEMM GFLOPS of
# LIBRARY at N = 1000 (BENCH, bench-dgemm: operands flushed, best of 3
# rounds, about 2 s).  Exit 1 when a file or a figure is missing.
res=$1 info=$2 bench=$3 lib=$4 pin=${5:+$5 -c 1}
pc=$res/params.conf
probe=$res/probe.conf

val() { # KEY FILE: the value, comment and trailing blanks stripped
    sed -n "s/^$1 = \([^#]*\).*/\1/p" "$2" | sed 's/ *$//' | sed -n 1p
}
for f in "$pc" "$probe"; do
    test -r "$f" || { echo "tune_summary.sh: $f: not readable" >&2; exit 1; }
done
kinfo=$("$info") || exit 1
field() { echo "$kinfo" | sed -n "s/^$1 *//p"; }
isa=$(field kernel | sed -n 's/.*(ISA \([a-z0-9]*\),.*/\1/p')
peak=$(val PEAK_MFLOPS "$probe")
gflops=$($pin "$bench" --lib=mmtune="$lib" --sizes=1000 --rounds=3 \
    --naive-max=0 | awk '$1 == 1000 { print $2 }')
case $gflops in ''|*[!0-9.]*) echo "tune_summary.sh: no DGEMM figure" >&2; exit 1;;
esac
echo "kernel  $isa $(field tile), $(field blocking); $(field compiler);" \
    "params from $(field parameters)"
echo "in L1   $(val PEAK_PERCENT "$pc")% of peak ($(val MFLOPS "$pc") of" \
    "$peak MFLOPS; search NB=$(val NB "$pc"), $(val TIMING "$pc"))"
echo "DGEMM   $gflops GFLOPS at N=1000 ($(awk -v g="$gflops" -v p="$peak" \
    'BEGIN { printf "%.0f", 100000 * g / p }')% of peak; libmmtune as" \
    "rebuilt, operands flushed, best of 3 rounds, one thread)"
