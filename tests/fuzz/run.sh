#!/bin/sh
# make fuzz (in a tree configured --enable-fuzz): run.sh CORPUS BIN
# SECONDS PARSER...: each PARSER's harness BIN/fuzz_PARSER for SECONDS,
# from the committed inputs CORPUS/PARSER (read only) and what earlier
# runs found (BIN/corpus-run/PARSER, where new inputs go); a crash's input
# is kept in BIN/crashes/PARSER/.  One line per parser: its executions,
# its coverage (libFuzzer's cov: edges, ft: features) and whether it
# crashed; exit 1 when one did.
src=$1 bin=$2 secs=$3
shift 3
status=0
for p in "$@"; do
    work=$bin/corpus-run/$p crashes=$bin/crashes/$p out=$bin/fuzz_$p.out
    mkdir -p "$work" "$crashes" || exit 2
    "$bin/fuzz_$p" -max_total_time="$secs" -timeout=10 -print_final_stats=1 \
        -artifact_prefix="$crashes/" "$work" "$src/$p" > "$out" 2>&1
    rc=$?
    # (-a: a parser's message may quote the input's bytes)
    runs=$(grep -a '^stat::number_of_executed_units:' "$out" | tail -1 \
           | sed 's/.*: *//')
    cov=$(grep -ao 'cov: [0-9]* ft: [0-9]*' "$out" | tail -1)
    if [ $rc -eq 0 ]; then
        echo "fuzz $p: ${runs:-?} runs, ${cov:-no cov: line}, no crash"
    else
        status=1
        echo "fuzz $p: ${runs:-?} runs, ${cov:-no cov: line}, CRASH" \
            "(exit $rc): $(ls "$crashes" | tr '\n' ' ')-- see $out"
        grep -m3 'ERROR\|runtime error\|SUMMARY' "$out" | sed 's/^/    /'
    fi
done
exit $status
