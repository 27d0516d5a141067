#!/bin/sh
# No circle of files inside any room (docs/DESIGN.md, "The arrows"): for
# each room (a directory of the source tree with its own local.mk, tests
# and man pages aside), each object built from one of its sources that
# calls a function another of its objects defines is an arrow from the
# one to the other (nm's undefined and defined symbols); tsort finds a
# loop if any file calls, through others or directly, back into itself.
# An object whose source is gone (a file renamed since this tree built
# it) is left out.  One pair is exempt: the scanner and the parser flex
# and bison generate (each calls the other by design: yyparse calls
# yylex, which fills the parser's yylval).
: "${top_builddir:=.}" "${top_srcdir:=.}"
. "$top_srcdir/tests/common/tap.sh"
tap_scratch "${TMPDIR:-/tmp}/circles.$$"

rooms=
for mk in "$top_srcdir"/*/local.mk; do
    r=$(basename "$(dirname "$mk")")
    case $r in tests|man) continue ;; esac
    rooms="$rooms $r"
done
echo "1..$(echo $rooms | wc -w)"

# source_of ROOM OBJECT: the object's source name without its suffix
# (libtool's and per-target prefixes dropped), if the source exists.
source_of() {
    f=$(basename "$2" .o)
    for cand in "$f" "${f#*-}" "${f#*_la-}"; do
        for ext in c l y; do
            [ -f "$top_srcdir/$1/$cand.$ext" ] && { echo "$cand"; return; }
        done
    done
}

for r in $rooms; do
    d="$tap_dir/$r"
    mkdir -p "$d" || exit 99
    find "$top_builddir/$r" -name '*.o' ! -path '*/gen/*' 2>/dev/null |
    sort | while read -r o; do
        f=$(source_of "$r" "$o")
        [ -n "$f" ] && [ ! -f "$d/$f.def" ] || continue
        nm --defined-only "$o" | awk '$2 ~ /^[TDBRW]$/ { print $3 }' \
            > "$d/$f.def"
        nm --undefined-only "$o" | awk '{ print $NF }' > "$d/$f.und"
    done
    if ! ls "$d"/*.def > /dev/null 2>&1; then
        skip "$r/: no objects under $top_builddir/$r (not built)"
        continue
    fi
    for und in "$d"/*.und; do
        f=$(basename "$und" .und)
        echo "$f $f"
        for def in "$d"/*.def; do
            g=$(basename "$def" .def)
            [ "$g" = "$f" ] || [ ! -s "$def" ] && continue
            case "$f $g" in "lexer parser"|"parser lexer") continue ;; esac
            grep -qxFf "$def" "$und" && echo "$f $g"
        done
    done > "$d/arrows"
    if order=$(tsort "$d/arrows" 2> "$d/loop"); then
        pass "$r/: no circle of files, from the top: $(echo $order)"
    else
        fail "$r/: a circle of files:"
        sed 's/^/# /' "$d/loop"
        while read -r f g; do
            [ "$f" = "$g" ] && continue
            echo "# $f -> $g: $(grep -xFf "$d/$g.def" "$d/$f.und" |
                tr '\n' ' ')"
        done < "$d/arrows"
    fi
done
