#!/usr/bin/env python3
"""Times CPython's random.shuffle and random.sample on 10**6 items, for
BENCHMARKS.md beside go test -bench . ./compat/python (bench.sh runs both,
interleaved): for each call the best and the median of REPEATS runs, in ms
per call, of wall time and of the process's CPU time (the list is rebuilt
outside the timing)."""
import random
import statistics
import sys
import time

N = 10**6
REPEATS = int(sys.argv[1]) if len(sys.argv) > 1 else 7
r = random.Random(1)


def timed(name, f):
    wall, cpu = [], []
    for _ in range(REPEATS):
        x = list(range(N))
        t, c = time.perf_counter(), time.process_time()
        f(x)
        cpu.append(time.process_time() - c)
        wall.append(time.perf_counter() - t)
    print(f"CPython {sys.version.split()[0]} {name}: wall best {min(wall) * 1e3:.1f} ms, median "
          f"{statistics.median(wall) * 1e3:.1f} ms; CPU best {min(cpu) * 1e3:.1f} ms, median {statistics.median(cpu) * 1e3:.1f} ms")


timed("random.shuffle(x), len(x) = 10**6", r.shuffle)
timed("random.sample(range(10**6), 10**6)", lambda x: r.sample(range(N), N))
timed("random.sample(range(10**6), 1000)", lambda x: r.sample(range(N), 1000))
