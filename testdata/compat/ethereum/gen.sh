#!/usr/bin/env bash
# gen.sh [seed-hex...] installs package.json's pinned
# @chainsafe/swap-or-not-shuffle from npm into a temporary directory and
# prints the vectors (gen.mjs) for the 32-byte seeds given in hex (the
# committed seeds if none). Made the committed file: ./gen.sh > vectors.txt
set -euo pipefail
dir=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$dir/package.json" "$dir/gen.mjs" "$work/"
(cd "$work" && npm install --silent --no-audit --no-fund > /dev/null)
if [ $# -eq 0 ]; then
	zero=$(printf '%064d' 0)
	ones=$(printf 'f%.0s' $(seq 64))
	# sha256 of the 4-byte little-endian 0, 1, 2: the spec tests' own seeds
	# are made this way; and two fixed seeds from /dev/urandom.
	set -- "$zero" "$ones" \
		"$(printf '\x00\x00\x00\x00' | sha256sum | cut -c1-64)" \
		"$(printf '\x01\x00\x00\x00' | sha256sum | cut -c1-64)" \
		"$(printf '\x02\x00\x00\x00' | sha256sum | cut -c1-64)" \
		4e6b8c5f0d3a2e917c44d0a1b2f9e8c7d6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1 \
		9f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0
fi
node "$work/gen.mjs" "$@"
