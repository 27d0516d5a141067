#!/bin/sh
# make regtest: a real quick search (timed for real, SSE2 kernels, NB
# pinned) must not end slower than where it started, as the search's own
# paired rounds measure it: the median ratio to the round reference its
# decisions report (the leader's; a tie keeps one within the noise of
# it), of the last kernel step (against the fixed reference kernel, the
# first kernel, re-timed in every round) and of each whole-DGEMM step
# (against the kernel so far, or the blocking so far, at the model's
# blocking), each at least 0.9 (a search that picked a worse kernel or
# blocking by more than noise fails).  Paired ratios, not the winner's
# MFLOPS against the reference's median: the step dgemm may rightly take
# a kernel slower in L1 that runs the whole DGEMM faster, and the host's
# phases move unpaired figures by more than the margin (0.905 once in
# CI).  Decisions without a ratio (one candidate, none passed, the
# reference failed) are left out.  Up to three searches (fresh logs) on
# a busy machine; it fails when none could confirm, or when nothing was
# timed.
: "${top_builddir:=.}" "${top_srcdir:=.}"
mmsearch="$top_builddir/mmsearch"
dir=tests/tune/regtest.$$
mkdir -p "$dir" || exit 99
trap 'rm -rf "$dir"' EXIT
echo "1..3"
. "$top_srcdir/tests/tune/tinysearch.sh"     # misrouted

if ! grep -qw sse2 /proc/cpuinfo; then
    echo "ok 1 # SKIP this CPU has no SSE2"
    echo "ok 2 # SKIP this CPU has no SSE2"
    echo "ok 3 # SKIP this CPU has no SSE2"
    exit 0
fi

# the R of "why=median ratio to the reference R," on each line of stdin
ratio() {
    sed -n 's/.* why=median ratio to the reference \([0-9.]*\),.*/\1/p'
}

try=0 ok=0 said=""
while [ $try -lt 3 ] && [ $ok -eq 0 ]; do
    try=$((try + 1))
    log="$dir/search$try.log"
    if ! "$mmsearch" --level=quick --isa=sse2 --nb=24 \
            --probe-conf="$top_srcdir/tests/tune/probe.conf" --log="$log" \
            --output="$dir/params$try.conf" --work-dir="$dir" \
            --no-progress > "$dir/out" 2>&1; then
        said="search $try failed: $(tail -2 "$dir/out")"
        continue
    fi
    # "why=median ratio to the reference R," of each step's decision:
    # the last of the kernel steps' (copy=1 and no nc=: not the non-copy
    # kernel of step ncnb), and every whole-DGEMM step's (nc=)
    kern=$(grep '^chosen .* copy=1 ' "$log" | grep -v ' nc=' | ratio \
        | tail -1)
    whole=$(grep '^chosen .* nc=' "$log" | ratio | tr '\n' ' ')
    if [ -z "$kern" ] || [ -z "$whole" ]; then
        said="search $try: no paired ratio to check (kernel steps '$kern',"
        said="$said whole-DGEMM steps '$whole')"
        continue
    fi
    said="search $try: the last kernel step's decision at ${kern}x the"
    said="$said reference kernel, the whole-DGEMM steps' at ${whole% }x"
    said="$said theirs"
    echo "$kern $whole" | tr ' ' '\n' | grep . \
        | awk '$1 < 0.9 { bad = 1 } END { exit bad }' && ok=1
done
if [ $ok -eq 1 ]; then
    echo "ok 1 - a real quick search ends no slower than it began ($said)"
else
    echo "not ok 1 - $said"
fi
# A rerun on the last log times nothing and ends the same (resume holds
# for real timings as for the fake ones of make check).
winner() { grep -E '^(ISA|NB|MU|NU|KU|LS|FMA|FF|IF|NF) =' "$1"; }
if [ -f "$dir/params$try.conf" ] && "$mmsearch" --level=quick --isa=sse2 \
        --nb=24 --probe-conf="$top_srcdir/tests/tune/probe.conf" \
        --log="$log" --output="$dir/again.conf" --work-dir="$dir" \
        --no-progress > "$dir/out" 2>&1 \
        && grep '^summary ' "$log" | tail -1 | grep -q ' timed=0 ' \
        && [ "$(winner "$dir/again.conf")" = \
             "$(winner "$dir/params$try.conf")" ]; then
    echo "ok 2 - a rerun of a real search re-times nothing, same winner"
else
    echo "not ok 2 - rerun: $(grep '^summary ' "$log" | tail -1)"
fi
# The step small timed for real where its candidates (SMALL_MAX values)
# differ: at square N = each of them but the least and 200 (above the
# least) and at 64x1000x1000 (the quick level's few rows, on the path the
# library routes it to: the skinny one, which skinny= lists; not the
# panel 1000x32x1000, which SMALL_MAX does not cut), every timing ok,
# listing those shapes, each with its MFLOPS, and, as having run on the
# small path, exactly the sizes at most its value (the library's routing
# under that bound: small_fits); on the skinny path the narrow shape,
# after any square size the library routes there under the candidate's
# bound (N = 200, which the step times too, under SMALL_MAX 160).
sizes=$(sed -n 's/^step name=small .*; square N=\([0-9,]*\), .*/\1/p' "$log")
narrow=$(sed -n 's/^step name=small .*, narrow \([0-9x,]*\), .*/\1/p' "$log")
want=$(grep '^cand step=small round=0 ref=0 ' "$log" \
    | sed 's/.* ncnb=\([0-9]*\) .*/\1/' | sort -n \
    | awk 'NR == 1 { least = $1; next } { print }
           END { if (least < 200) print 200 }' | sort -nu | tr '\n' ',')
timed=$(grep -c '^cand step=small .*verdict=ok ' "$log")
bad=$(grep '^cand step=small ' "$log" | grep -vc " verdict=ok .* why=N=$(echo \
    "$sizes,$narrow" | sed 's/,/:[1-9][0-9.]* N=/g'):[1-9][0-9.]* .*\
skinny=\([0-9]*,\)*$narrow")
routed=$(misrouted "$log" small "$sizes")
if [ -n "$sizes" ] && [ "$sizes," = "$want" ] && [ "$timed" -ge 3 ] \
        && [ "$narrow" = 64x1000x1000 ] \
        && [ "$bad" -eq 0 ] && [ "$routed" -eq 0 ]; then
    echo "ok 3 - the step small timed $timed whole DGEMMs at N=$sizes and \
$narrow, each size at most the candidate's bound on the small path"
else
    echo "not ok 3 - small: sizes '$sizes', narrow '$narrow', candidates \
'$want', $timed ok, $bad not, $routed misrouted"
fi
