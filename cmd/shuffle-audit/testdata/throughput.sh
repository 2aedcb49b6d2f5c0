#!/bin/sh
# Throughput of shuffle-audit against another build of it: 10⁶ and 10⁷
# uniformly shuffled decks of 52 cards (146 MB and 1.46 GB, written by
# gendecks.go), read from a file by each binary in turn, ROUNDS times;
# then once each from a pipe and from -exec, and -max-decks ending a
# program that never stops. GNU time gives the wall and CPU seconds and
# the peak resident memory; the load average at the start of each run is
# on its line. From the module root:
#
#	git worktree add /tmp/base 4612cff && (cd /tmp/base && go build -o /tmp/sa-base ./cmd/shuffle-audit)
#	go build -o /tmp/sa-new ./cmd/shuffle-audit
#	sh cmd/shuffle-audit/testdata/throughput.sh /tmp/sa-base /tmp/sa-new 5
set -e
base=$1 new=$2 rounds=${3:-3} dir=${DIR:-/tmp/shuffle-audit-throughput}
mkdir -p "$dir"
go build -o "$dir/gendecks" cmd/shuffle-audit/testdata/gendecks.go
[ -s "$dir/d6.txt" ] || "$dir/gendecks" -decks 1000000 > "$dir/d6.txt"
[ -s "$dir/d7.txt" ] || "$dir/gendecks" -decks 10000000 > "$dir/d7.txt"
sha256sum "$dir/d6.txt" "$dir/d7.txt"

# run LABEL COMMAND... prints one line of figures; the audit's verdict
# does not matter here.
run() {
	label=$1
	shift
	/usr/bin/time -f "$label: wall %e s, user %U s, sys %S s, max RSS %M KB, load $(cut -d' ' -f1 /proc/loadavg)" "$@" > /dev/null 2> "$dir/stderr" || true
	tail -n 1 "$dir/stderr"
}

for r in $(seq "$rounds"); do
	for f in d6 d7; do
		run "round $r, file $f, base" "$base" -in "$dir/$f.txt"
		run "round $r, file $f, new" "$new" -in "$dir/$f.txt"
	done
done
for b in base new; do
	bin=$base
	[ $b = new ] && bin=$new
	run "pipe d7, $b" sh -c "cat '$dir/d7.txt' | '$bin' -in -"
	run "exec d7, $b" "$bin" -exec "cat '$dir/d7.txt'"
done
run "exec yes, -max-decks 10000000, new" "$new" -exec "yes '$(seq -s ' ' 0 51)'" -max-decks 10000000
