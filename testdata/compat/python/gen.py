#!/usr/bin/env python3
"""Writes the vectors that compat/python is held to, from CPython's own random.

Usage: gen.py [SEED ...] > vectors.json
With no seeds, the fixed list below (the committed vectors); the live check
(scripts/compat-live-python) passes fresh random ones: a decimal int, s:TEXT
for a str seed, or b:HEX for a bytes seed. Each case runs on a
fresh random.Random(seed), so a case fails alone. Past 100 values a case keeps
the SHA-256 of the output's decimal list (joined by single spaces) and its
first ten values instead of the whole list.
"""
import hashlib
import json
import random
import sys

SIZES = [0, 1, 2, 52, 1000, 100000]
FIXED = [0, 1, -1, 42, -42, 2**32 - 1, 2**32, -(2**32), 2**63 - 1, -(2**63),
         12345678901234567, 2**64, 2**100 + 7, -(2**70), 2**128 - 1, "", "hello", "héllo, wörld", b"", b"\x00\xff\x00", b"seed"]


def seed_json(s):
    if isinstance(s, bytes):
        return {"bytes": s.hex()}
    if isinstance(s, str):
        return {"str": s}
    return {"int": str(s)}


def ints(out):
    if len(out) <= 100:
        return {"out": out}
    text = " ".join(map(str, out)).encode()
    return {"sha256": hashlib.sha256(text).hexdigest(), "prefix": out[:10], "len": len(out)}


def cases(seed):
    r = lambda: random.Random(seed)
    yield {"call": "random", "out": [repr(r().random())]}
    g = r()
    yield {"call": "random5", "out": [repr(g.random()) for _ in range(5)]}
    g = r()
    ks = [0, 1, 5, 31, 32, 33, 53, 63, 64, 7, 32]
    yield {"call": "getrandbits", "args": ks, "out": [str(g.getrandbits(k)) for k in ks]}
    for n in [0, 1, 3, 4, 5, 9]:
        yield {"call": "randbytes", "args": [n], "out": r().randbytes(n).hex()}
    for a, b in [(0, 1), (0, 10), (-5, 5), (0, 2**32), (0, 2**32 + 5), (7, 2**62 + 1),
                 (-(2**63), 2**63 - 1), (-(2**63) + 1, 2**63 - 1), (1, 2**63 - 1)]:
        g = r()
        yield {"call": "randrange", "args": [str(a), str(b)], "out": [str(g.randrange(a, b)) for _ in range(8)]}
    for a, b, s in [(0, 10, 3), (10, 0, -3), (-7, 100, 7), (0, 2**40, 1000)]:
        g = r()
        yield {"call": "randrangestep", "args": [a, b, s], "out": [g.randrange(a, b, s) for _ in range(8)]}
    for a, b in [(1, 6), (0, 0), (-(2**63), 2**63 - 1), (-100, 2**62)]:
        g = r()
        yield {"call": "randint", "args": [str(a), str(b)], "out": [str(g.randint(a, b)) for _ in range(8)]}
    g = r()
    yield {"call": "choice", "args": [52], "out": [g.choice(range(52)) for _ in range(8)]}
    g = r()
    yield {"call": "uniform", "args": [-2.5, 10.0], "out": [repr(g.uniform(-2.5, 10.0)) for _ in range(4)]}
    for n in SIZES:
        x = list(range(n))
        r().shuffle(x)
        yield {"call": "shuffle", "args": [n], **ints(x)}
    # sample's two paths meet where n is the estimated size of a set of k:
    # 21 + 4**ceil(log(3k, 4)) for k > 5 (85 for k = 10 and 21, 277 for 22,
    # 1045 for 341, 4117 for 342); both sides of each
    for n, k in [(0, 0), (1, 1), (2, 1), (21, 5), (22, 5), (52, 5), (52, 52), (50, 10), (100, 10),
                 (85, 10), (86, 10), (85, 21), (86, 21), (277, 22), (278, 22), (1045, 341), (1046, 341),
                 (4117, 342), (4118, 342), (1000, 6), (1000, 1000), (100000, 10), (100000, 1000),
                 (100000, 100000)]:
        yield {"call": "sample", "args": [n, k], **ints(r().sample(range(n), k))}
    # one stream through many calls: the state carries from each to the next
    g = r()
    seq = [repr(g.random()), g.getrandbits(40), g.randrange(0, 1000), g.randint(-3, 3)]
    x = list(range(10))
    g.shuffle(x)
    seq += [x, g.sample(range(30), 5), repr(g.random())]
    yield {"call": "sequence", "out": json.dumps(seq)}


def main():
    seeds = FIXED
    if len(sys.argv) > 1:
        seeds = [a[2:] if a.startswith("s:") else bytes.fromhex(a[2:]) if a.startswith("b:") else int(a)
                 for a in sys.argv[1:]]
    out = []
    for s in seeds:
        for c in cases(s):
            out.append({"seed": seed_json(s), **c})
    json.dump(out, sys.stdout, separators=(",", ":"))
    sys.stdout.write("\n")


main()
