package ethereum

import (
	"encoding/hex"
	"strings"
	"testing"

	"github.com/fairshuffle/shuffle/compat/internal/vectors"
)

// TestVectors holds the package to the vectors @chainsafe/swap-or-not-shuffle
// made (Lodestar's shuffle, from npm; testdata/compat/ethereum, see
// VERSIONS).
func TestVectors(t *testing.T) {
	vectors.Equations(t, vectors.Testdata("ethereum", "vectors.txt"), 500, func(f []string) string { return compute(t, f) })
}

// TestLive holds the package to vectors made just now with fresh seeds, by
// scripts/compat-live-ethereum: COMPAT_VECTORS names their directory.
func TestLive(t *testing.T) {
	vectors.Equations(t, vectors.Live(t, "ethereum", "vectors.txt"), 100, func(f []string) string { return compute(t, f) })
}

// compute returns what this package gives for the case a vector's head
// names, formatted as gen.mjs formats the original's answer.
func compute(t *testing.T, f []string) string {
	u := func(s string) uint64 { return vectors.Uint(t, s, 64) }
	rounds := int(u(f[1]))
	var seed [32]byte
	if b, err := hex.DecodeString(f[2]); err != nil || len(b) != 32 {
		t.Fatalf("seed %q: %v", f[2], err)
	} else {
		copy(seed[:], b)
	}
	n := u(f[3])
	var out []uint64
	switch f[0] {
	case "index":
		for i := range n {
			out = append(out, ShuffledIndex(i, n, seed, rounds))
		}
	case "at":
		out = append(out, ShuffledIndex(u(f[4]), n, seed, rounds))
	case "list", "inverse":
		out = vectors.Iota[uint64](int(n))
		if f[0] == "list" {
			Shuffle(out, seed, rounds)
		} else {
			InverseShuffle(out, seed, rounds)
		}
	default:
		t.Fatalf("unknown kind %q", f[0])
	}
	if len(f) > 5 && f[4] == "sha256" {
		if vectors.Sum(out) != f[5] {
			return "sha256 mismatch"
		}
		out = out[:8]
	}
	return strings.Join(vectors.Decimals(out), " ")
}
