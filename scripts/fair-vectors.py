#!/usr/bin/env python3
"""Check testdata/fair/vectors.json with a second, independent implementation
of the fairshuffle deal, version 1 (docs/fair-deal.md), in Python's standard
library alone. Prints one line per vector and exits 1 if any differs.

    python3 scripts/fair-vectors.py [testdata/fair/vectors.json]
"""
import hashlib
import hmac
import json
import struct
import sys


def key(seed, clients, nonce, n):
    msg = b"fairshuffle/deal/v1\x00" + struct.pack(">I", len(clients))
    for c in clients:
        b = c.encode("utf-8")
        msg += struct.pack(">I", len(b)) + b
    msg += struct.pack(">QI", nonce, n)
    return hmac.new(seed, msg, hashlib.sha256).digest()


def words(k):
    i = 0
    while True:
        block = hmac.new(k, struct.pack(">Q", i), hashlib.sha256).digest()
        yield from struct.unpack(">4Q", block)
        i += 1


def below(m, ws):
    limit = 2**64 - (2**64 % m)
    for x in ws:
        if x < limit:
            return x % m


def deal(seed, clients, nonce, n):
    ws = words(key(seed, clients, nonce, n))
    deck = list(range(n))
    for i in range(n - 1, 0, -1):
        j = below(i + 1, ws)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "testdata/fair/vectors.json"
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    bad = 0
    for v in data["vectors"]:
        seed = bytes.fromhex(v["server_seed"])
        nonce, n = int(v["nonce"]), v["n"]
        k = key(seed, v["client_seeds"], nonce, n)
        ws = words(k)
        ok = (hashlib.sha256(seed).hexdigest() == v["commitment"]
              and k.hex() == v["key"]
              and ["%016x" % next(ws) for _ in v["words"]] == v["words"]
              and deal(seed, v["client_seeds"], nonce, n) == v["deck"])
        bad += not ok
        print("ok  " if ok else "FAIL", v["name"])
    for b in data["below"]:
        ws = [int(w, 16) for w in b["words"]]
        it = iter(ws)
        value = below(int(b["m"]), it)
        used = len(ws) - len(list(it))
        ok = str(value) == b["value"] and used == b["words_used"]
        bad += not ok
        print("ok  " if ok else "FAIL", "below", b["m"], b["words"])
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
