#!/usr/bin/env python3
"""Writes the vectors that compat/numpy is held to, from numpy itself.

Usage: gen.py [g:SEED | rs:SEED ...] > vectors.json
g:SEED is numpy.random.default_rng(SEED) (0 <= SEED < 2**64), rs:SEED is
numpy.random.RandomState(SEED) (0 <= SEED < 2**32). With no arguments, the
fixed list below (the committed vectors); the live check
(scripts/compat-live-numpy) passes fresh random seeds. Each case runs on a
fresh generator. Past 100 values a case keeps the SHA-256 of the output's
decimal list (joined by single spaces), its length and first ten values.
"""
import hashlib
import json
import sys

import numpy as np

SIZES = [0, 1, 2, 52, 1000, 100000]
FIXED = ["g:0", "g:1", "g:42", "g:4294967295", "g:4294967296", "g:9223372036854775807",
         "g:18446744073709551615", "g:12345678901234567890",
         "rs:0", "rs:1", "rs:42", "rs:2147483648", "rs:4294967295"]
RANGES = [(0, 1), (0, 2), (0, 10), (-5, 5), (0, 52), (0, 2**31), (0, 2**32 - 1), (0, 2**32),
          (0, 2**32 + 1), (-(2**40), 2**40), (0, 2**62 + 1), (-(2**63), 2**63 - 1),
          (-(2**63), -(2**63) + 3)]


def ints(out):
    out = [int(x) for x in out]
    if len(out) <= 100:
        return {"out": out}
    text = " ".join(map(str, out)).encode()
    return {"sha256": hashlib.sha256(text).hexdigest(), "prefix": out[:10], "len": len(out)}


def gen_cases(seed):
    r = lambda: np.random.default_rng(seed)
    g = r()
    yield {"call": "random", "out": [repr(float(g.random())) for _ in range(5)]}
    yield {"call": "raw", "out": [str(int(x)) for x in r().bit_generator.random_raw(5)]}
    for lo, hi in RANGES:
        g = r()
        yield {"call": "integers", "args": [str(lo), str(hi)], "out": [str(int(g.integers(lo, hi))) for _ in range(9)]}
    for n in SIZES:
        yield {"call": "permutation", "args": [n], **ints(r().permutation(n))}
    # choice without replacement: Floyd's algorithm, or past 10**4 items
    # and k > n // 50 a partial shuffle; then the sample is shuffled
    for n, k in [(0, 0), (5, 0), (1, 1), (2, 2), (52, 5), (52, 52), (1000, 10), (1000, 1000),
                 (10000, 5000), (10001, 200), (10001, 201), (10001, 10001), (100000, 1000), (100000, 5000)]:
        yield {"call": "choice", "args": [n, k], **ints(r().choice(n, k, replace=False))}
    # the 32-bit half kept by one bounded draw is the next one's, whatever
    # comes between
    g = r()
    seq = [int(g.integers(0, 10)), repr(float(g.random())), int(g.integers(0, 10)),
           int(g.integers(0, 2**40)), int(g.integers(0, 10)), int(g.integers(0, 10))]
    x = np.arange(7)
    g.shuffle(x)
    seq += [x.tolist(), int(g.integers(0, 1000)), g.permutation(5).tolist()]
    yield {"call": "sequence", "out": json.dumps(seq)}


def rs_cases(seed):
    r = lambda: np.random.RandomState(seed)
    g = r()
    yield {"call": "random_sample", "out": [repr(float(g.random_sample())) for _ in range(5)]}
    for lo, hi in RANGES:
        g = r()
        yield {"call": "randint", "args": [str(lo), str(hi)], "out": [str(int(g.randint(lo, hi, dtype=np.int64))) for _ in range(9)]}
    for n in SIZES:
        yield {"call": "permutation", "args": [n], **ints(r().permutation(n))}
    g = r()
    seq = [int(g.randint(0, 10)), repr(float(g.random_sample())), int(g.randint(0, 2**40))]
    x = np.arange(7)
    g.shuffle(x)
    seq += [x.tolist(), g.permutation(5).tolist()]
    yield {"call": "sequence", "out": json.dumps(seq)}


def main():
    out = []
    for a in sys.argv[1:] or FIXED:
        kind, s = a.split(":")
        cases = gen_cases if kind == "g" else rs_cases
        for c in cases(int(s)):
            out.append({"gen": kind, "seed": s, **c})
    json.dump(out, sys.stdout, separators=(",", ":"))
    sys.stdout.write("\n")


main()
