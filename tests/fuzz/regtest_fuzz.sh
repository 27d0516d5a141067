#!/bin/sh
# make regtest: make fuzz for FUZZ_REGTEST_SECONDS (20) per parser, from
# the committed inputs, the parsers side by side on every CPU: no parser
# crashes, under ASan and UBSan.  SKIP when clang cannot link libFuzzer
# (Debian's libclang-rt-dev of its version absent): a fact of the
# machine, not of the parsers.  The first run configures and builds make
# fuzz's tree (fuzz-tree/, a few minutes).
: "${top_builddir:=.}" "${top_srcdir:=.}" "${MAKE:=make}"
. "$top_srcdir/tests/common/tap.sh"
dir=tests/fuzz/regfuzz.$$
tap_scratch "$dir"
parsers="probeconf paramsconf searchlog spec profile"
echo "1..5"
cat > "$dir/t.c" <<'C'
#include <stddef.h>
#include <stdint.h>
int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);
int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n)
{ (void)d; (void)n; return 0; }
C
if ! ${FUZZ_CC:-clang} -fsanitize=fuzzer,address,undefined "$dir/t.c" \
        -o "$dir/t" > "$dir/cc.out" 2>&1; then
    why="${FUZZ_CC:-clang} cannot link libFuzzer: $(head -1 "$dir/cc.out")"
    for p in $parsers; do skip "$p: $why"; done
    exit 0
fi
# (make fuzz builds its tree and runs the harnesses on every CPU, shared
# with make regtest's other untimed tests, REGTESTS_UNTIMED: this one
# times nothing)
$MAKE -C "$top_builddir" fuzz \
    FUZZ_SECONDS="${FUZZ_REGTEST_SECONDS:-20}" > "$dir/fuzz.out" 2>&1
for p in $parsers; do
    line=$(grep "^fuzz $p: " "$dir/fuzz.out")
    case $line in
    *", no crash") pass "${line#fuzz }" ;;
    "") fail "$p: not run: $(grep -i 'error' "$dir/fuzz.out" | head -3)" ;;
    *) fail "${line#fuzz }" ;;
    esac
done
