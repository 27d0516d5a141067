#!/bin/sh
# cachedcc.sh COMPILER LEVEL CACHE SRCDIR BUILDDIR ARG...: COMPILER ARG...
# LEVEL -g0, its output (-o OUT) taken from CACHE when the same inputs
# have made it before.
#
# The tests' searches (tests/common/quickcc.sh) build the library's driver
# for every kernel they time, in a directory of each driver's own, and one
# test runs up to 25 searches over the same few kernels: most of its time
# was the same sources compiled again.  ccache does not serve them: it
# hashes the include files' paths (in its manifests and in the line
# markers), and each driver's header has a path of its own.
#
# The key is what decides the output: the compiler, the level, the flags
# but -I, -o and the inputs' paths (with -g0 a path only names a file
# symbol); the contents of the inputs (sources, objects); and the
# contents of the headers under every directory the compile may include
# from (-I, a source's own) that is not in the source tree SRCDIR, or is
# in the build tree BUILDDIR (where the tests' scratch directories have
# the headers mmsearch writes).  The source tree's headers, and the
# compilers and packages that decide the system's, are in CACHE's name
# (tests/common/quickcc.sh), so no output outlives the headers it was
# made from.
# Not preprocessing for the key matters: clang's start-up alone
# (libLLVM's relocations) was half a test's time.
real=$1 level=$2 cache=$3 srcdir=$4 builddir=$5
shift 5
# written DIR: true when DIR's headers are not the source tree's
written() {
    d=$(cd "$1" 2>/dev/null && pwd -P) || return 0
    case $d/ in "$builddir"/*) return 0 ;; "$srcdir"/*) return 1 ;; esac
    return 0
}
n=$# out= flags= inputs= dirs= i=0 take=
while [ $i -lt $n ]; do
    a=$1; shift; i=$((i + 1))
    set -- "$@" "$a"
    if [ -n "$take" ]; then out=$a take=; continue; fi
    case $a in
    -o) take=1 ;;
    -I*) written "${a#-I}" && dirs="$dirs ${a#-I}" ;;
    *.c) inputs="$inputs $a"; written "${a%/*}" && dirs="$dirs ${a%/*}" ;;
    *.o|*.so|*.a) inputs="$inputs $a" ;;
    *) flags="$flags $a" ;;
    esac
done
[ -n "$out" ] || exec "$real" "$@" $level -g0
key=$( { echo "$real $level$flags"
         for f in $inputs; do sha1sum < "$f" || echo "unread $$"; done
         for d in $dirs; do
             (cd "$d" && find . -maxdepth 3 -name '*.h' | LC_ALL=C sort \
                 | xargs -r sha1sum) || echo "unread $$"
         done; } | sha1sum) || exit
key=${key%% *}
if [ -f "$cache/$key" ] && cp "$cache/$key" "$out"; then
    exit 0
fi
"$real" "$@" $level -g0 || exit
# renamed into place: a search compiles two at a time
mkdir -p "$cache" && cp "$out" "$cache/$key.$$" \
    && mv "$cache/$key.$$" "$cache/$key"
exit 0
