#!/usr/bin/env bash
# Times compat/numpy against numpy on the same machine, interleaved: ROUNDS
# times (default 3), numpy's bench.py, then the Go benchmarks of the same
# calls, with the CPU time of the Go run from /usr/bin/time (its benchmarks
# run 1 + 20 times each). Run from the module's root:
# testdata/compat/numpy/bench.sh [ROUNDS]
set -euo pipefail
rounds=${1:-3}
py=${PYTHON:-/usr/bin/python3}
bin=$(mktemp -d)/numpy.test
go test -c -o "$bin" ./compat/numpy
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
for r in $(seq "$rounds"); do
	echo "== round $r"
	"$py" testdata/compat/numpy/bench.py 10
	for b in 'Permutation/gen=Generator/n=1000000$' 'Shuffle/gen=Generator/call=ShuffleSlice/n=1000000$' \
		'Shuffle/gen=Generator/call=Shuffle/n=1000000$' 'Permutation/gen=RandomState/n=1000000$' \
		'Shuffle/gen=RandomState/call=Shuffle/n=1000000$'; do
		/usr/bin/time -f "  CPU %U s user + %S s sys for 21 calls" "$bin" -test.run '^$' -test.bench "$b" -test.benchtime 20x 2>&1 | grep -E '^Benchmark|CPU'
	done
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
