#!/bin/sh
# tune_summary.sh RESULTS INFO BENCH LIBRARY [TASKSET]: the lines make
# tune ends with -- the kernel the rebuilt library runs (from INFO,
# mmtune-info), the search's winner's percent of peak as mmsearch timed it
# (RESULTS/params.conf, RESULTS/probe.conf), and the DGEMM GFLOPS of
# LIBRARY at N = 1000 (BENCH, bench-dgemm: operands flushed, best of 3
# rounds, about 2 s); then the same three for single precision when INFO
# has an SGEMM section and params.conf the single search's S_MFLOPS (the
# peak in floats twice the probe's).  Exit 1 when a file or a figure is
# missing.
res=$1 info=$2 bench=$3 lib=$4 pin=${5:+$5 -c 1}
pc=$res/params.conf
probe=$res/probe.conf

val() { # KEY FILE: the value, comment and trailing blanks stripped
    sed -n "s/^$1 = \([^#]*\).*/\1/p" "$2" | sed 's/ *$//' | sed -n 1p
}
for f in "$pc" "$probe"; do
    test -r "$f" || { echo "tune_summary.sh: $f: not readable" >&2; exit 1; }
done
all=$("$info") || exit 1
# DGEMM's section, then SGEMM's (mmtune-info prints them in that order)
kinfo=$(echo "$all" | sed '/^SGEMM$/,$d')
sinfo=$(echo "$all" | sed -n '/^SGEMM$/,$p')
field() { echo "$kinfo" | sed -n "s/^$1 *//p"; }
isa=$(field kernel | sed -n 's/.*(ISA \([a-z0-9]*\),.*/\1/p')
peak=$(val PEAK_MFLOPS "$probe")
# at N = 1000 for type $1 (s, d)
at_1000() {
    g=$($pin "$bench" --lib=mmtune="$lib" --type="$1" --sizes=1000 \
        --rounds=3 --naive-max=0 | awk '$1 == 1000 { print $2 }')
    case $g in ''|*[!0-9.]*) return 1;; esac
    echo "$g"
}
gflops=$(at_1000 d) || {
    echo "tune_summary.sh: no DGEMM figure" >&2; exit 1; }
echo "kernel  $isa $(field tile), $(field blocking); $(field compiler);" \
    "params from $(field parameters)"
echo "in L1   $(val PEAK_PERCENT "$pc")% of peak ($(val MFLOPS "$pc") of" \
    "$peak MFLOPS; search NB=$(val NB "$pc"), $(val TIMING "$pc"))"
echo "DGEMM   $gflops GFLOPS at N=1000 ($(awk -v g="$gflops" -v p="$peak" \
    'BEGIN { printf "%.0f", 100000 * g / p }')% of peak; libmmtune as" \
    "rebuilt, operands flushed, best of 3 rounds, one thread)"
smflops=$(val S_MFLOPS "$pc")
[ -n "$sinfo" ] && [ -n "$smflops" ] || exit 0
field() { echo "$sinfo" | sed -n "s/^$1 *//p"; }
sgflops=$(at_1000 s) || {
    echo "tune_summary.sh: no SGEMM figure" >&2; exit 1; }
echo "single  $isa $(field tile), $(field blocking)"
echo "in L1   $(awk -v m="$smflops" -v p="$peak" \
    'BEGIN { printf "%.1f", 50 * m / p }')% of the peak in floats" \
    "($smflops of $(awk -v p="$peak" 'BEGIN { printf "%.0f", 2 * p }')" \
    "MFLOPS; search NB=$(val S_NB "$pc"))"
echo "SGEMM   $sgflops GFLOPS at N=1000 ($(awk -v g="$sgflops" -v p="$peak" \
    'BEGIN { printf "%.0f", 50000 * g / p }')% of the peak in floats," \
    "as DGEMM's)"
