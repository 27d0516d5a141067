# shellcheck shell=sh disable=SC2154
# Sourced by the codegen tests: whether the kernel compiler, with
# KERNEL_CFLAGS, builds an ISA's kernels -- decided by compiling one fused
# multiply-add intrinsic under the target attribute those kernels carry
# (codegen/emit_ctx.c), a fact about the compiler, not the generator.
# Needs $dir, a scratch directory.

# can_build ISA: 0 if it builds; else 1, with the compiler's first
# complaint in $build_error.
can_build() {
    case $1 in
    sse2) prefix=_mm target=sse2,fma ;;
    avx2) prefix=_mm256 target=avx2,fma ;;
    avx512) prefix=_mm512 target=avx512f ;;
    *) build_error="no such ISA"; return 1 ;;
    esac
    cat > "$dir/isa-$1.c" <<EOT
#include <immintrin.h>
__attribute__((target("$target"))) void f(double *x)
{
    ${prefix}_storeu_pd(x, ${prefix}_fmadd_pd(${prefix}_loadu_pd(x + 8),
                                              ${prefix}_loadu_pd(x + 16),
                                              ${prefix}_loadu_pd(x)));
}
EOT
    # shellcheck disable=SC2086
    if $KERNEL_CC $KERNEL_CFLAGS -c "$dir/isa-$1.c" -o "$dir/isa-$1.o" \
            2> "$dir/isa-$1.err"; then
        return 0
    fi
    build_error="$KERNEL_CC with KERNEL_CFLAGS cannot build"
    build_error="$build_error target(\"$target\"): $(grep -m1 -i error \
        "$dir/isa-$1.err" || head -1 "$dir/isa-$1.err")"
    return 1
}
