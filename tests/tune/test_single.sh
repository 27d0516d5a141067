#!/bin/sh
# mmsearch --precision=s, with the fake timing test hook (deterministic):
# it starts from the double search's params.conf (the winner's tile, NB
# times sqrt 2 to the tile's grain), times its few candidates (steps s-nb
# and s-ku, float kernels verified by the oracle: a planted wrong one is
# never chosen) in the double search's log, every line of it saying
# single precision; writes the S_ keys into the same params.conf, which
# mmselect takes; reruns of either search re-time nothing and leave the
# other's lines alone; a params.conf of another probe is refused.
: "${top_builddir:=.}" "${top_srcdir:=.}"
mmsearch="$top_builddir/mmsearch"
. "$top_srcdir/tests/common/tap.sh"
dir=tests/tune/single.$$
tap_scratch "$dir"
echo "1..10"

. "$top_srcdir/tests/tune/tinysearch.sh"
tiny_nb=        # NB free, so that s-nb has a range
key() { sed -n "s/^$2 = \([^ ]*\).*/\1/p" "$dir/$1"; }
# "NB MU NU KU IF NF" of a log line's kernel
kernel() {
    for k in nb mu nu ku if nf; do
        printf '%s ' "$(echo "$1" | sed -n "s/.* $k=\([0-9]*\) .*/\1/p")"
    done
}

search s.log --precision=x
rc=$?
search s.log --precision=s
rc2=$?
if [ $rc -eq 2 ] && [ $rc2 -eq 2 ] \
        && grep -q "s.log.params: cannot open" "$dir/s.log.err"; then
    pass "--precision=x, and s before any double search: exit 2"
else
    fail "bad --precision (exit $rc): $(cat "$dir/s.log.err")"
fi

if search s.log && search s.log --precision=s; then
    pass "the double search, then the single one"
else
    fail "the searches: $(tail -2 "$dir/s.log.err")"
fi

# The start: the double winner's tile (scalar: MU kept), NB times sqrt 2
# to a multiple of lcm(MU,NU,4), its PF, the reference of every round.
d=$(kernel "$(grep '^summary ' "$dir/s.log")")
dpf=$(grep '^summary ' "$dir/s.log" | sed -n 's/.* pf=\([01]\) .*/\1/p')
ref=$(grep -m1 '^cand step=s-nb .* ref=1 ' "$dir/s.log")
set -- $d
want=$(awk -v nb="$1" -v mu="$2" -v nu="$3" 'function gcd(a, b) {
    return b ? gcd(b, a % b) : a } BEGIN { g = mu * nu / gcd(mu, nu)
    g = g * 4 / gcd(g, 4); print int(nb * sqrt(2) / g + 0.5) * g }')
s=$(kernel "$ref")
set -- $s
[ -n "$ref" ] && [ "$1" = "$want" ] \
    && [ "$2 $3" = "$(echo "$d" | cut -d' ' -f2,3)" ] \
    && [ -n "$dpf" ] && echo "$ref" | grep -q " pf=$dpf .* type=s "
[ $? -eq 0 ] && pass "s-nb starts from the double winner ($d): NB \
$want, the tile kept, its PF ($dpf)" || fail "start: double $d, single $s \
(want NB $want): $ref"

# Every line of the single search says so: its steps named s-*, its
# kernels type=s; the double's lines none.
if grep -q '^step name=s-nb ' "$dir/s.log" \
        && grep -q '^step name=s-ku ' "$dir/s.log" \
        && grep -q '^skip name=s-blocks why=not searched yet: single' \
            "$dir/s.log" \
        && ! grep -E '^(cand step|chosen name)=s-' "$dir/s.log" \
            | grep -v ' type=s ' | grep -q . \
        && ! grep -E '^(cand step|chosen name|summary)' "$dir/s.log" \
            | grep -Ev '^(cand step|chosen name)=s-' | grep -q 'type=' \
        && grep -q '^note why=single precision: the winner, built with' \
            "$dir/s.log"; then
    pass "the log: steps s-nb, s-ku, s-blocks skipped; single lines \
type=s, double lines without"
else
    fail "the log's lines: $(grep -E '^(step|skip|chosen)' "$dir/s.log" \
        | cut -c1-60 | tr '\n' ';')"
fi

# params.conf: the double's keys, and the single winner's S_ keys (the
# last s- step's choice); the blocking left to the library.
won=$(kernel "$(grep '^chosen name=s-ku ' "$dir/s.log")")
got="$(key s.log.params S_NB) $(key s.log.params S_MU) \
$(key s.log.params S_NU) $(key s.log.params S_KU) $(key s.log.params S_IF) \
$(key s.log.params S_NF) "
[ "$got" = "$won" ] && [ -n "$(key s.log.params S_MFLOPS)" ] \
    && [ -z "$(key s.log.params S_MC)" ] \
    && [ "$(key s.log.params NB) $(key s.log.params MU)" = \
        "$(echo "$d" | cut -d' ' -f1,2)" ]
[ $? -eq 0 ] && pass "params.conf: S_ keys the single winner's ($won)" \
    || fail "params.conf's S_ keys: $got, the winner $won"

# mmselect builds the single kernel from them (S_NB widened to its
# blocking, as NB is).
"$top_builddir/kernels/mmselect" --params="$dir/s.log.params" \
    --out="$dir" > "$dir/sel.out" 2>&1 \
    && [ "$(sed -n 's/^MU = //p' "$dir/skernel.params")" = \
        "$(key s.log.params S_MU)" ] \
    && [ "$(sed -n 's/^KU = //p' "$dir/skernel.params")" = \
        "$(key s.log.params S_KU)" ] \
    && grep -q 'S_\* as given' "$dir/sel.out"
[ $? -eq 0 ] && pass "mmselect takes the S_ keys" \
    || fail "mmselect: $(cat "$dir/sel.out")"

# Reruns: the single re-times nothing; the double too, its winner as it
# was (the single lines are not its candidates), and it writes params.conf
# without S_ keys, which the single rerun writes again.
cp "$dir/s.log.params" "$dir/first.params"
search s.log --precision=s && grep -q '0 timings, [1-9][0-9]* from the log' \
    "$dir/s.log.out" && search s.log \
    && grep -q '0 timings, [1-9][0-9]* from the log' "$dir/s.log.out" \
    && [ -z "$(key s.log.params S_MU)" ] && search s.log --precision=s \
    && grep -q '0 timings' "$dir/s.log.out" \
    && [ "$(grep -v '^WRITTEN_BY' "$dir/s.log.params")" = \
        "$(grep -v '^WRITTEN_BY' "$dir/first.params")" ]
[ $? -eq 0 ] && pass "reruns of either re-time nothing; the single writes \
its S_ keys again" || fail "reruns: $(tail -1 "$dir/s.log.out")"

# A planted wrong float kernel (KU=4, mmgen --perturb) is caught by the
# oracle and never chosen.
cp "$dir/first.params" "$dir/p.log.params"
search p.log --precision=s --test-perturb=KU=4
if grep -q '^cand step=s-ku .* ku=4 .*perturb=1 type=s .*verdict=wrong' \
        "$dir/p.log" && [ "$(key p.log.params S_KU)" != 4 ]; then
    pass "a wrong float kernel: verdict wrong, never chosen"
else
    fail "perturbed: $(grep 'ku=4' "$dir/p.log" | head -2)"
fi

# The log reads back: mmreport lists the single steps, --check-log
# counts every timing.
"$top_builddir/mmreport" --log="$dir/s.log" > "$dir/report" 2>&1 \
    && grep -q '^step s-nb (NB)' "$dir/report" \
    && "$mmsearch" --check-log="$dir/s.log" > /dev/null 2>&1
[ $? -eq 0 ] && pass "mmreport and --check-log read it" \
    || fail "reading the log back: $(head -3 "$dir/report")"

# A params.conf of another probe.conf: refused, naming it.
sed 's/^PROBE_FINGERPRINT = .*/PROBE_FINGERPRINT = 0123456789abcdef/' \
    "$dir/first.params" > "$dir/o.log.params"
search o.log --precision=s
rc=$?
[ $rc -eq 2 ] && grep -q "o.log.params:[0-9]*: PROBE_FINGERPRINT: \
0123456789abcdef is not" "$dir/o.log.err"
[ $? -eq 0 ] && pass "a params.conf of another probe: exit 2 (got $rc)" \
    || fail "another probe: exit $rc, $(cat "$dir/o.log.err")"
