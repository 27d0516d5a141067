"""A NumPy workload for bench/profile_demo.sh (run under libmmprofile).

usage: profile_demo.py lstsq|matrix_power|solve N[,N...]

Each size is solved once and its result checked with matrix-vector
products (dgemv, which the profiler does not record); prints what the
workload is (its docstring), the BLAS and LAPACK libraries the process
mapped, the seconds the workload took, and the worst relative residual.
Exits 1 when a result is wrong.
"""
import sys
import time

import numpy as np


def lstsq(rng, n):
    """numpy.linalg.lstsq: least squares of a 2N x N system, 3 right sides"""
    a = rng.standard_normal((2 * n, n))
    b = rng.standard_normal((2 * n, 3))
    x = np.linalg.lstsq(a, b, rcond=None)[0]
    # the normal equations: A^T (A x - b) = 0
    r = a.T @ (a @ x[:, 0] - b[:, 0])
    return np.linalg.norm(r) / (np.linalg.norm(a) ** 2 * np.linalg.norm(x))


def matrix_power(rng, n):
    """numpy.linalg.matrix_power: the 5th power of an N x N matrix"""
    m = rng.standard_normal((n, n)) / np.sqrt(n)
    p = np.linalg.matrix_power(m, 5)
    v = rng.standard_normal(n)
    w = v
    for _ in range(5):
        w = m @ w
    return np.linalg.norm(p @ v - w) / np.linalg.norm(w)


def solve(rng, n):
    """numpy.linalg.solve: an N x N system, 3 right sides"""
    a = rng.standard_normal((n, n))
    b = rng.standard_normal((n, 3))
    x = np.linalg.solve(a, b)
    r = a @ x[:, 0] - b[:, 0]
    return np.linalg.norm(r) / (np.linalg.norm(a) * np.linalg.norm(x[:, 0]))


def mapped_libraries():
    names = set()
    with open("/proc/self/maps") as maps:
        for line in maps:
            path = line.split()[-1]
            if "blas" in path or "lapack" in path:
                names.add(path)
    return sorted(names)


def main():
    work = {"lstsq": lstsq, "matrix_power": matrix_power, "solve": solve}
    if len(sys.argv) != 3 or sys.argv[1] not in work:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    rng = np.random.default_rng(1)
    t0 = time.perf_counter()
    worst = max(work[sys.argv[1]](rng, int(n)) for n in sys.argv[2].split(","))
    seconds = time.perf_counter() - t0
    print("workload", work[sys.argv[1]].__doc__)
    for lib in mapped_libraries():
        print("library", lib)
    print("seconds %.6f" % seconds)
    print("residual %.1e" % worst)
    return 0 if worst < 1e-10 else 1


sys.exit(main())
