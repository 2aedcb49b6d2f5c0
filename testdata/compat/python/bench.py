#!/usr/bin/env python3
"""Times CPython's random.shuffle and random.sample on 10**6 items, for
BENCHMARKS.md beside go test -bench . ./compat/python: the best and the median
of REPEATS runs, in ms per call (the list is rebuilt outside the timing)."""
import random
import statistics
import sys
import time

N = 10**6
REPEATS = int(sys.argv[1]) if len(sys.argv) > 1 else 7
r = random.Random(1)


def timed(f):
    ts = []
    for _ in range(REPEATS):
        x = list(range(N))
        t = time.perf_counter()
        f(x)
        ts.append(time.perf_counter() - t)
    return f"best {min(ts) * 1e3:.1f} ms, median {statistics.median(ts) * 1e3:.1f} ms"


print(f"{sys.version.split()[0]} random.shuffle, n=10**6:", timed(r.shuffle))
print(f"{sys.version.split()[0]} random.sample(range(n), n), n=10**6:", timed(lambda x: r.sample(range(N), N)))
print(f"{sys.version.split()[0]} random.sample(range(n), 1000), n=10**6:", timed(lambda x: r.sample(range(N), 1000)))
