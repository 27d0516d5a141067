#!/bin/sh
# mmselect: the key; the order of the sources (--params, the archdef
# --with names, this host's results/<host>/params.conf, the saved archdef
# of the key, the model); a params.conf bound to the probe.conf beside it;
# MC, KC, NC it leaves out from the model with that probe.conf's caches;
# SMALL_MAX the small-problem path's bound, else the model's;
# errors that name the file and line; outputs rewritten only when the
# choice changes; the key names the compiler family, a key without it
# still finds its defaults; the kernels' compiler is the params.conf's CC
# when installed, else the configured one with a warning; the
# single-precision set derived from the double one (skernel.params, the
# MML_SPARAM_ macros), which mmgen takes.
: "${top_builddir:=.}" "${top_srcdir:=.}"
sel=$top_builddir/kernels/mmselect
dir=${TMPDIR:-/tmp}/mmselect.$$
mkdir -p "$dir/out" "$dir/defs" "$dir/host" || exit 99
trap 'rm -rf "$dir"' EXIT
n=0
result() { # status, description
    n=$((n + 1))
    if [ "$1" -eq 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi
}
# conf DIR FINGERPRINT [KEY = value lines]: a params.conf (FORMAT 3, a
# scalar 2x2 kernel of NB 16) and the test probe.conf beside it.
conf() {
    d=$1 fp=$2
    shift 2
    mkdir -p "$d" && cp "$top_srcdir/tests/tune/probe.conf" "$d/probe.conf"
    {
        printf 'FORMAT = 3\nWRITTEN_BY = mmselect.sh\nHOST = h\nCPU = c\n'
        printf 'KERNEL_CC = cc\nKERNEL_CFLAGS = -O2\n'
        printf 'PROBE_FINGERPRINT = %s\nGENERATOR = mmgen 2\n' "$fp"
        printf 'KERNEL_ABI = 1\nISA = none\nNB = 16\nMU = 2\nNU = 2\nKU = 1\n'
        printf 'LS = 1\nFMA = 1\nFF = 0\nIF = 2\nNF = 1\nNR = 16\nCC = cc\n'
        printf 'CFLAGS = -O2\nMFLOPS = 1000\nPEAK_PERCENT = 50\n'
        printf 'TIMING = made up\nLEVEL = quick\n'
        for line in "$@"; do echo "$line"; done
    } > "$d/params.conf"
}
run() { # mmselect with the test's directories and more options
    "$sel" --archdefs="$dir/defs" --results="$dir/host" --out="$dir/out" \
        "$@" > "$dir/log" 2>&1
}
echo "1..36"

key=$("$sel" --key --cc=gcc)
form='^[a-z0-9_]+-f-?[0-9]+-m-?[0-9]+-(avx512|avx2|sse2|none)-gcc$'
echo "$key" | grep -Eq "$form" \
    && [ "$("$sel" --key --cc=/usr/bin/clang-14)" = "${key%-gcc}-clang" ]
result $? "the key has the form vendor-fF-mM-ISA-CC: $key"
base=${key%-gcc}
# The key's CPU as /proc/cpuinfo names it (the test's own reading of the
# file; mmselect reads cpuid).
if [ -r /proc/cpuinfo ] && grep -q '^cpu family' /proc/cpuinfo; then
    field() { sed -n "s/^$1[[:space:]]*: *//p" /proc/cpuinfo | sed 1q; }
    fam=$(field 'cpu family') mod=$(field model)
    case $(field vendor_id) in
        AuthenticAMD) ven=amd ;; GenuineIntel) ven=intel ;; *) ven= ;;
    esac
    echo "$key" | grep -q "^$ven[a-z0-9_]*-f$fam-m$mod-"
    result $? "the key's CPU is /proc/cpuinfo's: vendor $ven, family \
$fam, model $mod ($key)"
else
    n=$((n + 1))
    echo "ok $n # SKIP no cpu family in /proc/cpuinfo: nothing to compare"
fi
# From here on the configured compiler is gcc (its family names the key).
run() { # mmselect with the test's directories and more options
    "$sel" --archdefs="$dir/defs" --results="$dir/host" --out="$dir/out" \
        --cc=gcc --cflags='-O2 -ffp-contract=fast' "$@" > "$dir/log" 2>&1
}
run && grep -q "from the model (no $dir/host/params.conf and no saved \
defaults for this CPU's key $key)" "$dir/log" \
    && grep -q '^ISA = ' "$dir/out/kernel.params" \
    && grep -q '^PF = 1$' "$dir/out/kernel.params" \
    && grep -q '#define MML_PARAM_NC [1-9]' "$dir/out/libparams.h"
result $? "no params.conf, no archdef for the key: the model, and says so"

# A params.conf from another probe.conf: refused, naming both files.
conf "$dir/defs/$key" 0123456789abcdef "MC = 8" "KC = 12" "NC = 64"
run
rc=$?
fp=$(sed -n 's/.* is not \([0-9a-f]\{16\}\), the fingerprint.*/\1/p' \
    "$dir/log")
[ $rc -eq 2 ] && [ -n "$fp" ] \
    && grep -q "defs/$key/params.conf:7: PROBE_FINGERPRINT: \
0123456789abcdef is not $fp, the fingerprint of $dir/defs/$key/probe.conf" \
        "$dir/log"
result $? "a params.conf not bound to the probe.conf beside it: exit 2, \
file:line and both fingerprints (got $rc)"

conf "$dir/defs/$key" "$fp" "MC = 8" "KC = 12" "NC = 64"
run && grep -q "from results/archdefs/$key/params.conf (saved defaults for \
this CPU's key" "$dir/log" \
    && grep -q '^M = 8$' "$dir/out/kernel.params" \
    && grep -q '^K = 12$' "$dir/out/kernel.params" \
    && grep -q '^N = 16$' "$dir/out/kernel.params" \
    && grep -q '#define MML_PARAM_NC 64$' "$dir/out/libparams.h"
result $? "the key's archdef wins over the model; MC, KC become mmgen's M, K"

# The search's params.conf has no MC, KC, NC: the model, from the caches
# of probe.conf beside it (L2 512 KiB: MC 70, KC 560; LLC 8 MiB: NC
# 468 at least NB, 560), and NB widened from the search's L1 tile to hold
# them.
conf "$dir/host" "$fp"
run && grep -q "from $dir/host/params.conf (this host's make tune result)" \
    "$dir/log" && grep -q '#define MML_PARAM_MC 70$' "$dir/out/libparams.h" \
    && grep -q '#define MML_PARAM_KC 560$' "$dir/out/libparams.h" \
    && grep -q '#define MML_PARAM_NB 560$' "$dir/out/libparams.h" \
    && grep -q '#define MML_PARAM_NC 560$' "$dir/out/libparams.h" \
    && grep -q '^NB = 560$' "$dir/out/kernel.params"
result $? "this host's params.conf wins over the archdef; the model \
fills MC KC NC from its probe.conf"

# The single-precision set, derived (kernels/libparams.c,
# mml_params_single): a scalar tile kept, NB the L1 tile times sqrt 2 (22)
# then widened, KC twice the double's (at most 1024), MC the model's
# around it for floats (L2 512 KiB: the 5/8 of it hold 81920 floats, MC
# 80), NC at least NB (1024), the double's prefetch; mmgen takes the
# file as it is.
sdef() { sed -n "s/^#define MML_SPARAM_$1 \([0-9]*\)$/\1/p" \
    "$dir/out/libparams.h"; }
skey() { sed -n "s/^$1 = //p" "$dir/out/skernel.params"; }
# the double's value (mmgen's default 0 when kernel.params has none)
dkey() { v=$(sed -n "s/^$1 = //p" "$dir/out/kernel.params"); echo "${v:-0}"; }
mmgen=$top_builddir/mmgen
single_is() { # what: the expected "MU NU KU NB MC KC NC IF NF" of the set
    got="$(skey MU) $(skey NU) $(skey KU) $(skey NB) $(skey M) $(skey K) \
$(sdef NC) $(skey IF) $(skey NF)"
    [ "$got" = "$1" ] && [ "$(skey TYPE)" = s ] \
        && [ "$(skey PF)" = "$(dkey PF)" ] \
        && [ "$(skey PFB)" = "$(dkey PFB)" ] && [ "$(skey N)" = "$(skey NB)" ] \
        && [ "$(sdef MU)" = "$(skey MU)" ] && [ "$(sdef NB)" = "$(skey NB)" ] \
        && [ "$(sdef MC)" = "$(skey M)" ] && [ "$(sdef KC)" = "$(skey K)" ] \
        && "$mmgen" --params="$dir/out/skernel.params" \
            --output="$dir/skernel.c" \
        && grep -q 'float' "$dir/skernel.c" \
        || { echo "# single: got $got, want $1"; return 1; }
}
single_is "2 2 1 1024 80 1024 1024 2 1" \
    && grep -q '^#define MML_SNARROW_MU 1$' "$dir/out/libparams.h" \
    && [ "$(grep -c '^#define MML_PARAM_' "$dir/out/libparams.h")" -eq \
        "$(grep -c '^#define MML_SPARAM_' "$dir/out/libparams.h")" ] \
    && for k in $(sed -n 's/^#define MML_PARAM_\([A-Z_]*\) .*/\1/p' \
            "$dir/out/libparams.h"); do
        [ -n "$(sdef "$k")" ] || exit 1
    done \
    && [ "$(sdef NCNB)" = 512 ] && [ "$(sdef THREAD_N)" = 224 ]
result $? "the single set: a scalar tile kept, KC twice the double's, MC, \
NC the model's for floats, the double's prefetch, NCNB 8/5 of the double's (320: 512), \
an MML_SPARAM_ for every MML_PARAM_"

run --with=no && grep -q "this host's make tune result" "$dir/log"
result $? "--with=no still takes this host's params.conf"

run --with="$key" && grep -q "(--with-archdefs=$key)" "$dir/log" \
    && grep -q '^M = 8$' "$dir/out/kernel.params"
result $? "--with=KEY wins over this host's params.conf"

# A stale params.conf of this host (probed again since the search) is
# passed over with a warning naming file:line, so that make tune's build
# can go on to probe and search again; the archdef is taken.
(conf "$dir/host" 0123456789abcdef)   # conf sets fp: keep ours
run && grep -q "warning: $dir/host/params.conf:7: PROBE_FINGERPRINT" \
    "$dir/log" && grep -q "from results/archdefs/$key/params.conf (saved \
defaults for this CPU's key; a stale $dir/host/params.conf)" "$dir/log" \
    && grep -q '^M = 8$' "$dir/out/kernel.params"
result $? "a stale params.conf of this host: a warning, then the archdef"

rm "$dir/host/params.conf"
run --with=no && grep -q "from the model (no $dir/host/params.conf, and \
--with-archdefs=no)" "$dir/log"
result $? "--with=no and no params.conf: the model"

conf "$dir/given" "$fp" "NC = 1080"
run --params="$dir/given/params.conf" --with="$key" \
    && grep -q "from $dir/given/params.conf (given with --params)" \
        "$dir/log" && grep -q '#define MML_PARAM_NC 1080$' "$dir/out/libparams.h"
result $? "--params wins over everything"
# Without SMALL_MAX the small-problem path's bound is the model's 320 (the
# file's NCNB, step 6's L1 tile, widened); with it, SMALL_MAX exactly,
# below the model's too (the non-copy kernels are made with it as NCNB).
grep -q '#define MML_PARAM_NCNB 320$' "$dir/out/libparams.h" \
    && conf "$dir/small" "$fp" "SMALL_MAX = 208" \
    && run --params="$dir/small/params.conf" \
    && grep -q '#define MML_PARAM_NCNB 208$' "$dir/out/libparams.h" \
    && grep -q '#define MML_PARAM_SMALL_MAX 208$' "$dir/out/libparams.h" \
    && grep -q '^NCNB = 208$' "$dir/out/kernel.params"
result $? "SMALL_MAX bounds the small-problem path (the model's 320 without)"

# SIMD: MU doubled (the same vectors), the narrow tile in floats; the
# small-problem bound 8/5 of the double's (208: 332), the threads the
# double's.
conf "$dir/sse2" "$fp" "SMALL_MAX = 208" "THREAD_N = 300" \
    "THREAD_N_HOT = 100" "THREAD_HOT_US = 900"
sed -i 's/^ISA = none/ISA = sse2/; s/^MU = 2/MU = 4/; s/^FMA = 1/FMA = 0/' \
    "$dir/sse2/params.conf"
run --params="$dir/sse2/params.conf" && single_is "8 2 1 1024 80 1024 1024 2 1" \
    && grep -q '^#define MML_NARROW_MU 2$' "$dir/out/libparams.h" \
    && grep -q '^#define MML_SNARROW_MU 4$' "$dir/out/libparams.h" \
    && [ "$(skey FMA)" = 0 ] && [ "$(skey FF)" = 0 ] \
    && [ "$(sdef SMALL_MAX)" = 332 ] && [ "$(skey NCNB)" = 332 ] \
    && [ "$(sdef THREAD_N) $(sdef THREAD_N_HOT) $(sdef THREAD_HOT_US)" = \
        "300 100 900" ]
result $? "the single set of an sse2 tile: MU doubled, FMA = 0 and FF = 0 \
kept, SMALL_MAX 8/5 of the double's, the threads the double's"
# mmgen's MU is at most 64: a 40 x 5 avx512 tile (five vectors) becomes
# 64 x 5 (four), IF and NF cut to its 9 loads a k step; an L1 tile NB of
# 500 wider than KC (twice the double's 320: 640 floats deep) is 707
# (times sqrt 2), 710 in whole NU; MC the model's around that KC.  The
# small path's NU (NCNU = 8, the double search's step ncnu) goes to both
# sets' non-copy kernels: the same tile in vectors.
conf "$dir/wide" "$fp" "NCNU = 8"
sed -i 's/^ISA = none/ISA = avx512/; s/^MU = 2/MU = 40/; s/^NU = 2/NU = 5/
    s/^NB = 16/NB = 500/
    s/^IF = 2/IF = 10/; s/^NF = 1/NF = 10/; s/^NR = 16/NR = 32/' \
    "$dir/wide/params.conf"
run --params="$dir/wide/params.conf" \
    && single_is "64 5 1 710 128 640 710 9 9" \
    && grep -q '^MU = 40$' "$dir/out/kernel.params" \
    && grep -q '^IF = 10$' "$dir/out/kernel.params" \
    && grep -q '^NCNU = 8$' "$dir/out/kernel.params" \
    && [ "$(skey NCNU)" = 8 ] && [ "$(sdef NCNU)" = 8 ] \
    && "$mmgen" --params="$dir/out/skernel.params" --small-path \
        --output="$dir/sknc.c" \
    && grep -q '^ \*   MU=32 NU=8 KU=1 ' "$dir/sknc.c"
result $? "the single set of a 40 x 5 avx512 tile: MU 64, IF and NF within \
its loads, NB 500 times sqrt 2, KC twice the double's, NCNU the double's"

# The single keys a params.conf gives (mmsearch --precision=s) are taken,
# the rest derived: S_MU 16, S_KC 256 (MC from the L2 for it: 81920 /
# 256 = 320, a multiple of 16; NC 2048 columns of it in a quarter of the
# LLC, 1920 a multiple of NB), S_NB 32 (the library's widened to MC),
# S_SMALL_MAX 200 (not the double's 8/5) and the small path's tile with it;
# the non-copy kernels' NCNB the derived reach, 8/5 of the double's (the
# same kernels serve the shorter crossover: kernels/libparams.c).
conf "$dir/sgiven" "$fp" "S_MU = 16" "S_KC = 256" "S_NB = 32" \
    "S_SMALL_MAX = 200" "S_MFLOPS = 2000"
sed -i 's/^ISA = none/ISA = sse2/; s/^MU = 2/MU = 4/; s/^IF = 2/IF = 4/' \
    "$dir/sgiven/params.conf"
run --params="$dir/sgiven/params.conf" \
    && single_is "16 2 1 320 320 256 1920 4 1" \
    && [ "$(sdef SMALL_MAX)" = 200 ] \
    && [ "$(skey NCNB)" = $(($(dkey NCNB) * 8 / 5)) ] \
    && grep -q "single precision: MU=16 .* (its keys S_\* as given, the rest \
derived from the double set)" "$dir/log"
result $? "the single keys params.conf gives are taken, the rest derived"

# A double NC below the model's (the search's nc step: B's panel under
# a quarter of the LLC): the single NC takes at most the same bytes.
# KC 128 (MC 320, NB 320), NC 640 where the model gives 1920; the single
# KC 256: 640 x 128 doubles are 640 x 256 floats, where the model's for
# floats is 1920 again.
conf "$dir/ncbelow" "$fp" "KC = 128" "NC = 640"
run --params="$dir/ncbelow/params.conf" \
    && grep -q '#define MML_PARAM_NC 640$' "$dir/out/libparams.h" \
    && [ "$(sdef KC) $(sdef NB) $(sdef NC)" = "256 320 640" ]
result $? "the single NC in the bytes of the double's panel where the \
double's is below the model's: $(sdef KC) $(sdef NB) $(sdef NC)"

run --with=no-such-key
rc=$?
[ $rc -eq 1 ] && grep -q "no-such-key/params.conf" "$dir/log"
result $? "--with=KEY without its file: exit 1 naming the path (got $rc)"

conf "$dir/bad" "$fp" "NBX = 1"
run --params="$dir/bad/params.conf"
rc=$?
[ $rc -eq 2 ] && grep -q "bad/params.conf:27: unknown key" "$dir/log"
result $? "an unknown key: exit 2 naming file:line (got $rc)"

conf "$dir/bad" "$fp" "KC = deep"
run --params="$dir/bad/params.conf"
rc=$?
[ $rc -eq 2 ] && grep -q "bad/params.conf:27: KC" "$dir/log"
result $? "a malformed value: exit 2 naming file:line and the key (got $rc)"

conf "$dir/bad" "$fp" "NC = 8"
run --params="$dir/bad/params.conf"
rc=$?
[ $rc -eq 2 ] && grep -q "bad/params.conf: NC: 8 is too small (allowed 560 \
or more: the library's NB, the largest of NB, MC and KC" "$dir/log"
result $? "NC < NB: exit 2 naming the file, NC and the bound (got $rc)"

conf "$dir/bad" "$fp"
sed -i 's/^FORMAT = 3/FORMAT = 4/' "$dir/bad/params.conf"
run --params="$dir/bad/params.conf"
rc=$?
[ $rc -eq 2 ] && grep -q "bad/params.conf:1: FORMAT = 4, but this mmtune \
reads params.conf FORMAT = 3 (write it again with this version)" "$dir/log"
result $? "a params.conf of another format: exit 2 naming file:line (got $rc)"
# FORMAT 2, from before the single keys: refused, with the remedy.
sed -i 's/^FORMAT = 4/FORMAT = 2/' "$dir/bad/params.conf"
run --params="$dir/bad/params.conf"
rc=$?
[ $rc -eq 2 ] && grep -q "bad/params.conf:1: FORMAT = 2, but this mmtune \
reads params.conf FORMAT = 3 (rerun make tune, which writes it again; or, \
to keep the double parameters it holds, set its FORMAT to 3" "$dir/log"
result $? "a params.conf of FORMAT 2: exit 2, the remedy (got $rc)"

conf "$dir/bad" "$fp"
rm "$dir/bad/probe.conf"
run --params="$dir/bad/params.conf"
rc=$?
[ $rc -eq 2 ] && grep -q "bad/probe.conf" "$dir/log"
result $? "no probe.conf beside the params.conf: exit 2 naming it (got $rc)"

run --params="$dir/given/params.conf"
touch -d '2001-01-01' "$dir/out/kernel.params" "$dir/out/libparams.h" \
    "$dir/out/skernel.params"
run --params="$dir/given/params.conf"
[ -z "$(find "$dir/out" -newer "$dir/given/params.conf" -name '*.h')" ] \
    && [ -z "$(find "$dir/out" -newer "$dir/given/params.conf" \
        -name '*.params')" ]
result $? "the same choice again leaves the outputs as they were"

# Keys saved before they named the compiler: this CPU's is still found,
# after the compiler's own; --with=KEY without a family finds KEY-gcc.
mv "$dir/defs/$key" "$dir/defs/$base"
run && grep -q "from results/archdefs/$base/params.conf (saved defaults" \
    "$dir/log"
result $? "an archdef saved under the key without the compiler is found"
conf "$dir/defs/$base-clang" "$fp" "MC = 4" "KC = 8" "NC = 64"
run && grep -q "from results/archdefs/$base-clang/params.conf" "$dir/log"
result $? "without gcc's, clang's defaults before the key without one"
mv "$dir/defs/$base" "$dir/defs/$key"
run --with="$base" && grep -q "from results/archdefs/$key/params.conf \
(--with-archdefs=$base)" "$dir/log"
result $? "--with=KEY finds KEY-gcc, the configured compiler's"

# The kernels' compiler: the params.conf's CC when installed (flags made
# its family's), else the configured one, with a warning at file:line.
conf "$dir/cc" "$fp"
sed -i 's/^CC = cc$/CC = no-such-cc-mmt/' "$dir/cc/params.conf"
run --params="$dir/cc/params.conf" \
    && grep -q "warning: $dir/cc/params.conf:21: CC = no-such-cc-mmt is \
not installed" "$dir/log" \
    && [ "$(cat "$dir/out/kernel.cc")" = "gcc -O2 -ffp-contract=fast" ] \
    && grep -q '^#define MML_KERNEL_COMPILER "gcc -O2 -ffp-contract=fast"$' \
        "$dir/out/libparams.h"
result $? "CC not installed: the configured compiler, a warning at file:line"
if command -v clang > /dev/null 2>&1; then
    sed -i 's/^CC = .*/CC = clang/' "$dir/cc/params.conf"
    run --params="$dir/cc/params.conf" \
        && [ "$(cat "$dir/out/kernel.cc")" = "clang -O2 -ffp-contract=on" ] \
        && grep -q 'kernels compiled with clang -O2 -ffp-contract=on' \
            "$dir/log" && ! grep -q warning "$dir/log"
    result $? "CC = clang (installed): the kernels are built with clang"
else
    n=$((n + 1)); echo "ok $n # SKIP clang is not installed"
fi
# FF = 0 and FMA = 0 are values, not "not given": the library's kernel is
# the one the search chose (mmgen's default is 1 for both).
conf "$dir/ff0" "$fp" && sed -i 's/^FMA = 1/FMA = 0/' "$dir/ff0/params.conf"
run --params="$dir/ff0/params.conf" \
    && grep -q '^FF = 0$' "$dir/out/kernel.params" \
    && grep -q '^FMA = 0$' "$dir/out/kernel.params" \
    && grep -q '^NF = 1$' "$dir/out/kernel.params"
result $? "FF = 0 and FMA = 0 reach the kernel's parameters"
# PF: absent, the kernel as its search chose it before PF existed (no
# prefetch, mmgen's default); PF = 1 reaches the kernel's parameters.
conf "$dir/pf" "$fp"
run --params="$dir/pf/params.conf" \
    && ! grep -q '^PF =' "$dir/out/kernel.params" \
    && ! grep -q '^PFB' "$dir/out/kernel.params"
result $? "no PF in params.conf: none in the kernel's parameters (nor PFB: \
a scalar kernel)"
echo 'PF = 1' >> "$dir/pf/params.conf"
run --params="$dir/pf/params.conf" \
    && grep -q '^PF = 1$' "$dir/out/kernel.params"
result $? "PF = 1 reaches the kernel's parameters"
# PFB: absent, the model's (1 with a SIMD ISA); a value given is kept; 1
# with ISA = none is refused, naming the file and the key.
conf "$dir/pfb" "$fp" && sed -i 's/^ISA = none/ISA = sse2/' \
    "$dir/pfb/params.conf"
run --params="$dir/pfb/params.conf" \
    && grep -q '^PFB = 1$' "$dir/out/kernel.params" \
    && grep -q '#define MML_PARAM_PFB 1' "$dir/out/libparams.h"
result $? "no PFB in an sse2 params.conf: the model's PFB = 1"
echo 'PFB = 0' >> "$dir/pfb/params.conf"
run --params="$dir/pfb/params.conf" \
    && grep -q '^PFB = 0$' "$dir/out/kernel.params"
result $? "PFB = 0 reaches the kernel's parameters"
conf "$dir/pfb1" "$fp" "PFB = 1"
run --params="$dir/pfb1/params.conf"
rc=$?
[ $rc -eq 2 ] && grep -q "pfb1/params.conf.*PFB: 1 is not allowed with \
ISA=none" "$dir/log"
result $? "PFB = 1 with ISA = none is refused (exit $rc: $(head -c 200 \
"$dir/log"))"
