#!/bin/sh
# make bench-numpy: numpy.matmul of N x N matrices (default 4000) of each
# --dtype (float64 by default; float32, complex64, complex128) on T
# threads (default 2), NumPy on the BLAS it was installed with (Debian's
# python3-numpy: libblas.so.3, OpenBLAS's OpenMP build when installed,
# OPENBLAS_CORETYPE its best core type) against the same NumPy with
# libmmtune preloaded, alternated process by process, R rounds (default
# 7): the median and the best GFLOPS of each (2 N^3 flops real, 8 N^3
# complex), and their ratio.  First, for each dtype, the binding is
# proven: the loader's LD_DEBUG=bindings shows NumPy's cblas_?gemm of
# that dtype bound to libmmtune (else nothing is timed for it); then
# libmmtune's product is checked against NumPy's own BLAS's to the
# dtype's epsilon (else nothing is timed for it).  Exit 1 when a dtype
# was not timed.
#
# usage: bench_numpy.sh LIBMMTUNE.so [--dtype=D,...] [N] [T] [R]
lib=$1
[ $# -gt 0 ] && shift
dtypes=float64
set -- "$@" --
while [ "$1" != -- ]; do
    case $1 in
    --dtype=*) dtypes=${1#*=} ;;
    *) set -- "$@" "$1" ;;
    esac
    shift
done
shift
for dt in $(echo "$dtypes" | tr ',' ' '); do
    case $dt in
    float32|float64|complex64|complex128) ;;
    *)
        echo "bench-numpy: --dtype: '$dt' is not float32, float64," \
            "complex64 or complex128" >&2
        exit 2
        ;;
    esac
done
if [ -z "$(echo "$dtypes" | tr -d ',')" ]; then
    echo "bench-numpy: --dtype: none given" >&2
    exit 2
fi
n=${1:-4000}
t=${2:-2}
r=${3:-7}
if [ -z "$lib" ] || [ ! -f "$lib" ]; then
    echo "bench-numpy: no libmmtune at '$lib'" >&2
    exit 1
fi
# PYTHON, else the first python3 with numpy (a python of its own first
# on PATH may have none; Debian's is /usr/bin/python3)
py=${PYTHON:-}
if [ -z "$py" ]; then
    for p in python3 /usr/bin/python3; do
        if "$p" -c 'import numpy' 2>/dev/null; then py=$p; break; fi
    done
fi
if [ -z "$py" ] || ! "$py" -c 'import numpy' 2>/dev/null; then
    echo "bench-numpy: no python3 with numpy (Debian's python3-numpy; or PYTHON=...): nothing to time" >&2
    exit 1
fi
# OpenBLAS's widest kernels this CPU runs (bench-dgemm's openblas-best)
core=
if grep -qw avx512f /proc/cpuinfo 2>/dev/null; then core=SkylakeX
elif grep -qw avx2 /proc/cpuinfo 2>/dev/null; then core=Haswell
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench-numpy.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

# prog N DTYPE time: GFLOPS of the best of 3 products; ref FILE: the
# product and the magnitudes |A||B| (|re| + |im| for complex) into FILE;
# check FILE: this product against FILE's to the dtype's epsilon (the
# worst case of any summation order, as bench-dgemm's check; each part
# of a complex sum of N products is a real sum of 2N), "ERROR RATIO" of
# the worst element, exit 1 past the bound.
prog='
import sys, time, numpy as np
n, dt, what = int(sys.argv[1]), np.dtype(sys.argv[2]), sys.argv[3]
cplx = dt.kind == "c"
rng = np.random.default_rng(1)
def operand():
    x = rng.random((n, n)) - 0.5
    if cplx:
        x = x + 1j * (rng.random((n, n)) - 0.5)
    return x.astype(dt)
def mag(x):
    x = x.astype(np.complex128)
    return np.abs(x.real) + np.abs(x.imag)
a = operand(); b = operand()
c = a @ b
if what == "time":
    best = float("inf")
    for _ in range(3):
        t0 = time.perf_counter(); c = a @ b
        best = min(best, time.perf_counter() - t0)
    print("%.2f" % ((8.0 if cplx else 2.0) * n ** 3 / best / 1e9))
elif what == "ref":
    np.savez(sys.argv[4], c=c, mag=mag(a) @ mag(b))
else:
    ref = np.load(sys.argv[4])
    fi = np.finfo(dt)
    terms = n * (2 if cplx else 1)
    bound = 2.0 * (terms + 2) * float(fi.eps) * ref["mag"] + float(fi.tiny)
    d = c.astype(np.complex128) - ref["c"].astype(np.complex128)
    err = np.maximum(np.abs(d.real), np.abs(d.imag))
    ratio = err / bound
    print("%.3g %.3g" % (err.max(), ratio.max()))
    sys.exit(0 if ratio.max() <= 1.0 else 1)
'
stock() {
    env OMP_NUM_THREADS=$t OPENBLAS_NUM_THREADS=$t \
        ${core:+OPENBLAS_CORETYPE=$core} "$py" -c "$prog" "$@"
}
ours() {
    env OMP_NUM_THREADS=$t OPENBLAS_NUM_THREADS=$t MMTUNE_NUM_THREADS=$t \
        LD_PRELOAD="$lib" "$py" -c "$prog" "$@"
}
med() { echo "$@" | tr ' ' '\n' | sed '/^$/d' | sort -g | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
best() { echo "$@" | tr ' ' '\n' | sed '/^$/d' | sort -g | tail -1; }

echo "# numpy $("$py" -c 'import numpy; print(numpy.__version__)'), $(readlink -f /usr/lib/x86_64-linux-gnu/libblas.so.3 2>/dev/null || echo 'its libblas'), OPENBLAS_CORETYPE=${core:-unset}"
rc=0
for dt in $(echo "$dtypes" | tr ',' ' '); do
    case $dt in
    float32) sym=cblas_sgemm flops=2 ;;
    float64) sym=cblas_dgemm flops=2 ;;
    complex64) sym=cblas_cgemm flops=8 ;;
    complex128) sym=cblas_zgemm flops=8 ;;
    esac
    echo "# numpy.matmul ${n}x${n} $dt ($sym, $flops N^3 flops), $t" \
        "threads, $r rounds alternated (each a process, best of 3 calls)"
    proof=$(LD_PRELOAD=$lib LD_DEBUG=bindings "$py" -c "import numpy as np
a = np.ones((64, 64), dtype=np.$dt); print((a @ a)[0, 0])" 2>&1 |
        grep "normal symbol \`$sym'" | head -1)
    case $proof in
    *libmmtune*) ;;
    *)
        echo "bench-numpy: $dt: NumPy's $sym is not bound to libmmtune" \
            "under LD_PRELOAD: nothing timed" >&2
        echo "$proof" >&2
        rc=1
        continue
        ;;
    esac
    echo "# binding:$(echo "$proof" | sed 's/^ *[0-9]*: *//')"
    if ! stock "$n" "$dt" ref "$tmp/ref.npz"; then
        echo "bench-numpy: $dt: NumPy on its own BLAS gave no" \
            "reference: nothing timed" >&2
        rc=1
        continue
    fi
    said=$(ours "$n" "$dt" check "$tmp/ref.npz")
    ok=$?
    rm -f "$tmp/ref.npz"
    if [ $ok -ne 0 ]; then
        echo "bench-numpy: $dt: numpy+libmmtune's product is wrong" \
            "against numpy+its BLAS (largest error, its ratio to the" \
            "bound: ${said:-none}): nothing timed" >&2
        rc=1
        continue
    fi
    echo "# correct: numpy+libmmtune against numpy+its BLAS, largest" \
        "error ${said% *}, ${said#* } of the bound at $dt's epsilon"
    s= o= i=0
    while [ $i -lt "$r" ]; do
        a=$(stock "$n" "$dt" time)
        b=$(ours "$n" "$dt" time)
        echo "round $((i + 1)): numpy+its BLAS $a, numpy+libmmtune $b GFLOPS"
        s="$s $a" o="$o $b"
        i=$((i + 1))
    done
    ms=$(med $s)
    mo=$(med $o)
    echo "median: numpy+its BLAS $ms, numpy+libmmtune $mo GFLOPS, ratio $(awk "BEGIN {printf \"%.3f\", $mo / $ms}")"
    echo "best:   numpy+its BLAS $(best $s), numpy+libmmtune $(best $o) GFLOPS"
done
exit $rc
