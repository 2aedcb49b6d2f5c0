// bench.mjs times @chainsafe/swap-or-not-shuffle's unshuffleList (the whole
// list as compute_committee takes it) of n indices with 90 rounds, in the
// format of go test -bench: node bench.mjs COUNT N... (bench.sh installs the
// package and interleaves it with the Go benchmark).
import { createRequire } from "node:module";
const require = createRequire(import.meta.url);
const s = require("@chainsafe/swap-or-not-shuffle");
const count = Number(process.argv[2] ?? 1);
const seed = new Uint8Array(32);
seed[0] = 7;
for (const n of process.argv.slice(3).map(Number)) {
  const iota = Uint32Array.from({ length: n }, (_, i) => i);
  for (let c = 0; c < count; c++) {
    let iters = 0;
    const cpu = process.cpuUsage(); // user and system, as the Go benchmarks' cpu-ns/op
    const start = process.hrtime.bigint();
    let ns = 0;
    do {
      s.unshuffleList(iota, seed, 90);
      iters++;
      ns = Number(process.hrtime.bigint() - start);
    } while (ns < 1e9);
    const used = process.cpuUsage(cpu);
    const cpuNs = ((used.user + used.system) * 1000) / iters;
    console.log(`BenchmarkShuffle/call=unshuffleList/n=${n} \t${iters}\t${(ns / iters).toFixed(1)} ns/op\t${cpuNs.toFixed(1)} cpu-ns/op`);
  }
}
