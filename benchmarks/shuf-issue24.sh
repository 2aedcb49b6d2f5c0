#!/usr/bin/env bash
# Times cmd/shuf on 1 GiB of 50- to 150-byte lines, with and without a
# final newline, from a file and from a pipe, in memory and spilled, and on
# 315 MB of 1 MB lines from a pipe, against GNU shuf and against cmd/shuf
# built at BASE (a git revision; default the first parent of the issue 24
# work, d679a86). Runs are interleaved (GNU, BASE, ours, GNU, ...), each
# after a sync, and each command's wall time, CPU time (user + system) and
# peak resident memory come from GNU time; the table gives the minimum and
# the median of each over the rounds, and the load average before and
# after. A pipe's figures are the shuf's alone, not cat's.
#
#	benchmarks/shuf-issue24.sh [rounds] > testdata/bench/shuf-issue24.txt
#
# Needs GNU shuf (GNU=path, default /usr/bin/shuf) and GNU time
# (/usr/bin/time); writes about 4.5 GB under
# $TMPDIR.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
base=${BASE:-d679a86}
dir=$(mktemp -d)
trap 'git worktree remove --force "$dir/base" 2>/dev/null; rm -rf "$dir"' EXIT

go build -o "$dir/ours" ./cmd/shuf
git worktree add -q --detach "$dir/base" "$base"
(cd "$dir/base" && go build -o "$dir/old" ./cmd/shuf)
cp "${GNU:-/usr/bin/shuf}" "$dir/gnu"
go run ./cmd/shuf/testdata/genlines -size 1G >"$dir/1g"
go run ./cmd/shuf/testdata/genlines -size 1G -nonl >"$dir/1g-nonl"
head -c 236000000 /dev/urandom | base64 -w 1000000 >"$dir/long1M"

echo "# $("$dir/gnu" --version | head -1); cmd/shuf $(git describe --always --dirty) against $base; $(nproc) CPUs; $(date -u +%F)"
echo "# 1g: $(wc -l <"$dir/1g") lines of 50 to 150 bytes, $(wc -c <"$dir/1g") bytes; 1g-nonl: the same without its last newline"
echo "# long1M: $(wc -l <"$dir/long1M") lines of 1 MB, $(wc -c <"$dir/long1M") bytes"
echo "# load average before: $(cut -d' ' -f1-3 /proc/loadavg)"

# name|programs|command, SHUF standing for the program; {...} is given to
# ours and old only; "cat FILE |" is timed apart from the shuf.
cases=(
	"file|gnu old ours|SHUF 1g -o out"
	"file, no final newline|gnu old ours|SHUF 1g-nonl -o out"
	"pipe|gnu old ours|cat 1g | SHUF -o out"
	"pipe, no final newline|gnu old ours|cat 1g-nonl | SHUF -o out"
	"--memory 256M|old ours|SHUF --memory 256M 1g -o out"
	"--memory 64M|old ours|SHUF --memory 64M 1g -o out"
	"--memory 64M, no final newline|old ours|SHUF --memory 64M 1g-nonl -o out"
	"pipe of 1 MB lines|gnu old ours|cat long1M | SHUF -o out"
)
raw="$dir/raw"
cd "$dir"
for ((r = 1; r <= rounds; r++)); do
	for c in "${cases[@]}"; do
		IFS='|' read -r name progs cmd <<<"$c"
		for p in $progs; do
			run=${cmd//SHUF/./$p}
			sync
			if [[ $run == cat* ]]; then
				file=${run#cat }
				file=${file%% *}
				run=${run#*| }
				cat "$file" | /usr/bin/time -f "%e %U %S %M" -o "$dir/t" $run >/dev/null
			else
				/usr/bin/time -f "%e %U %S %M" -o "$dir/t" $run >/dev/null
			fi
			echo "$name|$p|$(tail -1 "$dir/t")" >>"$raw"
		done
	done
done
echo "# load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

echo
echo "| input | program | wall min | wall median | CPU min | CPU median | peak memory |"
echo "| --- | --- | --- | --- | --- | --- | --- |"
awk -F'|' '
	function median(s,   a, n, i, j, x) {
		n = split(s, a, " ")
		for (i = 2; i <= n; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] + 0 > x + 0; j--) a[j + 1] = a[j]; a[j + 1] = x }
		return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
	}
	function least(s,   a, n, i, x) { n = split(s, a, " "); x = a[1]; for (i = 2; i <= n; i++) if (a[i] + 0 < x + 0) x = a[i]; return x }
	{
		split($3, v, " "); key = $1 SUBSEP $2
		w[key] = w[key] " " v[1]; c[key] = c[key] " " (v[2] + v[3]); m[key] = m[key] " " v[4]
		if (!(key in seen)) { seen[key] = 1; order[++k] = key }
	}
	END {
		name["gnu"] = "GNU shuf"; name["old"] = "cmd/shuf before"; name["ours"] = "cmd/shuf"
		for (i = 1; i <= k; i++) {
			split(order[i], kk, SUBSEP)
			printf "| %s | %s | %.2f s | %.2f s | %.2f s | %.2f s | %.0f MB |\n", kk[1], name[kk[2]], least(w[order[i]]), median(w[order[i]]), least(c[order[i]]), median(c[order[i]]), median(m[order[i]]) * 1.024 / 1000
		}
	}' "$raw"
echo
echo "# raw: input|program|wall-seconds user-seconds system-seconds peak-KiB"
cat "$raw"
