#!/bin/sh
# Every committed architectural default (results/archdefs/<key>/) is read
# and accepted by this version: mmselect takes its params.conf with the
# probe.conf beside it (what configure and make do on a CPU of that key,
# and make archdef checks before saving), and mmsearch takes it as a
# --candidate (what make tune passes).  A format change that strands the
# committed defaults fails here, not on a user's machine.
: "${top_builddir:=.}" "${top_srcdir:=.}"
. "$top_srcdir/tests/common/tap.sh"
sel=$top_builddir/kernels/mmselect
search=$top_builddir/mmsearch
tap_scratch "${TMPDIR:-/tmp}/archdefs.$$"
d=$tap_dir
set -- "$top_srcdir"/results/archdefs/*/params.conf
if [ ! -f "$1" ]; then
    echo "1..0 # SKIP no architectural defaults in results/archdefs"
    exit 0
fi
echo "1..$(($# * 2))"
for f in "$@"; do
    key=$(basename "$(dirname "$f")")
    if "$sel" --params="$f" --out="$d" > "$d/sel.out" 2>&1 \
            && grep -q "^#define MML_PARAM_NB " "$d/libparams.h"; then
        pass "$key: mmselect builds from it"
    else
        fail "$key: mmselect: $(cat "$d/sel.out")"
    fi
    # A run that stops at once (a time limit of 1 us) after reading its
    # inputs: a bad --candidate file is refused before that (exit 2).  It
    # must end as a whole search does, exit 0 and its result written: a
    # crash or a missing mmsearch is not acceptance.
    "$search" --candidate="$f" --probe-conf="$(dirname "$f")/probe.conf" \
        --log="$d/$key.log" --output="$d/$key.params" --work-dir="$d" \
        --no-progress --level=quick --time-limit=0.000001 --skip-blocks \
        --test-timing=fake \
        > "$d/search.out" 2>&1
    rc=$?
    # The search starts from the probe.conf beside the file (its CPU's
    # ISA), and verifies its winner on this one: an AVX-512 key on a CPU
    # without avx512f (cpuid, as the kernel reports it) ends exit 1 at
    # that check, after the file was taken.
    isa=$(sed -n 's/^ISA = \([a-z0-9]*\).*/\1/p' "$f")
    taken=1     # not refused: mmsearch names --candidate when it refuses
    grep -q -- '--candidate' "$d/search.out" && taken=0
    if [ $taken = 1 ] && [ "$isa" = avx512 ] \
            && ! grep -qw avx512f /proc/cpuinfo && [ $rc -eq 1 ] \
            && grep -q "which this CPU lacks" "$d/search.out"; then
        skip "$key: mmsearch took it as a --candidate; its winner, \
built for avx512, cannot be verified on this CPU (no avx512f in /proc/cpuinfo)"
    elif [ $taken = 1 ] && [ $rc -eq 0 ] && [ -s "$d/$key.params" ]; then
        pass "$key: mmsearch takes it as a --candidate"
    else
        fail "$key: mmsearch --candidate: exit $rc: $(tail -2 "$d/search.out")"
    fi
done
