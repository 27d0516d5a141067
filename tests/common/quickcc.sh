# quick_compilers DIR [LEVEL] (sourced, top_srcdir set): the compilers a
# search may take -- gcc, clang and the configured KERNEL_CC, those
# installed -- each behind a wrapper in DIR that compiles at LEVEL (-O0
# unless given; clang -O1) without debug information, put first on PATH,
# its objects cached in DIR/objects (tests/common/cachedcc.sh).  The tests
# of the search's decisions (fake timings) need the candidates and the
# library's driver compiled and verified, not fast: at -O2 -g their
# compiles are most of these tests' time, and -O0 halves a search (15 ->
# 7 s, the same params.conf).  A test whose searches spend more in the
# driver's DGEMM checks than in compiles gives -O1 (docs/DESIGN.md,
# "tests/: two tiers", has what each saved).  The command lines mmsearch
# runs and logs are unchanged (the wrapper appends its flags); the real
# flags are make regtest's (tests/tune/regtest_search.sh) and the
# library's, whose tests build it as configured.
quick_compilers() {
    mkdir -p "$1" || exit 99
    cached=$(cd "$top_srcdir/tests/common" && pwd)/cachedcc.sh || exit 99
    objects=$(cd "$1" && pwd -P)/objects || exit 99
    srcdir=$(cd "$top_srcdir" && pwd -P) || exit 99
    for c in gcc clang ${KERNEL_CC:-}; do
        case $c in */*|*' '*) continue ;; esac
        [ -e "$1/$c" ] && continue
        real=$(command -v "$c" 2>/dev/null) || continue
        # clang 14 crashed (exit 139) at -O0 on a driver of an sse2 search
        case $c in *clang*) o=-O1 ;; *) o=${2:--O0} ;; esac
        printf '#!/bin/sh\nexec sh %s %s %s %s %s "$@"\n' "'$cached'" \
            "'$real'" $o "'$objects'" "'$srcdir'" > "$1/$c" \
            && chmod +x "$1/$c" || exit 99
    done
    # absolute: mmsearch runs compilers from its work directory
    PATH="$(cd "$1" && pwd):$PATH" || exit 99
    export PATH
}
