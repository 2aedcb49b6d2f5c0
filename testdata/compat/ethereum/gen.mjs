// gen.mjs prints the vectors of compat/ethereum from @chainsafe/swap-or-not-shuffle
// (the consensus client Lodestar's swap-or-not shuffle, in Rust through napi),
// for each 32-byte seed given on the command line in hex, with the minimal
// (10) and mainnet (90) rounds. One line a case:
//   index <rounds> <seed> <n> = compute_shuffled_index(i, n, seed) for every i
//   at <rounds> <seed> <n> <i> = compute_shuffled_index(i, n, seed)
//   list <rounds> <seed> <n> = unshuffleList(0..n-1): item i is item shuffled(i)
//   inverse <rounds> <seed> <n> = shuffleList(0..n-1), its inverse
// a list of 5,000 or more items as "sha256 <hex>" of its decimal list,
// space-separated, and its first 8 values. Run by gen.sh.
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
const require = createRequire(import.meta.url);
const s = require("@chainsafe/swap-or-not-shuffle");

const out = [];
for (const hex of process.argv.slice(2)) {
  const seed = Uint8Array.from(Buffer.from(hex, "hex"));
  if (seed.length !== 32) throw new Error(`seed ${hex}: not 32 bytes`);
  for (const rounds of [s.SHUFFLE_ROUNDS_MINIMAL, s.SHUFFLE_ROUNDS_MAINNET]) {
    for (const n of [0, 1, 2, 3, 5, 10, 33, 52, 100, 1000]) {
      const c = n > 0 ? new s.ComputeShuffledIndex(seed, n, rounds) : null;
      const m = Array.from({ length: n }, (_, i) => c.get(i));
      out.push(`index ${rounds} ${hex} ${n} = ${m.join(" ")}`);
    }
    // Counts up to 2^31 - 1 only: past 2^31, version 1.2.1 computes
    // pivot + count - index in 32 bits and wraps, where the specification's
    // uint64 does not (n = 2^32 - 1 gives other indices).
    for (const n of [2 ** 31 - 1]) {
      const c = new s.ComputeShuffledIndex(seed, n, rounds);
      for (const i of [0, 1, 123456789, n - 1]) {
        out.push(`at ${rounds} ${hex} ${n} ${i} = ${c.get(i)}`);
      }
    }
    for (const n of [0, 1, 2, 3, 52, 255, 256, 257, 1000, 9999, 100000]) {
      const iota = Uint32Array.from({ length: n }, (_, i) => i);
      for (const [kind, f] of [["list", s.unshuffleList], ["inverse", s.shuffleList]]) {
        const l = Array.from(f(iota, seed, rounds));
        if (n >= 5000) {
          const h = createHash("sha256").update(l.join(" ")).digest("hex");
          out.push(`${kind} ${rounds} ${hex} ${n} sha256 ${h} = ${l.slice(0, 8).join(" ")}`);
        } else {
          out.push(`${kind} ${rounds} ${hex} ${n} = ${l.join(" ")}`);
        }
      }
    }
  }
}
console.log(out.join("\n"));
