#!/bin/sh
# bench-search's program on a tiny space (scalar kernels, MU pinned, NB to
# 24) with the fake timing test hook, so that the bench cannot rot while
# its real run stays out of make check: its options, a whole run (the
# search into the scratch directory, the model or "not available", the
# sweep, the final rounds, the summary), the sweep file against --list,
# the summary's best against the final rounds, and the time limit.
: "${top_builddir:=.}" "${top_srcdir:=.}"
bench="$top_builddir/bench/bench-search"
mmsearch="$top_builddir/mmsearch"
probe="$top_srcdir/tests/tune/probe.conf"   # 16 scalar registers, FMA
. "$top_srcdir/tests/common/tap.sh"
dir=tests/bench/search.$$
tap_scratch "$dir"
# The compilers at -O0: the bench's logic is tested, not the kernels' speed.
. "$top_srcdir/tests/common/quickcc.sh"
quick_compilers "$dir/cc"
echo "1..10"

# The tiny space: the search pinned but for KU and the rest, fake timed.
flags="--level=quick --isa=none --nb=8 --mu=4 --nu=2 --test-timing=fake"
space="--pin=MU=4 --nb-max=24"
run() {
    "$bench" --mmsearch="$mmsearch" --probe-conf="$probe" \
        --test-timing=fake --no-progress --rounds=3 --finalists=2 "$@"
}

"$bench" --help > "$dir/help" 2>&1 && grep -q -- '--nb-step=N' "$dir/help" \
    && grep -q -- '--time-limit=S' "$dir/help" \
    && awk 'length > 80 { exit 1 }' "$dir/help" \
    && pass "--help exits 0, within 80 columns" || fail "--help"

# Bad usage or input: exit 2, and the message names what is wrong.
for case in "--nb-step=0|--nb-step" "--list|--list needs --winner" \
        "--winner=$dir/none.conf --dir=$dir/w|$dir/none.conf"; do
    args=${case%|*} want=${case#*|}
    # shellcheck disable=SC2086 # the options are words
    "$bench" --probe-conf="$probe" $args > /dev/null 2> "$dir/err"
    rc=$?
    [ $rc -eq 2 ] && grep -qF -- "$want" "$dir/err" \
        && pass "$args: exit 2, naming $want" \
        || fail "$args: exit $rc, said: $(cat "$dir/err")"
done

# A whole run.
if run --dir="$dir/a" --search-flags="$flags" $space > "$dir/out" \
        2> "$dir/err" \
        && grep -q '^summary: search [0-9.]* s, model .*winner/best [0-9]' \
            "$dir/out" && test -f "$dir/a/search.log" \
        && test -f "$dir/a/search.conf" && test -f "$dir/a/sweep.txt"; then
    pass "a run: search into its directory, sweep, summary"
else
    fail "a run: $(tail -3 "$dir/err") $(tail -3 "$dir/out")"
fi
# The program's rule: --help mentions --engine and model.
"$mmsearch" --help > "$dir/mmsearch.help" 2>&1
if grep -q -- --engine "$dir/mmsearch.help" \
        && grep -q model "$dir/mmsearch.help"; then
    grep -q '^summary: search [0-9.]* s, model [0-9.]* s;' "$dir/out" \
        && test -f "$dir/a/model.conf" \
        && pass "the model engine was run and timed" \
        || fail "the model engine: $(grep -i model "$dir/out")"
else
    grep -q '^model: not available in this build' "$dir/out" \
        && grep -q 'model not available;' "$dir/out" \
        && pass "no model engine in this mmsearch: said so" \
        || fail "no model engine: $(grep -i model "$dir/out")"
fi

# The sweep file holds every kernel --list gives, each timed once.
"$bench" --probe-conf="$probe" --winner="$dir/a/search.conf" \
    --list $space > "$dir/list" 2> "$dir/err"
want=$(grep -c '^isa=' "$dir/list")
sed -n 's/^sweep \(isa=.* perturb=[0-9]*\) verdict=ok .*/\1/p' \
    "$dir/a/sweep.txt" > "$dir/swept"
if [ "$want" -ge 4 ] && grep '^isa=' "$dir/list" | sort | cmp -s - \
        "$(sort "$dir/swept" > "$dir/swept.s"; echo "$dir/swept.s")"; then
    pass "sweep.txt: the $want kernels of --list, each timed ok once"
else
    fail "sweep.txt against --list ($want): $(head -3 "$dir/swept")"
fi

# The summary's best: the sweep kernel of the final rounds with the
# highest median ratio (3 rounds: the middle one).
best=$(awk '/^final .*in_sweep=1/ {
        for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
        k = "NB=" v["nb"] " MU=" v["mu"] " NU=" v["nu"]
        r[k] = r[k] " " v["ratio"] }
    END { for (k in r) { n = split(r[k], x, " ")
            for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++)
                if (x[j] + 0 < x[i] + 0) { t = x[i]; x[i] = x[j]; x[j] = t }
            if (x[2] + 0 > m) { m = x[2] + 0; b = k } }
        print b }' "$dir/a/sweep.txt")
if [ -n "$best" ] && grep -q "sweep best $best KU=1 " "$dir/out"; then
    pass "the summary's best is the final rounds' ($best)"
else
    fail "the summary's best: want '$best', got $(grep '^summary' \
        "$dir/out")"
fi
grep -q '^# summary: ' "$dir/a/sweep.txt" \
    && pass "sweep.txt ends with the summary" || fail "no summary in sweep.txt"

# The time limit: the first chunk is timed, the rest listed as not timed.
if run --dir="$dir/b" --winner="$dir/a/search.conf" $space --chunk=2 \
        --time-limit=0.001 > "$dir/out.b" 2> "$dir/err" \
        && [ "$(grep -c '^sweep .*verdict=ok' "$dir/b/sweep.txt")" -eq 2 ] \
        && [ "$(grep -c '^sweep .*verdict=none .*not timed: the time limit' \
            "$dir/b/sweep.txt")" -eq $((want - 2)) ] \
        && grep -q "(2 of $want timed)" "$dir/out.b"; then
    pass "--time-limit: the first chunk timed, the rest said not timed"
else
    fail "--time-limit: $(tail -2 "$dir/err") $(grep '^summary' \
        "$dir/out.b")"
fi
