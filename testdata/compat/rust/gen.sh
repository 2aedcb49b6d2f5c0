#!/usr/bin/env bash
# gen.sh [seed...] builds the Cargo project beside it offline against
# Debian's vendored rand 0.8.5 (librust-rand-dev) and prints the vectors for
# the seeds given (the committed seeds if none), the order of a shuffle of
# 10,000 or more items as the SHA-256 of its decimal list, space-separated,
# and its first 8 values. Made the committed file: ./gen.sh > vectors.txt
# CARGO_TARGET_DIR, if set, keeps the build between runs.
set -euo pipefail
dir=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export CARGO_TARGET_DIR=$(realpath -m "${CARGO_TARGET_DIR:-$work/target}") # absolute: cargo runs in $dir
(cd "$dir" && cargo build --quiet --release --offline --bin gen)
if [ $# -eq 0 ]; then
	set -- 0 1 42 5489 123456789 4294967295 9223372036854775807 18446744073709551615
fi
(cd "$work" && "$CARGO_TARGET_DIR/release/gen" "$@" > out)
for f in "$work"/perm-*; do
	[ -e "$f" ] || continue
	echo "s/@${f##*/} /$(sha256sum < "$f" | cut -c1-64) /"
done > "$work/hashes.sed"
sed -f "$work/hashes.sed" "$work/out"
