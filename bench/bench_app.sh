#!/bin/sh
# make bench-app: issue 10's demonstration.  A program nobody here wrote
# (Debian's NumPy: numpy.linalg.lstsq and numpy.linalg.matrix_power, run
# by bench/profile_demo.py) is profiled by libmmprofile; each workload's
# heaviest dgemm shapes become specs (mmspec --from-profile --top=N); each
# spec's driver is built twice, against libmmtune and against OpenBLAS
# (linked by path with its directory as rpath, checked with ldd: by
# soname alone the loader takes the libblas.so.3 Debian's alternatives
# chose), and both are timed on the application's own shapes, pinned,
# one thread, interleaved (libmmtune, OpenBLAS, libmmtune, ...), under the
# timing lock.  One table per workload, printed and kept in
# OUT/bench-app.txt (the profiles beside it).  A benchmark, not a test.
# Without NumPy or OpenBLAS it says what is missing and exits 0.
#
# usage: bench_app.sh --mmspec=PATH --mmtune=LIB --dir=DIR --out=DIR
#          [--info=MMTUNE-INFO]
#          [--prof=LIB --script=PATH | --table=FILE...]
#          [--openblas=LIB|none] [--bench-dgemm=PATH | --coretype=NAME]
#          [--workloads=W,...] [--sizes=N,...] [--top=N] [--rounds=R]
#          [--python=PATH] [--cc='CC CFLAGS'] [--taskset=PATH]
#          [--lock=FILE] [--driver-flags='FLAG...']
# --table=FILE (repeatable) times the shapes of a profile already taken,
# instead of profiling NumPy; --openblas=none times libmmtune alone.
set -u
me=bench_app.sh
mmspec= mmtune= info= dir=bench/app.d out=. prof= script= tables=
openblas=/usr/lib/x86_64-linux-gnu/openblas-pthread/libblas.so.3
benchdgemm= core= workloads=lstsq,matrix_power sizes=300,1000 top=5
rounds=5 python=/usr/bin/python3 cc=cc taskset= lock= dflags=
for arg; do
    case $arg in
    --mmspec=*) mmspec=${arg#*=} ;;
    --mmtune=*) mmtune=${arg#*=} ;;
    --info=*) info=${arg#*=} ;;
    --dir=*) dir=${arg#*=} ;;
    --out=*) out=${arg#*=} ;;
    --prof=*) prof=${arg#*=} ;;
    --script=*) script=${arg#*=} ;;
    --table=*) tables="$tables ${arg#*=}" ;;
    --openblas=*) openblas=${arg#*=} ;;
    --bench-dgemm=*) benchdgemm=${arg#*=} ;;
    --coretype=*) core=${arg#*=} ;;
    --workloads=*) workloads=${arg#*=} ;;
    --sizes=*) sizes=${arg#*=} ;;
    --top=*) top=${arg#*=} ;;
    --rounds=*) rounds=${arg#*=} ;;
    --python=*) python=${arg#*=} ;;
    --cc=*) cc=${arg#*=} ;;
    --taskset=*) taskset=${arg#*=} ;;
    --lock=*) lock=${arg#*=} ;;
    --driver-flags=*) dflags=${arg#*=} ;;
    *) echo "$me: unknown argument '$arg'" >&2; exit 2 ;;
    esac
done
if [ -z "$mmspec" ] || [ -z "$mmtune" ]; then
    echo "$me: --mmspec and --mmtune are needed" >&2
    exit 2
fi
if [ -z "$tables" ] && { [ -z "$prof" ] || [ -z "$script" ]; }; then
    echo "$me: --prof and --script are needed (or --table=FILE)" >&2
    exit 2
fi

# ---- what is missing: say so, exit 0 (never build dependencies) -------
if [ "$openblas" != none ] && [ ! -f "$openblas" ]; then
    echo "$me: no OpenBLAS at $openblas: nothing to compare with."
    echo "  Debian's OpenBLAS is: apt-get install libopenblas0-pthread"
    exit 0
fi
if [ -z "$tables" ] && ! "$python" -c 'import numpy' 2>/dev/null; then
    echo "$me: $python has no NumPy: no application to profile."
    echo "  Debian's NumPy is: apt-get install python3-numpy"
    exit 0
fi
if [ ! -f "$mmtune" ]; then
    echo "$me: no shared libmmtune at $mmtune (--disable-shared?)" >&2
    exit 1
fi
rm -rf "$dir" && mkdir -p "$dir" "$out" || exit 1

cpus=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
pin=
[ -z "$taskset" ] || [ "$cpus" -le 1 ] || pin="$taskset -c $((cpus - 1))"
locked=
[ -z "$lock" ] || ! command -v flock >/dev/null 2>&1 || locked="flock $lock"

# ---- 1. the profiles ---------------------------------------------------

# profile W: NumPy's workload W under libmmprofile, its table in
# $dir/W/profile.txt and Python's words in $dir/W/profile.out.
profile() {
    mkdir -p "$dir/$1"
    echo "profiling $1 (sizes $sizes) ..." >&2
    $locked $pin env OPENBLAS_NUM_THREADS=1 LD_PRELOAD="$prof" \
        MMPROFILE_OUT="$dir/$1/profile.txt" \
        "$python" "$script" "$1" "$sizes" >"$dir/$1/profile.out" 2>&1 &&
        [ -f "$dir/$1/profile.txt" ] && return 0
    echo "$me: profiling $1 failed or recorded no dgemm call:" >&2
    sed 's/^/  /' "$dir/$1/profile.out" >&2
    return 1
}

# The workloads (their names, also their directories in $dir): NumPy's
# under the profiler, or the tables given.
names=
if [ -z "$tables" ]; then
    for w in $(echo "$workloads" | tr ',' ' '); do
        profile "$w" || exit 1
        names="$names $w"
    done
else
    for t in $tables; do
        w=$(basename "$t" .txt)
        mkdir -p "$dir/$w" && cp "$t" "$dir/$w/profile.txt" || exit 1
        echo "workload $t" >"$dir/$w/profile.out"
        names="$names $w"
    done
fi

# ---- 2. specs and drivers ---------------------------------------------

cflags=$("$mmspec" --cflags) && libs=$("$mmspec" --libs) || exit 1

# soname LIB: the name a program linked with LIB asks the loader for.
soname() {
    s=$(readelf -d "$1" 2>/dev/null |
        sed -n 's/.*Library soname: \[\(.*\)\].*/\1/p')
    echo "${s:-$(basename "$1")}"
}

# link BASE SUFFIX LIB: BASE.c against LIB (its directory as rpath) into
# BASE.SUFFIX, and make sure the loader takes LIB's copy of it.
link() {
    libdir=$(cd "$(dirname "$3")" && pwd) || return 1
    # shellcheck disable=SC2086
    $cc $cflags "$1.c" "$libdir/$(basename "$3")" -Wl,-rpath,"$libdir" \
        $libs -o "$1.$2" || return 1
    if ! ldd "$1.$2" | grep -q "^[[:space:]]*$(soname "$3") => $libdir/"
    then
        echo "$me: $1.$2 does not load $(soname "$3") from $libdir:" >&2
        ldd "$1.$2" | sed 's/^/  /' >&2
        return 1
    fi
}

# drivers W: W's heaviest shapes as specs, each driver built twice;
# their names, one a line, in $dir/W/specs.
drivers() {
    "$mmspec" --from-profile="$dir/$1/profile.txt" --top="$top" \
        -o "$dir/$1/specs.d" >"$dir/$1/specs" || return 1
    while read -r spec; do
        base=${spec%.spec}
        "$mmspec" "$spec" -o "$base.c" &&
            link "$base" libmmtune "$mmtune" || return 1
        [ "$openblas" = none ] || link "$base" openblas "$openblas" ||
            return 1
    done <"$dir/$1/specs"
}
for w in $names; do
    echo "building the drivers of $w ..." >&2
    drivers "$w" || { echo "$me: cannot build $w's drivers" >&2; exit 1; }
done

# ---- 3. timing, under the lock ----------------------------------------

if [ -n "$locked" ]; then
    exec 9>"$lock" && flock 9
fi
# OpenBLAS's best core type for this CPU, as bench-dgemm decides it.
if [ "$openblas" != none ] && [ -z "$core" ] && [ -n "$benchdgemm" ]; then
    core=$("$benchdgemm" --libs=openblas-best --sizes=1 --rounds=1 \
           --modes=warm 2>/dev/null |
           sed -n 's/.* so OPENBLAS_CORETYPE=\([A-Za-z0-9]*\)$/\1/p')
fi
run() {
    $pin env OPENBLAS_NUM_THREADS=1 ${core:+OPENBLAS_CORETYPE=$core} "$@"
}
# mflops DRIVER: its MFLOPS (from the least time of its samples).
mflops() {
    # shellcheck disable=SC2086
    run "$1" $dflags 2>/dev/null |
        sed -n '1s/^[^:]*: \([0-9][0-9.]*\) MFLOPS.*/\1/p'
}
raw=$dir/rounds.raw
: >"$raw"
r=1
while [ "$r" -le "$rounds" ]; do
    echo "round $r of $rounds ..." >&2
    for w in $names; do
        while read -r spec; do
            for lib in libmmtune openblas; do
                [ "$lib" = openblas ] && [ "$openblas" = none ] && continue
                echo "$spec $lib $(mflops "${spec%.spec}.$lib")" >>"$raw"
            done
        done <"$dir/$w/specs"
    done
    r=$((r + 1))
done
# shellcheck disable=SC2086
set -- $names
first=$(head -n 1 "$dir/$1/specs" 2>/dev/null)
timed=
[ -z "$first" ] ||
    timed=$(run "${first%.spec}.libmmtune" $dflags 2>/dev/null |
            sed -n 's/^  timed: //p')
obcore=
[ "$openblas" = none ] || [ -z "$first" ] ||
    obcore=$(run env OPENBLAS_VERBOSE=2 "${first%.spec}.openblas" --show 2>&1 |
             sed -n 's/^Core: //p' | head -n 1)
[ -z "$locked" ] || exec 9>&-

# ---- 4. the tables ------------------------------------------------------

. "$(dirname "$0")/bench_app_tables.sh"
result=$out/bench-app.txt
{
    app_header
    for w in $names; do
        echo
        app_table "$w"
        cp "$dir/$w/profile.txt" "$out/bench-app-profile-$w.txt.tmp" &&
            mv -f "$out/bench-app-profile-$w.txt.tmp" \
                "$out/bench-app-profile-$w.txt"
    done
} >"$result.tmp" || exit 1
mv -f "$result.tmp" "$result" || exit 1
cat "$result"
echo "bench-app: the tables are in $result, the profiles beside it" >&2
