#!/usr/bin/env bash
# bench.sh [rounds] [n]: @chainsafe/swap-or-not-shuffle's unshuffleList
# (bench.mjs, from npm) and compat/ethereum's Shuffle on n uint32s (10^6 by
# default) with 90 rounds, one run of each in turn, rounds times (6 by
# default), in go test -bench's format: pipe into benchstat. The load
# average goes to stderr.
set -euo pipefail
rounds=${1:-6} n=${2:-1000000}
dir=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$dir/package.json" "$dir/bench.mjs" "$work/"
(cd "$work" && npm install --silent --no-audit --no-fund > /dev/null)
(cd "$dir/../../.." && go test -c -o "$work/go.test" ./compat/ethereum)
for _ in $(seq "$rounds"); do
	node "$work/bench.mjs" 1 "$n"
	"$work/go.test" -test.run '^$' -test.bench "^BenchmarkShuffle\$/call=Shuffle/n=$n\$" -test.count 1 | grep '^Benchmark' | sed 's/-[0-9]* / /'
	echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
done
