#!/usr/bin/env bash
# Times compat/python against CPython on the same machine, interleaved:
# ROUNDS times (default 3), CPython's bench.py, then the Go benchmarks of the
# same calls, with the CPU time of the Go run from /usr/bin/time (its
# benchmarks run 1 + N times each: N=20 for 10^6 items). Run from the
# module's root: testdata/compat/python/bench.sh [ROUNDS]
set -euo pipefail
rounds=${1:-3}
py=${PYTHON:-/usr/bin/python3}
bin=$(mktemp -d)/python.test
go test -c -o "$bin" ./compat/python
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
for r in $(seq "$rounds"); do
	echo "== round $r"
	"$py" testdata/compat/python/bench.py 5
	for b in 'Shuffle/call=ShuffleSlice/n=1000000$' 'Shuffle/call=Shuffle/n=1000000$' 'Sample/n=1000000/k=1000000$'; do
		/usr/bin/time -f "  CPU %U s user + %S s sys for 21 calls" "$bin" -test.run '^$' -test.bench "$b" -test.benchtime 20x 2>&1 | grep -E '^Benchmark|CPU'
	done
	"$bin" -test.run '^$' -test.bench 'Sample/n=1000000/k=1000$' -test.benchtime 2000x | grep '^Benchmark'
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
