#!/usr/bin/env python3
"""Times numpy's permutation and shuffle of 10**6 items, for BENCHMARKS.md
beside go test -bench . ./compat/numpy: the best and the median of REPEATS
runs, in ms per call (shuffle's array is rebuilt outside the timing)."""
import statistics
import sys
import time

import numpy as np

N = 10**6
REPEATS = int(sys.argv[1]) if len(sys.argv) > 1 else 15


def timed(f, fresh=lambda: None):
    ts = []
    for _ in range(REPEATS):
        x = fresh()
        t = time.perf_counter()
        f(x)
        ts.append(time.perf_counter() - t)
    return f"best {min(ts) * 1e3:.2f} ms, median {statistics.median(ts) * 1e3:.2f} ms"


g, rs = np.random.default_rng(1), np.random.RandomState(1)
v = f"numpy {np.__version__}"
print(f"{v} Generator.permutation(10**6):", timed(lambda _: g.permutation(N)))
print(f"{v} Generator.shuffle(arange(10**6)):", timed(g.shuffle, lambda: np.arange(N)))
print(f"{v} RandomState.permutation(10**6):", timed(lambda _: rs.permutation(N)))
print(f"{v} RandomState.shuffle(arange(10**6)):", timed(rs.shuffle, lambda: np.arange(N)))
