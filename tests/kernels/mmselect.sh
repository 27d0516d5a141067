#!/bin/sh
# mmselect: the key, the order of the sources (--params, then the saved
# archdef of the key, then the model), errors that name the file and line,
# and outputs rewritten only when the choice changes.
: "${top_builddir:=.}"
sel=$top_builddir/kernels/mmselect
dir=${TMPDIR:-/tmp}/mmselect.$$
mkdir -p "$dir/out" "$dir/defs" || exit 99
trap 'rm -rf "$dir"' EXIT
n=0
result() { # status, description
    n=$((n + 1))
    if [ "$1" -eq 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi
}
echo "1..9"

key=$("$sel" --key)
form='^[a-z0-9_]+-f-?[0-9]+-m-?[0-9]+-(avx512|avx2|sse2|none)$'
echo "$key" | grep -Eq "$form"
result $? "the key has the form vendor-fF-mM-ISA: $key"

"$sel" --archdefs="$dir/defs" --out="$dir/out" > "$dir/log" 2>&1 \
    && grep -q "from the model (no saved defaults for this CPU's key $key)" \
        "$dir/log" && grep -q '^ISA = ' "$dir/out/kernel.params" \
    && grep -q '#define MML_PARAM_NC [1-9]' "$dir/out/libparams.h"
result $? "no archdef for the key: the model, and says so"

mkdir -p "$dir/defs/$key"
printf 'ISA = none\nMU = 2\nNU = 2\nNB = 16\nMC = 8\nKC = 12\n' \
    > "$dir/defs/$key/params"
"$sel" --archdefs="$dir/defs" --out="$dir/out" > "$dir/log" 2>&1 \
    && grep -q "saved defaults for this CPU's key" "$dir/log" \
    && grep -q '^M = 8$' "$dir/out/kernel.params" \
    && grep -q '^K = 12$' "$dir/out/kernel.params" \
    && grep -q '^N = 16$' "$dir/out/kernel.params"
result $? "the key's archdef wins over the model; MC, KC become mmgen's M, K"

"$sel" --archdefs="$dir/defs" --with=no --out="$dir/out" > "$dir/log" 2>&1 \
    && grep -q "from the model (--with-archdefs=no)" "$dir/log"
result $? "--with=no takes the model"

printf 'ISA = sse2\nNB = 40\n' > "$dir/given"
"$sel" --archdefs="$dir/defs" --params="$dir/given" --out="$dir/out" \
    > "$dir/log" 2>&1 && grep -q "from $dir/given (given with --params)" \
    "$dir/log" && grep -q '^ISA = sse2$' "$dir/out/kernel.params"
result $? "--params wins over the archdef"

"$sel" --archdefs="$dir/defs" --with=no-such-key --out="$dir/out" \
    > "$dir/log" 2>&1
rc=$?
[ $rc -eq 1 ] && grep -q "no-such-key/params" "$dir/log"
result $? "--with=KEY without its file: exit 1 naming the path (got $rc)"

printf 'ISA = avx2\nNB = 40\nMC = 48\n' > "$dir/bad1"
"$sel" --params="$dir/bad1" --out="$dir/out" > "$dir/log" 2>&1
rc=$?
[ $rc -eq 2 ] && grep -q "bad1: MC: 48 is too large" "$dir/log"
result $? "MC > NB: exit 2 naming the file and MC (got $rc)"

printf 'ISA = avx2\nNB = 40\nNBX = 1\n' > "$dir/bad2"
"$sel" --params="$dir/bad2" --out="$dir/out" > "$dir/log" 2>&1
rc=$?
[ $rc -eq 2 ] && grep -q "bad2:3:" "$dir/log"
result $? "an unknown key: exit 2 naming file:line (got $rc)"

"$sel" --params="$dir/given" --out="$dir/out" > /dev/null 2>&1
touch -d '2001-01-01' "$dir/out/kernel.params" "$dir/out/libparams.h"
"$sel" --params="$dir/given" --out="$dir/out" > /dev/null 2>&1
[ -z "$(find "$dir/out" -newer "$dir/given" -name '*.h')" ] \
    && [ -z "$(find "$dir/out" -newer "$dir/given" -name '*.params')" ]
result $? "the same choice again leaves the outputs as they were"
