#!/bin/sh
# make archdef (kernels/save_archdef.sh) into a scratch ARCHDEFS: a tune
# missing a file or one mmselect refuses saves nothing; a whole one lands
# as ARCHDEFS/<mmselect's key for its ISA and compiler>/, the three files
# as they were, and builds from there as --with-archdefs=KEY does.
: "${top_builddir:=.}" "${top_srcdir:=.}"
. "$top_srcdir/tests/common/tap.sh"
tap_scratch "${TMPDIR:-/tmp}/archdef_save.$$"
d=$tap_dir
sel=$top_builddir/kernels/mmselect
save() { sh "$top_srcdir/kernels/save_archdef.sh" "$1" "$d/defs" "$sel" \
    > "$d/out" 2>&1; }
set -- "$top_srcdir"/results/archdefs/*/params.conf
if [ ! -f "$1" ]; then
    echo "1..0 # SKIP no architectural defaults in results/archdefs to save"
    exit 0
fi
src=$(dirname "$1")
echo "1..4"
mkdir -p "$d/res" && cp "$src/params.conf" "$src/probe.conf" "$d/res/" \
    || exit 99
if ! save "$d/res" && grep -q "no $d/res/summary (run make tune first)" \
        "$d/out" && [ ! -d "$d/defs" ]; then
    pass "no summary: refused, naming it; nothing saved"
else
    fail "no summary: $(cat "$d/out")"
fi
cp "$src/summary" "$d/res/" && cp -r "$d/res" "$d/stale" || exit 99
# another L1 (one KiB more: still a machine, its L2 no smaller)
awk '/^L1D_KIB = / { $3 = $3 + 1 } { print }' "$d/res/probe.conf" \
    > "$d/stale/probe.conf" || exit 99
if ! save "$d/stale" && grep -q "PROBE_FINGERPRINT: .* is not" "$d/out" \
        && grep -q "refused" "$d/out" && [ ! -d "$d/defs" ]; then
    pass "probe.conf changed since the tune: refused; nothing saved"
else
    fail "a stale tune: $(cat "$d/out")"
fi
isa=$(sed -n 's/^ISA = \([a-z0-9]*\).*/\1/p' "$src/params.conf")
cc=$(sed -n 's/^CC = \([^ ]*\).*/\1/p' "$src/params.conf")
key=$("$sel" --key --isa="$isa" --cc="$cc")
ok=1
save "$d/res" || ok=0
for f in params.conf probe.conf summary; do
    cmp -s "$d/res/$f" "$d/defs/$key/$f" || ok=0
done
if [ $ok = 1 ] && grep -q "saved $d/res as $d/defs/$key" "$d/out"; then
    pass "saved as $key, the three files as they were"
else
    fail "saving $src as $key: $(cat "$d/out"); $(ls "$d/defs" 2>&1)"
fi
if "$sel" --archdefs="$d/defs" --results="$d/none" --with="$key" \
        --out="$d" > "$d/sel" 2>&1 \
        && grep -q "results/archdefs/$key/params.conf" "$d/libparams.h"; then
    pass "mmselect --with=$key builds from the saved defaults"
else
    fail "mmselect --with=$key: $(cat "$d/sel")"
fi
