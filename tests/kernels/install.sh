#!/bin/sh
# After make install into a temporary root (DESTDIR): the library, its
# header and mmtune.pc are where the prefix says, the installed library
# exports only the public names, and a program built against them
# through pkg-config (tests/kernels/installed.c, every face) runs right.
# make installcheck and distcheck run the program too, at the real prefix.
: "${top_builddir:=.}" "${top_srcdir:=.}"
. "$top_srcdir/tests/common/tap.sh"
tap_scratch "${TMPDIR:-/tmp}/install.$$"
d=$tap_dir
root=$d/root
echo "1..4"
# The installed libraries (libmmtune and the project's others), headers
# and pkg-config files: the programs are not needed.
if ${MAKE:-make} -C "$top_builddir" install-libLTLIBRARIES \
        install-includeHEADERS install-pkgconfigDATA DESTDIR="$root" \
        > "$d/install.log" 2>&1; then
    pass "make install into $root"
else
    fail "make install: $(tail -3 "$d/install.log")"
fi
pc=$(find "$root" -name mmtune.pc | head -1)
lib=$(find "$root" -name 'libmmtune.so.*.*' | head -1)
[ -n "$lib" ] || lib=$(find "$root" -name libmmtune.a | head -1)
hdr=$(find "$root" -name mmtune.h | head -1)
if [ -n "$pc" ] && [ -n "$lib" ] && [ -n "$hdr" ] \
        && [ "$(dirname "$lib")" = "$(dirname "$(dirname "$pc")")" ]; then
    pass "installed: ${lib#$root}, ${hdr#$root}, ${pc#$root}"
else
    fail "installed: library '$lib', header '$hdr', pkg-config '$pc'"
fi
built=$top_builddir/kernels/.libs/libmmtune.so
static=
if [ -f "$built" ]; then
    syms() { nm -D --defined-only "$1" | awk '{ print $3 }' | sort; }
    if [ -n "$lib" ] && [ "$(syms "$lib")" = "$(syms "$built")" ]; then
        pass "the installed library exports what the built one does"
    else
        fail "the installed library's exports differ from the built one's"
    fi
else
    skip "no shared library was built (--disable-shared)"
    static=--static
fi
# DESTDIR as the sysroot of the .pc's paths, whatever libdir configure
# was given (a multiarch one included).
PKG_CONFIG_PATH=$(dirname "$pc") PKG_CONFIG_SYSROOT_DIR=$root
export PKG_CONFIG_PATH PKG_CONFIG_SYSROOT_DIR
# The installed library, not one found elsewhere (/usr/local/lib...).
linked() {
    [ -n "$static" ] || LD_LIBRARY_PATH=$(dirname "$lib") ldd "$d/installed" \
        | grep -qF "$(dirname "$lib")"
}
if ! command -v "${PKG_CONFIG:-pkg-config}" > /dev/null 2>&1; then
    skip "no pkg-config (${PKG_CONFIG:-pkg-config}) installed"
    exit 0
fi
flags=$(${PKG_CONFIG:-pkg-config} $static --cflags --libs mmtune 2>&1) \
    && ${CC:-cc} "$top_srcdir/tests/kernels/installed.c" -o "$d/installed" \
        $flags -lm > "$d/cc.log" 2>&1 \
    && out=$(LD_LIBRARY_PATH=$(dirname "$lib") "$d/installed" 2>&1)
rc=$?
if [ $rc -eq 0 ] && linked; then
    pass "built through pkg-config ($flags), runs: $out"
else
    fail "pkg-config and run (exit $rc): $flags $(cat "$d/cc.log") $out"
fi
