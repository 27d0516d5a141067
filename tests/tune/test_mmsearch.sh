#!/bin/sh
# mmsearch from the outside, on a tiny space (scalar kernels, NB pinned,
# quick level) with the fake timing test hook, so every decision is
# deterministic: a search completes, its log parses, its winner was
# re-verified and mmgen takes its params.conf; a planted wrong kernel is
# logged and never chosen; a rerun re-times nothing; a search killed
# (SIGKILL) at a candidate resumes without re-timing and ends with the
# same winner; foreign and malformed logs and inputs are refused naming
# file:line.
: "${top_builddir:=.}" "${top_srcdir:=.}"
mmsearch="$top_builddir/mmsearch"
mmgen="$top_builddir/mmgen"
. "$top_srcdir/tests/common/tap.sh"
dir=tests/tune/search.$$
tap_scratch "$dir"
echo "1..25"

. "$top_srcdir/tests/tune/tinysearch.sh"
winner() { grep -E '^(ISA|NB|MU|NU|KU|LS|FMA|FF|IF|NF) =' "$dir/$1.params"; }

"$mmsearch" --help > "$dir/help" 2>&1 && grep -q -- '--level=WORD' \
    "$dir/help" && awk 'length > 80 { exit 1 }' "$dir/help" \
    && pass "--help exits 0, within 80 columns" || fail "--help"

# bad usage: exit 2, naming the option or parameter
expect_usage() {
    want=$1; shift
    "$mmsearch" "$@" > /dev/null 2> "$dir/err"
    rc=$?
    if [ $rc -eq 2 ] && grep -qF -- "$want" "$dir/err"; then
        pass "rejects $* ($want)"
    else
        fail "rejects $*: exit $rc, said: $(cat "$dir/err")"
    fi
}
expect_usage "--level: 'slow' is not quick, normal or full" --level=slow
expect_usage "NB: 0 is out of range (allowed 1..1024)" --pin=NB=0
printf 'NB = 8\nbogus = 3  # no such key\n' > "$dir/bad.pins"
expect_usage "--pin-file: $dir/bad.pins:2: bogus: not a generator" \
    --pin-file="$dir/bad.pins"

# Pins from a file: what it pins is not searched, and the log says so.
printf '# the tiny space of every search below\nISA = none\nnb=8  # L1\n\n' \
    > "$dir/tiny.pins"
# pinned NAME PROBE: a fake-timed search of that tiny space on $dir/PROBE,
# into NAME.log, NAME.params and NAME.err, starting no step after its
# first microsecond (--time-limit)
pinned() {
    "$mmsearch" --level=quick --test-timing=fake \
        --pin-file="$dir/tiny.pins" --probe-conf="$dir/$2" \
        --log="$dir/$1.log" \
        --output="$dir/$1.params" --work-dir="$dir" --no-progress \
        --time-limit=1e-6 > /dev/null 2> "$dir/$1.err"
}
if pinned pins probe.conf \
        && grep -qx 'PINS = ISA=none NB=8' "$dir/pins.log" \
        && grep -q '^skip name=nb why=pinned: NB=8' "$dir/pins.log"; then
    pass "--pin-file pins ISA and NB, logged as pinned"
else
    fail "--pin-file: $(grep PINS "$dir/pins.log"; tail -2 "$dir/pins.err")"
fi

# No step timed that winner (pinned, then the time limit: 1 us, less than
# any run takes to reach its first step; with 1 ms a fast run once
# searched munu on the resume below): it is timed at
# the end five times (the fake timing's noise differs in each), and
# params.conf's MFLOPS is the best of the five the log lists.
times=$(sed -n "s/^note why=.*no step timed it: timed 5 times, after the \
blocks steps and at the end, \(.*\) MFLOPS, the best taken$/\1/p" \
    "$dir/pins.log")
best=$(echo "$times" | tr ' ' '\n' | sort -g | tail -1)
mflops=$(sed -n 's/^MFLOPS = \([0-9.]*\) .*/\1/p' "$dir/pins.params")
if [ "$(echo "$times" | wc -w)" -eq 5 ] \
        && [ "$(echo "$times" | tr ' ' '\n' | sort -u | wc -l)" -eq 5 ] \
        && awk -v a="$mflops" -v b="$best" \
            'BEGIN { exit !(a - b < 0.05 && b - a < 0.05) }'; then
    pass "a winner no step timed: timed 5 times ($times), MFLOPS the \
best: $mflops"
else
    fail "the winner's end timings: '$times', MFLOPS '$mflops'"
fi
# Resumed on that log, the search takes the end timings from it (they are
# its step winner's cand lines): nothing is timed again, the same MFLOPS;
# mmreport shows the step with its choice.
cp "$dir/pins.params" "$dir/pins.params.first"
pinned pins probe.conf
again=$(sed -n 's/^MFLOPS = \([0-9.]*\) .*/\1/p' "$dir/pins.params")
if grep '^summary ' "$dir/pins.log" | tail -1 | grep -q ' timed=0 ' \
        && grep '^summary ' "$dir/pins.log" | tail -1 | grep -q 'winner ' \
        && [ "$(grep -c '^cand step=winner ' "$dir/pins.log")" -eq 5 ] \
        && [ "$again" = "$mflops" ] \
        && "$top_builddir/mmreport" --log="$dir/pins.log" 2>&1 \
            | grep -q 'chosen:.*the best of 5 timings'; then
    pass "a resumed search reuses the winner's end timings (MFLOPS $again)"
else
    fail "resumed: MFLOPS '$again' (was '$mflops'), $(grep -c \
'^cand step=winner ' "$dir/pins.log") winner timings; \
$(grep '^summary ' "$dir/pins.log" | tail -1 | cut -c1-300)"
fi
# A probe.conf whose peak the fake timings outrun (PEAK_MFLOPS 500, the
# timings 1000-2000): the winner above the peak is said, in the log and
# on stderr, with the remedy; at the real peak nothing is (pins.log).
sed 's/^PEAK_MFLOPS = .*/PEAK_MFLOPS = 500/' "$dir/probe.conf" \
    > "$dir/low.conf"
pinned low low.conf
rc=$?
if [ $rc -eq 0 ] && grep -q "^mmsearch: warning: the winner ran at \
[0-9.]*% of probe.conf's PEAK_MFLOPS 500: .*delete probe.conf" \
            "$dir/low.err" \
        && grep -q "^note why=the winner ran at .* PEAK_MFLOPS 500: " \
            "$dir/low.log" \
        && ! grep -q "^note why=the winner ran at " "$dir/pins.log"; then
    pass "a winner above probe.conf's peak is warned about"
else
    fail "above the peak: exit $rc, $(cat "$dir/low.err")"
fi
"$mmsearch" --probe-conf="$dir/none.conf" > /dev/null 2> "$dir/err"
rc=$?
[ $rc -eq 1 ] && grep -q "none.conf: no probe.conf: run mmprobe first" \
    "$dir/err" && pass "a missing probe.conf: exit 1, run mmprobe" \
    || fail "a missing probe.conf: exit $rc: $(cat "$dir/err")"

# A whole search, with KU=4 kernels built wrong on purpose.
if search full.log --test-perturb=KU=4 \
        && grep -q 'winner, built with every beta variant, passed' \
            "$dir/full.log" \
        && "$mmsearch" --check-log="$dir/full.log" > /dev/null; then
    pass "a quick search completes, its winner re-verified, its log parses"
else
    fail "a quick search: $(tail -3 "$dir/full.log.err")"
fi
if grep -q '^cand .* ku=4 .*perturb=1 .*verdict=wrong .*outside the error' \
        "$dir/full.log" && ! grep -q '^cand .*perturb=1 .*verdict=ok' \
        "$dir/full.log" && grep -q '^KU = ' "$dir/full.log.params" \
        && ! grep -q '^KU = 4 ' "$dir/full.log.params"; then
    pass "the planted wrong kernels are logged as wrong, never chosen"
else
    fail "planted wrong kernels: $(grep 'ku=4' "$dir/full.log" | head -2)"
fi
if "$mmgen" --params="$dir/full.log.params" --output="$dir/winner.c" \
        2> "$dir/err" && grep -q 'do not edit' "$dir/winner.c"; then
    pass "mmgen --params takes params.conf"
else
    fail "mmgen --params: $(cat "$dir/err")"
fi
total=$(cands full.log)

# Run again on the complete log: nothing re-timed, the same winner.
cp "$dir/full.log.params" "$dir/first.params"
if search full.log --test-perturb=KU=4 \
        && summary full.log | grep -q ' timed=0 ' \
        && [ "$(cands full.log)" -eq "$total" ] \
        && [ "$(winner full.log)" = "$(winner first)" ]; then
    pass "a rerun re-times nothing ($total timings) and ends the same"
else
    fail "rerun: $(summary full.log)"
fi

# Every timing made beside busy CPUs (the test hook): each is taken again
# twice, marked BUSY in the log, and the search still ends.
ok_lines=$(grep -c '^cand .*verdict=ok' "$dir/full.log")
busy='^cand .*verdict=ok .*why=BUSY: other CPUs [0-9]*% busy, taken 3 times'
if search busy.log --test-perturb=KU=4 --test-busy \
        && [ "$(grep -c "$busy" "$dir/busy.log")" -eq "$ok_lines" ] \
        && [ "$(winner busy.log)" = "$(winner first)" ]; then
    pass "timings beside busy CPUs are taken again and marked ($ok_lines)"
else
    fail "busy: $(grep -m2 '^cand .*verdict=ok' "$dir/busy.log")"
fi

# Killed (SIGKILL) after 6 timings, then resumed: what the log held is
# not timed again, and the end is the same as without the kill.
search cut.log --test-perturb=KU=4 --test-stop-after=6
rc=$?
held=$(timings cut.log)
printf 'cand step=ku round=0 ref=0 isa=no' >> "$dir/cut.log"   # torn
if [ $rc -ne 0 ] && [ "$held" -eq 6 ] && search cut.log --test-perturb=KU=4 \
        && summary cut.log | grep -q " timed=$(($(timings full.log) - 6)) " \
        && grep -q 'a torn last line .* was dropped' "$dir/cut.log" \
        && [ "$(cands cut.log)" -eq "$total" ] \
        && [ "$(winner cut.log)" = "$(winner first)" ]; then
    pass "killed after 6 timings, resumed: the rest timed, same winner"
else
    fail "resume: exit $rc, $held held, $(summary cut.log)"
fi

# The resumed search's summary counts every run: each step's seconds are
# its cand lines' secs= (timing and share of the compile), before the kill
# and after it, and the total is at least their sum.
step_secs() {   # LOG STEP: the cand lines' secs= of STEP, summed
    awk -v s="$2" '/^cand / && $0 ~ " step=" s " " {
        for (i = 1; i <= NF; i++) if ($i ~ /^secs=/) t += substr($i, 6) }
        END { printf "%.1f\n", t }' "$dir/$1"
}
said=$(summary cut.log | sed 's/.*why=//; s/.*munu \([0-9.]*\) s.*/\1/')
total=$(summary cut.log | sed 's/.* seconds=\([0-9.]*\) .*/\1/')
all=$(step_secs cut.log '[a-z]*')
if [ "$said" = "$(step_secs cut.log munu)" ] \
        && awk -v t="$total" -v a="$all" 'BEGIN { exit !(t + 0.1 >= a) }'
then
    pass "after a resume the summary counts both runs (munu $said s)"
else
    fail "resumed times: munu $said, logged $(step_secs cut.log munu);" \
        "total $total, cand secs $all"
fi

# Another machine, or another probe.conf: refused with the line and both
# values; a malformed line: refused with file:line.
sed 's/^HOST = .*/HOST = elsewhere/' "$dir/full.log" > "$dir/host.log"
search host.log
rc=$?
[ $rc -eq 2 ] && grep -q "host.log:4: this log was written for 'HOST = \
elsewhere', this run is 'HOST = " "$dir/host.log.err" \
    && pass "a log from another host is refused" \
    || fail "another host: exit $rc: $(cat "$dir/host.log.err")"
cp "$dir/full.log" "$dir/probe.log"
sed 's/^LS = 5/LS = 6/' "$dir/probe.conf" > "$dir/probe6.conf"
"$mmsearch" --level=quick --isa=none --nb=8 --test-timing=fake \
    --probe-conf="$dir/probe6.conf" --log="$dir/probe.log" \
    --work-dir="$dir" > /dev/null 2> "$dir/err"
rc=$?
[ $rc -eq 2 ] && grep -q "probe.log:8: this log was written for \
'PROBE_FINGERPRINT = " "$dir/err" \
    && pass "a log from another probe.conf is refused" \
    || fail "another probe.conf: exit $rc: $(cat "$dir/err")"
sed 's/^LEVEL = quick/LEVEL = full/' "$dir/full.log" > "$dir/level.log"
search level.log
grep -q "level.log:12: this log was written for 'LEVEL = full'" \
    "$dir/level.log.err" && pass "a log of another level is refused" \
    || fail "another level: $(cat "$dir/level.log.err")"
sed 's/^FORMAT = [0-9]*/FORMAT = 8/' "$dir/full.log" > "$dir/format.log"
search format.log
grep -q "format.log:2: FORMAT = 8, but this mmtune reads search.log" \
    "$dir/format.log.err" && pass "a log of another format is refused" \
    || fail "another format: $(cat "$dir/format.log.err")"

# Malformed lines.
expect_check() {
    want=$1 file=$2
    "$mmsearch" --check-log="$dir/$file" > /dev/null 2> "$dir/err"
    rc=$?
    if [ $rc -eq 2 ] && grep -qF "$file:$want" "$dir/err"; then
        pass "--check-log: $file:$want"
    else
        fail "--check-log $file: exit $rc: $(cat "$dir/err")"
    fi
}
line=$(grep -n '^cand ' "$dir/full.log" | sed -n 3p | cut -d: -f1)
sed "${line}s/ round=0 / round=zero /" "$dir/full.log" > "$dir/bad1.log"
expect_check "$line: round: 'zero' is not an integer" bad1.log
sed "${line}s/ verdict=[a-z-]* / verdict=great /" "$dir/full.log" \
    > "$dir/bad2.log"
expect_check "$line: verdict: 'great' is not ok" bad2.log
sed "${line}s/^cand /cnad /" "$dir/full.log" > "$dir/bad3.log"
expect_check "$line: 'cnad' is not an event" bad3.log
search bad3.log
grep -q "bad3.log:$line: 'cnad' is not an event" "$dir/bad3.log.err" \
    && pass "a search refuses a malformed log" \
    || fail "a search took a malformed log: $(cat "$dir/bad3.log.err")"

# Issue 32: make tune's step nb on the Zen 5 guest re-timed its finalists
# over 9 interleaved rounds at median ratios NB = 200 1.072, 280 1.067,
# 160 1.063 and 40 1.002 (NB = 40 the incumbent and, as here, every
# round's reference: its ratios sit near 1), and took NB = 40 on a tie.
# Replayed from a log with such rounds (ratios alike, on a made-up
# machine whose grid holds those NB: 32 scalar registers, 16 KiB L1, 1
# MiB L2, 8 x 5 pinned), the step must take one of NB = 160, 200, 280:
# the rank-sum test leaves all four tied, but a finalist measured slower
# than the best never wins a tie.
sed -e 's/^L1D_KIB = .*/L1D_KIB = 16/' -e 's/^L2_KIB = .*/L2_KIB = 1024/' \
    -e 's/^L2_EFF_KIB = .*/L2_EFF_KIB = 1024/' \
    -e 's/^FP_REGS_SCALAR = .*/FP_REGS_SCALAR = 32/' "$dir/probe.conf" \
    > "$dir/zen5nb.conf"
replay() {   # LOG [OPTION...]: the step nb alone searched
    log=$1; shift
    "$mmsearch" --probe-conf="$dir/zen5nb.conf" --log="$dir/$log" \
        --output="$dir/$log.params" --work-dir="$dir" --no-progress \
        --level=normal --isa=none --mu=8 --nu=5 --ku=1 --ls=1 --fma=1 \
        --ff=0 --if=2 --nf=2 --ncnb=40 --pin=K_CROSSOVER=4 --pin=CC=gcc \
        --skip-blocks --test-timing=fake "$@" \
        > "$dir/$log.out" 2> "$dir/$log.err"
}
# The head, and a line of the start kernel (NB = 40, every round's
# reference) to make the planted ones from: a run stopped before its
# first step, which times that kernel as the winner.
replay head.log --time-limit=1e-6
sed '/^# events:/q' "$dir/head.log" > "$dir/nb.log"
grep -m1 '^cand step=winner ' "$dir/head.log" > "$dir/template"
# plant ROUND REF NB RATIO REF_MFLOPS: a cand line of the step nb (its
# percentage of the made-up machine's 24000 MFLOPS peak)
plant() {
    awk -v r="$1" -v f="$2" -v nb="$3" -v x="$4" -v ref="$5" '{
        sub(/ step=winner round=[0-9]* ref=[01] /,
            " step=nb round=" r " ref=" f " ")
        sub(/ nb=[0-9]* /, " nb=" nb " ")
        sub(/ mflops=[0-9.]* pct=[0-9.]* /, sprintf(" mflops=%.1f \
pct=%.2f ", x * ref, x * ref / 240))
        sub(/ why=.*/, " why=planted: issue 32, make tune step nb")
        print }' "$dir/template" >> "$dir/nb.log"
}
# the screen: 200, 280 and 160 the best three, NB = 40 the incumbent
for s in 40:0.97 80:0.99 120:1.00 160:1.03 200:1.04 280:1.035 360:0.95; do
    plant 0 0 "${s%:*}" "${s#*:}" 10000
done
# rounds 1-9: the reference's MFLOPS (the host's phases), then each
# finalist's ratio to it
set -- \
    9700 1.072 1.067 1.063 1.002   9100 0.960 0.965 0.970 0.990 \
    9950 1.150 1.140 1.135 1.010   8800 0.990 0.985 0.995 0.995 \
    9600 1.100 1.095 1.090 1.005   9300 0.980 0.975 0.975 0.985 \
    9850 1.130 1.120 1.125 1.020   9550 1.090 1.080 1.085 1.000 \
    9050 0.970 0.990 0.960 1.015
r=0
while [ $# -ge 5 ]; do
    r=$((r + 1))
    plant "$r" 1 40 1 "$1"
    plant "$r" 0 200 "$2" "$1"
    plant "$r" 0 280 "$3" "$1"
    plant "$r" 0 160 "$4" "$1"
    plant "$r" 0 40 "$5" "$1"
    shift 5
done
replay nb.log
c=$(grep '^chosen name=nb ' "$dir/nb.log")
nb=$(echo "$c" | tr ' ' '\n' | sed -n 's/^nb=//p')
if grep -q '^step name=nb sets=NB n=7 ' "$dir/nb.log" \
        && echo "$c" | grep -q ' by=tie .* rounds=9 ' \
        && ! grep -q '^cand step=nb .*why=fake' "$dir/nb.log" \
        && case "$nb" in 160|200|280) true ;; *) false ;; esac; then
    pass "issue 32's step nb replayed: NB = $nb, not the slower incumbent"
else
    fail "issue 32's step nb replayed: NB = '$nb': $(echo "$c" \
| sed 's/.*why=//'); $(tail -2 "$dir/nb.log.err")"
fi
