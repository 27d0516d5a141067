#!/bin/sh
# mmreport from the outside, on logs of real quick searches with the fake
# timing hook (deterministic, nothing timed): every step of the log gets
# its table with every candidate and the chosen one marked, the winner is
# the one params.conf names, a search cut short is reported as such,
# malformed and foreign logs are refused naming file:line, and --plot
# writes the data files always and the PNG plots when gnuplot is
# installed (else that check is a SKIP, and a run without gnuplot in
# PATH says the plots were skipped).
: "${top_builddir:=.}" "${top_srcdir:=.}"
mmsearch="$top_builddir/mmsearch"
mmreport="$top_builddir/mmreport"
case $mmreport in /*) ;; *) mmreport=$(pwd)/$mmreport ;; esac
. "$top_srcdir/tests/common/tap.sh"
dir=tests/tune/report.$$
tap_scratch "$dir"
echo "1..16"
# -O1: its two whole searches spend more in the driver's DGEMM checks
# than in compiles (27 -> 16 s)
tiny_level=-O1
. "$top_srcdir/tests/tune/tinysearch.sh"

# search LOG [OPTION...]: a tiny scalar space (NB searched), into $dir.
search() {
    log=$1; shift
    run_mmsearch "$log" --level=quick --isa=none --test-timing=fake "$@"
}
# report LOG [OPTION...]: mmreport's stdout in LOG.rep, stderr LOG.rerr.
report() {
    log=$1; shift
    "$mmreport" --log="$dir/$log" "$@" > "$dir/$log.rep" \
        2> "$dir/$log.rerr"
}

"$mmreport" --help > "$dir/help" 2>&1 && grep -q -- '--plot ' "$dir/help" \
    && awk 'length > 80 { exit 1 }' "$dir/help" \
    && pass "--help exits 0, within 80 columns" || fail "--help"
"$mmreport" --plto > /dev/null 2> "$dir/err"
rc=$?
[ $rc -eq 2 ] && grep -q "unknown option .*--plto" "$dir/err" \
    && pass "an unknown option: exit 2" || fail "--plto: exit $rc"
"$mmreport" --log="$dir/none.log" > /dev/null 2> "$dir/err"
rc=$?
[ $rc -eq 1 ] && grep -q "none.log: no search.log: run mmsearch first" \
    "$dir/err" && pass "a missing log: exit 1, run mmsearch" \
    || fail "a missing log: exit $rc: $(cat "$dir/err")"

# Search a: NB and FMA=0 pinned (so LS is searched), KU=4 built wrong.
# Search b: everything but NB pinned (the NB step alone).
search a.log --nb=8 --fma=0 --test-perturb=KU=4 \
    && search b.log --mu=2 --nu=2 --ku=1 --fma=1 --ff=1 --if=2 --nf=2 \
    || { echo "Bail out! mmsearch: $(cat "$dir/a.log.err" \
         "$dir/b.log.err")"; exit 1; }

# Every step the log names (step or skip) is in the report, in order.
steps() { sed -n 's/^\(step\|skip\) name=\([a-z]*\) .*/\2/p' "$dir/$1"; }
if report a.log && [ "$(steps a.log)" = "$(sed -n \
        's/^step \([a-z]*\)[ :].*/\1/p' "$dir/a.log.rep")" ] \
        && awk 'length > 80 { exit 1 }' "$dir/a.log.rep"; then
    pass "every step of the log is reported, in order, within 80 columns"
else
    fail "steps: $(cat "$dir/a.log.rerr") $(steps a.log | tr '\n' ' ')"
fi

# block LOG STEP: the report's table of STEP.
block() { sed -n "/^step $2 (/,/^  chosen:/p" "$dir/$1.rep"; }
rows() {
    block "$1" "$2" | grep -E ' (ok|wrong|compile-error|crash|timeout) '
}
# The kernels a step timed (with their compiler): its cand lines but the
# reference kernel's, without what varies per timing (twin=1: the
# reference's timing taken by a finalist that is the reference itself).
kernels() {
    grep "^cand step=$2 round=[0-9]* ref=0 " "$dir/$1" \
        | sed 's/ round=[0-9]*//; s/ twin=1//; s/\( cc=[^ ]*\) .*/\1/' \
        | sort -u | wc -l
}
bad=
for s in $(sed -n 's/^step name=\([a-z]*\) .*/\1/p' "$dir/a.log"); do
    [ "$(rows a.log "$s" | wc -l)" -eq "$(kernels a.log "$s")" ] \
        && [ "$(kernels a.log "$s")" -gt 1 ] || bad="$bad $s"
done
[ -z "$bad" ] && pass "each step's table has a row per kernel it timed" \
    || fail "rows of:$bad"

# The row marked * holds the chosen line's values of the step's keys
# (then any other column that varied: PERTURB, for the planted kernels;
# the dgemm step's KERNEL,CC: the compiler, then the tile MUxNU).
bad=
chosen_value() {
    sed -n "s/^chosen name=$1 .* $2=\([0-9a-z]*\) .*/\1/p" "$dir/a.log"
}
for s in $(sed -n 's/^step name=\([a-z]*\) .*/\1/p' "$dir/a.log"); do
    want='^  \*'
    for key in $(sed -n "s/^step name=$s sets=\([^ ]*\) .*/\1/p" \
            "$dir/a.log" | tr 'A-Z,' 'a-z '); do
        case $key in
        kernel) continue ;;
        cc) v=$(chosen_value "$s" cc)
            [ "$s" = dgemm ] && v="$v +$(chosen_value "$s" mu)x$(chosen_value \
                "$s" nu)" ;;
        *) v=$(chosen_value "$s" "$key") ;;
        esac
        want="$want +$v"
    done
    [ "$(rows a.log "$s" | grep -c '^  \*')" -eq 1 ] \
        && rows a.log "$s" | grep -qE "$want( +[0-9]+)* ok " \
        || bad="$bad $s"
done
[ -z "$bad" ] && pass "each table marks the chosen kernel, and only it" \
    || fail "chosen of:$bad"

# The planted wrong kernels (KU=4) are rows that say wrong and why.
if block a.log ku | grep -qE '^    +4 +1 wrong ' \
        && block a.log ku | grep -q '^      why: .*outside the error' \
        && ! rows a.log ku | grep -qE '^  \* +4 '; then
    pass "a wrong kernel is a row that says wrong and why"
else
    fail "wrong kernel: $(block a.log ku)"
fi

# The winner is params.conf's (which the summary also names).
conf_winner() {
    for key in ISA NB MU NU KU LS FMA FF IF NF PF; do
        sed -n "s/^$key = \([a-z0-9]*\).*/$key=\1/p" "$dir/$1.params"
    done
    # absent unless the step pf decided it: the library's model's, 0 for
    # these scalar kernels
    pfb=$(sed -n 's/^PFB = \([01]\).*/\1/p' "$dir/$1.params")
    echo "PFB=${pfb:-0}"
}
conf_winner_sorted() { conf_winner "$1" | sort | tr '\n' ' '; }
rep_winner() {
    sed -n 's/^winner  *//p' "$dir/$1.rep" | tr ' ' '\n' | sort | tr '\n' ' '
}
[ -n "$(conf_winner_sorted a.log)" ] \
    && [ "$(rep_winner a.log)" = "$(conf_winner_sorted a.log)" ] \
    && grep -q "^time .* $(timings a.log) timings made" \
        "$dir/a.log.rep" \
    && pass "the winner is params.conf's: $(conf_winner_sorted a.log)" \
    || fail "winner: report '$(rep_winner a.log)', params.conf \
'$(conf_winner_sorted a.log)'"

# The NB-only search: its table has every NB it timed; its winner too.
if report b.log && [ "$(rows b.log nb | wc -l)" -eq "$(kernels b.log nb)" ] \
        && [ "$(rep_winner b.log)" = "$(conf_winner_sorted b.log)" ] \
        && grep -q '^step munu: pinned: MU=2 NU=2' "$dir/b.log.rep"; then
    pass "an NB-only search: $(kernels b.log nb) NB values, its winner"
else
    fail "NB-only: $(cat "$dir/b.log.rerr") $(block b.log nb)"
fi

# A search cut short (the log up to its 20th timing): no summary, the
# step's time from its timings, no decision for the step it was in.
line=$(grep -n '^cand ' "$dir/a.log" | sed -n 20p | cut -d: -f1)
head -n "$line" "$dir/a.log" > "$dir/cut.log"
if report cut.log && grep -q '^no summary: the search has not finished' \
        "$dir/cut.log.rep" && grep -q 'in its candidates (no summary yet)' \
        "$dir/cut.log.rep" && grep -q '^  no decision logged' \
        "$dir/cut.log.rep"; then
    pass "a search cut short is reported as unfinished"
else
    fail "cut short: $(cat "$dir/cut.log.rerr")"
fi

# Malformed and foreign logs: exit 2, file:line.
expect_refused() {
    want=$1 file=$2
    report "$file"
    rc=$?
    if [ $rc -eq 2 ] && grep -qF "$file:$want" "$dir/$file.rerr"; then
        pass "refused: $file:$want"
    else
        fail "$file: exit $rc: $(cat "$dir/$file.rerr")"
    fi
}
line=$(grep -n '^cand ' "$dir/a.log" | sed -n 3p | cut -d: -f1)
sed "${line}s/ verdict=[a-z-]* / verdict=great /" "$dir/a.log" \
    > "$dir/bad.log"
expect_refused "$line: verdict: 'great' is not ok" bad.log
# A params.conf given as the log: refused at its FORMAT line while the two
# formats differ, else at its first key a search.log has not.
cp "$dir/a.log.params" "$dir/params.log"
if [ "$(sed -n 2p "$dir/params.log")" = "$(sed -n 2p "$dir/a.log")" ]; then
    line=$(grep -n '^ISA = ' "$dir/params.log" | cut -d: -f1)
    expect_refused "$line: 'ISA' is not a key in the head of a search.log" \
        params.log
else
    expect_refused "2: FORMAT = " params.log
fi
grep -v '^LEVEL = ' "$dir/a.log" > "$dir/old.log"
line=$(grep -n '^[a-z]' "$dir/old.log" | sed -n 1p | cut -d: -f1)
expect_refused "$line: the head has no LEVEL" old.log

# results/HOST/search.log by default.
host=$(uname -n | tr / _)
mkdir -p "$dir/cwd/results/$host" && cp "$dir/a.log" \
    "$dir/cwd/results/$host/search.log" || exit 99
(cd "$dir/cwd" && "$mmreport" > out 2> err) \
    && grep -q "^search.log  results/$host/search.log (" "$dir/cwd/out" \
    && pass "the default log is results/HOST/search.log" \
    || fail "default log: $(cat "$dir/cwd/err")"

# --plot without gnuplot in PATH: the data and script, a note, exit 0.
munu=$dir/nogp/a-mflops-by-mu-nu.dat
if PATH=/nonexistent "$mmreport" --log="$dir/a.log" --plot-dir="$dir/nogp" \
        > "$dir/a.log.rep" 2> "$dir/a.log.rerr" \
        && grep -q '^plots skipped: gnuplot is not in PATH' \
            "$dir/a.log.rep" \
        && [ "$(grep -c '^[0-9]' "$munu")" -eq "$(kernels a.log munu)" ] \
        && [ -f "$dir/nogp/a-plots.gp" ] && ! ls "$dir"/nogp/*.png \
            > /dev/null 2>&1; then
    pass "--plot without gnuplot: data and script, plots skipped, exit 0"
else
    fail "--plot without gnuplot: $(cat "$dir/a.log.rerr")"
fi

# --plot with gnuplot: the PNG of every plot the logs have data for.
is_png() { od -An -c -N4 "$1" 2> /dev/null | grep -q 'P   N   G'; }
if ! command -v gnuplot > /dev/null 2>&1; then
    skip "gnuplot is not installed"
elif report a.log --plot && report b.log --plot \
        && is_png "$dir/a-mflops-by-mu-nu.png" \
        && is_png "$dir/a-mflops-vs-ku.png" \
        && is_png "$dir/a-mflops-vs-ls.png" \
        && is_png "$dir/b-mflops-vs-nb.png" \
        && [ ! -e "$dir/a-mflops-vs-nb.png" ] \
        && grep -q "^plot: $dir/b-mflops-vs-nb.png" "$dir/b.log.rep"; then
    pass "--plot draws MU x NU, KU, LS and NB as PNG"
else
    fail "--plot: $(cat "$dir/a.log.rerr" "$dir/b.log.rerr")"
fi
