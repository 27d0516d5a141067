#!/bin/sh
# The timing lock's one home, build-aux/timing-lock.sh: a path in a
# directory of this user's alone, never one a symlink planted by another
# can redirect.  $XDG_RUNTIME_DIR when it is private, else
# $TMPDIR/mmtune-UID made 0700; a symlink, or a directory others may
# write, in its place is refused; so is a symlink as the lock; and no
# other file of the tree names a lock under /tmp.
: "${top_srcdir:=.}"
. "$top_srcdir/tests/common/tap.sh"
dir=tests/bench/timing_lock.$$
tap_scratch "$dir"
dir=$(cd "$dir" && pwd)
echo "1..7"
uid=$(id -u)
script=$top_srcdir/build-aux/timing-lock.sh
# lock XDG TMPDIR: the script's output (stderr to $dir/err), its status
lock() {
    XDG_RUNTIME_DIR=$1 TMPDIR=$2 sh "$script" 2> "$dir/err"
}

mkdir -m 0700 "$dir/xdg" && mkdir "$dir/t1" "$dir/t2" "$dir/t3" \
    "$dir/elsewhere" || exit 99
got=$(lock "$dir/xdg" "$dir/t1")
[ "$got" = "$dir/xdg/mmtune-timing.lock" ] \
    && pass "a private XDG_RUNTIME_DIR holds the lock" \
    || fail "XDG_RUNTIME_DIR: '$got' $(cat "$dir/err")"

got=$(lock "" "$dir/t1")
mode=$(stat -c '%u %a' "$dir/t1/mmtune-$uid" 2>/dev/null)
[ "$got" = "$dir/t1/mmtune-$uid/timing.lock" ] && [ "$mode" = "$uid 700" ] \
    && pass "else TMPDIR/mmtune-$uid, made 0700" \
    || fail "TMPDIR: '$got', directory '$mode' $(cat "$dir/err")"

chmod 0777 "$dir/xdg"
got=$(lock "$dir/xdg" "$dir/t1")
[ "$got" = "$dir/t1/mmtune-$uid/timing.lock" ] \
    && pass "an XDG_RUNTIME_DIR others may write is passed over" \
    || fail "a shared XDG_RUNTIME_DIR: '$got' $(cat "$dir/err")"

# refused WHAT TMPDIR MESSAGE: with no XDG_RUNTIME_DIR, the lock in
# TMPDIR is refused: exit 1, nothing printed, MESSAGE said, nothing made
# where a symlink pointed
refused() {
    got=$(lock "" "$2")
    rc=$?
    [ $rc -eq 1 ] && [ -z "$got" ] && grep -q "$3" "$dir/err" \
            && [ -z "$(ls -A "$dir/elsewhere")" ] \
        && pass "$1 is refused" \
        || fail "$1: exit $rc, '$got' $(cat "$dir/err")"
}
ln -s "$dir/elsewhere" "$dir/t2/mmtune-$uid"
refused "a symlink in the directory's place" "$dir/t2" 'a symlink'
mkdir -m 0777 "$dir/t3/mmtune-$uid" && chmod 0777 "$dir/t3/mmtune-$uid"
refused "a directory others may write" "$dir/t3" 'writable by others'
ln -s "$dir/elsewhere/victim" "$dir/t1/mmtune-$uid/timing.lock"
refused "a symlink as the lock" "$dir/t1" 'not a plain file'

# (the tree's scripts, makefiles and C: a lock at a fixed /tmp name)
named=$(grep -rlE '/tmp/mmtune-timing|timing\.lock' "$top_srcdir" \
        --include='*.sh' --include='*.mk' --include='*.am' \
        --include='*.c' --include='*.h' 2>/dev/null \
    | grep -v -e 'build-aux/timing-lock\.sh$' \
        -e 'tests/bench/test_timing_lock\.sh$')
[ -z "$named" ] && pass "no other file names the lock" \
    || fail "the lock named elsewhere: $(echo "$named" | tr '\n' ' ')"
