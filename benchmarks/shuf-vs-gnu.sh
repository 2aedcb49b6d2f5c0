#!/usr/bin/env bash
# Times cmd/shuf against GNU coreutils shuf on the same inputs, interleaved
# (GNU, ours, GNU, ours, ...) so that drift in a noisy machine hits both
# alike, and prints the median wall time and peak resident memory of each.
# Before each run, sync writes the last run's output to disk, so that one
# program's writes are not flushed during the other's run.
#
#	benchmarks/shuf-vs-gnu.sh [rounds] > testdata/bench/shuf-vs-gnu.txt
#
# With BIG=1 it also shuffles a 1 GB file once with each, and ours again
# with --memory 64M. Needs GNU shuf and GNU time (/usr/bin/time); writes
# about 1.7 GB (3.7 GB with BIG=1) under $TMPDIR.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

go build -o "$dir/ours" ./cmd/shuf
gnu=$(command -v shuf)
seq 1 10000000 >"$dir/seq"
head -c 300000000 /dev/urandom | base64 -w 40 | head -n 10000000 >"$dir/b64"
# Long lines: 315 lines of 1 MB, 100 of 2 MB, 10 of 10 MB (base64 text).
head -c 236000000 /dev/urandom | base64 -w 1000000 >"$dir/long1M"
head -c 150000000 /dev/urandom | base64 -w 2000000 >"$dir/long2M"
head -c 75000000 /dev/urandom | base64 -w 10000000 >"$dir/long10M"

echo "# $("$gnu" --version | head -1) vs cmd/shuf $(git describe --always --dirty), $(nproc) CPUs, $(date -u +%F)"
echo "# inputs: seq = seq 1 10000000 ($(wc -c <"$dir/seq") bytes); b64 = 10^7 lines of 40 base64 characters ($(wc -c <"$dir/b64") bytes)"
echo "# long lines: long1M = $(wc -l <"$dir/long1M") lines of 1 MB ($(wc -c <"$dir/long1M") bytes); long2M = $(wc -l <"$dir/long2M") lines of 2 MB ($(wc -c <"$dir/long2M") bytes); long10M = $(wc -l <"$dir/long10M") lines of 10 MB ($(wc -c <"$dir/long10M") bytes)"
echo "# output to a file on the same disk (-o); median of $rounds interleaved rounds"
echo "# {--memory N} is given to cmd/shuf only: GNU shuf runs the same command without it"

cases=(
	"file seq|SHUF $dir/seq -o $dir/out"
	"file b64|SHUF $dir/b64 -o $dir/out"
	"pipe seq|cat $dir/seq | SHUF -o $dir/out"
	"-n 10 seq|SHUF -n 10 $dir/seq -o $dir/out"
	"-i 1-10000000|SHUF -i 1-10000000 -o $dir/out"
	"-r -n 10000000 seq|SHUF -r -n 10000000 $dir/seq -o $dir/out"
	"file long1M|SHUF $dir/long1M -o $dir/out"
	"pipe long1M|cat $dir/long1M | SHUF -o $dir/out"
	"-r -n 50 long10M|SHUF -r -n 50 $dir/long10M -o $dir/out"
	"-r long10M to head -c 100M|SHUF -r $dir/long10M | head -c 100M >/dev/null"
	"-n 3 long10M|SHUF -n 3 $dir/long10M -o $dir/out"
	"--memory 200M long1M|SHUF {--memory 200M} $dir/long1M -o $dir/out"
	"--memory 200M pipe long1M|cat $dir/long1M | SHUF {--memory 200M} -o $dir/out"
	"--memory 64M long2M|SHUF {--memory 64M} $dir/long2M -o $dir/out"
)

raw="$dir/raw"
for ((r = 1; r <= rounds; r++)); do
	for c in "${cases[@]}"; do
		name=${c%%|*}
		cmd=${c#*|}
		for impl in gnu ours; do
			bin=$gnu
			run=$(echo "$cmd" | sed 's/{[^}]*} //')
			if [ "$impl" = ours ]; then
				bin="$dir/ours"
				run=$(echo "$cmd" | sed 's/{\([^}]*\)}/\1/')
			fi
			sync # the last run's output goes to disk now, not during this run
			t=$( { TMPDIR=$dir /usr/bin/time -f "%e %M" sh -c "${run//SHUF/$bin}" ; } 2>&1 >/dev/null | tail -1)
			echo "$name|$impl|$t" >>"$raw"
		done
	done
done

if [ "${BIG:-}" = 1 ]; then
	# 1 GB of lines of 1 to 20 digits.
	awk 'BEGIN { srand(1); while (n < 1073741824) { s = int(rand() * 1e9) "" int(rand() * 1e9); s = substr(s, 1, 1 + int(rand() * 18)); print s; n += length(s) + 1 } }' >"$dir/big"
	for impl in gnu ours ours-64M; do
		case $impl in
		gnu) cmd="$gnu $dir/big -o $dir/out" ;;
		ours) cmd="$dir/ours $dir/big -o $dir/out" ;;
		ours-64M) cmd="TMPDIR=$dir $dir/ours --memory 64M $dir/big -o $dir/out" ;;
		esac
		sync
		t=$( { /usr/bin/time -f "%e %M" sh -c "$cmd" ; } 2>&1 >/dev/null | tail -1)
		echo "1 GB file ($(wc -l <"$dir/big") lines)|$impl|$t" >>"$raw"
	done
fi

echo
echo "| input | GNU shuf | cmd/shuf | speed-up | GNU peak memory | cmd/shuf peak memory |"
echo "| --- | --- | --- | --- | --- | --- |"
awk -F'|' '
	{ split($3, v, " "); key = $1 SUBSEP $2; t[key] = t[key] " " v[1]; m[key] = m[key] " " v[2]; if (!($1 in seen)) { seen[$1] = 1; order[++k] = $1 } }
	function median(s,   a, n, i, j, x) {
		n = split(s, a, " ")
		for (i = 2; i <= n; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] + 0 > x + 0; j--) a[j + 1] = a[j]; a[j + 1] = x }
		return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
	}
	END {
		for (i = 1; i <= k; i++) {
			c = order[i]
			if ((c SUBSEP "ours-64M") in t) {
				printf "| %s | %.2f s | %.2f s (--memory 64M: %.2f s) | %.2f× | %.0f MB | %.0f MB (--memory 64M: %.0f MB) |\n", c, median(t[c SUBSEP "gnu"]), median(t[c SUBSEP "ours"]), median(t[c SUBSEP "ours-64M"]), median(t[c SUBSEP "gnu"]) / median(t[c SUBSEP "ours"]), median(m[c SUBSEP "gnu"]) / 1000, median(m[c SUBSEP "ours"]) / 1000, median(m[c SUBSEP "ours-64M"]) / 1000
				continue
			}
			printf "| %s | %.2f s | %.2f s | %.2f× | %.0f MB | %.0f MB |\n", c, median(t[c SUBSEP "gnu"]), median(t[c SUBSEP "ours"]), median(t[c SUBSEP "gnu"]) / median(t[c SUBSEP "ours"]), median(m[c SUBSEP "gnu"]) / 1000, median(m[c SUBSEP "ours"]) / 1000
		}
	}' "$raw"
echo
echo "# raw: input|implementation|seconds peak-KB"
cat "$raw"
