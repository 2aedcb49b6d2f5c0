#!/usr/bin/env bash
# Times cmd/shuf on data files (issue 24, items 4-6 and 8): compressed input
# against decompressing in a pipe, compressed output against compressing in
# a pipe, --csv against plain lines, --aligned against one seeded run per
# file, and, when BASE names a commit, the plain shuffle at that commit
# against now (the cost of reading each input through its text reader).
# The commands of each case run one after the other within a round, for
# the given number of rounds (3 by default); it prints, for each, the
# minimum and median of wall and CPU (user + system, every process of a
# pipeline) seconds and the largest peak resident memory (the largest
# process's), and the load average before and after.
#
#	BASE=d679a86 benchmarks/shuf-data.sh [rounds] > testdata/bench/shuf-data.txt
#
# Needs GNU time (/usr/bin/time), gzip and zstd; writes about 1 GB under
# $TMPDIR.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

go build -o "$dir/shuf" ./cmd/shuf
if [ -n "${BASE:-}" ]; then
	git worktree add -q --detach "$dir/base" "$BASE"
	(cd "$dir/base" && go build -o "$dir/base-shuf" ./cmd/shuf)
	git worktree remove --force "$dir/base"
fi
# 2·10⁶ CSV-like lines of 50 to 150 bytes (about 200 MB), from a fixed seed.
awk 'BEGIN { srand(24); w = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu"; n = split(w, word, " ")
	for (i = 0; i < 2000000; i++) {
		s = i "," int(rand() * 1000000) "," sprintf("%.4f", rand()) ","
		while (length(s) < 50 + int(rand() * 100)) s = s word[1 + int(rand() * n)] " "
		print s } }' >"$dir/data"
gzip -6 -c "$dir/data" >"$dir/data.gz"
zstd -q -3 -c "$dir/data" >"$dir/data.zst"
cut -d, -f1 "$dir/data" >"$dir/labels"

echo "# cmd/shuf $(git describe --always --dirty)${BASE:+ against $BASE}, $(nproc) CPUs, $(date -u +%F), load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# data: $(wc -l <"$dir/data") lines, $(wc -c <"$dir/data") bytes; data.gz $(wc -c <"$dir/data.gz") bytes (gzip -6); data.zst $(wc -c <"$dir/data.zst") bytes (zstd -3)"
echo "# $rounds rounds, the commands of a case one after the other in each; output to a file on the same disk"

cases=(
	"gzip in|$dir/shuf --seed 1 $dir/data.gz -o $dir/out"
	"gzip in|zcat $dir/data.gz | $dir/shuf --seed 1 -o $dir/out"
	"gzip in|zcat $dir/data.gz | shuf -o $dir/out"
	"zstd in|$dir/shuf --seed 1 $dir/data.zst -o $dir/out"
	"zstd in|zstd -dc $dir/data.zst | $dir/shuf --seed 1 -o $dir/out"
	"gzip out|$dir/shuf --seed 1 $dir/data -o $dir/out.gz"
	"gzip out|$dir/shuf --seed 1 $dir/data | gzip -6 > $dir/out.gz"
	"zstd out|$dir/shuf --seed 1 $dir/data -o $dir/out.zst"
	"zstd out|$dir/shuf --seed 1 $dir/data | zstd -q -3 > $dir/out.zst"
	"64 zstd shards, --memory 64M|$dir/shuf --seed 1 --memory 64M --shards 64 $dir/data -o $dir/p.zst"
	"64 shards, --memory 64M|$dir/shuf --seed 1 --memory 64M --shards 64 $dir/data -o $dir/p"
	"csv|$dir/shuf --seed 1 --csv $dir/data -o $dir/out"
	"csv|$dir/shuf --seed 1 $dir/data -o $dir/out"
	"aligned|$dir/shuf --seed 1 --aligned $dir/data $dir/labels -o $dir/al"
	"aligned|$dir/shuf --seed 1 $dir/data -o $dir/out; $dir/shuf --seed 1 $dir/labels -o $dir/out2"
)
if [ -n "${BASE:-}" ]; then
	cases+=(
		"plain file|$dir/base-shuf --seed 1 $dir/data -o $dir/out"
		"plain file|$dir/shuf --seed 1 $dir/data -o $dir/out"
		"plain pipe|cat $dir/data | $dir/base-shuf --seed 1 -o $dir/out"
		"plain pipe|cat $dir/data | $dir/shuf --seed 1 -o $dir/out"
		"plain --memory 64M|$dir/base-shuf --seed 1 --memory 64M $dir/data -o $dir/out"
		"plain --memory 64M|$dir/shuf --seed 1 --memory 64M $dir/data -o $dir/out"
	)
fi

declare -A wall cpu peak
for ((r = 0; r < rounds; r++)); do
	for c in "${cases[@]}"; do
		cmd=${c#*|}
		sync
		# %e wall, %U+%S CPU and %M peak of sh and its children.
		line=$(/usr/bin/time -f "%e %U %S %M" sh -c "$cmd" 2>&1 >/dev/null | tail -1)
		read -r e u s m <<<"$line"
		wall[$c]+="$e "
		cpu[$c]+="$(echo "$u + $s" | bc) "
		peak[$c]+="$m "
	done
done
stats() { tr ' ' '\n' | grep . | sort -g | awk '{ v[NR] = $1 } END { printf "%.2f %.2f", v[1], (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
printf '%-28s | %-90s | %-11s | %-11s | %s\n' "case" "command" "wall min/med" "CPU min/med" "peak MB"
for c in "${cases[@]}"; do
	cmd=${c#*|}
	mb=$(echo "${peak[$c]}" | tr ' ' '\n' | grep . | sort -g | tail -1 | awk '{ printf "%.0f", $1 / 1024 }')
	printf '%-28s | %-90s | %-11s | %-11s | %s\n' "${c%%|*}" "${cmd//$dir\//}" "$(echo "${wall[$c]}" | stats)" "$(echo "${cpu[$c]}" | stats)" "$mb"
done
echo "# load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
