# quick_compilers DIR [LEVEL] (sourced, top_srcdir and top_builddir set):
# the compilers a search may take -- gcc, clang and the configured
# KERNEL_CC, those installed -- each behind a wrapper in DIR that
# compiles at LEVEL (-O0 unless given; clang -O1) without debug
# information, put first on PATH, its outputs cached under the build
# tree's tests/ccache (tests/common/cachedcc.c; make clean removes it).
# The tests of the search's decisions (fake timings) need the candidates
# and the library's driver compiled and verified, not fast: at -O2 -g
# their compiles are most of these tests' time, and -O0 halves a search
# (15 -> 7 s, the same params.conf).  A test whose searches spend more in the
# driver's DGEMM checks than in compiles gives -O1 (docs/DESIGN.md,
# "tests/: two tiers", has what each saved).  The command lines mmsearch
# runs and logs are unchanged (the wrapper appends its flags); the real
# flags are make regtest's (tests/tune/regtest_search.sh) and the
# library's, whose tests build it as configured.
quick_compilers() {
    mkdir -p "$1" || exit 99
    cached_cc
    cache_dirs
    for c in gcc clang ${KERNEL_CC:-}; do
        case $c in */*|*' '*) continue ;; esac
        [ -e "$1/$c" ] && continue
        real=$(command -v "$c" 2>/dev/null) || continue
        # clang 14 crashed (exit 139) at -O0 on a driver of an sse2 search
        case $c in *clang*) o=-O1 ;; *) o=${2:--O0} ;; esac
        printf '#!/bin/sh\nexec %s %s %s %s %s %s "$@"\n' "'$cached'" \
            "'$real'" $o "'$cc_cache'" "'$cc_srcdir'" "'$cc_builddir'" \
            > "$1/$c" && chmod +x "$1/$c" || exit 99
    done
    # absolute: mmsearch runs compilers from its work directory
    PATH="$(cd "$1" && pwd):$PATH" || exit 99
    export PATH
}

# cached_cc: cached, the tests' compiler cache program's absolute path
# (tests/common/cachedcc.c, which make check builds); a test whose
# compiles would go through it bails out, naming it, when it is not built.
cached_cc() {
    cached=$(cd "${top_builddir:-.}/tests/common" 2>/dev/null && pwd)/cachedcc
    [ -x "$cached" ] || {
        echo "Bail out! ${top_builddir:-.}/tests/common/cachedcc is not" \
            "built (make check builds it)"
        exit 99
    }
}

# cache_dirs: cc_srcdir and cc_builddir, top_srcdir's and top_builddir's
# physical paths, and cc_cache, the tests' compiler cache for this source
# tree, compilers and CPU (cachedcc's arguments after the level):
# under MMT_TEST_CCACHE when set (make check-sanitize's tree and CI's
# trees share the first tree's: their searches compile the same kernels
# with the same flags), else the build tree's tests/ccache.  The caches
# of other stamps go when untouched for an hour (a make check fills one
# with about 30 MB).
cache_dirs() {
    cc_srcdir=$(cd "$top_srcdir" && pwd -P) || exit 99
    cc_builddir=$(cd "${top_builddir:-.}" && pwd -P) || exit 99
    cc_stamp=$(cache_stamp "$cc_srcdir") || exit 99
    cc_root=${MMT_TEST_CCACHE:-$cc_builddir/tests/ccache}
    cc_cache=$cc_root/$cc_stamp
    find "$cc_root" -mindepth 1 -maxdepth 1 -type d ! -name "$cc_stamp" \
        -mmin +60 -exec rm -rf {} + 2> /dev/null
}

# cache_stamp SRCDIR: a digest of what cachedcc does not hash compile
# by compile -- the source tree's headers (not those of the build trees
# inside it, which have a config.status, nor .git's), the compilers'
# versions, the time the package database last changed (the system's
# headers), the CPU's flags (for -march=native) -- so that the tests of
# one make check share one cache (the same kernels and drivers recur
# from test to test, and from run to run) and an edited header, an
# upgraded compiler or libc, or a build tree moved to another CPU starts
# another.
cache_stamp() {
    { (cd "$1" || exit
       trees=$(find . -name .git -prune -o -name config.status -print \
           | sed 's|/config.status$||')
       find . -name .git -prune -o -name '*.h' -print | LC_ALL=C sort \
           | awk -v t="$trees" 'BEGIN { n = split(t, tree, "\n") } {
                 for (i = 1; i <= n; i++)
                     if (tree[i] != "." && index($0, tree[i] "/") == 1)
                         next
                 print }' | xargs -r sha1sum 2> /dev/null)
      for c in gcc clang ${KERNEL_CC:-}; do
          "$c" --version 2> /dev/null | head -n 1
      done
      ls -l --time-style=+%s /var/lib/dpkg/status 2> /dev/null
      grep -m 1 '^flags' /proc/cpuinfo 2> /dev/null
    } | sha1sum | cut -c1-16
}
