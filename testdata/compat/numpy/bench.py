#!/usr/bin/env python3
"""Times numpy's permutation and shuffle of 10**6 items, for BENCHMARKS.md
beside go test -bench . ./compat/numpy (bench.sh runs both, interleaved):
for each call the best and the median of REPEATS runs, in ms per call, of
wall time and of the process's CPU time (shuffle's array is rebuilt outside
the timing)."""
import statistics
import sys
import time

import numpy as np

N = 10**6
REPEATS = int(sys.argv[1]) if len(sys.argv) > 1 else 15


def timed(name, f, fresh=lambda: None):
    wall, cpu = [], []
    for _ in range(REPEATS):
        x = fresh()
        t, c = time.perf_counter(), time.process_time()
        f(x)
        cpu.append(time.process_time() - c)
        wall.append(time.perf_counter() - t)
    print(f"numpy {np.__version__} {name}: wall best {min(wall) * 1e3:.2f} ms, median "
          f"{statistics.median(wall) * 1e3:.2f} ms; CPU best {min(cpu) * 1e3:.2f} ms, median {statistics.median(cpu) * 1e3:.2f} ms")


g, rs = np.random.default_rng(1), np.random.RandomState(1)
timed("Generator.permutation(10**6)", lambda _: g.permutation(N))
timed("Generator.shuffle(arange(10**6))", g.shuffle, lambda: np.arange(N))
timed("RandomState.permutation(10**6)", lambda _: rs.permutation(N))
timed("RandomState.shuffle(arange(10**6))", rs.shuffle, lambda: np.arange(N))
