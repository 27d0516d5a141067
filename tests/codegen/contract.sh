#!/bin/sh
# FMA=0 kernels keep their multiplies and adds apart, FMA=1 kernels fuse
# them (paper 002 §II-B: the search times one form against the other, so
# each must be what it says), read from the assembly the kernel compiler
# and flags make: a scalar kernel and one per SIMD ISA the compiler builds
# (compiled only: the CPU need not run them), warnings as errors.  FMA=0
# may have no vfmadd/vfmsub/vfnmadd at all, and must have both multiplies
# and adds; FMA=1 must have vfmadd -- for the scalar kernel only when the
# flags enable FMA (the compiler defines __FMA__), for SIMD always (the
# kernels carry target("...,fma"), AVX-512F has FMA).  Double and single
# (TYPE=s: the same tiles in floats, twice the rows a vector).
: "${top_builddir:=.}" "${top_srcdir:=.}"
: "${KERNEL_CC:=cc}" "${KERNEL_CFLAGS:=-O2}"
dir=tests/codegen/contract.$$
mkdir -p "$dir" || exit 99
trap 'rm -rf "$dir"' EXIT
# shellcheck source=tests/codegen/isa.sh
. "$top_srcdir/tests/codegen/isa.sh"
n=0
echo "1..16"

printf '#ifndef __FMA__\n#error no FMA\n#endif\n' > "$dir/fma.c"
# shellcheck disable=SC2086
if $KERNEL_CC $KERNEL_CFLAGS -c "$dir/fma.c" -o "$dir/fma.o" 2> /dev/null
then
    scalar_fma=yes
else
    scalar_fma=no
fi

# count MNEMONIC-REGEX: instructions of $dir/k.s whose mnemonic matches
count() {
    awk -v re="$1" '$1 ~ re { n++ } END { print n + 0 }' "$dir/k.s"
}

# check ISA MU FMA TYPE: generate, compile -S, read the instructions.
check() {
    n=$((n + 1))
    what="$1 FMA=$3 TYPE=$4"
    ls=
    [ "$3" = 0 ] && ls=--ls=3
    # shellcheck disable=SC2086
    if ! "$top_builddir/mmgen" --isa="$1" --nb=24 --mu="$2" --nu=3 --ku=4 \
            --fma="$3" --type="$4" $ls --output="$dir/k.c" 2> "$dir/err"
    then
        echo "not ok $n - $what: mmgen failed: $(head -1 "$dir/err")"
        return
    fi
    # shellcheck disable=SC2086
    if ! $KERNEL_CC $KERNEL_CFLAGS -Wall -Wextra -Werror -g0 \
            -I"$top_srcdir/codegen" -S -o "$dir/k.s" "$dir/k.c" \
            2> "$dir/err"; then
        echo "not ok $n - $what: does not compile warning-free"
        sed 's/^/# /' "$dir/err" | head -10
        return
    fi
    # the type's instructions: packed or scalar, double or single
    fused=$(count "^vfn?m(add|sub)[0-9]*[sp]$4\$")
    mul=$(count "^v?mul[sp]$4\$")
    add=$(count "^v?add[sp]$4\$")
    said="$fused fused, $mul multiplies, $add adds"
    if [ "$3" = 0 ] && [ "$fused" -eq 0 ] && [ "$mul" -gt 0 ] \
            && [ "$add" -gt 0 ]; then
        echo "ok $n - $what: $said"
    elif [ "$3" = 1 ] && [ "$1" = none ] && [ $scalar_fma = no ]; then
        echo "ok $n # SKIP $what: $KERNEL_CFLAGS does not enable FMA" \
            "(__FMA__ undefined)"
    elif [ "$3" = 1 ] && [ "$fused" -gt 0 ]; then
        echo "ok $n - $what: $said"
    else
        echo "not ok $n - $what: $said"
    fi
}

for spec in d:none:4 d:sse2:4 d:avx2:8 d:avx512:16 \
        s:none:4 s:sse2:8 s:avx2:16 s:avx512:32; do
    type=${spec%%:*} isa=${spec#*:} mu=${isa#*:} isa=${isa%:*}
    if [ "$isa" != none ] && ! can_build "$isa"; then
        for fma in 0 1; do
            n=$((n + 1))
            echo "ok $n # SKIP $isa FMA=$fma TYPE=$type: $build_error"
        done
        continue
    fi
    check "$isa" "$mu" 0 "$type"
    check "$isa" "$mu" 1 "$type"
done
