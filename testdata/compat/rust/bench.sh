#!/usr/bin/env bash
# bench.sh [rounds] [n]: rand 0.8.5's shuffle (src/bench.rs, cargo --release)
# and compat/rust's Shuffle and ShuffleSlice on n uint32s (10^6 by default),
# one run of each in turn, rounds times (6 by default), in go test -bench's
# format: pipe into benchstat. The load average goes to stderr.
set -euo pipefail
rounds=${1:-6} n=${2:-1000000}
dir=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export CARGO_TARGET_DIR=$(realpath -m "${CARGO_TARGET_DIR:-$work/target}") # absolute: cargo runs in $dir
(cd "$dir" && cargo build --quiet --release --offline --bin bench)
(cd "$dir/../../.." && go test -c -o "$work/go.test" ./compat/rust)
for _ in $(seq "$rounds"); do
	"$CARGO_TARGET_DIR/release/bench" 1 "$n" 2> /dev/null
	"$work/go.test" -test.run '^$' -test.bench "^BenchmarkShuffle\$/.*/n=$n\$" -test.count 1 | grep '^Benchmark' | sed 's/-[0-9]* / /'
	echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
done
