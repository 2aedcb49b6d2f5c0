#!/usr/bin/env bash
# bench.sh [rounds] [n]: libstdc++'s std::shuffle (bench.cpp, g++ -O2) and
# compat/cpp's Shuffle and ShuffleSlice on n int32s (10^6 by default), one
# run of each in turn, rounds times (6 by default), in go test -bench's
# format: pipe into benchstat. The load average goes to stderr.
set -euo pipefail
rounds=${1:-6} n=${2:-1000000}
dir=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
g++ -O2 -std=c++17 "$dir/bench.cpp" -o "$work/bench"
(cd "$dir/../../.." && go test -c -o "$work/go.test" ./compat/cpp)
for _ in $(seq "$rounds"); do
	"$work/bench" 1 "$n"
	"$work/go.test" -test.run '^$' -test.bench "^BenchmarkShuffle\$/.*/.*/n=$n\$" -test.count 1 | grep '^Benchmark' | sed 's/-[0-9]* / /'
	echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
done
