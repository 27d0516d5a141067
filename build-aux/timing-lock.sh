#!/bin/sh
# The path of the timing lock, on stdout: its one home.  Every timing of
# the benches (bench/local.mk's TIMING_LOCK, their --lock) and of the
# regtests that time against each other (tests/drivergen/regtest_agree.sh) is
# taken under an flock on it, so that two of them on one machine do not
# time each other.
#
# Never a fixed name in /tmp: anyone could have made it first, a symlink
# the flock's open would follow (creating or truncating a file of the
# victim's).  It lives in a directory no one else can write:
# $XDG_RUNTIME_DIR when that is one, else ${TMPDIR:-/tmp}/mmtune-UID,
# made 0700 -- either refused unless it is a directory, not a symlink,
# owned by this user and writable by no one else.  The lock file itself
# must not be a symlink.  Exit 1 with a message on stderr when there is
# no such place (the benches then time without the lock).
# (So the lock is per user: another user's runs are not held back.)
uid=$(id -u)

# private DIR: DIR is a directory of this user's that no one else can
# write (its own mode, and not a symlink to one)
private() {
    [ -d "$1" ] && [ ! -L "$1" ] || return 1
    # shellcheck disable=SC2046
    set -- $(stat -c '%u %a' "$1") || return 1
    [ "$1" = "$uid" ] && [ $((0$2 & 022)) -eq 0 ]
}

if [ -n "${XDG_RUNTIME_DIR:-}" ] && private "$XDG_RUNTIME_DIR"; then
    lock=$XDG_RUNTIME_DIR/mmtune-timing.lock
else
    dir=${TMPDIR:-/tmp}/mmtune-$uid
    [ -e "$dir" ] || [ -L "$dir" ] || mkdir -m 0700 "$dir" 2>/dev/null
    if ! private "$dir"; then
        echo "timing-lock.sh: $dir is not a directory of user $uid's" \
             "alone (a symlink, another's, or writable by others):" \
             "no timing lock" >&2
        exit 1
    fi
    lock=$dir/timing.lock
fi
if [ -L "$lock" ] || { [ -e "$lock" ] && [ ! -f "$lock" ]; }; then
    echo "timing-lock.sh: $lock is not a plain file: no timing lock" >&2
    exit 1
fi
echo "$lock"
