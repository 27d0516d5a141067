#!/bin/sh
# Generate the bench kernels and their table (called by make bench-codegen).
# Usage: bench.sh MMGEN OUTDIR [SETS] -- SETS: lines "name mmgen-options"
# (default: the sets below).
mmgen=$1 out=$2 sets=$3
mkdir -p "$out" || exit 1
rm -f "$out"/*.c "$out"/*.o
# name: options.  Scalar ATLAS-style kernels, then SIMD register tiles of
# 12 (AVX2: 16 registers) and 24 (AVX-512: 32 registers) accumulators.
cat > "$out/sets" <<'EOT'
s1 --isa=none --nb=32 --mu=4 --nu=4 --ku=32
s2 --isa=none --nb=32 --mu=2 --nu=4 --ku=8 --fma=0 --ls=3
s3 --isa=none --nb=48 --mu=4 --nu=2 --ku=1
v1 --isa=sse2 --nb=24 --mu=4 --nu=4 --ku=1
v2 --isa=avx2 --nb=24 --mu=8 --nu=6 --ku=1
v3 --isa=avx2 --nb=48 --mu=8 --nu=6 --ku=1
v4 --isa=avx2 --nb=48 --mu=8 --nu=6 --ku=4
v5 --isa=avx2 --nb=48 --mu=12 --nu=4 --ku=1
v6 --isa=avx2 --nb=48 --mu=16 --nu=3 --ku=1
v7 --isa=avx2 --nb=48 --mu=8 --nu=6 --ku=1 --fma=0 --ls=4
w1 --isa=avx512 --nb=48 --mu=24 --nu=8 --ku=1
w2 --isa=avx512 --nb=48 --mu=16 --nu=12 --ku=1
EOT
if [ -n "$sets" ]; then cp "$sets" "$out/sets" || exit 1; fi
table="$out/table.c"
echo '#include "mmkernel.h"' > "$table.tmp"
list=
while read -r name opts; do
    # shellcheck disable=SC2086
    "$mmgen" $opts --beta=X --name="bench_$name" \
        --output="$out/$name.c" 2>/dev/null || exit 1
    echo "extern const struct mmt_kernel_desc bench_${name}_desc;" \
        >> "$table.tmp"
    list="$list    &bench_${name}_desc,
"
done < "$out/sets"
printf '%s\n%s    0\n};\n' \
    'const struct mmt_kernel_desc *const bench_kernels[] = {' \
    "$list" >> "$table.tmp"
mv "$table.tmp" "$table"
