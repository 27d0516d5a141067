#!/bin/sh
# Faults and hostile input (issue 33): a child's lost wait status is a
# failure, never a success; mmsearch and mmreport stopped by SIGINT or
# SIGTERM kill and wait for their children and exit 130 or 143, and a
# child dies with its parent even on SIGKILL, the compiler's own children
# with it; a transient verdict is timed again once on resume; a NUL byte
# or a non-finite number in search.log is refused with file:line; a
# failed append is rolled back to the last whole line; a second search on
# one log is refused naming the first's pid, and a candidate's child slow
# to die holds no lock on the log once its search was killed; a log's
# name never reaches gnuplot as a command.
: "${top_builddir:=.}" "${top_srcdir:=.}"
mmsearch="$top_builddir/mmsearch"
mmreport="$top_builddir/mmreport"
shim="$top_builddir/tests/tune/.libs/libfaultshim.so"
case $shim in /*) ;; *) shim=$(pwd)/$shim ;; esac
case $mmsearch in /*) ;; *) mmsearch=$(pwd)/$mmsearch ;; esac
case $mmreport in /*) ;; *) mmreport=$(pwd)/$mmreport ;; esac
. "$top_srcdir/tests/common/tap.sh"
dir=tests/tune/faults.$$
tap_scratch "$dir"
echo "1..15"
. "$top_srcdir/tests/tune/tinysearch.sh"
dir=$(cd "$dir" && pwd)

# an ASan build's runtime wants to be loaded first, before the shim
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0"
export ASAN_OPTIONS
# A complete tiny search, the logs below are made from, traced: the
# forks (compiles and candidates' runs) a kill can follow.
(export LD_PRELOAD="$shim" MMT_FAULT_TRACE="$dir/full.trace"
 search full.log --test-perturb=KU=4) \
    || { echo "Bail out! mmsearch: $(tail -3 "$dir/full.log.err")"; exit 1; }

# alive PIDFILE: true when a pid the file lists still runs (a zombie
# not reaped yet by the init it was left to is dead)
alive() {
    for p in $(cat "$1" 2>/dev/null); do
        case $(ps -o stat= -p "$p" 2>/dev/null) in ''|Z*) ;; *) return 0 ;;
        esac
    done
    return 1
}
# gone PIDFILE: true once no pid the file lists runs, waiting up to 10 s:
# a process sent SIGKILL is still listed running until the scheduler gets
# to it, which on a loaded 2-core guest took longer than a fixed 0.2 s
gone() {
    i=0
    while alive "$1"; do
        [ $i -ge 200 ] && return 1
        sleep 0.05; i=$((i + 1))
    done
}
# until_file FILE [N]: wait up to 20 s for FILE to hold N lines (1)
until_file() {
    i=0
    while [ "$(cat "$1" 2>/dev/null | wc -l)" -lt "${2:-1}" ] \
            && [ $i -lt 200 ]; do
        sleep 0.1; i=$((i + 1))
    done
}
# fakes DIR CMD...: gnuplot, gcc, clang and cc in DIR, each recording its
# pid in DIR/pids and then running CMD (exec'd)
fakes() {
    d=$1; shift
    mkdir -p "$d" || exit 99
    for c in gnuplot gcc clang cc; do
        printf '#!/bin/sh\necho $$ >> "%s/pids"\nexec %s\n' "$d" "$*" \
            > "$d/$c" && chmod +x "$d/$c" || exit 99
    done
}

# 1. SIGCHLD ignored by whoever started mmreport (the kernel then reaps
# the children itself): a gnuplot that exits 3 must not read as success.
fakes "$dir/exit3" "sh -c 'exit 3'"
if command -v perl > /dev/null; then
    PATH="$dir/exit3:$PATH" perl -e '$SIG{CHLD} = "IGNORE"; exec @ARGV' \
        "$mmreport" --log="$dir/full.log" --plot-dir="$dir/p1" \
        > "$dir/p1.out" 2> "$dir/p1.err"
    rc=$?
    if [ $rc -eq 1 ] && grep -q 'gnuplot failed (exit 3)' "$dir/p1.err" \
            && ! grep -q '^plot: ' "$dir/p1.out"; then
        pass "SIGCHLD ignored: a gnuplot that exits 3 is a failure"
    else
        fail "SIGCHLD ignored: exit $rc, $(grep '^plot' "$dir/p1.out" \
| head -1) $(cat "$dir/p1.err")"
    fi
else
    skip "no perl to start mmreport with SIGCHLD ignored"
fi

# hung NAME [WORKDIR]: mmsearch on the tiny space in the background
# ($pid), its log NAME.log, its work directory WORKDIR (wNAME), its
# compilers hanging; back when the first one and its child run.
# unhang: none left, whatever the test found.
hung() {
    mkdir -p "${2:-$dir/w$1}" || exit 99
    PATH="$dir/hang:$PATH" "$mmsearch" --probe-conf="$dir/probe.conf" \
        --log="$dir/$1.log" --work-dir="${2:-$dir/w$1}" --no-progress \
        --level=quick --isa=none --nb=8 --test-timing=fake --skip-blocks \
        > /dev/null 2> "$dir/$1.err" &
    pid=$!
    until_file "$dir/hang/pids" 2
}
unhang() {
    kill $(cat "$dir/hang/pids" 2>/dev/null) 2>/dev/null
    rm -f "$dir/hang/pids"
}

# 2. mmreport stopped by SIGTERM while gnuplot hangs: 143, none left.
# The hanging programs are trees, as a compiler is (gcc runs cc1, as,
# ld): a shell, its pid in hang/pids, and its child sleeping, its pid
# there too.
fakes "$dir/hang" "sh -c 'sleep 60 & echo \$! >> \"$dir/hang/pids\"; wait'"
PATH="$dir/hang:$PATH" "$mmreport" --log="$dir/full.log" \
    --plot-dir="$dir/p2" > /dev/null 2>&1 &
pid=$!
until_file "$dir/hang/pids" 2
kill -TERM $pid
wait $pid
rc=$?
if [ $rc -eq 143 ] && [ -s "$dir/hang/pids" ] && gone "$dir/hang/pids"
then
    pass "mmreport on SIGTERM: its gnuplot killed, exit 143"
else
    fail "mmreport on SIGTERM: exit $rc, gnuplot $(cat "$dir/hang/pids" \
2>/dev/null) alive: $(alive "$dir/hang/pids" && echo yes)"
fi
unhang

# 3, 4. mmsearch stopped while its compiler hangs: SIGINT 130, SIGTERM
# 143, the compiler killed and the work directory removed.
stop_search() {   # SIGNAL STATUS
    hung "$1"
    kill -"$1" $pid
    wait $pid
    rc=$?
    if [ $rc -eq "$2" ] && [ -s "$dir/hang/pids" ] \
            && gone "$dir/hang/pids" \
            && [ -z "$(ls -A "$dir/w$1")" ]; then
        pass "mmsearch on SIG$1: the compiler killed, the work directory \
gone, exit $2"
    else
        fail "mmsearch on SIG$1: exit $rc, compiler alive: $(alive \
"$dir/hang/pids" && echo yes), left: $(ls "$dir/w$1")"
    fi
    unhang
}
stop_search INT 130
stop_search TERM 143

# 5, 6. A second search on a log in use is refused at once, naming the
# first's pid; the first, killed (SIGKILL), leaves no compiler behind.
hung lock
size=$(wc -c < "$dir/lock.log")
search lock.log
rc=$?
if [ $rc -eq 1 ] && grep -q "lock.log:0: cannot lock: another search \
(pid $pid) is using this log" "$dir/lock.log.err" \
        && [ "$(wc -c < "$dir/lock.log")" -eq "$size" ]; then
    pass "a second search on a log in use is refused, naming pid $pid"
else
    fail "a second search on one log: exit $rc, $(cat "$dir/lock.log.err")"
fi
kill -KILL $pid
wait $pid
if gone "$dir/hang/pids"; then
    pass "mmsearch killed by SIGKILL: its compiler dies with it, and the \
compiler's child"
else
    fail "mmsearch killed by SIGKILL: of the compilers and their \
children $(cat "$dir/hang/pids" | tr '\n' ' ')left running: $(for p in \
$(cat "$dir/hang/pids"); do echo "$p" > "$dir/one"; alive "$dir/one" \
&& echo "$p"; done | tr '\n' ' ')"
fi
unhang
# 7. and the next search in that work directory removes what it left,
# but not the directory of a search still running there
left=$(ls -A "$dir/wlock")
hung keep "$dir/wlock"
live=$(ls -A "$dir/wlock" | grep -v "^$left\$")
run_mmsearch next.log --work-dir="$dir/wlock" --level=quick --isa=none \
    --nb=8 --test-timing=fake --skip-blocks
rc=$?
if [ -n "$left" ] && [ -n "$live" ] && [ $rc -eq 0 ] \
        && [ "$(ls -A "$dir/wlock")" = "$live" ]; then
    pass "the next search removes the work directory a SIGKILL left"
else
    fail "after a SIGKILL: '$left' left, '$live' live, exit $rc, then \
'$(ls -A "$dir/wlock")'"
fi
kill -KILL $pid
wait $pid
unhang

# 8. A timeout (or crash, or compile error) may be the host's, not the
# kernel's: a resumed search times such a line again, once, and says so.
line=$(grep -n '^cand step=munu round=0 ref=0 .*verdict=ok' \
       "$dir/full.log" | head -1 | cut -d: -f1)
sed "${line}s/ verdict=ok / verdict=timeout /" "$dir/full.log" \
    > "$dir/retime.log"
search retime.log --test-perturb=KU=4 && t1=$(summary retime.log)
search retime.log --test-perturb=KU=4 && t2=$(summary retime.log)
if echo "$t1" | grep -q ' timed=1 ' && echo "$t2" | grep -q ' timed=0 ' \
        && [ "$(grep -c "^note why=timed again once, .* verdict=timeout" \
                "$dir/retime.log")" -eq 1 ]; then
    pass "a logged timeout is timed again once on resume, and noted"
else
    fail "re-timing a timeout: $t1 / $t2"
fi

# 9, 10. Damage in the checkpoint: refused with file:line, never cut.
expect_bad() {   # FILE WHAT
    size=$(wc -c < "$dir/$1")
    "$mmsearch" --check-log="$dir/$1" > /dev/null 2> "$dir/err"
    rc=$?
    search "$1" --test-perturb=KU=4
    if [ $rc -eq 2 ] && grep -qF "$1:$line: $2" "$dir/err" \
            && grep -qF "$1:$line: $2" "$dir/$1.err" \
            && [ "$(wc -c < "$dir/$1")" -eq "$size" ]; then
        pass "refused, the log untouched: $1:$line: $2"
    else
        fail "$1: exit $rc, $(cat "$dir/err"), $(cat "$dir/$1.err")"
    fi
}
awk -v n="$line" 'NR == n { sub(/ why=/, " why=\001") } { print }' \
    "$dir/full.log" | tr '\001' '\000' > "$dir/nul.log"
expect_bad nul.log "a NUL byte at column"
sed "${line}s/ mflops=[0-9.]* / mflops=nan /" "$dir/full.log" \
    > "$dir/nan.log"
expect_bad nan.log "mflops: 'nan' is not a finite number"

# 11. A failed append (a file size limit: EFBIG) is rolled back to the
# last whole line, and the search fails naming the log.
head -n "$line" "$dir/full.log" > "$dir/fsize.log"
# padded so that the next line (over 120 bytes) crosses the limit
size=$(wc -c < "$dir/fsize.log")
limit=$((size + 4096))
awk -v n=$((limit - size - 120)) 'BEGIN { s = "#"
    while (length(s) < n - 1) s = s "."; print s }' >> "$dir/fsize.log"
if command -v prlimit > /dev/null; then
    prlimit --fsize=$limit "$mmsearch" --probe-conf="$dir/probe.conf" \
        --log="$dir/fsize.log" --output="$dir/fsize.params" \
        --work-dir="$dir" --no-progress --level=quick --isa=none --nb=8 \
        --test-timing=fake --skip-blocks --test-perturb=KU=4 \
        > /dev/null 2> "$dir/fsize.log.err"
    rc=$?
    if [ $rc -eq 1 ] && [ "$(tail -c 1 "$dir/fsize.log" | od -An -c \
            | tr -d ' ')" = '\n' ] && grep -q 'cannot' "$dir/fsize.log.err" \
            && "$mmsearch" --check-log="$dir/fsize.log" > /dev/null; then
        pass "a failed append is rolled back to the last whole line"
    else
        fail "a failed append: exit $rc, ends '$(tail -c 40 \
"$dir/fsize.log")', $(cat "$dir/fsize.log.err")"
    fi
else
    skip "no prlimit"
fi

# 12-14. A log whose name would end gnuplot's quoted string: the plots
# are drawn, nothing else; a name with a line break is refused.
if command -v gnuplot > /dev/null; then
    mkdir "$dir/q" || exit 99
    name="x'; system('touch PWNED'); print '"
    cp "$dir/full.log" "$dir/q/$name.log"
    (cd "$dir/q" && "$mmreport" --log="$name.log" --plot > ../q.out \
        2> ../q.err)
    rc=$?
    if [ $rc -eq 0 ] && [ ! -e "$dir/q/PWNED" ] \
            && [ -s "$dir/q/$name-mflops-by-mu-nu.png" ]; then
        pass "a quote in the log's name reaches gnuplot as a name"
    else
        fail "a quote in the log's name: exit $rc, PWNED: $(ls "$dir/q")"
    fi
    mkdir "$dir/q'd" && cp "$dir/full.log" "$dir/q'd/s.log" || exit 99
    "$mmreport" --log="$dir/q'd/s.log" --plot > /dev/null 2> "$dir/qd.err"
    rc=$?
    [ $rc -eq 0 ] && [ -s "$dir/q'd/s-mflops-by-mu-nu.png" ] \
        && pass "a quote in the plot directory's name: plots drawn" \
        || fail "a quoted directory: exit $rc, $(cat "$dir/qd.err")"
else
    skip "no gnuplot"
    skip "no gnuplot"
fi
nl="$dir/a
system('touch PWNED2')
.log"
cp "$dir/full.log" "$nl"
"$mmreport" --log="$nl" --plot > /dev/null 2> "$dir/nl.err"
rc=$?
[ $rc -eq 1 ] && grep -q 'a control character' "$dir/nl.err" \
    && [ ! -e PWNED2 ] && [ ! -e "$dir/PWNED2" ] \
    && pass "a line break in the log's name is refused" \
    || fail "a line break in the name: exit $rc, $(cat "$dir/nl.err")"

# 15. A candidate's child that outlives its search (slow to die: it
# unmaps gigabytes, or the kernel has not got to it) holds no lock on the
# log: a forked child that is not exec'd keeps the log's descriptor, and
# its flock, unless it closes it.  The search is killed (SIGKILL) right
# after it forked its first candidate's run; that child lingers
# (faultshim's MMT_FAULT_LINGER), and the next search on the log runs.
first=$(awk '$1 == "exec" { c[$2] = 1 } $1 == "fork" && !($2 in c) {
        f[$2] = 1 } END { for (k in f) if (!(k in c)) print k }' \
    "$dir/full.trace" | sort -n | head -1)
(export LD_PRELOAD="$shim" MMT_FAULT_TRACE="$dir/linger.trace" \
     MMT_FAULT_AT="fork:$first" MMT_FAULT_SIG=KILL MMT_FAULT_LINGER=1
 search linger.log --test-perturb=KU=4) 2> /dev/null
rc=$?
child=$(awk -v n="$first" '$1 == "fork" && $2 == n { print $3 }' \
        "$dir/linger.trace")
echo "$child" > "$dir/linger.pid"
lingered=$(alive "$dir/linger.pid" && echo yes)
search linger.log --test-perturb=KU=4
rc2=$?
[ -n "$child" ] && kill -KILL "$child" 2>/dev/null
if [ -n "$first" ] && [ $rc -eq 137 ] && [ "$lingered" = yes ] \
        && [ $rc2 -eq 0 ]; then
    pass "a candidate's child outliving its killed search holds no lock"
else
    fail "a lingering child (fork $first, pid $child, alive: $lingered): exit \
$rc, then $rc2: $(head -2 "$dir/linger.log.err")"
fi
