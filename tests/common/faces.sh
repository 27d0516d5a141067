#!/bin/sh
# One face per room (docs/DESIGN.md, "Faces"): a source outside a room
# includes only the room's face, never another of its headers; a room's
# own tests (tests/ROOM/) may include any, and so may the fuzz harnesses
# (tests/fuzz/), each of which drives one room's parser from inside.  The
# faces: common/common.h, timer/mmtimer.h, codegen/codegen.h (the
# kernel contract with it: the generated kernels, build products, include
# codegen/mmkernel.h itself), tune/tune.h, kernels/kernels.h; the other
# rooms (probe, profile, spec, bench) are included by nobody outside.
: "${top_srcdir:=.}"
. "$top_srcdir/tests/common/tap.sh"
echo "1..1"

faces="common/common.h timer/mmtimer.h codegen/codegen.h tune/tune.h
kernels/kernels.h"
bad=
files=$(cd "$top_srcdir" && find . -path ./.git -prune -o \
    \( -name '*.c' -o -name '*.h' -o -name '*.y' -o -name '*.l' \) \
    -type f -print | sed 's|^\./||' | grep -v '^_' | grep -v '/gen/')
for f in $files; do
    room=${f%%/*}
    case $f in
        tests/fuzz/*) continue ;;
        tests/*/*) room=$(echo "$f" | cut -d/ -f2) ;;
    esac
    for h in $(sed -n 's/^#include "\([a-z]*\/[a-z_0-9]*\.h\)".*/\1/p' \
            "$top_srcdir/$f"); do
        case ${h%%/*} in "$room"|include) continue ;; esac
        [ -f "$top_srcdir/$h" ] || continue    # a build product
        case " $(echo $faces) " in *" $h "*) continue ;; esac
        bad="$bad $f:$h"
    done
done
if [ -z "$bad" ]; then
    pass "every room is included from outside through its face only"
else
    fail "included from outside its room, past its face:$bad"
fi
