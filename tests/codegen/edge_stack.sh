#!/bin/sh
# The packed edge's stack is bounded on an ISA without masked tiles
# (SSE2): two kernels whose every call is their packed edge (M = 3 rows,
# not a whole vector; K = 1024), double and single, each run on a thread
# with a 64 KiB stack and checked by the oracle (tests/codegen/
# edge_stack.c).  Their panels K deep took 192 KiB.
: "${top_builddir:=.}" "${top_srcdir:=.}"
: "${KERNEL_CC:=cc}" "${KERNEL_CFLAGS:=-O2}"
. "$top_srcdir/tests/common/tap.sh"
dir=tests/codegen/edge_stack.$$
tap_scratch "$dir"
echo "1..2"
# shellcheck source=tests/codegen/isa.sh
. "$top_srcdir/tests/codegen/isa.sh"
if ! can_build sse2; then
    skip "the kernel compiler does not build sse2: $build_error"
    skip "the kernel compiler does not build sse2: $build_error"
    exit 0
fi
"$top_builddir/mmgen" --isa=sse2 --nb=1024 --m=3 --n=8 --k=1024 --mu=16 \
    --nu=8 --ku=1 --beta=1 --name=edge_d --output="$dir/edge_d.c" \
    2> "$dir/gen.err" \
&& "$top_builddir/mmgen" --isa=sse2 --type=s --nb=1024 --m=3 --n=16 \
    --k=1024 --mu=32 --nu=16 --ku=1 --beta=1 --name=edge_s \
    --output="$dir/edge_s.c" 2>> "$dir/gen.err" || {
    echo "Bail out! mmgen: $(head -2 "$dir/gen.err")"; exit 1; }
# shellcheck disable=SC2086
$KERNEL_CC $KERNEL_CFLAGS -Wall -Wextra -Werror -pthread \
    -I"$top_srcdir/codegen" -o "$dir/edge_stack" "$dir/edge_d.c" \
    "$dir/edge_s.c" "$top_srcdir/codegen/oracle.c" \
    "$top_srcdir/tests/codegen/edge_stack.c" -lm 2> "$dir/cc.err" || {
    echo "Bail out! the kernels do not compile: $(head -3 "$dir/cc.err")"
    exit 1; }
for t in d s; do
    "$dir/edge_stack" $t > "$dir/$t.out" 2>&1
    rc=$?
    case $rc in
    0) pass "$(cat "$dir/$t.out") on a 64 KiB stack" ;;
    77) skip "$(cat "$dir/$t.out")" ;;
    *) fail "edge_$t on a 64 KiB stack: exit $rc$([ $rc -gt 128 ] \
&& echo " (signal $((rc - 128)))") $(cat "$dir/$t.out")" ;;
    esac
done
