#!/bin/sh
# Steps 6 (NCNB) and 7 (K_CROSSOVER) of mmsearch, with the fake timing
# test hook and every earlier step pinned (scalar 2x4, NB=24), so only
# they run: their candidates have the right shape (non-copy kernels from
# NB down; K=L kernels against the general K=0 one timed at k=L), their
# decisions follow the 20% and 1% rules as the log's own timings show,
# params.conf gets NCNB and K_CROSSOVER while the copy kernel stays the
# winner, a rerun or a resume after a kill inside step 7 re-times
# nothing, pinned values skip the steps, mmreport prints them, and step
# 6 times the library's non-copy kernel whatever the line's KU, FF, MU.
: "${top_builddir:=.}" "${top_srcdir:=.}"
mmsearch="$top_builddir/mmsearch"
mmgen="$top_builddir/mmgen"
mmreport="$top_builddir/mmreport"
. "$top_srcdir/tests/common/tap.sh"
dir=tests/tune/side.$$
tap_scratch "$dir"
echo "1..12"

. "$top_srcdir/tests/tune/tinysearch.sh"

# search LOG [OPTION...]: steps 1-5 pinned, the blocks steps skipped,
# into $dir.
search() {
    log=$1; shift
    run_mmsearch "$log" --level=quick --isa=none --nb=24 --mu=2 --nu=4 \
        --ku=1 --fma=1 --ff=0 --if=2 --nf=2 --test-timing=fake \
        --skip-blocks "$@"
}
key() { sed -n "s/^$2 = \([^ ]*\).*/\1/p" "$dir/$1.params"; }
# field LINE KEY: the value of KEY= on a log line
field() { echo "$1" | tr ' ' '\n' | sed -n "s/^$2=//p" | head -1; }

if search a.log && "$mmsearch" --check-log="$dir/a.log" > /dev/null \
        && grep -q '^step name=ncnb ' "$dir/a.log" \
        && grep -q '^chosen name=ncnb ' "$dir/a.log" \
        && grep -q '^step name=kclean ' "$dir/a.log" \
        && grep -q '^chosen name=kclean ' "$dir/a.log"; then
    pass "a search runs steps 6 and 7, their sections are in the log"
else
    fail "search: $(tail -3 "$dir/a.log.err")"
fi

# Step 6: non-copy kernels with the reference's values, NCNB from NB
# down by lcm(2,4,4) = 4, screened in that order.
screened=$(grep '^cand step=ncnb round=0 ref=0 ' "$dir/a.log" \
    | grep -c ' nb=24 ncnb=[0-9]* copy=0 m=-1 n=-1 k=-1 mu=2 nu=4 ku=1 ')
order=$(grep '^cand step=ncnb round=0 ref=0 ' "$dir/a.log" \
    | sed 's/.* ncnb=\([0-9]*\) .*/\1/' | tr '\n' ' ')
if [ "$screened" -ge 1 ] \
        && [ "$screened" -eq "$(grep -c '^cand step=ncnb round=0 ref=0 ' \
            "$dir/a.log")" ] \
        && case "24 20 16 12 8 4 " in "$order"*) true;; *) false;; esac; then
    pass "step 6 screens non-copy kernels from NB down: $order"
else
    fail "step 6 candidates: $order ($screened of the right shape)"
fi

# The 20% rule, replayed from the screen lines: the first NCNB 20% below
# the best before it stops the step, and the chosen one comes before it.
chosen=$(grep '^chosen name=ncnb ' "$dir/a.log")
want=$(grep '^cand step=ncnb round=0 ref=0 ' "$dir/a.log" | awk '
    { for (i = 1; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] } }
    stop == "" && v["verdict"] == "ok" {
        if (v["mflops"] < 0.8 * best) stop = v["ncnb"]
        else if (v["mflops"] > best) best = v["mflops"]
        if (stop == "") seen = seen " " v["ncnb"] " " }
    END { print (stop == "" ? "none" : stop) "|" seen }')
stop=${want%%|*} seen=${want#*|}
ncnb=$(field "$chosen" ncnb)
if case "$seen" in *" $ncnb "*) true;; *) false;; esac \
        && if [ "$stop" = none ]; then
            echo "$chosen" | grep -q 'every NCNB screened'
        else
            echo "$chosen" | grep -q "screening stopped at NCNB=$stop:"
        fi; then
    pass "step 6 follows the 20% rule (stop: $stop, chosen NCNB=$ncnb)"
else
    fail "20% rule: stop $stop, considered$seen, chosen: $chosen"
fi

# Step 7: K=L copy kernels from NB-1 down, each against the general one
# (k=0) timed at k=L; the crossover is the first L where specialised /
# general (median of rounds 1-3) <= 1.01, else 0.
spec=$(grep '^cand step=kclean round=0 ref=0 ' "$dir/a.log" \
    | grep ' nb=24 ncnb=-1 copy=1 m=-1 n=-1 k=[0-9]* mu=2 nu=4 ' \
    | sed 's/.* k=\([0-9]*\) .*/\1/' | tr '\n' ' ')
gen=$(grep '^cand step=kclean round=0 ref=1 kt=' "$dir/a.log" \
    | grep ' copy=1 m=-1 n=-1 k=0 mu=2 nu=4 ' \
    | sed 's/.* kt=\([0-9]*\) .*/\1/' | tr '\n' ' ')
if [ -n "$spec" ] && [ "$spec" = "$gen" ] \
        && case "23 12 4 1 " in "$spec"*) true;; *) false;; esac; then
    pass "step 7 pairs K=L with the general kernel at k=L: $spec"
else
    fail "step 7 candidates: specialised '$spec', general at '$gen'"
fi
want=$(grep '^cand step=kclean ' "$dir/a.log" | awk '
    { for (i = 1; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] } }
    v["round"] > 0 && v["ref"] == 0 {
        s[v["k"] " " v["round"]] = v["mflops"]
        if (!(v["k"] in seen)) { seen[v["k"]] = 1; l[nl++] = v["k"] } }
    v["round"] > 0 && v["ref"] == 1 { g[v["kt"] " " v["round"]] = v["mflops"] }
    END {
        for (i = 0; i < nl; i++) {
            for (r = 1; r <= 3; r++) x[r] = s[l[i] " " r] / g[l[i] " " r]
            # the median of three
            m = x[1] + x[2] + x[3]
            lo = x[1]; hi = x[1]
            for (r = 2; r <= 3; r++) { if (x[r] < lo) lo = x[r]
                                       if (x[r] > hi) hi = x[r] }
            if (m - lo - hi <= 1.01) { print l[i]; exit }
        }
        print 0 }')
if [ "$(key a.log K_CROSSOVER)" = "$want" ] \
        && grep -q "^chosen name=kclean .*why=K_CROSSOVER=$want:" \
            "$dir/a.log"; then
    pass "step 7 follows the 1% rule: K_CROSSOVER = $want"
else
    fail "1% rule: want $want, params.conf $(key a.log K_CROSSOVER)"
fi

# params.conf: NCNB and K_CROSSOVER beside the copy kernel, which stays
# the winner; mmgen takes the file.
if [ "$(key a.log NCNB)" = "$ncnb" ] && [ "$(key a.log NB)" = 24 ] \
        && summary a.log | grep -q ' nb=24 ncnb=-1 copy=1 m=-1 n=-1 k=-1 ' \
        && "$mmgen" --params="$dir/a.log.params" --output="$dir/w.c" \
            2> "$dir/err" && grep -q 'mmk_none_c24_m24n24k24_' "$dir/w.c"; then
    pass "params.conf has NCNB=$ncnb, K_CROSSOVER; the copy kernel won"
else
    fail "params.conf: $(grep -E '^(NB|NCNB|K_CROSSOVER) ' \
        "$dir/a.log.params") $(summary a.log) $(cat "$dir/err")"
fi

# Again on the complete log: nothing re-timed, the same params.conf.
total=$(cands a.log)
cp "$dir/a.log.params" "$dir/first.params"
if search a.log && summary a.log | grep -q ' timed=0 ' \
        && [ "$(cands a.log)" -eq "$total" ] \
        && [ "$(grep -v '^#' "$dir/a.log.params" \
            | grep -E '^(NB|NCNB|K_CROSSOVER|MFLOPS) ')" = \
            "$(grep -v '^#' "$dir/first.params" \
            | grep -E '^(NB|NCNB|K_CROSSOVER|MFLOPS) ')" ]; then
    pass "a rerun re-times nothing ($total timings), same params.conf"
else
    fail "rerun: $(summary a.log)"
fi

# Killed (SIGKILL) inside step 7, then resumed.
kclean=$(grep -c '^cand step=kclean ' "$dir/a.log")
ntimed=$(timings a.log)
cut=$((ntimed - kclean + 3))
search cut.log --test-stop-after=$cut
rc=$?
held=$(timings cut.log)
if [ $rc -ne 0 ] && [ "$held" -eq "$cut" ] && search cut.log \
        && summary cut.log | grep -q " timed=$((ntimed - cut)) " \
        && [ "$(cands cut.log)" -eq "$total" ] \
        && [ "$(key cut.log NCNB)" = "$(key a.log NCNB)" ] \
        && [ "$(key cut.log K_CROSSOVER)" = "$(key a.log K_CROSSOVER)" ]
then
    pass "killed in step 7 after $cut timings, resumed: $((ntimed - cut)) \
timed"
else
    fail "resume: exit $rc, $held held, $(summary cut.log)"
fi

# Pinned: the steps are skipped and logged, params.conf has the pins.
if search pin.log --ncnb=4 --pin=K_CROSSOVER=3 \
        && grep -q '^skip name=ncnb why=pinned: NCNB=4' "$dir/pin.log" \
        && grep -q '^skip name=kclean why=pinned: K_CROSSOVER=3' \
            "$dir/pin.log" \
        && ! grep -q '^cand step=\(ncnb\|kclean\) ' "$dir/pin.log" \
        && [ "$(key pin.log NCNB)" = 4 ] \
        && [ "$(key pin.log K_CROSSOVER)" = 3 ]; then
    pass "pinned NCNB and K_CROSSOVER skip steps 6 and 7"
else
    fail "pins: $(grep -E '^skip' "$dir/pin.log") $(tail -2 "$dir/pin.log.err")"
fi
search badpin.log --pin=K_CROSSOVER=x
rc=$?
[ $rc -eq 2 ] && grep -q "K_CROSSOVER: 'x' is not an integer in 0..1024" \
    "$dir/badpin.log.err" && pass "a bad K_CROSSOVER pin: exit 2" \
    || fail "bad pin: exit $rc: $(cat "$dir/badpin.log.err")"

# mmreport prints both steps' tables.
if "$mmreport" --log="$dir/a.log" > "$dir/report" 2> "$dir/err" \
        && grep -q '^step ncnb (NCNB): ' "$dir/report" \
        && grep -q '^step kclean (K_CROSSOVER): ' "$dir/report" \
        && grep -q "chosen: K=$want, by " "$dir/report" \
        && sed -n '/^step kclean/,/^step cc/p' "$dir/report" \
            | grep -q "^  \* *$want ok "; then
    pass "mmreport prints the NCNB and K cleanup tables"
else
    fail "mmreport: $(cat "$dir/err") $(sed -n '/^step ncnb/,$p' \
        "$dir/report" | head -30)"
fi

# Step 6 times the library's non-copy kernel (tune/ranges.c:
# mms_small_kernel), not the line's at COPY=0: KU=1, FF=0 and MU cut to
# two vectors whatever the line chose (KU = NB had timed each NCNB fully
# unrolled, a kernel the library never builds, at 3-5 s a compile).
# sse2 (every x86-64 has it): 6 x 2 is three vectors tall, cut to 4 x 2.
case $(uname -m) in
x86_64|i?86)
    run_mmsearch lib.log --level=quick --isa=sse2 --nb=24 --mu=6 --nu=2 \
        --ku=24 --fma=1 --ff=1 --if=2 --nf=2 --pin=K_CROSSOVER=4 \
        --test-timing=fake --skip-blocks
    rc=$?
    all=$(grep -c '^cand step=ncnb round=[0-9]* ref=0 ' "$dir/lib.log")
    lib=$(grep '^cand step=ncnb round=[0-9]* ref=0 ' "$dir/lib.log" \
        | grep -c ' copy=0 .* mu=4 nu=2 ku=1 ls=1 fma=1 ff=0 .* pfa=0 pfb=0 ')
    if [ $rc -eq 0 ] && [ "$all" -ge 1 ] && [ "$lib" -eq "$all" ] \
            && [ "$(key lib.log KU)" = 24 ] && [ "$(key lib.log MU)" = 6 ]; then
        pass "step 6 times the library's non-copy kernel: $all with KU=1, \
FF=0, MU 6 cut to 4; params.conf keeps KU=24, MU=6"
    else
        fail "step 6's kernels: exit $rc, $lib of $all the library's: \
$(grep '^cand step=ncnb ' "$dir/lib.log" | head -1 | cut -c1-200)"
    fi ;;
*)
    echo "ok 12 # SKIP $(uname -m) has no sse2 kernels" ;;
esac
