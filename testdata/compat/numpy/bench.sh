#!/usr/bin/env bash
# Times compat/numpy against numpy on the same machine, interleaved: ROUNDS
# times (default 3), numpy's bench.py, then the Go benchmarks of the same
# calls, with the CPU time of each Go run from /usr/bin/time, divided by its
# 1 + 20 calls (go test runs a benchmark once, then N times). Run from the
# module's root:
# testdata/compat/numpy/bench.sh [ROUNDS]
set -euo pipefail
rounds=${1:-3}
py=${PYTHON:-/usr/bin/python3}
bin=$(mktemp -d)/numpy.test
go test -c -o "$bin" ./compat/numpy
# gobench PATTERN N: one benchmark, N (+1) calls: its line and its CPU time
# per call.
gobench() {
	/usr/bin/time -f "%U %S" "$bin" -test.run '^$' -test.bench "$1" -test.benchtime "$2x" 2>&1 |
		awk -v n="$2" '/^Benchmark/ { printf "%s", $0; ran = 1 }
			/^[0-9.]+ [0-9.]+$/ { printf "; CPU %.2f ms per call\n", ($1 + $2) * 1000 / (n + 1) }
			END { if (!ran) { print "no benchmark matched" > "/dev/stderr"; exit 1 } }'
}
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
for r in $(seq "$rounds"); do
	echo "== round $r"
	"$py" testdata/compat/numpy/bench.py 10
	for b in '^BenchmarkPermutation$/^gen=Generator$/^n=1000000$' '^BenchmarkShuffle$/^gen=Generator$/^call=ShuffleSlice$' \
		'^BenchmarkShuffle$/^gen=Generator$/^call=Shuffle$' '^BenchmarkPermutation$/^gen=RandomState$/^n=1000000$' \
		'^BenchmarkShuffle$/^gen=RandomState$/^call=Shuffle$'; do
		gobench "$b" 20
	done
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
