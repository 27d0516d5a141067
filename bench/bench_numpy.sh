#!/bin/sh
# make bench-numpy: numpy.matmul of N x N float64 (default 4000) on T
# threads (default 2), NumPy on the BLAS it was installed with (Debian's
# python3-numpy: libblas.so.3, OpenBLAS's OpenMP build when installed,
# OPENBLAS_CORETYPE its best core type) against the same NumPy with
# libmmtune preloaded, alternated process by process, R rounds (default
# 7): the median and the best GFLOPS of each, and their ratio.  First
# the binding is proven: the loader's LD_DEBUG=bindings shows NumPy's
# cblas_dgemm bound to libmmtune (else nothing is timed).
#
# usage: bench_numpy.sh LIBMMTUNE.so [N] [T] [R]
lib=$1
n=${2:-4000}
t=${3:-2}
r=${4:-7}
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

prog='
import sys, time, numpy as np
n = int(sys.argv[1])
rng = np.random.default_rng(1)
a = rng.random((n, n)); b = rng.random((n, n))
c = a @ b
best = float("inf")
for _ in range(3):
    t0 = time.perf_counter(); c = a @ b; best = min(best, time.perf_counter() - t0)
print("%.2f" % (2.0 * n ** 3 / best / 1e9))
'
proof=$(LD_PRELOAD=$lib LD_DEBUG=bindings "$py" -c \
    'import numpy as np; a = np.ones((64, 64)); print((a @ a)[0, 0])' 2>&1 |
    grep "normal symbol \`cblas_dgemm'" | head -1)
case $proof in
*libmmtune*) ;;
*)
    echo "bench-numpy: NumPy's cblas_dgemm is not bound to libmmtune under LD_PRELOAD: nothing timed" >&2
    echo "$proof" >&2
    exit 1
    ;;
esac
echo "# numpy.matmul ${n}x${n} float64, $t threads, $r rounds alternated (each a process, best of 3 calls)"
echo "# numpy $("$py" -c 'import numpy; print(numpy.__version__)'), $(readlink -f /usr/lib/x86_64-linux-gnu/libblas.so.3 2>/dev/null || echo 'its libblas'), OPENBLAS_CORETYPE=${core:-unset}"
echo "# binding:$(echo "$proof" | sed 's/^ *[0-9]*: *//')"
stock=
ours=
i=0
while [ $i -lt "$r" ]; do
    a=$(env OMP_NUM_THREADS=$t OPENBLAS_NUM_THREADS=$t ${core:+OPENBLAS_CORETYPE=$core} "$py" -c "$prog" "$n")
    b=$(OMP_NUM_THREADS=$t OPENBLAS_NUM_THREADS=$t MMTUNE_NUM_THREADS=$t LD_PRELOAD=$lib "$py" -c "$prog" "$n")
    echo "round $((i + 1)): numpy+its BLAS $a, numpy+libmmtune $b GFLOPS"
    stock="$stock $a"
    ours="$ours $b"
    i=$((i + 1))
done
med() { echo "$@" | tr ' ' '\n' | sed '/^$/d' | sort -g | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
best() { echo "$@" | tr ' ' '\n' | sed '/^$/d' | sort -g | tail -1; }
ms=$(med $stock)
mo=$(med $ours)
echo "median: numpy+its BLAS $ms, numpy+libmmtune $mo GFLOPS, ratio $(awk "BEGIN {printf \"%.3f\", $mo / $ms}")"
echo "best:   numpy+its BLAS $(best $stock), numpy+libmmtune $(best $ours) GFLOPS"
