#!/bin/sh
# kernels/: no circle of files (docs/DESIGN.md, "kernels/: the arrows").
# Each object of the library's driver (libmmdriver) that calls a function
# another defines is an arrow from the one to the other (nm's undefined
# and defined symbols); tsort finds a loop if any file calls, through
# others or directly, back into itself.  And the dispatcher is called
# only from above: no file but driver.c, parallel.c and route.c names
# mml_route, mml_dgemm_path, mml_dgemm_serial or the team, and its top,
# mml_dgemm, only complex.c (the complex GEMM, one real call on it).
: "${top_builddir:=.}" "${top_srcdir:=.}"
. "$top_srcdir/tests/common/tap.sh"
echo "1..2"
tap_scratch "${TMPDIR:-/tmp}/layers.$$"

# One object per source: the PIC one, else the static one.
for o in "$top_builddir"/kernels/.libs/libmmdriver_la-*.o \
         "$top_builddir"/kernels/libmmdriver_la-*.o; do
    [ -f "$o" ] || continue
    f=$(basename "$o" .o | sed 's/^libmmdriver_la-//')
    [ -f "$tap_dir/$f.def" ] && continue
    nm --defined-only "$o" | awk '$2 ~ /^[TDBRW]$/ { print $3 }' \
        > "$tap_dir/$f.def"
    nm --undefined-only "$o" | awk '{ print $NF }' > "$tap_dir/$f.und"
done
if ! ls "$tap_dir"/*.def >/dev/null 2>&1; then
    skip "no objects of libmmdriver under $top_builddir/kernels"
    skip "no objects of libmmdriver under $top_builddir/kernels"
    exit 0
fi

# "caller callee" for every call of a function another object defines.
for und in "$tap_dir"/*.und; do
    f=$(basename "$und" .und)
    echo "$f $f"
    for def in "$tap_dir"/*.def; do
        g=$(basename "$def" .def)
        [ "$g" = "$f" ] && continue
        grep -qxFf "$def" "$und" && echo "$f $g"
    done
done > "$tap_dir/arrows"
if order=$(tsort "$tap_dir/arrows" 2>"$tap_dir/loop"); then
    pass "no circle of files, from the top: $(echo $order)"
else
    fail "a circle of files in kernels/:"
    sed 's/^/# /' "$tap_dir/loop" "$tap_dir/arrows"
fi

dispatcher='route|dgemm_path|dgemm_serial|dgemm_team|dgemm_parallel'
dispatcher="$dispatcher|dgemm_plan|dgemm"
up=
for und in "$tap_dir"/*.und; do
    f=$(basename "$und" .und)
    case $f in driver|parallel|route) continue ;; esac
    names=$(grep -xE "mml_($dispatcher)" "$und" |
            if [ "$f" = complex ]; then grep -vx mml_dgemm; else cat; fi)
    [ -n "$names" ] && up="$up $f.c ($(echo $names))"
done
if [ -z "$up" ]; then
    pass "no path or helper calls up into the dispatcher"
else
    fail "calls up into the dispatcher:$up"
fi
