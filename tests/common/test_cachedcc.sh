#!/bin/sh
# The tests' compiler cache (tests/common/cachedcc.c): a compile of the
# same inputs is served from the cache, whatever their directory; a
# header changed under a written directory (-I in the test's scratch), a
# changed source, flag or level, and a changed object linked each make a
# new output; an empty directory to include from is no error (it was,
# under UBSan: qsort of none); a failing compile fails and leaves nothing
# cached; the cache's name (quickcc.sh's cache_stamp) follows the source
# tree's headers, not the build tree's inside it.
: "${top_builddir:=.}" "${top_srcdir:=.}"
. "$top_srcdir/tests/common/tap.sh"
dir=tests/common/cachedcc.$$
tap_scratch "$dir"
cc=$(command -v gcc) || { echo "1..0 # SKIP gcc is not installed"; exit 0; }
echo "1..8"
top_srcdir=$(cd "$top_srcdir" && pwd -P)
builddir=$(cd "$top_builddir" && pwd -P)
mkdir -p "$dir/cc" "$dir/a" "$dir/b"
objects=$(cd "$dir/cc" && pwd -P)/objects
wrap() { "$top_builddir/tests/common/cachedcc" "$cc" -O0 "$objects" \
    "$top_srcdir" "$builddir" "$@"; }
cached() { ls "$objects" 2>/dev/null | grep -c '^[0-9a-f]*$'; }
for d in a b; do
    printf '#define V 1\n' > "$dir/$d/v.h"
    printf '#include "v.h"\nint f(void) { return V; }\n' > "$dir/$d/f.c"
done

wrap -I"$dir/a" -c "$dir/a/f.c" -o "$dir/a/f.o" \
    && wrap -I"$dir/b" -c "$dir/b/f.c" -o "$dir/b/f.o" \
    && cmp -s "$dir/a/f.o" "$dir/b/f.o" && [ "$(cached)" -eq 1 ] \
    && pass "the same source and header in another directory: one object" \
    || fail "the same inputs: $(cached) cached"

printf '#define V 2\n' > "$dir/b/v.h"
wrap -I"$dir/b" -c "$dir/b/f.c" -o "$dir/b/f.o" \
    && ! cmp -s "$dir/a/f.o" "$dir/b/f.o" && [ "$(cached)" -eq 2 ] \
    && pass "a header changed under -I: compiled again" \
    || fail "a changed header: $(cached) cached"

printf '#include "v.h"\nint f(void) { return V + 1; }\n' > "$dir/b/f.c"
wrap -I"$dir/b" -c "$dir/b/f.c" -o "$dir/b/g.o" \
    && ! cmp -s "$dir/b/f.o" "$dir/b/g.o" && [ "$(cached)" -eq 3 ] \
    && pass "a changed source: compiled again" \
    || fail "a changed source: $(cached) cached"

wrap -I"$dir/b" -DW=1 -c "$dir/b/f.c" -o "$dir/b/h.o" \
    && [ "$(cached)" -eq 4 ] \
    && pass "another flag: compiled again" \
    || fail "another flag: $(cached) cached"

wrap -shared -o "$dir/a/f.so" "$dir/a/f.o" \
    && wrap -shared -o "$dir/b/f.so" "$dir/b/f.o" && [ "$(cached)" -eq 6 ] \
    && pass "links of different objects: two libraries" \
    || fail "links: $(cached) cached"

mkdir -p "$dir/empty"
wrap -I"$dir/empty" -I"$dir/a" -c "$dir/a/f.c" -o "$dir/a/e.o" \
    && cmp -s "$dir/a/f.o" "$dir/a/e.o" && [ "$(cached)" -eq 7 ] \
    && pass "an empty directory to include from: compiled, cached" \
    || fail "an empty -I directory: $(cached) cached"

printf 'int f(void) { return ; }\n' > "$dir/a/bad.c"
if ! wrap -Werror -c "$dir/a/bad.c" -o "$dir/a/bad.o" 2> /dev/null \
        && [ "$(cached)" -eq 7 ]; then
    pass "a failing compile fails, nothing cached"
else
    fail "a failing compile: $(cached) cached"
fi

# cache_stamp: a source tree with a build tree inside (its config.status)
. "$top_srcdir/tests/common/quickcc.sh"
t=$(cd "$dir" && pwd -P)/tree
mkdir -p "$t/k" "$t/_b/tests" && printf '#define V 1\n' > "$t/k/v.h" \
    && printf '#define W 1\n' > "$t/_b/tests/w.h" \
    && : > "$t/_b/config.status" || exit 99
s1=$(cache_stamp "$t")
printf '#define W 2\n' > "$t/_b/tests/w.h"
s2=$(cache_stamp "$t")
printf '#define V 2\n' > "$t/k/v.h"
s3=$(cache_stamp "$t")
if [ -n "$s1" ] && [ "$s1" = "$s2" ] && [ "$s2" != "$s3" ]; then
    pass "the cache's name: a source header changes it, a build one not"
else
    fail "cache_stamp: $s1, $s2 (build header changed), $s3 (source)"
fi
