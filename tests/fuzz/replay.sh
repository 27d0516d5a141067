#!/bin/sh
# Every committed input of the fuzzed parsers (tests/fuzz/corpus/NAME/:
# the seeds, and each input that once crashed a parser, crash-*) fed to
# its harness without libFuzzer (replay.c): a parser that crashes on one
# again fails here, in make check, under whatever sanitizers the tree
# was built with.
: "${top_builddir:=.}" "${top_srcdir:=.}"
. "$top_srcdir/tests/common/tap.sh"
dir=tests/fuzz/replay.$$
tap_scratch "$dir"
parsers="probeconf paramsconf searchlog spec profile"
echo "1..5"
for p in $parsers; do
    set -- "$top_srcdir/tests/fuzz/corpus/$p"/*
    "$top_builddir/tests/fuzz/replay_$p" "$@" > "$dir/$p.out" 2>&1
    rc=$?
    if [ $rc -eq 0 ] && [ $# -gt 0 ] && [ -e "$1" ]; then
        pass "$p: $# inputs read ($(ls "$top_srcdir/tests/fuzz/corpus/$p" \
| grep -c '^crash-') once crashed it)"
    else
        fail "$p: exit $rc on $# inputs: $(tail -3 "$dir/$p.out")"
    fi
done
