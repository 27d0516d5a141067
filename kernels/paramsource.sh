#!/bin/sh
# paramsource.sh ARCHDEFS RESULTS WITH ISA FAMILY [PARAMS_FILE]: which
# params.conf the library's build takes, as the files show it, on one
# line: "SOURCE (WHY)" -- mmselect's order (kernels/mmselect.c): a
# PARAMS_FILE; ARCHDEFS/WITH when WITH names a key; RESULTS/params.conf
# (make tune's); ARCHDEFS/<this CPU's key> unless WITH is no; the model.
# What only mmselect can see, whether RESULTS/params.conf still matches
# the probe.conf beside it, is left to it.  configure says this before
# the build; tests/kernels/info.sh checks the build took it.  Exits 1,
# naming the saved keys, when WITH names a key with no saved defaults.
archdefs=$1 results=$2 with=$3 isa=$4 cc=$5 params=$6
here=$(dirname "$0")
shown=results/archdefs    # named as in the source tree
if [ -n "$params" ]; then
    echo "$params (given with --params)"
    exit 0
fi
# The saved defaults for a key: as named, then with each compiler family,
# the configured one's first, then (last) without one.
find_key() { # key, named (1) or this CPU's (0)
    if [ "$2" = 1 ]; then set -- "$1" "$1-$cc" "$1-gcc" "$1-clang"
    else set -- "$1-$cc" "$1-gcc" "$1-clang" "$1"; fi
    for d in "$@"; do
        [ -f "$archdefs/$d/params.conf" ] && { echo "$d"; return 0; }
    done
    return 1
}
case $with in
auto|no) ;;
*)  if d=$(find_key "$with" 1); then
        echo "$shown/$d/params.conf (--with-archdefs=$with)"
        exit 0
    fi
    echo "--with-archdefs=$with: no $shown/$with/params.conf; saved keys:" \
        $(ls "$archdefs" 2>/dev/null) >&2
    exit 1 ;;
esac
if [ -f "$results/params.conf" ]; then
    echo "$results/params.conf (this host's make tune result)"
    exit 0
fi
if [ "$with" = no ]; then
    echo "the model (no $results/params.conf, and --with-archdefs=no)"
    exit 0
fi
key=$(sh "$here/archkey.sh" "$isa" "$cc") || key=
base=${key%-*}
no="no $results/params.conf"
if [ -z "$key" ]; then
    echo "this CPU's saved defaults or the model ($no; no /proc/cpuinfo" \
        "to name the key)"
elif d=$(find_key "$base" 0); then
    echo "$shown/$d/params.conf (saved defaults for this CPU's key; $no)"
else
    echo "the model ($no and no saved defaults for this CPU's key $key)"
fi
