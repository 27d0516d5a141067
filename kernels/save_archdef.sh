#!/bin/sh
# save_archdef.sh RESULTS ARCHDEFS MMSELECT: make archdef -- this host's
# tune (RESULTS: params.conf, the probe.conf it was made from and make
# tune's summary lines) saved as the architectural defaults of its CPU's
# key, ARCHDEFS/<key>/, to commit.  The key takes the ISA and compiler
# of params.conf.  MMSELECT builds a library's parameters from it first:
# a tune it refuses (its probe.conf changed since, a bad value) never
# lands among the defaults.  Exit 1, nothing copied, when a file is
# missing or the check fails.
res=$1 defs=$2 sel=$3
for f in params.conf probe.conf summary; do
    test -f "$res/$f" || {
        echo "make archdef: no $res/$f (run make tune first)" >&2
        exit 1
    }
done
isa=$(sed -n 's/^ISA = \([a-z0-9]*\).*/\1/p' "$res/params.conf")
cc=$(sed -n 's/^CC = \([^ ]*\).*/\1/p' "$res/params.conf")
key=$("$sel" --key --isa="$isa" --cc="$cc") || exit 1
t=$(mktemp -d) || exit 1
trap 'rm -rf "$t"' EXIT
"$sel" --params="$res/params.conf" --out="$t" > /dev/null || {
    echo "make archdef: mmselect refused $res/params.conf; nothing saved" >&2
    exit 1
}
# Copied beside their places first, then renamed in: a copy that fails
# leaves the saved pair as it was (a new params.conf beside the old
# probe.conf would be refused by every build of that key).
out=$defs/$key
mkdir -p "$out" || exit 1
for f in params.conf probe.conf summary; do
    cp "$res/$f" "$out/.$f.new" || {
        rm -f "$out"/.*.new
        echo "make archdef: cannot write $out/.$f.new; nothing saved" >&2
        exit 1
    }
done
for f in params.conf probe.conf summary; do
    mv -f "$out/.$f.new" "$out/$f" || exit 1
done
echo "make archdef: saved $res as $out (commit it)"
