#!/bin/sh
# archkey.sh ISA FAMILY: this machine's architecture key as configure can
# tell it, from /proc/cpuinfo -- "<vendor>-f<family>-m<model>-<isa>-<cc>",
# the name mmselect (kernels/archkey.c, from cpuid) gives the directory of
# its saved defaults under results/archdefs.  ISA auto: the best of
# avx512, avx2, sse2, none the flags list.  What the file does not name
# (off x86: no vendor_id, cpu family or flags) is what cpuid leaves there
# too: vendor unknown, family and model -1, ISA none.  Prints nothing and
# exits 1 with no /proc/cpuinfo; tests/kernels/mmselect.sh checks the two
# agree.
isa=${1:-auto} cc=${2:-gcc}
info=/proc/cpuinfo
[ -r "$info" ] || exit 1
field() { sed -n "s/^$1[	 ]*: *//p" "$info" | sed 1q; }
vendor=$(field vendor_id) family=$(field 'cpu family') model=$(field model)
case $family in ''|*[!0-9]*) family=-1 ;; esac
case $model in ''|*[!0-9]*) model=-1 ;; esac
[ "$family" = -1 ] && model=-1
case $vendor in
    AuthenticAMD) vendor=amd ;;
    GenuineIntel) vendor=intel ;;
    '') vendor=unknown ;;
    *) vendor=$(printf '%s' "$vendor" | tr 'A-Z' 'a-z' | tr -c 'a-z0-9' '_') ;;
esac
if [ "$isa" = auto ]; then
    flags=" $(field flags) "
    case $flags in
        *" avx512f "*) isa=avx512 ;;
        *" avx2 "*) case $flags in *" fma "*) isa=avx2 ;; *) isa=sse2 ;; esac ;;
        *" sse2 "*) isa=sse2 ;;
        *) isa=none ;;
    esac
fi
echo "$vendor-f$family-m$model-$isa-$cc"
