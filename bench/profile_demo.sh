#!/bin/sh
# make bench-profile: libmmprofile on programs nobody here wrote -- Debian's
# NumPy (python3-numpy) doing a least-squares solve (lstsq), a matrix power
# and a linear solve (bench/profile_demo.py) -- once with the BLAS and
# LAPACK the system's alternatives choose, once with OpenBLAS (its
# directory first on LD_LIBRARY_PATH) when installed.  One thread, pinned,
# under the timing lock.  Each run's table goes to OUT/profile-LABEL-
# WORKLOAD.txt; the summary, printed, to OUT/profile-demo.txt.  A
# demonstration, not a test.
#
# usage: profile_demo.sh --prof=LIB --script=PATH --out=DIR [--sizes=N,...]
#            [--python=PATH] [--taskset=PATH] [--lock=FILE]
set -u
prof= script= out= sizes=100,300,600 python=/usr/bin/python3 taskset= lock=
while [ $# -gt 0 ]; do
    case $1 in
    --prof=*) prof=${1#*=} ;;
    --script=*) script=${1#*=} ;;
    --out=*) out=${1#*=} ;;
    --sizes=*) sizes=${1#*=} ;;
    --python=*) python=${1#*=} ;;
    --taskset=*) taskset=${1#*=} ;;
    --lock=*) lock=${1#*=} ;;
    *) echo "profile_demo.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
    shift
done
if [ -z "$prof" ] || [ -z "$script" ] || [ -z "$out" ]; then
    echo "profile_demo.sh: --prof, --script and --out are needed" >&2
    exit 2
fi
if ! "$python" -c 'import numpy' 2>/dev/null; then
    echo "profile_demo.sh: $python has no NumPy: nothing to profile."
    echo "  Debian's NumPy is: apt-get install python3-numpy"
    exit 0
fi
mkdir -p "$out" || exit 1

# One thread on the last CPU, under the lock the other benches take.
cpus=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
pin= locked=
[ -z "$taskset" ] || pin="$taskset -c $((cpus - 1))"
[ -z "$lock" ] || ! command -v flock > /dev/null || locked="flock $lock"
openblas=
for d in /usr/lib/*/openblas-pthread; do
    [ -f "$d/libblas.so.3" ] && [ -f "$d/liblapack.so.3" ] && openblas=$d
done

# run LABEL LIBDIR WORKLOAD: the workload under the profiler (LIBDIR first
# on the library path when given); its summary line on stdout, its table
# and output in $out.
run() {
    table=$out/profile-$1-$3.txt log=$out/profile-$1-$3.out
    rm -f "$table"
    $locked $pin env OPENBLAS_NUM_THREADS=1 \
        ${2:+LD_LIBRARY_PATH=$2${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}} \
        LD_PRELOAD="$prof" MMPROFILE_OUT="$table" \
        "$python" "$script" "$3" "$sizes" > "$log" 2>&1
    rc=$?
    [ $rc -eq 0 ] || { echo "profile_demo.sh: $1 $3 failed (exit $rc):" >&2
                       sed 's/^/  /' "$log" >&2; return 1; }
    summarize "$1" "$3" "$table" "$log"
}

# One line: label, workload, Python's seconds, calls per routine, shapes,
# seconds inside the routines, the directory of the libblas it mapped.
summarize() {
    lib=$(sed -n 's/^library .*\/\([^/]*\)\/libblas[^/]*$/\1/p' "$4" \
          | head -n 1)
    secs=$(sed -n 's/^seconds //p' "$4")
    if [ -f "$3" ]; then
        awk -v l="$1" -v w="$2" -v s="$secs" -v lib="$lib" '
            /^SHAPES = / { shapes = $3 } /^SECONDS = / { in_s = $3 }
            $1 == "dgemm_" { f77 += $14 } $1 == "cblas_dgemm" { c += $14 }
            END { printf "%-8s %-12s %6.3f %6d %5d %6d %7.3f  %s\n", l, w,
                  s, f77, c, shapes, in_s, lib }' "$3"
    else    # the profiler writes no table for a process without calls
        printf "%-8s %-12s %6.3f %6d %5d %6d %7.3f  %s\n" "$1" "$2" \
            "$secs" 0 0 0 0 "$lib"
    fi
}

[ -n "$openblas" ] || echo "# OpenBLAS (libopenblas0-pthread) is not" \
    "installed: only the system's BLAS"
summary=$out/profile-demo.txt
{
    echo "# libmmprofile on Debian's NumPy, sizes $sizes," \
        "1 thread${pin:+, pinned}${locked:+, locked}"
    echo "# python_s: the workload's time; dgemm_, cblas: calls;" \
        "in_s: seconds in them"
    echo "# blas   workload   python_s dgemm_ cblas shapes    in_s " \
        " libblas.so from"
    for w in lstsq matrix_power solve; do
        run system "" "$w"
        [ -z "$openblas" ] || run openblas "$openblas" "$w"
    done
} > "$summary.tmp"
rc=$?
cat "$summary.tmp"
mv -f "$summary.tmp" "$summary" || exit 1
for table in "$out"/profile-*-*.txt; do
    [ -f "$table" ] || continue
    echo "# $(basename "$table" .txt), heaviest shapes:"
    grep -v '^#' "$table" | grep -v ' = ' | head -n 3 | sed 's/^/  /'
done
echo "tables: $out/profile-*-*.txt; summary: $summary"
exit $rc
