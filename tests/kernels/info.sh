#!/bin/sh
# The library built here reports (mmt_kernel_info, through mmtune-info)
# the parameters mmselect chose for it, and names their source: the
# params.conf of this build (or the model) is what runs, and it is the
# one mmselect chooses now from the files, given the build's settings
# (the library is not stale): this host's make tune result, else this
# CPU's saved defaults (a fresh clone on a CPU with a key in
# results/archdefs, built with no search), else the model (make
# distcheck's --with-archdefs=no).  tests/kernels/mmselect.sh checks
# that choice itself, scenario by scenario.
: "${top_builddir:=.}" "${top_srcdir:=.}"
h=$top_builddir/kernels/gen/libparams.h
# mmtune-info is always built: failing to run it is a failure, not a skip.
if ! out=$("$top_builddir/mmtune-info" 2>&1); then
    echo "1..1"
    echo "not ok 1 - mmtune-info failed: $out"
    exit 0
fi
def() { sed -n "s/^#define MML_PARAM_$1 \([0-9]*\)$/\1/p" "$h"; }
sdef() { sed -n "s/^#define MML_SPARAM_$1 \([0-9]*\)$/\1/p" "$h"; }
# Each precision's section: DGEMM's first, then SGEMM's.
single=$(echo "$out" | sed -n '/^SGEMM$/,$p')
out=$(echo "$out" | sed '/^SGEMM$/,$d')
str() { sed -n "s/^#define MML_$1 \"\(.*\)\"$/\1/p" "$h"; }
echo "1..8"
echo "$out" | grep -qx "tile        MU=$(def MU) NU=$(def NU) KU=$(def KU)" \
    && echo "ok 1 - tile as chosen: MU=$(def MU) NU=$(def NU) KU=$(def KU)" \
    || echo "not ok 1 - tile: $(echo "$out" | grep '^tile')"
want="blocking    NB=$(def NB) MC=$(def MC) KC=$(def KC) NC=$(def NC)"
echo "$out" | grep -qx "$want" && echo "ok 2 - $want" \
    || echo "not ok 2 - $(echo "$out" | grep '^blocking') is not $want"
echo "$out" | grep -qF "parameters  $(str PARAMS_SOURCE) ($(str PARAMS_WHY))" \
    && echo "$out" | grep -q "(ISA $(str ISA)," \
    && echo "ok 3 - source and ISA as chosen: $(str PARAMS_SOURCE)" \
    || echo "not ok 3 - source or ISA differ from $h"
# The kernels were compiled by the compiler mmselect chose (kernel.cc),
# as the object's .comment records it, and the library says so.
cc=$(cat "$top_builddir/kernels/gen/kernel.cc")
o=$top_builddir/kernels/gen/.libs/kfull.o
[ -f "$o" ] || o=$top_builddir/kernels/gen/kfull.o
case "$cc" in *clang*) mark='clang version' ;; *) mark='GCC: ' ;; esac
if echo "$out" | grep -qxF "compiler    $cc" && [ "$(str KERNEL_COMPILER)" = "$cc" ] \
        && tr -c '[:print:]' '\n' < "$o" | grep -q "$mark" \
        && { [ "$mark" != 'GCC: ' ] \
             || ! tr -c '[:print:]' '\n' < "$o" | grep -q 'clang version'; }
then
    echo "ok 4 - kernels compiled by kernel.cc's compiler: $cc"
else
    echo "not ok 4 - compiler: $(echo "$out" | grep '^compiler'), kernel.cc: \
$cc, $o: $(tr -c '[:print:]' '\n' < "$o" | grep -E 'GCC:|clang' | head -2)"
fi
want="small       SMALL_MAX=$(def SMALL_MAX) "
echo "$out" | grep -q "^$want" \
    && echo "ok 5 - SMALL_MAX as chosen: $(def SMALL_MAX)" \
    || echo "not ok 5 - $(echo "$out" | grep '^small') is not $want..."
# The non-copy kernels' tile is the generated knc.c's (its banner).
t=$(sed -n 's/^ \*   MU=\([0-9]*\) NU=\([0-9]*\) .*/\1x\2/p' \
    "$top_builddir/kernels/gen/knc.c" 2>/dev/null | head -1)
echo "$out" | grep -q "^small       SMALL_MAX=[0-9]* tile=$t " \
    && [ -n "$t" ] && echo "ok 6 - non-copy tile as generated: $t" \
    || echo "not ok 6 - $(echo "$out" | grep '^small') does not name $t"
# What mmselect chooses now from the files, given the build's configure
# and make settings.
chose=$(mktemp -d "${TMPDIR:-/tmp}/info.XXXXXX") || exit 99
(cd "$top_builddir" && kernels/mmselect \
    --archdefs="$top_srcdir/results/archdefs" --with="${MMT_ARCHDEFS:-auto}" \
    --isa="${MMT_KERNEL_ISA:-auto}" --params="$MMT_PARAMS_FILE" \
    --cc="${MMT_CC_FAMILY:-gcc}" --out="$chose" > "$chose/log" 2>&1)
got="$(str PARAMS_SOURCE) ($(str PARAMS_WHY))"
want=$(h=$chose/libparams.h; echo "$(str PARAMS_SOURCE) ($(str PARAMS_WHY))")
if [ ! -f "$chose/libparams.h" ]; then
    echo "not ok 7 - mmselect chose nothing: $(head -c 300 "$chose/log")"
elif [ "$got" = "$want" ]; then
    echo "ok 7 - the source the files call for: $got"
else
    echo "not ok 7 - built from $got; the files call for $want"
fi
rm -rf "$chose"
# SGEMM's section: its own kernel, tile and blocking (MML_SPARAM_*).
want="tile        MU=$(sdef MU) NU=$(sdef NU) KU=$(sdef KU)"
want2="blocking    NB=$(sdef NB) MC=$(sdef MC) KC=$(sdef KC) NC=$(sdef NC)"
if echo "$single" | grep -qx "$want" && echo "$single" | grep -qx "$want2" \
        && echo "$single" | grep -q '^kernel      mml_skfull '; then
    echo "ok 8 - SGEMM: mml_skfull, $want, $want2"
else
    echo "not ok 8 - SGEMM's section is not mml_skfull, $want, $want2:"
    echo "$single" | sed 's/^/# /'
fi
