#!/bin/sh
# A search killed anywhere resumes to the same end (issue 33).  A quick
# search (the tiny space, fake timings) is run once whole; then again,
# killed at a point of its run chosen by tests/tune/faultshim.c (preloaded
# into mmsearch) -- SIGKILL inside a compile batch, while a candidate is
# timed, halfway through a line of the log, between two steps, in the
# log's head, after its last line; SIGINT and SIGTERM -- and resumed.
# Each resumed search must end on the whole run's params.conf, with its
# cand and chosen lines (secs= aside: they are clock times) -- no timing
# lost, none made twice --, no child of either run alive, nothing left
# in the work directory, and a log mmreport reads.  Then a search whose
# log fills the disk (a file size limit), resumed; and two searches
# started together on one log: one runs, the other is refused at once
# naming the first's pid.
: "${top_builddir:=.}" "${top_srcdir:=.}"
mmsearch="$top_builddir/mmsearch"
mmreport="$top_builddir/mmreport"
shim="$top_builddir/tests/tune/.libs/libfaultshim.so"
for v in mmsearch mmreport shim; do
    eval "p=\$$v"
    case $p in /*) ;; *) eval "$v=\$(pwd)/\$p" ;; esac
done
. "$top_srcdir/tests/common/tap.sh"
dir=tests/tune/regfaults.$$
tap_scratch "$dir"
. "$top_srcdir/tests/tune/tinysearch.sh"
dir=$(cd "$dir" && pwd)
# an ASan build's runtime wants to be loaded first, before the shim
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0"
export ASAN_OPTIONS

# tiny CASE [VAR=VALUE...]: the tiny search in CASE's directory (its log
# s.log, params.conf params, work directory w), the shim preloaded and
# tracing into CASE/trace (appended: the resumed run's events follow),
# with the shim's other settings given; stdout and stderr appended to
# CASE/out.  Its exit status.
tiny() {
    c=$dir/$1; shift
    mkdir -p "$c/w" || exit 99
    # (the shell's own stderr to /dev/null: no "Killed" in the test's log)
    { env LD_PRELOAD="$shim" MMT_FAULT_TRACE="$c/trace" \
        MMT_FAULT_LOG="$c/s.log" "$@" \
        "$mmsearch" --probe-conf="$dir/probe.conf" --log="$c/s.log" \
        --output="$c/params" --work-dir="$c/w" --no-progress --jobs=2 \
        --level=quick --isa=none --nb=8 --test-timing=fake --skip-blocks \
        >> "$c/out" 2>&1; } 2> /dev/null
}
# timings CASE: its log's cand lines, secs= left out, and each step's
# last chosen line -- less the compile errors the whole search had none
# of, and the choices made of them: those of a full disk, which a resumed
# search makes again (and the test checks it did: the lines left are the
# whole search's)
timings() {
    grep -E '^(cand|chosen) ' "$dir/$1/s.log" | sed 's/ secs=[0-9.]*//' \
        | grep -v ' verdict=compile-error ' | tac \
        | awk '$1 == "chosen" && seen[$2]++ { next } { print }' | tac
}
# left CASE: the children either run of CASE forked that still run (a
# zombie not reaped yet by the init it was left to is dead), and any
# other process whose command line names CASE's directory (a compiler's
# own children); empty when none
left() {
    for p in $(awk '$1 == "fork" { print $3 }' "$dir/$1/trace"); do
        case $(ps -o stat= -p "$p" 2>/dev/null) in ''|Z*) ;; *) echo "$p" ;;
        esac
    done
    # (the directory through the environment: not in awk's arguments)
    ps -eo pid=,stat=,args= | d="$dir/$1/" awk \
        'index($0, ENVIRON["d"]) && $2 !~ /^Z/ { print $1 }'
}
# resumed CASE: what is wrong with CASE's resumed search, or nothing
resumed() {
    [ -s "$dir/$1/params" ] || { echo "no params.conf"; return; }
    cmp -s "$dir/$1/params" "$dir/whole/params" \
        || echo "another params.conf: $(diff "$dir/whole/params" \
"$dir/$1/params" | grep '^>' | head -3 | tr '\n' ' ')"
    timings "$1" > "$dir/$1/timings"
    cmp -s "$dir/$1/timings" "$dir/whole/timings" \
        || echo "timings: $(diff "$dir/whole/timings" "$dir/$1/timings" \
| grep '^[<>]' | cut -c1-70 | head -4 | tr '\n' ' ')"
    # a compile's group, killed by its guard, ending: a killed process
    # runs until the scheduler gets to it; wait up to 10 s
    i=0
    while [ -n "$(left "$1")" ] && [ $i -lt 200 ]; do
        sleep 0.05; i=$((i + 1))
    done
    [ -z "$(left "$1")" ] || echo "still running: $(left "$1" | tr '\n' ' ')"
    [ -z "$(ls -A "$dir/$1/w")" ] || echo "left in the work directory:" \
        "$(ls -A "$dir/$1/w" | tr '\n' ' ')"
    "$mmreport" --log="$dir/$1/s.log" > /dev/null 2> "$dir/$1/report.err" \
        || echo "mmreport: $(head -2 "$dir/$1/report.err")"
}

# The whole search, traced: the events the kills are placed at.
tiny whole || { echo "Bail out! mmsearch: $(tail -3 "$dir/whole/out")"
                exit 1; }
timings whole > "$dir/whole/timings"
ntimed=$(grep '^cand ' "$dir/whole/timings" | grep -vc ' twin=1 ')
trace=$dir/whole/trace
awk '$1 == "exec" { print $2 }' "$trace" | sort -n > "$dir/compiles"
awk '$1 == "exec" { c[$2] = 1 } $1 == "fork" { f[$2] = 1 }
     END { for (n in f) if (!(n in c)) print n }' "$trace" \
    | sort -n > "$dir/measures"
awk '$1 == "write" && $3 == "cand" { print $2 }' "$trace" > "$dir/cands"
awk '$1 == "write" && $3 == "chosen" { print $2 }' "$trace" > "$dir/chosen"
lastwrite=$(awk '$1 == "write" { n = $2 } END { print n }' "$trace")
if [ "$(wc -l < "$dir/compiles")" -lt 5 ] \
        || [ "$(wc -l < "$dir/measures")" -lt 5 ] \
        || [ "$(wc -l < "$dir/cands")" -lt 5 ]; then
    echo "Bail out! the shim saw too few events: $(sort "$trace" \
| cut -d' ' -f1 | uniq -c | tr '\n' ' ')"
    exit 1
fi

# points K FILE EVENT SIGNAL DELAY WHAT: K points, EVENT:N for K of
# FILE's numbers N evenly spread over it, each a line of the point list:
# the event, the signal, the delay (ms) and what the point is
points() {
    awk -v k="$1" -v rest="$4 $5 $6" -v ev="$3" '{ a[NR] = $1 } END {
        for (i = 0; i < k && i < NR; i++)
            print ev ":" a[int((i + 0.5) * NR / k) + 1], rest
    }' "$2"
}
echo 1 > "$dir/first"
echo "$lastwrite" > "$dir/last"
{
    points 5 "$dir/compiles" fork KILL 30 "inside a compile batch"
    points 5 "$dir/measures" fork KILL 0 "a candidate being timed"
    points 1 "$dir/first" half KILL 0 "halfway through the log's head"
    points 5 "$dir/cands" half KILL 0 "halfway through a cand line"
    points 4 "$dir/chosen" write KILL 0 "between two steps"
    points 1 "$dir/last" write KILL 0 "after the log's last line"
    points 1 "$dir/compiles" fork INT 30 "inside a compile batch"
    points 1 "$dir/measures" fork TERM 0 "a candidate being timed"
} > "$dir/points"
echo "1..$(($(wc -l < "$dir/points") + 2))"
echo "# the whole search: $ntimed timings, $(wc -l < "$dir/compiles")" \
    "compiles, $(wc -l < "$dir/measures") candidate runs"

i=0
while read -r at sig delay what; do
    i=$((i + 1))
    case $sig in KILL) want=137 ;; INT) want=130 ;; TERM) want=143 ;; esac
    tiny "k$i" MMT_FAULT_AT="$at" MMT_FAULT_SIG="$sig" \
        MMT_FAULT_DELAY_MS="$delay"
    rc=$?
    held=$(grep '^cand ' "$dir/k$i/s.log" 2>/dev/null | grep -vc ' twin=1 ')
    # what the fork was in this run (a busy machine can add a fork, and
    # move the later ones): its child exec'd a compiler, or not
    case $at in fork:*)
        if grep -q "^exec ${at#fork:} " "$dir/k$i/trace"; then
            what="inside a compile batch"
        else
            what="a candidate being timed"
        fi ;;
    esac
    tiny "k$i"
    rc2=$?
    wrong=$(resumed "k$i")
    name="SIG$sig at $at, $what ($held of $ntimed timings held)"
    if ! grep -q "^fire " "$dir/k$i/trace"; then
        fail "$name: the shim never fired"
    elif [ "$rc" -ne "$want" ] || [ "$rc2" -ne 0 ]; then
        fail "$name: exit $rc then $rc2: $(tail -2 "$dir/k$i/out" \
| tr '\n' ' ')"
    elif [ -n "$wrong" ]; then
        fail "$name, resumed: $(echo "$wrong" | tr '\n' ';')"
    else
        pass "$name: resumed to the same end"
    fi
done < "$dir/points"

# A file size limit (a full disk) halfway through the log: the search
# fails, its log ends on a whole line; resumed without the limit, it
# ends as the whole search did.
mkdir "$dir/full" || exit 99
limit=$(($(wc -c < "$dir/whole/s.log") / 2))
if command -v prlimit > /dev/null; then
    tiny full prlimit --fsize="$limit"
    rc=$?
    tail -c 1 "$dir/full/s.log" | od -An -c | grep -q '\\n' && torn= \
        || torn=" (the log ends inside a line)"
    held=$(grep '^cand ' "$dir/full/s.log" | grep -vc ' twin=1 ')
    tiny full
    rc2=$?
    wrong=$(resumed full)
    [ "$rc" -eq 1 ] && [ -z "$torn" ] && [ "$rc2" -eq 0 ] && [ -z "$wrong" ] \
        && pass "a full disk at $limit bytes ($held timings held), resumed:\
 the same end" \
        || fail "a full disk: exit $rc$torn then $rc2; $(echo "$wrong" \
| tr '\n' ';')"
else
    skip "no prlimit to limit the log's size"
fi

# Two searches started together on one log: one runs to the end, the
# other is refused before it ends, naming its pid.
racer() {   # NAME: one of them, its exit status and end time in end.NAME
    tiny race MMT_FAULT_TRACE="$dir/race/trace.$1"
    echo "$? $(date +%s.%N)" > "$dir/race/end.$1"
}
mkdir "$dir/race" || exit 99
racer a & racer b & wait
cat "$dir/race/trace.a" "$dir/race/trace.b" > "$dir/race/trace"
read -r rca enda < "$dir/race/end.a"
read -r rcb endb < "$dir/race/end.b"
if [ "$rca" -eq 0 ]; then won=a last=$enda first=$endb
else won=b last=$endb first=$enda; fi
pid=$(awk '$1 == "start" { print $2 }' "$dir/race/trace.$won")
named=$(sed -n 's/.*cannot lock: another search (pid \([0-9]*\)).*/\1/p' \
        "$dir/race/out")
wrong=$(resumed race)
if [ $((rca + rcb)) -eq 1 ] && [ "$named" = "$pid" ] \
        && awk -v f="$first" -v l="$last" 'BEGIN { exit !(f < l) }' \
        && [ -z "$wrong" ]; then
    pass "two searches on one log: one refused at once, naming pid $pid"
else
    fail "two searches on one log: exit $rca and $rcb, pid $pid, named \
'$named', ended $first and $last; $(echo "$wrong" | tr '\n' ';')"
fi
