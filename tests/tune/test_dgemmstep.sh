#!/bin/sh
# The dgemm step of mmsearch (the kernel and its compiler chosen by the
# whole DGEMM, between cc and mc), with the fake timing hook on a small
# space: scalar kernels, NB=24, the munu step searched (quick: its best
# other tile is a candidate), IF, NF and the rest pinned, the blocking
# pinned to MC=60 KC=200 NC=400 (the steps mc, kc, nc skipped, the
# DGEMMs small).  The log has the step, its candidates (the cc step's
# finalists, each kernel with its compiler, and the other tile) and its
# decision; params.conf gets the chosen kernel and compiler; a planted
# wrong full kernel fails the DGEMM check and is never chosen, and so
# does a wrong small-problem path (the check runs it too); a search
# killed inside the step resumes to the same decision; pins and
# --skip-blocks, --skip-dgemm skip it; mmreport shows it; a --candidate
# file's kernel (make tune passes the architectural defaults) joins the
# candidates, a bad file is refused by name.
: "${top_builddir:=.}" "${top_srcdir:=.}"
mmsearch="$top_builddir/mmsearch"
mmreport="$top_builddir/mmreport"
. "$top_srcdir/tests/common/tap.sh"
dir=tests/tune/dgemmstep.$$
tap_scratch "$dir"
echo "1..33"

. "$top_srcdir/tests/tune/tinysearch.sh"

search() {
    log=$1; shift
    run_mmsearch "$log" --level=quick --isa=none --nb=24 --ku=1 --fma=1 \
        --ff=0 --if=2 --nf=2 --ncnb=24 --pin=K_CROSSOVER=4 --pin=MC=60 \
        --pin=KC=200 --pin=NC=400 --test-timing=fake "$@"
}
key() { sed -n "s/^$2 = \([^ ]*\).*/\1/p" "$dir/$1.params"; }
field() { echo "$1" | tr ' ' '\n' | sed -n "s/^$2=//p" | head -1; }
chosen() { grep "^chosen name=$2 " "$dir/$1"; }
# kernels LOG STEP ROUND: the MU:NU:CC:PF of STEP's cand lines of ROUND
# (ref=0), one a line, sorted
kernels() {
    grep "^cand step=$2 round=$3 ref=0 " "$dir/$1" | awk '{
        for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
        print v["mu"] ":" v["nu"] ":" v["cc"] ":" v["pf"] }' | sort -u
}
tile() { c=$(chosen "$1" "$2"); echo "$(field "$c" mu):$(field "$c" nu)"; }
# upto LOG: a.log up to the step dgemm into LOG, as a search killed
# there would leave it (a run on it times the step only)
upto() { sed '/^step name=dgemm /,$d' "$dir/a.log" > "$dir/$1"; }

search a.log
rc=$?
ncand=$(sed -n 's/^step name=dgemm sets=KERNEL,CC n=\([0-9]*\) .*/\1/p' \
    "$dir/a.log")
screened=$(kernels a.log dgemm 0)
if [ $rc -eq 0 ] && "$mmsearch" --check-log="$dir/a.log" > /dev/null \
        && [ -n "$ncand" ] && [ "$ncand" -ge 2 ] \
        && [ "$(echo "$screened" | wc -l)" -eq "$ncand" ] \
        && [ "$(grep -c '^cand step=dgemm round=0 ref=0 nc=400 ' \
            "$dir/a.log")" -eq "$ncand" ] \
        && grep -q '^chosen name=dgemm by=[a-z]* nc=400 ' "$dir/a.log" \
        && [ "$(grep -n '^step name=' "$dir/a.log" | sed 's/ sets.*//' \
            | sed 's/.*name=//' | grep -A1 '^cc$' | tail -1)" = dgemm ]; then
    pass "the step dgemm follows cc: $ncand candidates, each the whole DGEMM"
else
    fail "the step: exit $rc, n=$ncand: $screened $(tail -3 "$dir/a.log.err")"
fi

# The step's incumbent (the kernel steps' winner) is also its round
# reference: each round times that build once, as the reference (ref=1),
# and the incumbent's line of the round is that timing (twin=1, secs=0,
# the same MFLOPS), not a second timing of it; the summary counts the
# timings alone.
twins=$(grep '^cand step=dgemm round=[1-9]' "$dir/a.log" | awk '{
    for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
    if (v["ref"] == 1) ref[v["round"]] = v["mflops"]
    else if (v["twin"] == 1) { tw[v["round"]] = v["mflops"]
                               if (v["secs"] != "0.00") bad++ }
    split("", v) } END {
    for (r in tw) if (tw[r] != ref[r]) bad++
    n = 0; for (r in ref) n++
    for (r in ref) if (!(r in tw)) bad++
    print n + 0, bad + 0 }')
if [ "${twins% *}" -ge 1 ] && [ "${twins#* }" = 0 ] \
        && summary a.log | grep -q " timed=$(timings a.log) "; then
    pass "the incumbent is the round reference: one timing a round, its \
line the reference's (${twins% *} rounds), the summary counts timings"
else
    fail "the reference's twin: rounds and mismatches '$twins'; \
$(summary a.log | grep -o ' timed=[0-9]*') for $(timings a.log) timings"
fi

# Its drivers, one per kernel and compiler: the first compiles every
# object; every later one takes from the object cache what preprocessed
# the same (tune/objcache.h: at least the sources that do not read the
# kernel's header), whatever its compiler, for only the kernels are
# compiled with the candidate's (the rest with every step's, as the
# library's build does), and its DGEMM passed the check above like the
# others'.
built=$(sed -n "s/.*CC=\([a-z]*\): the library's driver built in [0-9.]* s \
(\([0-9]*\) of [0-9]* objects reused;.*/\1 \2/p" "$dir/a.log.out")
first=$(echo "$built" | head -1)
none=$(echo "$built" | sed 1d | awk '$2 == 0' | head -1)
compilers=$(echo "$built" | awk '{ print $1 }' | sort -u | tr '\n' ' ')
if [ "$(echo "$built" | wc -l)" -ge 2 ] && [ "${first#* }" = 0 ] &&
   [ -z "$none" ]; then
    pass "the drivers share objects: the first reused none, every later \
one some (compilers: $compilers)"
else
    fail "the drivers' objects: $(echo "$built" | tr '\n' ';')"
fi

# The step's drivers are built in one batch (tune/blocks.h): a driver
# that cannot be built (its edge kernel's compile fails, planted by a
# gcc wrapper for the 3 x 4 tile alone: the winner's, the batch's first,
# whose library objects the others take, its object cache empty) fails
# its candidate alone, and the others of the batch are built, timed and
# chosen from.
upto nodrv.log
mkdir -p "$dir/failcc" || exit 99
printf '#!/bin/sh\ncase " $* " in *" -c "*) for a in "$@"; do
    case $a in */driver*/mml_kedge.c) grep -q "[.]mu = 3, [.]nu = 4," "$a" &&
        { echo "$a: error: planted"; exit 1; } ;; esac; done ;; esac
exec %s "$@"\n' "'$(command -v gcc)'" > "$dir/failcc/gcc" &&
    chmod +x "$dir/failcc/gcc" || exit 99
PATH="$(cd "$dir/failcc" && pwd):$PATH" search nodrv.log \
    --object-cache="$dir/nodrv.objects"
rc=$?
bad=$(grep '^cand step=dgemm round=0 ref=0 .* mu=3 nu=4 .* cc=gcc ' \
    "$dir/nodrv.log")
all=$(grep -c '^cand step=dgemm round=0 ref=0 ' "$dir/nodrv.log")
ok=$(grep '^cand step=dgemm round=0 ref=0 ' "$dir/nodrv.log" \
    | grep -c 'verdict=ok')
together=$(grep -c "driver built in .* one of [0-9]* built together" \
    "$dir/nodrv.log.out")
chose=$(chosen nodrv.log dgemm)
if [ $rc -eq 0 ] && echo "$bad" | grep -q 'verdict=compile-error .*planted' \
        && [ "$ok" -ge 1 ] && [ "$ok" -eq $((all - 1)) ] \
        && [ "$together" -ge 1 ] \
        && grep -q "MU=3 NU=4 .*CC=gcc: .*driver NOT built .*planted" \
            "$dir/nodrv.log.out" \
        && [ -n "$chose" ] \
        && [ "$(field "$chose" mu):$(field "$chose" nu):$(field "$chose" cc)" \
            != 3:4:gcc ]; then
    pass "a driver that cannot be built fails its candidate alone: the \
$ok others of its batch built, timed, \
$(field "$chose" mu) x $(field "$chose" nu) $(field "$chose" cc) chosen"
else
    fail "a failed driver in the batch: exit $rc, $ok of $all ok, \
$together built together, $bad $(grep driver "$dir/nodrv.log.out")"
fi

# Its candidates: every finalist of the cc step (kernel and compiler),
# and the munu step's best other tile with the winner's compiler.
missing=
for k in $(kernels a.log cc 1) "$(tile a.log cc):$(field \
        "$(chosen a.log cc)" cc):1"; do
    echo "$screened" | grep -qx "$k" || missing="$missing $k"
done
others=$(echo "$screened" | grep -vc "^$(tile a.log cc):")
if [ -z "$missing" ] && [ "$others" -ge 1 ]; then
    pass "the cc finalists and $others other tile(s): $(echo $screened)"
else
    fail "candidates $(echo $screened): missing$missing, $others others"
fi

# params.conf and the summary get the kernel and compiler it chose.
c=$(chosen a.log dgemm)
if [ "$(key a.log MU):$(key a.log NU):$(key a.log CC)" = \
        "$(field "$c" mu):$(field "$c" nu):$(field "$c" cc)" ] \
        && grep -q "^summary .* mu=$(field "$c" mu) nu=$(field "$c" nu) \
.* cc=$(field "$c" cc) " "$dir/a.log"; then
    pass "params.conf: MU=$(key a.log MU) NU=$(key a.log NU) CC=$(key a.log \
CC), the dgemm step's"
else
    fail "params.conf $(key a.log MU):$(key a.log NU):$(key a.log CC), \
chosen $c"
fi

# planted LOG WHY PERTURB...: the chosen tile t built wrong in LOG (a
# search from a.log's steps before dgemm, with --test-perturb=PERTURB
# and t's MU and NU): passes when t's candidates are all rejected as
# wrong, WHY beginning their why, and another tile is chosen, the one
# params.conf gets.
planted() {
    log=$1 why=$2; shift 2
    upto "$log"
    opts=
    for p in "$@"; do opts="$opts --test-perturb=$p"; done
    # shellcheck disable=SC2086
    search "$log" --test-perturb=MU=${t%:*} --test-perturb=NU=${t#*:} $opts
    lines=$(grep "^cand step=dgemm round=0 .* mu=${t%:*} nu=${t#*:} " \
        "$dir/$log")
    wrong=$(echo "$lines" | grep -c "verdict=wrong .*why=$why")
    right=$(echo "$lines" | grep -c 'verdict=ok')
    chose=$(tile "$log" dgemm)
    [ "$wrong" -ge 1 ] && [ "$right" -eq 0 ] && [ "$chose" != "$t" ] \
        && [ "$(key "$log" MU):$(key "$log" NU)" = "$chose" ] && return 0
    echo "# planted in $t: $wrong wrong, $right ok, chosen $chose"
    return 1
}

# The chosen tile's full kernels built wrong (M=60 is only theirs): the
# DGEMM check fails them, and the step chooses another tile.
t=$(tile a.log dgemm)
if planted bad.log 'the whole DGEMM at M=' M=60; then
    pass "a wrong DGEMM ($t) is rejected, $(tile bad.log dgemm) chosen"
else
    fail "a planted wrong DGEMM went by"
fi

# The chosen tile's small-problem path built wrong (the driver's
# non-copy kernels, COPY=0, are only it): the DGEMM check, which runs
# that path too, fails every candidate of the tile, and the step
# chooses another; its lines say which path was wrong.
if planted badnc.log 'the small-problem path at M=' COPY=0; then
    pass "a wrong small path ($t) is rejected, $(tile badnc.log dgemm) chosen"
else
    fail "a planted wrong small path went by"
fi

# Killed (SIGKILL) inside the step, after two of its timings, then
# resumed: only what the log lacks is timed, each timing once, the same
# decision.
total=$(cands a.log)
upto cut.log
cut=$(($(timings cut.log) + 2))
search cut.log --test-stop-after=2
rc=$?
held=$(timings cut.log)
if [ $rc -ne 0 ] && [ "$held" -eq "$cut" ] && search cut.log \
        && summary cut.log | grep -q " timed=$(($(timings a.log) - cut)) " \
        && [ "$(cands cut.log)" -eq "$total" ] \
        && [ "$(grep '^cand ' "$dir/cut.log" | sed 's/ secs=.*//' | sort \
            | uniq -d | wc -l)" -eq 0 ] \
        && [ "$(chosen cut.log dgemm)" = "$c" ] \
        && [ "$(grep -c '^chosen name=dgemm ' "$dir/cut.log")" -eq 1 ] \
        && [ "$(key cut.log MU):$(key cut.log NU):$(key cut.log CC)" = \
            "$(key a.log MU):$(key a.log NU):$(key a.log CC)" ]; then
    pass "killed in dgemm after $cut timings, resumed: the same decision"
else
    fail "resume: exit $rc, $held held, $(summary cut.log) \
$(chosen cut.log dgemm)"
fi

# The kernel and CC pinned: one candidate, the step skipped, saying so.
cc0=$(key a.log CC)
if search pin.log --mu=2 --nu=4 --ls=1 --pin=CC="$cc0" \
        && grep -q "^skip name=dgemm why=pinned: ISA=none MU=2 NU=4 .*\
CC=$cc0 (one candidate)" "$dir/pin.log" \
        && ! grep -q '^cand step=dgemm ' "$dir/pin.log"; then
    pass "the kernel and CC pinned: skipped, one candidate"
else
    fail "pinned: $(grep 'name=dgemm' "$dir/pin.log")"
fi

for opt in --skip-blocks --skip-dgemm; do
    if search skip.log $opt \
            && grep -q "^skip name=dgemm why=$opt: the kernel the kernel \
steps chose is kept" "$dir/skip.log" \
            && ! grep -q '^cand step=dgemm ' "$dir/skip.log" \
            && ! grep -q '^PFB' "$dir/skip.log.params" \
            && [ "$(key skip.log MU):$(key skip.log NU):$(key skip.log CC)" \
                = "$(tile skip.log cc):$(field "$(chosen skip.log cc)" cc)" ]
    then
        pass "$opt skips the step: the kernel steps' kernel is kept, no \
PFB written (the library's model's)"
    else
        fail "$opt: $(grep 'name=dgemm' "$dir/skip.log")"
    fi
    rm -f "$dir/skip.log"
done

# mmreport: the step's table, the compiler column, the chosen one marked.
if "$mmreport" --log="$dir/a.log" > "$dir/report" 2> "$dir/err" \
        && grep -q "^step dgemm (KERNEL,CC): $ncand candidates" "$dir/report" \
        && sed -n '/^step dgemm /,/^  chosen/p' "$dir/report" \
            | grep -q "^  \* .* ok " \
        && grep -q "^  chosen: .*CC=$(field "$c" cc)" "$dir/report" \
        && awk 'length > 80 { exit 1 }' "$dir/report"; then
    pass "mmreport prints the step dgemm"
else
    fail "mmreport: $(cat "$dir/err") $(sed -n '/^step dgemm/,/chosen/p' \
        "$dir/report")"
fi

# The step's other tile (quick: one) is of the kernel steps' winner's MU
# with another NU, the best the munu step screened: the neighbour a
# screen in L1 compresses most (stepdgemm.c, other_tile).
w=$(chosen a.log cc)
wmu=$(field "$w" mu) wnu=$(field "$w" nu)
near=$(grep '^cand step=munu round=0 ref=0 ' "$dir/a.log" \
    | grep " mu=$wmu " | grep -v " nu=$wnu " | grep ' verdict=ok ' \
    | awk '{ for (i = 1; i <= NF; i++) { if ($i ~ /^nu=/) n = substr($i, 4)
           if ($i ~ /^mflops=/) f = substr($i, 8) }; print f, n }' \
    | sort -g | tail -1 | cut -d' ' -f2)
if [ -n "$near" ] && echo "$screened" | grep -q "^$wmu:$near:"; then
    pass "the dgemm step times the winner's MU with NU=$near (the \
winner's $wmu x $wnu): $(echo "$screened" | tr '\n' ' ')"
else
    fail "no neighbour of the winner's MU $wmu (best other NU '$near') \
among $(echo "$screened" | tr '\n' ' ')"
fi

# A --candidate params.conf (a tile none of the steps has: 2 x 2; 3 x 3,
# the winner's MU, is the step's own since 2026-12-01): its kernel joins
# the step's candidates with its compiler, and the step line names the
# file; only the step is timed again.
sed -e 's/^MU = [0-9]*/MU = 2/' -e 's/^NU = [0-9]*/NU = 2/' \
    "$dir/a.log.params" > "$dir/c.params"
upto cand.log
if ! echo "$screened" | grep -q '^2:2:' \
        && ! grep -q '^cand step=munu .* mu=2 nu=2 ' "$dir/a.log" \
        && search cand.log --candidate="$dir/c.params" \
        && grep -q "^step name=dgemm .*; --candidate $dir/c.params: \
ISA=none MU=2 NU=2 .*CC=$(key a.log CC)" "$dir/cand.log" \
        && kernels cand.log dgemm 0 \
            | grep -qx "2:2:$(key a.log CC):$(key a.log PF)"; then
    pass "a --candidate file's kernel is a candidate: \
$(kernels cand.log dgemm 0 | tr '\n' ' ')"
else
    fail "--candidate: $(grep '^step name=dgemm' "$dir/cand.log") \
$(tail -2 "$dir/cand.log.err")"
fi

# A file that is no params.conf: bad usage, the file and line named.
search nofile.log --candidate="$dir/probe.conf"
rc=$?
if [ $rc -eq 2 ] && grep -q "^mmsearch: --candidate: $dir/probe.conf:[0-9]*: " \
        "$dir/nofile.log.err"; then
    pass "a bad --candidate file is refused (exit 2, file:line)"
else
    fail "bad --candidate: exit $rc: $(cat "$dir/nofile.log.err")"
fi

# The step pf follows dgemm: the kernel dgemm chose (the kernel steps'
# start from PF=1) and its twin with PF=0, as whole DGEMMs (the first's
# screening is dgemm's, reused: round 1 has both); params.conf's PF is
# the one it chose, and so is the chosen line's kernel.
d=$(chosen a.log dgemm)
win="$(field "$d" mu):$(field "$d" nu):$(field "$d" cc)"
pfc=$(chosen a.log pf)
if [ "$(grep -n '^step name=' "$dir/a.log" | sed 's/ sets.*//' \
        | sed 's/.*name=//' | grep -A1 '^dgemm$' | tail -1)" = pf ] \
        && [ "$(kernels a.log pf 1 | tr '\n' ' ')" = "$win:0 $win:1 " ] \
        && [ -n "$pfc" ] && [ "$(key a.log PF)" = "$(field "$pfc" pf)" ] \
        && [ "$(field "$pfc" mu):$(field "$pfc" nu):$(field "$pfc" cc)" \
            = "$win" ]; then
    pass "the step pf: $win with PF=0 and 1, PF=$(key a.log PF) chosen"
else
    grep "step=pf\|name=pf" "$dir/a.log" | cut -c1-200 | sed "s/^/# /"
    fail "pf: $(kernels a.log pf 1 | tr '\n' ' ') for $win; chosen $pfc; \
params.conf PF=$(key a.log PF)"
fi

# The step pf times the level's square sizes alone (quick: 1000), on
# the packed path its prefetches are generated in; the step dgemm before
# it times the small size and the narrow shapes too, and the step small
# after it the few rows at the level's L (set back after pf).  So the PF
# twin's driver takes the reference's non-copy kernels (PF=1), which no
# size it times runs, and compiles its edge kernel alone (timing.c,
# nc_pf).
whys() { grep "^cand step=$2 .* verdict=ok " "$dir/$1" \
    | sed 's/.* why=//' | sed 's/:[0-9.]*//g' | sort -u | tr '\n' '|'; }
twin=$(sed -n '/^pf: [0-9]* candidates/,/^pf: /p' "$dir/a.log.out" \
    | grep " PF=0 .*: the library's driver built ")
if [ "$(whys a.log pf)" = "N=1000|" ] \
        && whys a.log dgemm | grep -q 'small=200 skinny=1000x32x1000' \
        && whys a.log small | grep -q 'skinny=64x1000x1000' \
        && grep -q '^step name=pf .*; square N=1000, operands flushed' \
            "$dir/a.log" \
        && echo "$twin" | grep -q "kernels compiled: kedge; non-copy \
kernels at PF=1, which no size timed runs)"; then
    pass "the step pf: the packed path's squares alone, the shapes back \
after; its PF twin compiles its edge kernel alone"
else
    fail "pf's sizes: '$(whys a.log pf)'; dgemm '$(whys a.log dgemm)'; \
the PF twin's driver: '$twin'"
fi

# The step pf starts from PF=1 whatever the dgemm step chose: a
# --candidate file with PF = 0 (as the defaults written before PF read)
# whose kernel wins the step (1 x 4 with gcc: the fake landscape, which
# leaves PF out, ranks it first) ties with its PF=1 twin at the same
# median, where the step's tie rule prefers PF=1, the library model's
# (a tie had kept the file's untried PF=0).
sed -e 's/^MU = [0-9]*/MU = 1/' -e 's/^NU = [0-9]*/NU = 4/' \
    -e 's/^PF = [0-9]*/PF = 0/' -e 's/^CC = [a-z]*/CC = gcc/' \
    -e 's/^MC = [0-9]*/MC = 72/' "$dir/a.log.params" > "$dir/pf0.params"
upto pf0.log
search pf0.log --candidate="$dir/pf0.params"
d=$(chosen pf0.log dgemm)
pfc=$(chosen pf0.log pf)
if [ "$(field "$d" mu):$(field "$d" nu):$(field "$d" pf)" = 1:4:0 ] \
        && [ "$(field "$pfc" pf)" = 1 ] && [ "$(key pf0.log PF)" = 1 ] \
        && [ "$(field "$pfc" mu):$(field "$pfc" nu)" = 1:4 ]; then
    pass "the step pf starts from PF=1: the file's 1:4 PF=0 won dgemm, \
the tie keeps PF=1"
else
    fail "pf from a PF=0 winner: dgemm chose $d; pf chose $pfc; \
params.conf PF=$(key pf0.log PF)"
fi

# There NCNB and K_CROSSOVER were pinned: params.conf keeps them beside
# the file's kernel, the user's values.  The step seeds timed the file's
# whole set with the pinned blocking (MC=60 KC=200 NC=400), not the
# file's MC=72.
d=$(chosen pf0.log dgemm)
if [ "$(field "$d" mu):$(field "$d" nu)" = 1:4 ] \
        && [ "$(key pf0.log NCNB)" = 24 ] \
        && [ "$(key pf0.log K_CROSSOVER)" = 4 ] \
        && ! grep -q '^note why=the search ended on another kernel' \
            "$dir/pf0.log" \
        && grep -q '^step name=seeds sets=ALL n=2 ' "$dir/pf0.log" \
        && ! grep '^cand step=seeds ' "$dir/pf0.log" \
            | grep -qv ' nc=400 .* m=60 n=[0-9]* k=200 '; then
    pass "pinned NCNB and K_CROSSOVER stay beside the file's kernel; \
the step seeds keeps the pins"
else
    fail "pinned NCNB $(key pf0.log NCNB), K_CROSSOVER \
$(key pf0.log K_CROSSOVER)"
fi

# No kernel step timed that winner (the file's): it was timed at the end,
# the best of five.  Rerun on the same log, the search takes those
# timings from it, times nothing, and writes the same MFLOPS and the
# same note of the five (it had taken the first of them, found as if a
# screen timing, and said nothing of them).
first=$(key pf0.log MFLOPS)
search pf0.log --candidate="$dir/pf0.params"
if [ "$(grep -c '^cand step=winner ' "$dir/pf0.log")" -eq 5 ] \
        && summary pf0.log | grep -q ' timed=0 ' \
        && [ "$(grep -c "^note why=the winner, .*no step timed it: timed \
5 times" "$dir/pf0.log")" -eq 2 ] \
        && [ -n "$first" ] && [ "$(key pf0.log MFLOPS)" = "$first" ]; then
    pass "a rerun takes the winner's five end timings from the log: \
MFLOPS $first again, nothing timed"
else
    fail "rerun: MFLOPS '$(key pf0.log MFLOPS)' (was '$first'), \
$(grep -c '^cand step=winner ' "$dir/pf0.log") winner timings, \
$(summary pf0.log | grep -o ' timed=[0-9]*')"
fi

# Those five: four taken after the steps ncnu, mc, kc and nc (the
# last three pinned there: a real timing would wait out the gap, a fake
# one does not), the fifth after the step small, before the step seeds,
# under one header of the step winner.
small=$(grep -n '^step name=small ' "$dir/pf0.log" | head -1 | cut -d: -f1)
before=$(grep -n '^cand step=winner ' "$dir/pf0.log" \
    | awk -F: -v s="$small" '$1 < s' | wc -l)
if [ -n "$small" ] && [ "$before" -eq 4 ] \
        && [ "$(grep -c '^step name=winner ' "$dir/pf0.log")" -eq 1 ] \
        && grep -q '^cand step=winner round=4 ' "$dir/pf0.log"; then
    pass "the winner's first four timings come between the blocks steps"
else
    fail "the winner's timings: $before before the step small (line \
$small), $(grep -c '^step name=winner ' "$dir/pf0.log") headers"
fi

# Searched, they belong to the kernel the steps ncnb and kclean searched
# with (2 x 4): when the step dgemm takes the file's 1 x 4, params.conf
# leaves them out and the log says why.
# search_free LOG [OPTION...]: search's run with NCNB and K_CROSSOVER
# searched, not pinned
search_free() {
    log=$1; shift
    run_mmsearch "$log" --level=quick --isa=none --nb=24 --ku=1 --fma=1 \
        --ff=0 --if=2 --nf=2 --pin=MC=60 --pin=KC=200 --pin=NC=400 \
        --test-timing=fake "$@"
}
search_free free.log --candidate="$dir/pf0.params"
d=$(chosen free.log dgemm)
m=$(chosen free.log munu)
if [ "$(field "$d" mu):$(field "$d" nu)" = 1:4 ] \
        && [ "$(field "$m" mu):$(field "$m" nu)" != 1:4 ] \
        && grep -q '^chosen name=ncnb ' "$dir/free.log" \
        && grep -q '^chosen name=kclean ' "$dir/free.log" \
        && [ -z "$(key free.log NCNB)" ] \
        && [ -z "$(key free.log K_CROSSOVER)" ] \
        && grep -q '^note why=the search ended on another kernel' \
            "$dir/free.log"; then
    pass "the file's kernel taken: the searched NCNB and K_CROSSOVER left \
out of params.conf"
else
    fail "dgemm chose $(field "$d" mu):$(field "$d" nu) over the munu \
step's $(field "$m" mu):$(field "$m" nu); NCNB '$(key free.log NCNB)' \
K_CROSSOVER '$(key free.log K_CROSSOVER)'"
fi

# Without the file the step keeps the kernel steps' winner, and with it
# the NCNB and K_CROSSOVER found for it.
search_free kept.log
d=$(chosen kept.log dgemm)
m=$(chosen kept.log munu)
if [ "$(field "$d" mu):$(field "$d" nu)" = \
        "$(field "$m" mu):$(field "$m" nu)" ] \
        && [ "$(key kept.log NCNB)" = "$(field "$(chosen kept.log ncnb)" \
            ncnb)" ] && [ -n "$(key kept.log NCNB)" ] \
        && [ -n "$(key kept.log K_CROSSOVER)" ] \
        && ! grep -q '^note why=the search ended on another kernel' \
            "$dir/kept.log"; then
    pass "the kernel steps' winner kept: NCNB $(key kept.log NCNB) and \
K_CROSSOVER $(key kept.log K_CROSSOVER) stay"
else
    fail "kept: dgemm $d; NCNB '$(key kept.log NCNB)' K_CROSSOVER \
'$(key kept.log K_CROSSOVER)'"
fi

# The first --candidate file's kernel is the step's incumbent and every
# round's reference, but a tie does not keep it: the step's kernel in
# a.log with PF = 0 measures the same as with PF = 1 (a candidate again)
# in the fake landscape, which leaves PF out, and the step takes the
# highest median (either: no preference in this step), naming both
# twins, not the incumbent.
sed -e 's/^PF = [0-9]*/PF = 0/' "$dir/a.log.params" > "$dir/kept.params"
upto kept.log
search kept.log --candidate="$dir/kept.params"
d=$(chosen kept.log dgemm)
w=$(chosen a.log dgemm)
t="MU=$(field "$w" mu) NU=$(field "$w" nu)[^,;]*" c="PFB=0 CC=$(field "$w" cc)"
if [ "$(field "$w" pf)" = 1 ] \
        && echo "$d" | grep -q "the highest median is taken, .* PF=[01] \
PFB=0 CC=[a-z]*: a finalist measured slower never wins a tie$" \
        && echo "$d" | grep -q "$t PF=0 $c" \
        && echo "$d" | grep -q "$t PF=1 $c" \
        && ! echo "$d" | grep -q incumbent \
        && [ "$(field "$d" mu):$(field "$d" nu):$(field "$d" cc)" \
            = "$(field "$w" mu):$(field "$w" nu):$(field "$w" cc)" ] \
        && [ "$(field "$d" by)" = tie ] \
        && grep -q "^step name=dgemm .*the reference of every round: the \
first --candidate file's .* PF=0 " "$dir/kept.log"; then
    pass "the first --candidate file's kernel (PF=0) is the reference; a \
tie takes the highest median, not the incumbent"
else
    fail "kept: a.log chose $w; with the file, $d"
fi

# On a SIMD ISA (sse2, which every x86-64 has) the step pf times a third
# twin, PFB flipped: the kernel with PF=1 PFB=1 (the library model's
# start), with PF=0, and with PFB=0 (screened in the step dgemm, which
# timed the kernel steps' PFB=0: its lines are in the rounds after the
# screen); params.conf's PFB is the chosen line's.  The scalar searches
# above have no PFB twin (mmgen refuses PFB there); a.log's step pf ran
# and wrote its PFB = 0, and --skip-dgemm (no step pf) writes no PFB,
# which leaves the library its model's (the skip tests above).
case $(uname -m) in
x86_64|i?86)
    # the tile and compiler pinned: the munu and cc steps, which this
    # test does not read, were half of its search's time
    simd_search() {
        run_mmsearch simd.log --level=quick --isa=sse2 --nb=24 --mu=6 \
            --nu=3 --ku=1 --fma=1 --ff=0 --if=2 --nf=2 --ncnb=24 \
            --pin=CC=gcc --pin=K_CROSSOVER=4 --pin=MC=60 --pin=KC=200 \
            --pin=NC=400 --test-timing=fake
    }
    simd_search
    pk=$(grep "^cand step=pf round=[0-9]* ref=0 " "$dir/simd.log" | awk '{
        for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
        print v["pf"] ":" v["pfb"] }' | sort -u | tr '\n' ' ')
    pfc=$(chosen simd.log pf)
    if grep -q '^step name=pf sets=PF,PFB n=3 ' "$dir/simd.log" \
            && [ "$pk" = "0:1 1:0 1:1 " ] && [ -n "$pfc" ] \
            && [ "$(key simd.log PFB)" = "$(field "$pfc" pfb)" ] \
            && [ "$(key simd.log PF)" = "$(field "$pfc" pf)" ] \
            && [ "$(key a.log PFB)" = 0 ]; then
        pass "the step pf on sse2: PF:PFB $pk timed, PF=$(key simd.log PF) \
PFB=$(key simd.log PFB) chosen"
    else
        tail -3 "$dir/simd.log.err" | sed "s/^/# /"
        fail "pf on sse2: PF:PFB timed '$pk'; chosen $pfc; params.conf \
PF=$(key simd.log PF) PFB=$(key simd.log PFB)"
    fi ;;
*)
    n=$((n + 1)); echo "ok $n # SKIP $(uname -m) has no sse2 kernels" ;;
esac

# The step ncnu on sse2: the 6 x 3 kernel's small path runs a tile cut to
# two vectors' rows, 4 x 3, whose registers hold a wider power of two NU,
# 4 (2 x 4 + 2 + 1 = 11 of 16; 8 needs 19): two candidates, each timed as
# the whole DGEMM at the warm sizes on the small path beside the flushed
# ones, and params.conf's NCNU the chosen one's (0: the kernel's NU).
# Its NCNU=4 driver compiles no edge kernel: NCNU is not in that
# kernel's code, nor, since tune/blocks.c writes it alike, in its text.
# Rerun on its log, the search reads the lines back (ncnu=4 among them:
# a line leaves NCNU = 0 out) and times nothing; mmreport's table of the
# step has the NCNU column.
case $(uname -m) in
x86_64|i?86)
    ncdrv=$(grep "NCNU=4 .*the library's driver built .*kernels compiled: " \
        "$dir/simd.log.out")
    nc=$(chosen simd.log ncnu)
    want=$(field "$nc" ncnu)     # a line leaves NCNU = 0 out
    wide=$(grep -c "^cand step=ncnu .* ncnu=4 .*why=N=16w:[0-9.]* \
N=32w:[0-9.]* N=64w:[0-9.]* N=100w:[0-9.]* N=200:[0-9.]* N=100:.* \
small=16w,32w,64w,100w,200,100" "$dir/simd.log")
    if grep -q '^step name=ncnu sets=NCNU n=2 ' "$dir/simd.log" \
            && [ "$wide" -ge 1 ] && [ -n "$nc" ] && [ -n "$ncdrv" ] \
            && ! echo "$ncdrv" | grep -q 'compiled: .*kedge' \
            && [ "$(key simd.log NCNU)" = "${want:-0}" ] \
            && simd_search && summary simd.log | grep -q ' timed=0 ' \
            && [ "$(key simd.log NCNU)" = "${want:-0}" ] \
            && "$mmreport" --log="$dir/simd.log" > "$dir/simd.report" \
            && grep -A14 '^step ncnu (NCNU): 2 candidates' \
                "$dir/simd.report" | grep -q \
                '^  reference (the incumbent): NCNU=0, median'; then
        pass "the step ncnu on sse2: NU 3 and 4 timed warm and flushed, read \
back, in mmreport's NCNU column, \
NCNU=$(key simd.log NCNU) chosen; no edge kernel compiled for NCNU=4"
    else
        fail "ncnu on sse2: $wide NCNU=4 timings at the warm sizes; chosen \
'$nc'; params.conf NCNU '$(key simd.log NCNU)'; its driver: \
'${ncdrv#*reused; }'; rerun \
$(summary simd.log | grep -o ' timed=[0-9]*')"
    fi ;;
*)
    n=$((n + 1)); echo "ok $n # SKIP $(uname -m) has no sse2 kernels" ;;
esac

# PF pinned (--pf=0) on a scalar ISA: the step pf has no twin left (PF
# pinned, no PFB on ISA=none), skips saying so, and params.conf keeps the
# pinned PF = 0 (the step's start of PF=1 takes the pins).
search pfpin.log --pf=0
if grep -q "^skip name=pf why=one candidate: PF pinned, and no PFB twin \
on ISA=none" "$dir/pfpin.log" && [ "$(key pfpin.log PF)" = 0 ]; then
    pass "PF pinned to 0 on ISA=none: the step pf skips, params.conf PF = 0"
else
    fail "PF pinned: $(grep 'name=pf' "$dir/pfpin.log" | cut -c1-160); \
params.conf PF=$(key pfpin.log PF)"
fi

# ISAs of the same peak: where probe.conf's SIMD_DOUBLES is 1, scalar and
# sse2 kernels reach the same flops a cycle, and when the isa step's
# rounds tie them in L1 the dgemm step also times the kernel steps'
# winner on the other one (stepdgemm.c, isa_twins: the AVX-512 Zen 4
# guest's search without seeds took avx2 on such a tie, and its library
# ran 0.84-0.97 of the avx512 one); when they beat it, or at
# SIMD_DOUBLES = 2 (the scalar ISA narrower than a vector), no twin.
# The fake landscape beats the other ISA; tied_isa puts a tie in the
# log, which a run resumes.  MU, NU and CC pinned (MU = 4: scalar or
# two sse2 vectors), PF and PFB too (the step pf skipped).
# isas LOG: the dgemm step's ISAs of round 0, sorted, one a line
isas() {
    grep "^cand step=dgemm round=0 " "$dir/$1" | tr ' ' '\n' \
        | sed -n 's/^isa=//p' | sort -u
}
isa_won() { sed -n 's/^chosen name=isa .* isa=\([a-z0-9]*\) .*/\1/p' \
    "$dir/$1"; }
# tied_isa LOG OUT: LOG up to the step dgemm, its isa step's rounds
# replaced by five that tie: the reference (and its twin line) at 2000
# MFLOPS, the other finalist crossing it (median 1.01 when it won, else
# 0.99: the winner stays), the step's old decision left out
tied_isa() {
    sed '/^step name=dgemm /,$d' "$dir/$1" | awk -v win="$(isa_won "$1")" '
    BEGIN { split("1.02 0.99 1.01 0.995 1.015", up, " ")
            split("0.98 1.01 0.99 1.005 0.985", dn, " ") }
    /^cand step=isa round=1 / { t[++nt] = $0; next }
    /^cand step=isa round=[1-9]/ { next }
    /^chosen name=isa / {
        for (r = 1; r <= 5; r++)
            for (i = 1; i <= nt; i++) {
                l = t[i]; sub(/ round=1 /, " round=" r " ", l)
                f = l ~ / ref=1 / || l ~ / twin=1 / ? 1 \
                    : index(l, " isa=" win " ") ? up[r] : dn[r]
                sub(/ mflops=[0-9.]*/, sprintf(" mflops=%.1f", 2000 * f), l)
                print l
            }
        next }
    { print }' > "$dir/$2"
}
# peak_search CONF LOG [OPTION...]: the tiny space at CONF's peak
peak_search() {
    conf=$1 log=$2; shift 2
    "$mmsearch" --probe-conf="$dir/$conf" --log="$dir/$log" \
        --output="$dir/$log.params" --work-dir="$dir" --no-progress \
        --object-cache="$dir/objects" --level=quick --nb=24 --ku=1 \
        --fma=1 --ff=0 --if=2 --nf=2 --ncnb=24 --pf=1 --pfb=0 \
        --pin=K_CROSSOVER=4 --pin=MC=60 --pin=KC=200 --pin=NC=400 \
        --pin=SMALL_MAX=200 --pin=CC="$(key a.log CC)" --test-timing=fake \
        "$@" > "$dir/$log.out" 2> "$dir/$log.err"
}
case $(uname -m) in
x86_64|i?86)
    for sd in 1 2; do
        sed "s/^SIMD_DOUBLES = .*/SIMD_DOUBLES = $sd/" "$dir/probe.conf" \
            > "$dir/peak$sd.conf"
        peak_search "peak$sd.conf" "peak$sd.log" --mu=4 --nu=3
    done
    tied_isa peak1.log tie1.log
    peak_search peak1.conf tie1.log --mu=4 --nu=3
    w1=$(isa_won peak1.log) w2=$(isa_won peak2.log)
    if [ -n "$w1" ] && grep -q "^chosen name=isa by=won " "$dir/peak1.log" \
            && { [ "$(isas peak1.log)" = "$w1" ] \
                || grep -q '^skip name=dgemm why=one candidate' \
                    "$dir/peak1.log"; } \
            && grep -q "^chosen name=isa by=tie isa=$w1 " "$dir/tie1.log" \
            && [ "$(isas tie1.log | tr '\n' ' ')" = "none sse2 " ] \
            && grep "^cand step=dgemm round=0 " "$dir/tie1.log" \
                | grep -v " isa=$w1 " | grep -q ' mu=4 nu=3 ' \
            && [ -n "$w2" ] && { [ "$(isas peak2.log)" = "$w2" ] \
                || grep -q '^skip name=dgemm why=one candidate' \
                    "$dir/peak2.log"; }; then
        pass "SIMD_DOUBLES = 1: the dgemm step times the isa step's $w1 \
winner on the other ISA when that step tied them, not when it won; at 2 \
only $w2"
    else
        tail -2 "$dir/peak1.log.err" "$dir/tie1.log.err" \
            "$dir/peak2.log.err" | sed "s/^/# /"
        fail "twins: SIMD_DOUBLES=1 isa $w1, dgemm step's ISAs \
'$(isas peak1.log | tr '\n' ' ')', tied '$(isas tie1.log | tr '\n' ' ')'; \
SIMD_DOUBLES=2 isa $w2, '$(isas peak2.log | tr '\n' ' ')'"
    fi ;;
*)
    n=$((n + 1)); echo "ok $n # SKIP $(uname -m) has no sse2 kernels" ;;
esac

# The tile free (SIMD_DOUBLES = 1, the isa step tied): the other ISA's
# twin is also timed with the library model's tile for that ISA
# (kernels/libparams.c: sse2 4 x 4, scalar 4 x 2), which no kernel step
# screened: the isa step takes one ISA for all the steps after it.
case $(uname -m) in
x86_64|i?86)
    peak_search peak1.conf free0.log
    tied_isa free0.log free1.log
    peak_search peak1.conf free1.log
    w=$(isa_won free1.log)
    case $w in none) o=sse2 tile='mu=4 nu=4' ;; *) o=none tile='mu=4 nu=2' ;;
    esac
    if [ -n "$w" ] && grep "^cand step=dgemm round=0 ref=0 " \
            "$dir/free1.log" | grep " isa=$o " | grep -q " $tile "; then
        pass "the tile free: the dgemm step times the model's $tile on $o \
beside the $w winner"
    else
        tail -2 "$dir/free1.log.err" | sed "s/^/# /"
        fail "model tile twin: isa $w; $(grep "^cand step=dgemm round=0 \
ref=0 " "$dir/free1.log" | sed 's/.* isa=\([a-z0-9]*\) .* mu=\([0-9]*\) \
nu=\([0-9]*\) .*/\1:\2x\3/' | tr '\n' ' ')"
    fi ;;
*)
    n=$((n + 1)); echo "ok $n # SKIP $(uname -m) has no sse2 kernels" ;;
esac

# ku_search LOG NB [OPTION...]: the tiny space with MU, NU and the
# blocking pinned, KU free (the ku step's searches below)
ku_search() {
    log=$1 nb=$2; shift 2
    run_mmsearch "$log" --level=quick --isa=none --nb="$nb" --mu=4 --nu=3 \
        --fma=1 --ff=0 --if=2 --nf=2 --ncnb=24 --pin=K_CROSSOVER=4 \
        --pin=MC=60 --pin=KC=200 --pin=NC=400 --pin=SMALL_MAX=200 \
        --pin=CC="$(key a.log CC)" --test-timing=fake "$@"
}
# The winner with KU=1 beside it: the ku step times K = NB, and the
# library runs the kernel at K = KC and its edge kernel at the call's K
# (stepdgemm.c, ku_twin).  At NB = 12 the fake landscape's ku step takes
# KU = 8, the most the kernel steps offer (min(NB, 8): tune/ranges.c);
# the dgemm step then times KU = 1 too.
ku_search ku.log 12 --pf=1
kuw=$(sed -n 's/^chosen name=ku .* ku=\([0-9]*\) .*/\1/p' "$dir/ku.log")
kus=$(grep "^cand step=dgemm round=0 " "$dir/ku.log" | tr ' ' '\n' \
    | sed -n 's/^ku=//p' | sort -n | tr '\n' ' ')
kumax=$(grep "^cand " "$dir/ku.log" | tr ' ' '\n' | sed -n 's/^ku=//p' \
    | sort -n | tail -1)
if [ -n "$kuw" ] && [ "$kuw" != 1 ] && [ "$kus" = "1 $kuw " ] \
        && [ "$kumax" = 8 ]; then
    pass "the ku step's KU=$kuw: the dgemm step times KU=1 beside it; no \
candidate past KU = 8"
else
    tail -2 "$dir/ku.log.err" | sed "s/^/# /"
    fail "KU twin: the ku step took '$kuw', the dgemm step timed KU '$kus'; \
the largest KU timed '$kumax'"
fi
# A KU past 8 (pinned, or a --candidate file's) stays in the full kernel:
# the drivers' kernels with K at run time (the edge kernel, kncp; here
# the step pf's, the one step left that builds drivers) are built with
# KU = 8, as mmgen lowers it for the library (codegen/params.h).  A
# wrapper before the compilers records each one's descriptor KU.
mkdir -p "$dir/kurec" || exit 99
for c in gcc clang; do
    real=$(command -v "$c") || continue
    printf '#!/bin/sh\nfor a in "$@"; do case $a in */driver*/mml_k*.c)
    echo "${a##*/} $(grep -o "[.]ku = [0-9]*" "$a" | head -1)" \
        >> %s ;; esac; done\nexec %s "$@"\n' "'$dir/kurec.txt'" "'$real'" \
        > "$dir/kurec/$c" && chmod +x "$dir/kurec/$c" || exit 99
done
opath=$PATH
PATH="$(cd "$dir/kurec" && pwd):$PATH"
ku_search ku12.log 12 --ku=12
PATH=$opath
rt=$(grep -E '^mml_k(edge|ncp)[.]c ' "$dir/kurec.txt" 2>/dev/null \
    | sed 's/[.]c [.]ku = / /' | sort -u | tr '\n' ' ')
if grep -q '^chosen name=pf .* ku=12 ' "$dir/ku12.log" \
        && [ "$rt" = "mml_kedge 8 mml_kncp 8 " ]; then
    pass "KU = 12 pinned: the drivers' edge kernel and kncp built with \
KU = 8 (run-time K)"
else
    tail -2 "$dir/ku12.log.err" | sed "s/^/# /"
    fail "run-time K's KU in the drivers of KU = 12: built '$rt'"
fi
# Where the ku step takes KU = 1 (NB = 24 in the fake landscape), the
# dgemm step times KU = 8 beside it, the most the edge kernel unrolls
# (its best KU is the compiler's: stepdgemm.c).
ku_search ku8.log 24 --pf=1
ku1=$(sed -n 's/^chosen name=ku .* ku=\([0-9]*\) .*/\1/p' "$dir/ku8.log")
ku8=$(grep "^cand step=dgemm round=0 " "$dir/ku8.log" | tr ' ' '\n' \
    | sed -n 's/^ku=//p' | sort -n | tr '\n' ' ')
if [ "$ku1" = 1 ] && [ "$ku8" = "1 8 " ]; then
    pass "the ku step's KU=1: the dgemm step times KU=8 beside it"
else
    tail -2 "$dir/ku8.log.err" | sed "s/^/# /"
    fail "KU twin of KU=1: the ku step took '$ku1', the dgemm step timed \
KU '$ku8'"
fi
