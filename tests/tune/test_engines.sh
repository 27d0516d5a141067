#!/bin/sh
# mmsearch --engine from the outside, on the fixed probe.conf of
# tests/tune/ (16 SSE2 registers, vectors of 2, FMA, 32 KiB L1 of 64-byte
# lines): the model's values are the ones its formulas give (worked out
# below), each logged with its formula, the kernel verified and not timed,
# params.conf taken by mmgen; the hybrid (fake timing) times only the
# model's neighbourhood; a bad --engine is a usage error.
: "${top_builddir:=.}" "${top_srcdir:=.}"
mmsearch="$top_builddir/mmsearch"
mmgen="$top_builddir/mmgen"
mmreport="$top_builddir/mmreport"
. "$top_srcdir/tests/common/tap.sh"
dir=tests/tune/engines.$$
tap_scratch "$dir"
echo "1..10"
. "$top_srcdir/tests/tune/tinysearch.sh"

# engine NAME LOG [OPTION...]: into $dir.
engine() {
    name=$1 log=$2; shift 2
    run_mmsearch "$log" --engine="$name" "$@"
}
value() { sed -n "s/^$1 = \([^ ]*\).*/\1/p" "$dir/$2.params"; }

"$mmsearch" --help > "$dir/help" 2>&1 && grep -q -- '--engine=WORD' \
    "$dir/help" && grep -q 'model: paper 002 Sec. IV and V-G' "$dir/help" \
    && grep -q 'hybrid: the model' "$dir/help" \
    && grep -q "the model's tile and the ring around it" "$dir/help" \
    && awk 'length > 80 { exit 1 }' "$dir/help" \
    && pass "--help documents the engines and the hybrid's rules" \
    || fail "--help: $(grep -i engine "$dir/help")"

"$mmsearch" --engine=bogus > /dev/null 2> "$dir/err"
rc=$?
[ $rc -eq 2 ] && grep -q "engine: 'bogus' is not search, model or hybrid" \
    "$dir/err" && pass "--engine=bogus: exit 2, naming the value" \
    || fail "--engine=bogus: exit $rc: $(cat "$dir/err")"

# The model.  SSE2 is the widest vector within SIMD_DOUBLES = 2.  x86:
# FMA = 1, LS unused (Sec. V-G).  Ineq. (10) in vectors of 2: u*u + u + 1
# <= 16 gives u = 3; 3 NU + 3 + 1 <= 16 gives NU = 4; the swap to 4 x 3
# needs 17: MU = 6, NU = 4.  Ineq. (8) in lines of 8 doubles, 512 of
# them: NB = 58 needs 421 + 3*29 + 1*4 = 512, NB = 59 needs 436 + 90 + 4
# = 530, so NB' = 58, a multiple of lcm(6, 4, 2) = 12: NB = 48; KU = NB.
if engine model model.log; then
    got="$(value ISA model.log) NB=$(value NB model.log)"
    got="$got MU=$(value MU model.log) NU=$(value NU model.log)"
    got="$got KU=$(value KU model.log) FMA=$(value FMA model.log)"
    got="$got LS=$(value LS model.log) FF=$(value FF model.log)"
    got="$got IF=$(value IF model.log) NF=$(value NF model.log)"
else
    got="exit $?: $(cat "$dir/model.log.err")"
fi
want="sse2 NB=48 MU=6 NU=4 KU=48 FMA=1 LS=1 FF=1 IF=2 NF=2"
[ "$got" = "$want" ] && pass "the model's values: $want" \
    || fail "the model's values: $got, not $want"

# Each value's chosen line names its formula, with the numbers.
missing=
while read -r step text; do
    grep -q "^chosen name=$step by=model .*why=.*$text" "$dir/model.log" \
        || missing="$missing $step"
done <<EOF
isa ISA = sse2: the widest vector (2 doubles) within .*SIMD_DOUBLES = 2
fma FMA = 1: .*Sec. V-G
ls LS = 1: .*eq. (13)
munu MU = 6, NU = 4: ineq. (10) .*Sec. IV-C: u = 3
nb NB = 48: ineq. (8) .*holds up to NB = 58 (512 of 512 lines).*= 12
ku KU = NB = 48: Sec. IV-D
ff FF = 1: Sec. IV-F
ifnf IF = 2, NF = 2: Sec. IV-F
ncnb NCNB = NB: Sec. IV-F
EOF
[ -z "$missing" ] && pass "the log names the formula of every value" \
    || fail "no formula in the log for:$missing"

if grep -q '^ENGINE = model' "$dir/model.log" \
        && ! grep -q '^cand ' "$dir/model.log" \
        && grep -q 'passed the oracle, not timed' "$dir/model.log" \
        && grep -q '^summary .* timed=0 ' "$dir/model.log" \
        && grep -q '^TIMING = not timed' "$dir/model.log.params" \
        && "$mmsearch" --check-log="$dir/model.log" > /dev/null; then
    pass "verified, nothing timed; the log parses"
else
    fail "model log: $(tail -2 "$dir/model.log")"
fi

"$mmreport" --log="$dir/model.log" > "$dir/report" 2>&1 \
    && grep -q '^step nb: NB = 48: ineq. (8)' "$dir/report" \
    && grep -q '^step munu: MU = 6, NU = 4: ineq. (10)' "$dir/report" \
    && pass "mmreport gives each of the model's values with its formula" \
    || fail "mmreport on the model's log: $(head -20 "$dir/report")"

"$mmgen" --params="$dir/model.log.params" --output="$dir/model.c" \
    2> "$dir/err" && grep -q 'do not edit' "$dir/model.c" \
    && pass "mmgen --params takes the model's params.conf" \
    || fail "mmgen --params: $(cat "$dir/err")"

# The engines' logs are not mixed up.
engine search model.log --level=quick --nb=8 --isa=none --test-timing=fake
rc=$?
[ $rc -eq 2 ] && grep -q "model.log:[0-9]*: this log was written for" \
    "$dir/model.log.err" \
    && pass "the search refuses the model's log" \
    || fail "search on the model's log: exit $rc: $(cat \
        "$dir/model.log.err")"

# The hybrid, KU pinned to keep the kernels small: every candidate is in
# the model's neighbourhood (NB 36, 48, 60; MU 4, 6, 8 x NU 3, 4, 5; IF
# 2, 3 x NF 1, 2, 3; the ISA step: SSE2 at 6 x 4, NB 48 and scalar at
# Sec. V-G's 14 x 1, NB 56), and the reference kernel is the model's
# (the blocks steps, the search's own, are skipped).
if engine hybrid hybrid.log --level=quick --ku=1 --test-timing=fake \
        --skip-blocks; then
    outside=$(awk '/^cand / {
        for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
        ok = 1
        if (v["step"] == "isa")
            ok = (v["isa"] == "sse2" && v["mu"] == 6 && v["nu"] == 4 \
                  && v["nb"] == 48) || (v["isa"] == "none" \
                  && v["mu"] == 14 && v["nu"] == 1 && v["nb"] == 56)
        if (v["step"] == "nb")
            ok = v["nb"] == 36 || v["nb"] == 48 || v["nb"] == 60
        if (v["step"] == "munu")
            ok = v["mu"] >= 4 && v["mu"] <= 8 && v["nu"] >= 3 \
                 && v["nu"] <= 5
        if (v["step"] == "ifnf")
            ok = v["if"] >= 2 && v["if"] <= 3 && v["nf"] <= 3
        # step 7 marks its general kernel ref=1, not the fixed reference
        if (v["ref"] == 1 && v["step"] != "kclean")
            ok = v["isa"] == "sse2" && v["nb"] == 48 && v["mu"] == 6 \
                 && v["nu"] == 4 && v["ku"] == 1
        if (!ok) print NR ": " $0
    }' "$dir/hybrid.log" | head -3)
    cands=$(grep -c '^cand .* round=0 ' "$dir/hybrid.log")
else
    outside="exit $?: $(tail -2 "$dir/hybrid.log.err")"
fi
if [ -z "$outside" ] && [ "$cands" -gt 10 ] && [ "$cands" -le 30 ]; then
    pass "the hybrid screens $cands kernels, all near the model's"
else
    fail "hybrid: $cands screened; outside: $outside"
fi
grep -q '^ENGINE = hybrid' "$dir/hybrid.log" \
    && grep -q '^step name=munu .*rule=the model.s tile and the ring' \
        "$dir/hybrid.log" \
    && grep -q '^LEVEL = hybrid-quick' "$dir/hybrid.log.params" \
    && "$mmgen" --params="$dir/hybrid.log.params" --output="$dir/h.c" \
    && pass "the hybrid's log names its rules; params.conf is mmgen's" \
    || fail "hybrid log or params: $(tail -2 "$dir/hybrid.log.err")"
