#!/usr/bin/env bash
# gen.sh [seed...] builds gen.cpp with g++ -O2 and prints the vectors for
# the seeds given (the committed seeds if none), the order of a shuffle of
# 10,000 or more items as the SHA-256 of its decimal list, space-separated,
# and its first 8 values. Made the committed file: ./gen.sh > vectors.txt
set -euo pipefail
dir=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
g++ -O2 -std=c++17 "$dir/gen.cpp" -o "$work/gen"
if [ $# -eq 0 ]; then
	set -- 0 1 42 5489 123456789 4294967295 9223372036854775807 18446744073709551615
fi
(cd "$work" && ./gen "$@" > out)
for f in "$work"/perm-*; do
	[ -e "$f" ] || continue
	echo "s/@${f##*/} /$(sha256sum < "$f" | cut -c1-64) /"
done > "$work/hashes.sed"
sed -f "$work/hashes.sed" "$work/out"
