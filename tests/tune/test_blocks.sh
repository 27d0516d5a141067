#!/bin/sh
# The blocks steps of mmsearch (mc, kc, nc: the library's MC, KC and NC,
# issue 9), with the fake timing hook and every kernel step pinned
# (scalar 2x4, NB=24, NCNB and K_CROSSOVER): they start from the
# library's model for tests/tune/probe.conf with a 32 MiB LLC (512 KiB
# L2: MC=70 KC=560, NB widened to 560; NC=1680, B's panel a quarter of
# the LLC, the most the nc step offers: with the file's 8 MiB it would be
# 560, NB, and the step would have no other candidate), each candidate is
# the full kernel
# at M=MC N=NB K=KC timed as the whole DGEMM with an NC; the log has
# their headers (nc's with N = 2000 past the level's sizes, and none on
# the small path), candidates and decisions; params.conf gets MC, KC, NC
# and mmselect builds the library's kernel from them (the step dgemm,
# which may change the kernel, skipped: test_dgemmstep.sh); a rerun and
# a resume after a kill inside the kc step re-time nothing done; a
# planted wrong full kernel fails the DGEMM check and never wins; pins
# and --skip-blocks skip the steps; a driver that cannot be built makes
# every candidate a compile-error and leaves the blocking to the model;
# the drivers build beta 0 and 1 kernel variants alone.
: "${top_builddir:=.}" "${top_srcdir:=.}"
mmsearch="$top_builddir/mmsearch"
mmreport="$top_builddir/mmreport"
mmselect="$top_builddir/kernels/mmselect"
. "$top_srcdir/tests/common/tap.sh"
dir=tests/tune/blocks.$$
tap_scratch "$dir"
echo "1..23"

# -O1: its searches spend more in the driver's DGEMM checks (MC and KC
# up to 140 and 840) than in compiles, most of which the cache serves
tiny_level=-O1
. "$top_srcdir/tests/tune/tinysearch.sh"
sed -i 's/^LLC_KIB = 8192$/LLC_KIB = 32768/' "$dir/probe.conf" \
    && grep -q '^LLC_KIB = 32768$' "$dir/probe.conf" || exit 99

# search LOG [OPTION...]: the kernel steps pinned, into $dir.
search() {
    log=$1; shift
    run_mmsearch "$log" --level=quick --isa=none --nb=24 --mu=2 --nu=4 \
        --ku=1 --fma=1 --ff=0 --if=2 --nf=2 --ncnb=24 --pin=K_CROSSOVER=4 \
        --test-timing=fake --skip-dgemm "$@"
}
key() { sed -n "s/^$2 = \([^ ]*\).*/\1/p" "$dir/$1.params"; }
field() { echo "$1" | tr ' ' '\n' | sed -n "s/^$2=//p" | head -1; }
chosen() { grep "^chosen name=$2 " "$dir/$1"; }
# screened LOG STEP: the MC:KC:NC of the candidates STEP screened
screened() {
    grep "^cand step=$2 round=0 ref=0 " "$dir/$1" | awk '{
        for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
        printf "%s:%s:%s ", v["m"], v["k"], v["nc"] }'
}

if search a.log && "$mmsearch" --check-log="$dir/a.log" > /dev/null \
        && for s in mc kc nc small; do
            grep -q "^step name=$s sets=[A-Z_]* n=" "$dir/a.log" \
                && grep -q "^cand step=$s round=0 ref=0 nc=" "$dir/a.log" \
                && grep -q "^chosen name=$s by=[a-z]* nc=" "$dir/a.log" \
                || exit 1
        done \
        && grep -q "^step name=mc .*; square N=[0-9]*,1000, narrow \
1000x32x1000,64x1000x1000, " "$dir/a.log" \
        && grep -q "^step name=nc .*; square N=1000,2000, operands " \
            "$dir/a.log"; then
    pass "the steps mc, kc, nc, small are in the log: headers, cands, \
decisions; the narrow shapes at N=1000; nc times N=2000 too, and neither \
a size on the small path nor the narrow shapes"
else
    fail "search: $(tail -3 "$dir/a.log.err")"
fi

# From the model: MC in multiples of MU=2 around 70 (quick: x1/2, 1, 2),
# KC 560, NC the model's for them (a quarter of the LLC over KC, in multiples
# of NB and at least NB, which is widened to max(24, MC, KC)); every
# candidate's kernel is the copy kernel at M=MC N=NB=nb K=KC.
mc=$(screened a.log mc)
shape=$(grep '^cand step=[mkn]c ' "$dir/a.log" | grep -vc \
    ' nb=\([0-9]*\) ncnb=320 copy=1 m=[0-9]* n=\1 k=[0-9]* mu=2 nu=4 ku=1 ')
if [ "$mc" = "36:560:1680 70:560:1680 140:560:1680 " ] \
        && [ "$shape" -eq 0 ] \
        && grep -q "^step name=mc .*the reference of every round: the \
blocking so far, MC=70 KC=560 NC=1680 (the model's: MC=70 KC=560 \
NC=1680" "$dir/a.log"; then
    pass "mc starts from the model's MC=70 KC=560 NC=1680: $mc"
else
    fail "mc candidates: $mc ($shape of another shape)"
fi

# Each step keeps what the one before chose; params.conf, the summary
# and the last decision agree.
c=$(chosen a.log nc)
mcx=$(field "$(chosen a.log mc)" m) kcx=$(field "$(chosen a.log kc)" k)
other=$(grep "^cand step=kc round=0 ref=0 " "$dir/a.log" | grep -vc " m=$mcx ")
if [ "$(field "$c" m)" = "$mcx" ] && [ "$(field "$c" k)" = "$kcx" ] \
        && [ "$(key a.log MC)" = "$mcx" ] && [ "$(key a.log KC)" = "$kcx" ] \
        && [ "$(key a.log NC)" = "$(field "$c" nc)" ] \
        && summary a.log | grep -q " mc=$mcx kc=$kcx nc=$(field "$c" nc) " \
        && [ "$(key a.log NB)" = 24 ] && [ "$other" -eq 0 ]; then
    pass "params.conf: MC=$mcx KC=$kcx NC=$(key a.log NC), the kernel's NB 24"
else
    fail "params.conf: $(grep -E '^(MC|KC|NC|NB) ' "$dir/a.log.params") \
chosen: $c"
fi

# Each blocks step's round reference is its incumbent, the blocking so
# far (kc's has mc's MC; that it is not the model's when mc moved from it,
# the pins' test shows): timed once a round as the reference, the
# incumbent finalist's line of each round being that timing's (twin=1),
# never a second timing of the same build.
bad=
for st in mc kc nc small; do
    r=$(sed -n "s/^chosen name=$st .* rounds=\([0-9]*\) .*/\1/p" "$dir/a.log")
    [ -n "$r" ] && [ "$(grep -c "^cand step=$st round=[1-9][0-9]* ref=0 \
.*twin=1 " "$dir/a.log")" -eq "$r" ] || bad="$bad $st"
done
kcref=$(grep "^cand step=kc round=1 ref=1 " "$dir/a.log" \
    | sed 's/.* m=\([0-9]*\) .*/\1/')
if [ -z "$bad" ] && [ "$kcref" = "$mcx" ]; then
    pass "each blocks step's reference is its incumbent (kc's at MC=$mcx), \
timed once a round"
else
    fail "the round references: twins missing in:$bad; kc's at MC='$kcref' \
(mc chose $mcx)"
fi

# The library's build takes them: the full kernel at M=MC N=NB K=KC and
# the driver's NC (mmselect, as make does with MMT_PARAMS_FILE).
nb=$(field "$c" n)
mkdir -p "$dir/sel"
if "$mmselect" --params="$dir/a.log.params" --out="$dir/sel" \
        --archdefs="$dir/none" --cc=cc --cflags=-O2 > "$dir/sel.out" 2>&1 \
        && grep -qx "M = $mcx" "$dir/sel/kernel.params" \
        && grep -qx "K = $kcx" "$dir/sel/kernel.params" \
        && grep -qx "N = $nb" "$dir/sel/kernel.params" \
        && grep -qx "#define MML_PARAM_NC $(key a.log NC)" \
            "$dir/sel/libparams.h" \
        && grep -qx "#define MML_PARAM_NCNB $(key a.log SMALL_MAX)" \
            "$dir/sel/libparams.h"; then
    pass "mmselect builds the library with them: M=$mcx N=$nb K=$kcx"
else
    fail "mmselect: $(cat "$dir/sel.out") $(cat "$dir/sel/kernel.params")"
fi

# The step small: SMALL_MAX at x1/2, 1, 3/2 of the model's 320 with the
# blocking chosen, each timed where they differ: at every candidate's
# value but the least (160, which every candidate routes to the small
# path) and at N = 200 among them (the size the steps before it time on
# the small path, which 160 moves to the packed one), the sizes at most
# its value on the small path (small=), and at 64 x L x L, not the panel
# L x 32 x L, which SMALL_MAX does not cut; params.conf has the chosen
# one.
ch=$(chosen a.log small)
b3="$mcx:$kcx:$(key a.log NC) "
if [ "$(screened a.log small)" = "$b3$b3$b3" ] \
        && [ "$(grep '^cand step=small round=0 ref=0 ' "$dir/a.log" \
                | sed 's/.* ncnb=\([0-9]*\) .*/\1/' | tr '\n' ' ')" \
            = "160 320 480 " ] \
        && grep -q "^step name=small .*; square N=200,320,480, narrow \
64x1000x1000, " "$dir/a.log" \
        && [ "$(grep '^cand step=small ' "$dir/a.log" | grep -vc \
                " why=N=200:[0-9.]* N=320:[0-9.]* N=480:[0-9.]* \
N=64x1000x1000:[0-9.]* \(small=[0-9,]* \)*skinny=64x1000x1000$")" -eq 0 ] \
        && [ "$(misrouted "$dir/a.log" small 200,320,480)" -eq 0 ] \
        && [ "$(key a.log SMALL_MAX)" = "$(field "$ch" ncnb)" ]; then
    pass "small: SMALL_MAX 160, 320, 480 at N=200,320,480 and \
64x1000x1000; chose \
$(key a.log SMALL_MAX)"
else
    fail "small: $(grep '^step name=small' "$dir/a.log" | cut -c1-120); \
chosen $ch"
fi

# Again on the complete log: nothing re-timed, the same blocking.
total=$(cands a.log)
if search a.log && summary a.log | grep -q ' timed=0 ' \
        && [ "$(cands a.log)" -eq "$total" ] \
        && [ "$(key a.log MC):$(key a.log KC):$(key a.log NC)" = \
            "$mcx:$kcx:$(field "$c" nc)" ]; then
    pass "a rerun re-times nothing ($total timings), the same blocking"
else
    fail "rerun: $(summary a.log)"
fi

# A log whose nc timings were made at other sizes (as the kc step's
# timing of the same blocking was): the nc step times its candidates
# again, every other step's timings are reused.
sed '/^cand step=nc /s/ N=2000:[0-9.]*//' "$dir/a.log" > "$dir/old.log"
ncs=$(grep -c '^cand step=nc .* verdict=ok ' "$dir/old.log")
nct=$(grep '^cand step=nc .* verdict=ok ' "$dir/old.log" | grep -vc ' twin=1 ')
if [ "$ncs" -gt 0 ] && search old.log \
        && summary old.log | grep -q " timed=$nct " \
        && [ "$(cands old.log)" -eq $((total + ncs)) ] \
        && [ "$(grep '^cand ' "$dir/old.log" | tail -n +$((total + 1)) \
                | grep -vc '^cand step=nc ')" -eq 0 ] \
        && [ "$(key old.log NC)" = "$(key a.log NC)" ]; then
    pass "nc timings made at other sizes are timed again ($ncs), no other"
else
    fail "old sizes: $ncs nc timings, $(summary old.log)"
fi

# Killed (SIGKILL) inside the kc step, then resumed: only what the log
# lacks is timed, each timing once.
before=$(grep '^cand ' "$dir/a.log" | grep -v '^cand step=\(kc\|nc\) ' \
    | grep -vc ' twin=1 ')
cut=$((before + 2))
search cut.log --test-stop-after=$cut
rc=$?
held=$(timings cut.log)
dups=$(grep '^cand ' "$dir/cut.log" | sed 's/ secs=.*//' | sort | uniq -d \
    | wc -l)
if [ $rc -ne 0 ] && [ "$held" -eq "$cut" ] && search cut.log \
        && summary cut.log | grep -q " timed=$(($(timings a.log) - cut)) " \
        && [ "$(cands cut.log)" -eq "$total" ] && [ "$dups" -eq 0 ] \
        && [ "$(key cut.log MC):$(key cut.log KC):$(key cut.log NC)" = \
            "$(key a.log MC):$(key a.log KC):$(key a.log NC)" ]; then
    pass "killed in kc after $cut timings, resumed: the rest timed"
else
    fail "resume: exit $rc, $held held, $dups twice, $(summary cut.log)"
fi

# The chosen MC's full kernel built wrong: the whole DGEMM's check
# fails, it is logged as wrong, and another MC is chosen (the rounds'
# reference, the model's blocking, is built right).
search bad.log --test-perturb=M=$mcx
wrong=$(grep "^cand step=mc .* m=$mcx " "$dir/bad.log" | grep -c \
    'verdict=wrong .*why=the whole DGEMM at M=')
if [ "$wrong" -ge 1 ] && [ -n "$(key bad.log MC)" ] \
        && [ "$(key bad.log MC)" != "$mcx" ] \
        && ! grep "^cand step=[kn]c round=[0-9]* ref=0 " "$dir/bad.log" \
            | grep -q " m=$mcx "
then
    pass "a wrong full kernel (MC=$mcx) fails the DGEMM check, never wins"
else
    fail "planted MC=$mcx: $wrong wrong, chosen $(key bad.log MC)"
fi

# Pinned MC and KC: their steps skipped, NC searched for them, its round
# reference the blocking so far (MC=60 KC=200, not the model's 70 and
# 560); all three pinned: nothing timed, params.conf has the pins.
if search pin.log --pin=MC=60 --pin=KC=200 \
        && grep -q '^skip name=mc why=pinned: MC=60' "$dir/pin.log" \
        && grep -q '^skip name=kc why=pinned: KC=200' "$dir/pin.log" \
        && [ "$(screened pin.log nc | sed 's/:[0-9]* /\n/g' | sort -u \
            | tr -d '\n')" = "60:200" ] \
        && grep "^cand step=nc round=[0-9]* ref=1 " "$dir/pin.log" \
            | grep -q ' m=60 n=[0-9]* k=200 ' \
        && ! grep "^cand step=nc round=[0-9]* ref=1 " "$dir/pin.log" \
            | grep -qv ' m=60 n=[0-9]* k=200 ' \
        && [ "$(key pin.log MC):$(key pin.log KC)" = "60:200" ] \
        && search pin3.log --pin=MC=60 --pin=KC=200 --pin=NC=400 \
            --pin=SMALL_MAX=256 \
        && ! grep -q '^cand step=\([mkn]c\|small\) ' "$dir/pin3.log" \
        && [ "$(key pin3.log SMALL_MAX)" = 256 ] \
        && [ "$(key pin3.log MC):$(key pin3.log KC):$(key pin3.log NC)" \
            = "60:200:400" ]; then
    pass "pinned MC, KC (and NC, SMALL_MAX) skip their steps, params.conf has them"
else
    fail "pins: $(grep -E '^skip name=[mkn]c' "$dir/pin.log") \
$(tail -2 "$dir/pin.log.err")"
fi

# The full level: the nc step times the level's sizes past its least NC
# (KC 200 pinned: the model's 4000 and half of it, 2000: N = 3000;
# 500-2000 run alike under every candidate) and 4000, but no size on the
# small path, which has no NC, nor the narrow shapes (L x 32 x L narrower
# than any NC, 64 x L x L on the skinny path, cut by SMALL_MAX); its cand
# lines list those two.
if run_mmsearch full.log --level=full --isa=none --nb=24 --mu=2 --nu=4 \
        --ku=1 --fma=1 --ff=0 --if=2 --nf=2 --ncnb=24 --pin=K_CROSSOVER=4 \
        --test-timing=fake --skip-dgemm --pin=MC=60 --pin=KC=200 \
        && grep -q '^step name=nc .*; square N=3000,4000, oper' \
            "$dir/full.log" \
        && [ "$(grep -c '^cand step=nc ' "$dir/full.log")" -gt 0 ] \
        && [ "$(grep -c "^cand step=nc .* why=N=3000:[0-9.]* \
N=4000:[0-9.]*$" \
            "$dir/full.log")" -eq "$(grep -c '^cand step=nc ' \
            "$dir/full.log")" ] \
        && grep -q '^step name=small .*, narrow 64x3000x3000, ' \
            "$dir/full.log" \
        && [ "$(key full.log NC)" -gt 0 ]; then
    pass "full level: nc timed at the sizes past its least NC, the last \
4000, no narrow shape (the step small after it: the few rows)"
else
    fail "full level: $(grep '^step name=nc' "$dir/full.log" | cut -c1-200) \
$(grep '^cand step=nc ' "$dir/full.log" | head -1 | sed 's/.* why=//') \
$(tail -2 "$dir/full.log.err")"
fi

# The step seeds, last: the search's whole set against a --candidate
# file's (make tune: this CPU's architectural defaults) as whole DGEMMs,
# warm and flushed at the sizes every step before it timed, each routed
# as its set routes it.  The kernel and CC pinned (the step dgemm has
# one candidate), the blocks searched; without a file, against the
# blocks steps' start (the model's MC=70, where mc took 36), which the
# fake landscape runs slower.  A file that differs in SMALL_MAX alone:
# at 240 it runs the fake landscape faster than the search's 320 and
# params.conf takes it, at 224 slower and the search's stays.
seeds() {
    log=$1; shift
    run_mmsearch "$log" --level=quick --isa=none --nb=24 --mu=2 --nu=4 \
        --ku=1 --fma=1 --ff=0 --if=2 --nf=2 --ncnb=24 --pin=K_CROSSOVER=4 \
        --pin=CC=gcc --test-timing=fake "$@"
}
# (on the probe.conf's own 8 MiB LLC, where the fake landscape's mc step
# takes 36 from the model's 70)
sed -i 's/^LLC_KIB = 32768$/LLC_KIB = 8192/' "$dir/probe.conf" || exit 99
seeds s.log
for v in 240 224; do
    sed "s/^SMALL_MAX = [0-9]*/SMALL_MAX = $v/" "$dir/s.log.params" \
        > "$dir/f$v.params"
    sed '/^step name=seeds /,$d' "$dir/s.log" > "$dir/s$v.log"
    seeds "s$v.log" --candidate="$dir/f$v.params"
done
c240=$(chosen s240.log seeds) c224=$(chosen s224.log seeds)
if grep -q "^step name=seeds sets=ALL n=2 .*; no --candidate file's \
set: the blocks steps' start" "$dir/s.log" \
        && grep -q '^cand step=seeds round=0 ref=0 .* m=70 ' "$dir/s.log" \
        && [ "$(key s.log MC)" = 36 ] && [ "$(key s.log SMALL_MAX)" = 320 ] \
        && grep -q "^step name=seeds sets=ALL n=2 .*; square N=16w,32w,64w,\
100w,100,200,1000, narrow 1000x32x1000,64x1000x1000, " "$dir/s240.log" \
        && [ "$(grep -c '^cand step=seeds round=0 ref=0 ' "$dir/s240.log")" \
            -eq 2 ] \
        && [ "$(field "$c240" ncnb)" = 240 ] \
        && echo "$c240" | grep -q "runner-up .* SMALL_MAX=320 at " \
        && [ "$(key s240.log SMALL_MAX)" = 240 ] \
        && [ "$(key s240.log MC)" = "$(key s.log MC)" ] \
        && [ "$(field "$c224" ncnb)" = 320 ] \
        && [ "$(key s224.log SMALL_MAX)" = 320 ] \
        && [ "$(grep '^cand step=seeds .* verdict=ok ' "$dir/s240.log" \
            | grep -vc ' small=16w,32w,64w,100w,100,200 skinny=')" \
            -eq 0 ] \
        && "$mmreport" --log="$dir/s240.log" > "$dir/s240.report" \
        && grep -A12 '^step seeds (ALL): 2 candidates' "$dir/s240.report" \
            | grep -q '^  \*  *240 ok '; then
    pass "seeds: without a file the blocks steps' start (MC=70) timed, \
not taken; the file's SMALL_MAX=240 set taken, its 224 one not; \
mmreport's column"
else
    fail "seeds: $(grep '^chosen name=seeds' "$dir/s.log") chose \
'$c240' and '$c224'; SMALL_MAX $(key s240.log SMALL_MAX) \
$(key s224.log SMALL_MAX)"
fi

# --skip-blocks: three skip lines, nothing timed, the model fills them.
if search skip.log --skip-blocks \
        && [ "$(grep -c '^skip name=[mkn]c why=--skip-blocks' \
            "$dir/skip.log")" -eq 3 ] \
        && ! grep -q '^cand step=[mkn]c ' "$dir/skip.log" \
        && ! grep -q '^\(MC\|KC\|NC\) =' "$dir/skip.log.params"; then
    pass "--skip-blocks: the steps skipped, no MC, KC, NC in params.conf"
else
    fail "--skip-blocks: $(grep '^skip' "$dir/skip.log")"
fi
search badpin.log --pin=NC=0
rc=$?
search badsmall.log --pin=SMALL_MAX=150
rc2=$?
[ $rc -eq 2 ] && grep -q "NC: '0' is not an integer in 1\.\." \
    "$dir/badpin.log.err" && [ $rc2 -eq 2 ] \
    && grep -q "SMALL_MAX: '150' is not an integer in 200\.\.1024" \
        "$dir/badsmall.log.err" \
    && pass "bad NC and SMALL_MAX pins (below N = 200's path): exit 2" \
    || fail "bad pin: exit $rc, $rc2: $(cat "$dir/badpin.log.err" \
"$dir/badsmall.log.err")"

# No driver (a source tree without kernels/): every candidate a
# compile-error naming why, no decision, params.conf without a blocking.
mkdir -p "$dir/nosrc"
if search nodrv.log --source-dir="$dir/nosrc" \
        && [ "$(grep -c '^cand step=[mkn]c .*verdict=compile-error' \
            "$dir/nodrv.log")" -ge 3 ] \
        && ! grep '^cand step=[mkn]c ' "$dir/nodrv.log" | grep -q \
            'verdict=ok' \
        && grep -q '^chosen name=mc by=none .*no candidate passed' \
            "$dir/nodrv.log" \
        && grep -q 'driver NOT built in .*kernels/[a-z]*\.c' \
            "$dir/nodrv.log.out" \
        && ! grep -q '^\(MC\|KC\|NC\) =' "$dir/nodrv.log.params"; then
    pass "a driver that cannot be built: compile-errors, no blocking"
else
    fail "no driver: $(grep '^chosen name=mc' "$dir/nodrv.log") \
$(grep 'driver' "$dir/nodrv.log.out")"
fi

# mmreport: a table per step with MC, KC, NC, and the blocking.
if "$mmreport" --log="$dir/a.log" > "$dir/report" 2> "$dir/err" \
        && grep -q '^step mc (MC): 3 candidates' "$dir/report" \
        && sed -n '/^step mc /,/^  chosen/p' "$dir/report" \
            | grep -q "^  \* *$mcx ok " \
        && grep -q "^  chosen: MC=$mcx, by " "$dir/report" \
        && grep -q '^step nc (NC): ' "$dir/report" \
        && grep -q "^blocking    MC=$mcx KC=$kcx NC=$(key a.log NC), the \
whole DGEMM at " "$dir/report" \
        && awk 'length > 80 { exit 1 }' "$dir/report"; then
    pass "mmreport prints the blocks steps and the blocking"
else
    fail "mmreport: $(cat "$dir/err") $(sed -n '/^step mc/,$p' \
        "$dir/report" | head -20)"
fi

# A screen that picks finalists (normal level: mc has 5 candidates, the
# finalists 2 and the incumbent) screens in pairs: the round reference
# (the model's blocking) just before each candidate timed (pair=I, its
# place in the step's list), none beside the reference itself, and the
# finalists ranked by the ratio.  pairs LOG: "seq:ref:pair:MC" of mc's
# screen, seq the timing's number in the run (its cand line's among the
# timings, a fresh log).
pairs() {
    grep '^cand ' "$dir/$1" | grep -v ' twin=1 ' \
        | awk '/^cand step=mc round=0 / {
        split("", v)
        for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
        printf "%d:%s:%s:%s ", NR, v["ref"], v["pair"], v["m"] }'
}
# finalist LOG MC: 1 when MC was re-timed in mc's rounds
finalist() {
    grep -q "^cand step=mc round=1 ref=0 .* m=$2 " "$dir/$1"
}
# These runs look at the step mc alone: the steps after it are pinned to
# the model's values (those mc's candidates are built with), which skips
# them and about half of each run (the steps themselves are a.log's).
normal="--level=normal --pin=KC=560 --pin=NC=560 --pin=SMALL_MAX=320"
search p0.log $normal
list=$(pairs p0.log)
model=$(grep '^cand step=mc round=1 ref=1 ' "$dir/p0.log" | head -1 \
    | sed 's/.* m=\([0-9]*\) .*/\1/')
# the best non-reference candidate by its pair's ratio, its line numbers
best=$(grep '^cand step=mc round=0 ' "$dir/p0.log" | awk -v model="$model" '{
        split("", v)
        for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
        if (v["ref"] == 1) { r = v["mflops"]; next }
        if (v["m"] != model && v["mflops"] / r > top) {
            top = v["mflops"] / r; m = v["m"] } }
    END { print m }')
seq_c=$(echo "$list" | tr ' ' '\n' | grep ":0::$best\$" | cut -d: -f1)
seq_r=$(echo "$list" | tr ' ' '\n' | grep ":1:[0-9]*:$model\$" \
    | awk -F: -v c="$seq_c" '$1 == c - 1 { print $1 }')
nfresh=$(echo "$list" | tr ' ' '\n' | grep -c ':0::')
npair=$(echo "$list" | tr ' ' '\n' | grep -c ':1:[0-9]')
if [ -n "$best" ] && [ -n "$seq_r" ] && [ "$npair" -eq $((nfresh - 1)) ] \
        && ! echo "$list" | tr ' ' '\n' | grep ":1:" \
            | grep -qv ":1:[0-9]*:$model\$" \
        && finalist p0.log "$best" \
        && grep -q "^  mc .* MC=$best .*x the reference beside it)" \
            "$dir/p0.log.out" \
        && "$mmreport" --log="$dir/p0.log" 2> "$dir/err" \
            | sed -n '/^step mc /,/^  chosen/p' \
            | grep -q "^  pairs: the screen over the reference"; then
    pass "a screen in pairs: the model's blocking before each of \
$((nfresh - 1)) candidates, not beside itself; MC=$best a finalist; \
mmreport's pairs line"
else
    fail "pairs: '$list' (best MC '$best' at $seq_c, its reference at \
'$seq_r', model MC '$model')"
fi
# A slow phase over both of MC=$best's pair leaves it a finalist: the
# ratio holds (by its MFLOPS alone it would rank last); over its own
# timing only, it drops out.
search p1.log $normal --test-slow="$seq_r,$seq_c"
search p2.log $normal --test-slow="$seq_c"
if [ -n "$seq_r" ] && finalist p1.log "$best" && ! finalist p2.log "$best" \
        && grep -q "^cand step=mc round=0 ref=0 .* m=$best .*verdict=ok" \
            "$dir/p2.log"; then
    pass "a slow phase over a whole pair leaves MC=$best a finalist, over \
its timing alone not"
else
    fail "slow phases: finalist over the pair $(finalist p1.log "$best" \
&& echo yes || echo no), over the candidate $(finalist p2.log "$best" \
&& echo yes || echo no)"
fi
# Killed between MC=$best's reference and its own timing, then resumed:
# the reference is taken from the log (one pair line for it), the rest
# timed once, and the step decides as the run that was not killed.
search p3.log $normal --test-stop-after="$seq_r"
rc=$?
held=$(timings p3.log)
pair_of_best=$(grep '^cand ' "$dir/p0.log" | grep -v ' twin=1 ' \
    | sed -n "${seq_r}p" \
    | sed 's/.* pair=\([0-9]*\) .*/\1/')
if [ -n "$seq_r" ] && [ $rc -ne 0 ] && [ "$held" -eq "$seq_r" ] \
        && search p3.log $normal \
        && [ "$(grep -c "^cand step=mc round=0 ref=1 .* pair=$pair_of_best " \
            "$dir/p3.log")" -eq 1 ] \
        && [ "$(cands p3.log)" -eq "$(cands p0.log)" ] \
        && [ "$(chosen p3.log mc | sed 's/ why=.*//')" = \
             "$(chosen p0.log mc | sed 's/ why=.*//')" ]; then
    pass "killed between a pair's reference and its candidate, resumed: \
the reference reused, the same decision"
else
    fail "killed in a pair: exit $rc, $held held (want $seq_r), \
$(chosen p3.log mc | cut -c1-120)"
fi
# The same kill, then the pair line's of= made another candidate's (as a
# rerun whose list of candidates differs would find it): the resumed
# screen does not take that reference; it times the reference again just
# before MC=$best (a second pair line, of= its own) and decides as the
# run that was not killed.
search p4.log $normal --test-stop-after="$seq_r"
rc=$?
last=$(grep '^cand ' "$dir/p4.log" | tail -1)
of=$(field "$last" of)
sed -i "\$s/ of=$of / of=0123456789abcdef /" "$dir/p4.log"
if [ -n "$seq_r" ] && [ $rc -ne 0 ] \
        && echo "$of" | grep -qx '[0-9a-f]\{16\}' \
        && grep -q ' of=0123456789abcdef ' "$dir/p4.log" \
        && search p4.log $normal \
        && [ "$(grep -c "^cand step=mc round=0 ref=1 .* pair=$pair_of_best " \
            "$dir/p4.log")" -eq 2 ] \
        && [ "$(grep -c "^cand step=mc round=0 ref=1 .* pair=$pair_of_best \
of=$of " "$dir/p4.log")" -eq 1 ] \
        && [ "$(cands p4.log)" -eq $(($(cands p0.log) + 1)) ] \
        && "$mmsearch" --check-log="$dir/p4.log" > /dev/null \
        && [ "$(chosen p4.log mc | sed 's/ why=.*//')" = \
             "$(chosen p0.log mc | sed 's/ why=.*//')" ]; then
    pass "a pair line naming another candidate (of=) is not taken: the \
reference timed again beside MC=$best, the same decision"
else
    fail "of= of another: exit $rc, of '$of', $(grep -c "^cand step=mc \
round=0 ref=1 .* pair=$pair_of_best " "$dir/p4.log") pair lines, \
$(cands p4.log) cands (p0 $(cands p0.log))"
fi
# The same kill, then the pair line's place made another (pair=99, as a
# rerun whose list puts MC=$best elsewhere would find it): its of= still
# names MC=$best, so the reference is taken from the log, none timed again.
search p5.log $normal --test-stop-after="$seq_r"
rc=$?
last=$(grep '^cand ' "$dir/p5.log" | tail -1)
of=$(field "$last" of)
sed -i "\$s/ pair=$pair_of_best / pair=99 /" "$dir/p5.log"
if [ -n "$seq_r" ] && [ $rc -ne 0 ] && [ -n "$of" ] \
        && grep -q ' pair=99 ' "$dir/p5.log" \
        && search p5.log $normal \
        && [ "$(grep -c " of=$of " "$dir/p5.log")" -eq 1 ] \
        && [ "$(cands p5.log)" -eq "$(cands p0.log)" ] \
        && [ "$(chosen p5.log mc | sed 's/ why=.*//')" = \
             "$(chosen p0.log mc | sed 's/ why=.*//')" ]; then
    pass "a pair line found by its of= at another place: the reference \
reused, the same decision"
else
    fail "of= at another place: exit $rc, of '$of', $(grep -c " of=$of " \
"$dir/p5.log") lines with it, $(cands p5.log) cands (p0 $(cands p0.log))"
fi

# The drivers' kernels carry the beta 0 and 1 variants alone (tune/blocks.c
# write_kernels: the general one never runs in C = A B, and was a third of
# each kernel's compile): the object cache's preprocessed sources define
# no _bx.
v=$(cat "$dir"/objects/*.i 2>/dev/null | grep -o 'mml_k[a-z]*_b[01x]\b' \
    | LC_ALL=C sort -u | tr '\n' ' ')
if [ "$v" = "mml_kedge_b0 mml_kedge_b1 mml_knc_b0 mml_knc_b1 mml_kncp_b0 \
mml_kncp_b1 mml_kncv_b0 mml_kncv_b1 " ]; then
    pass "the drivers' kernels: beta 0 and 1 variants, no general one"
else
    fail "the drivers' kernels' variants: $v"
fi
