#!/bin/sh
# kernels/: the dispatcher is called only from above (docs/DESIGN.md,
# "kernels/: the arrows"; tests/common/circles.sh finds any circle of
# files): in the objects of the library's driver (libmmdriver), as nm
# lists what each calls, no file but driver.c, parallel.c and route.c names
# mml_route, mml_dgemm_path, mml_dgemm_serial or the team, and its top,
# mml_dgemm, only complex.c, complex_split.c and complex_narrow.c (the
# complex GEMM, real calls on it), which may also ask mml_route which
# path a real call takes (the packers and merger serve the packed path
# alone; the thin form's product must take the thin path).
: "${top_builddir:=.}" "${top_srcdir:=.}"
. "$top_srcdir/tests/common/tap.sh"
echo "1..1"
tap_scratch "${TMPDIR:-/tmp}/layers.$$"

# What each source's object calls: the PIC one's, else the static one's.
for o in "$top_builddir"/kernels/.libs/libmmdriver_la-*.o \
         "$top_builddir"/kernels/libmmdriver_la-*.o; do
    f=$(basename "$o" .o | sed 's/^libmmdriver_la-//')
    [ -f "$o" ] && [ ! -f "$tap_dir/$f.und" ] || continue
    nm --undefined-only "$o" | awk '{ print $NF }' > "$tap_dir/$f.und"
done
if ! ls "$tap_dir"/*.und >/dev/null 2>&1; then
    skip "no objects of libmmdriver under $top_builddir/kernels"
    exit 0
fi

dispatcher='route|dgemm_path|dgemm_serial|dgemm_team|dgemm_parallel'
dispatcher="$dispatcher|dgemm_plan|dgemm"
up=
for und in "$tap_dir"/*.und; do
    f=$(basename "$und" .und)
    case $f in driver|parallel|route) continue ;; esac
    names=$(grep -xE "mml_($dispatcher)" "$und" |
            case $f in
            complex|complex_split|complex_narrow) grep -vxE 'mml_(dgemm|route)' ;;
            *) cat ;;
            esac)
    [ -n "$names" ] && up="$up $f.c ($(echo $names))"
done
if [ -z "$up" ]; then
    pass "no path or helper calls up into the dispatcher"
else
    fail "calls up into the dispatcher:$up"
fi
