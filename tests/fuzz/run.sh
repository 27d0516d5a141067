#!/bin/sh
# make fuzz (in a tree configured --enable-fuzz): run.sh CORPUS BIN
# SECONDS PARSER...: each PARSER's harness BIN/fuzz_PARSER for SECONDS,
# from the committed inputs CORPUS/PARSER (read only) and what earlier
# runs found (BIN/corpus-run/PARSER, where new inputs go); a crash's input
# is kept in BIN/crashes/PARSER/.  The parsers run FUZZ_JOBS at a time
# (default: the CPUs online; each harness is one process, and the
# parsers share nothing), their lines then printed in the order given.
# One line per parser: its executions, its coverage (libFuzzer's cov:
# edges, ft: features) and whether it crashed; exit 1 when one did.
src=$1 bin=$2 secs=$3
shift 3
jobs=${FUZZ_JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)}
[ "$jobs" -ge 1 ] 2>/dev/null || jobs=1

# one PARSER: its harness for secs; its line (and why, on a crash) into
# BIN/fuzz_PARSER.line; exit 1 on a crash
one() {
    p=$1 work=$bin/corpus-run/$1 crashes=$bin/crashes/$1
    out=$bin/fuzz_$1.out line=$bin/fuzz_$1.line
    mkdir -p "$work" "$crashes" || exit 2
    "$bin/fuzz_$p" -max_total_time="$secs" -timeout=10 -print_final_stats=1 \
        -artifact_prefix="$crashes/" "$work" "$src/$p" > "$out" 2>&1
    rc=$?
    # (-a: a parser's message may quote the input's bytes)
    runs=$(grep -a '^stat::number_of_executed_units:' "$out" | tail -1 \
           | sed 's/.*: *//')
    cov=$(grep -ao 'cov: [0-9]* ft: [0-9]*' "$out" | tail -1)
    if [ $rc -eq 0 ]; then
        echo "fuzz $p: ${runs:-?} runs, ${cov:-no cov: line}, no crash" \
            > "$line"
        exit 0
    fi
    { echo "fuzz $p: ${runs:-?} runs, ${cov:-no cov: line}, CRASH" \
          "(exit $rc): $(ls "$crashes" | tr '\n' ' ')-- see $out"
      grep -m3 'ERROR\|runtime error\|SUMMARY' "$out" | sed 's/^/    /'
    } > "$line"
    exit 1
}

mkdir -p "$bin" || exit 2
running=0
for p in "$@"; do
    rm -f "$bin/fuzz_$p.line"
    (one "$p") &
    running=$((running + 1))
    if [ $running -ge "$jobs" ]; then
        wait
        running=0
    fi
done
wait
status=0
for p in "$@"; do
    if [ -f "$bin/fuzz_$p.line" ]; then
        cat "$bin/fuzz_$p.line"
        grep -q ', no crash$' "$bin/fuzz_$p.line" || status=1
    else
        echo "fuzz $p: not run: $bin/fuzz_$p.out"
        status=1
    fi
done
exit $status
