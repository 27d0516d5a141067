#!/bin/sh
# The man pages (man/local.mk): one per installed command, made by
# help2man from its --help, each naming every long option the command's
# --help lists; make install puts them in man1.  SKIP: configure found no
# help2man (HELP2MAN empty), so none are made.
: "${top_builddir:=.}" "${top_srcdir:=.}"
. "$top_srcdir/tests/common/tap.sh"
tap_scratch "${TMPDIR:-/tmp}/manpages.$$"
d=$tap_dir
cmds="mmprobe mmsearch mmreport mmgen mmtime mmspec mmtune-info"
echo "1..8"
if [ -z "${HELP2MAN-}" ]; then
    for c in $cmds install; do
        skip "configure found no help2man: no man pages made"
    done
    exit 0
fi
for c in $cmds; do
    page=$top_builddir/man/$c.1
    "$top_builddir/$c" --help > "$d/help" 2>&1
    missing=
    for o in $(grep -o -- '--[a-z][a-z0-9-]*' "$d/help" | sort -u); do
        # help2man writes a dash in an option as \-
        grep -q -- "$(echo "$o" | sed 's/-/\\\\-/g')" "$page" 2>/dev/null \
            || missing="$missing $o"
    done
    if [ -f "$page" ] && head -20 "$page" | grep -q "^\.TH \"\{0,1\}$(echo "$c" | tr a-z A-Z)" \
            && grep -q "^$c \\\\- " "$page" && [ -z "$missing" ]; then
        pass "$c.1: its NAME line and every option of its --help"
    else
        fail "$c.1: missing:${missing:- (the page, .TH or NAME)}"
    fi
done
if ${MAKE:-make} -C "$top_builddir" install-man DESTDIR="$d/root" \
        > "$d/install.log" 2>&1 \
        && [ "$(find "$d/root" -path '*/man1/*.1' | wc -l)" = 7 ]; then
    pass "make install-man: 7 pages in man1"
else
    fail "make install-man: $(tail -3 "$d/install.log")"
fi
