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
    # "object name" for each object of a source of the room, one a name
    find "$top_builddir/$r" -name '*.o' ! -path '*/gen/*' 2>/dev/null |
    sort | while read -r o; do
        f=$(source_of "$r" "$o")
        [ -n "$f" ] && echo "$o $f"
    done | awk '!seen[$2]++' > "$d/objects"
    if [ ! -s "$d/objects" ]; then
        skip "$r/: no objects under $top_builddir/$r (not built)"
        continue
    fi
    # "caller callee symbol" for every call of a function another of the
    # room's objects defines (the first that defines it), and "f f" for
    # each file; nm -A names the object on each line
    { nm -A --defined-only $(cut -d' ' -f1 "$d/objects") | sed 's/^/D /'
      nm -A --undefined-only $(cut -d' ' -f1 "$d/objects") | sed 's/^/U /'
    } 2>/dev/null | awk -v map="$d/objects" '
        BEGIN { while ((getline l < map) > 0) { split(l, w, " ")
                    name[w[1]] = w[2]; print w[2], w[2] > "/dev/stderr" } }
        { split($2, p, ":"); f = name[p[1]] }
        $1 == "D" && $3 ~ /^[TDBRW]$/ { if (!($4 in by)) by[$4] = f; next }
        $1 == "D" { next }
        { und[f, $NF] = 1 }
        END { for (k in und) { split(k, q, SUBSEP)
                  if ((q[2] in by) && by[q[2]] != q[1])
                      print q[1], by[q[2]], q[2] } }' \
        > "$d/calls" 2> "$d/self"
    { cat "$d/self"; cut -d' ' -f1,2 "$d/calls"; } |
        grep -v -e '^lexer parser$' -e '^parser lexer$' | sort -u \
        > "$d/arrows"
    if order=$(tsort "$d/arrows" 2> "$d/loop"); then
        pass "$r/: no circle of files, from the top: $(echo $order)"
    else
        fail "$r/: a circle of files:"
        sed 's/^/# /' "$d/loop"
        sort "$d/calls" | sed 's/^/# calls: /'
    fi
done
