package ethereum

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestVectors holds the package to the vectors @chainsafe/swap-or-not-shuffle
// made (Lodestar's shuffle, from npm; testdata/compat/ethereum, see
// VERSIONS).
func TestVectors(t *testing.T) {
	checkVectors(t, filepath.Join("..", "..", "testdata", "compat", "ethereum", "vectors.txt"), 500)
}

// TestLive holds the package to vectors made just now with fresh seeds, by
// scripts/compat-live-ethereum: COMPAT_VECTORS names their directory.
func TestLive(t *testing.T) {
	dir := os.Getenv("COMPAT_VECTORS")
	if dir == "" {
		t.Skip("COMPAT_VECTORS is not set: scripts/compat-live-ethereum sets it")
	}
	checkVectors(t, filepath.Join(dir, "vectors.txt"), 100)
}

// checkVectors checks every line of the file at path and fails if it has
// fewer than min lines.
func checkVectors(t *testing.T, path string, min int) {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	lines := 0
	for sc.Scan() {
		lines++
		head, want, ok := strings.Cut(sc.Text()+" ", " = ")
		if !ok {
			t.Fatalf("%s:%d: no ' = '", path, lines)
		}
		if got := compute(t, strings.Fields(head)); got != strings.TrimSpace(want) {
			t.Errorf("%s:%d: %s\n got %.200s\nwant %.200s", path, lines, head, got, want)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if lines < min {
		t.Fatalf("%s: %d lines, want at least %d", path, lines, min)
	}
}

// compute returns what this package gives for the case a vector's head
// names, formatted as gen.mjs formats the original's answer.
func compute(t *testing.T, f []string) string {
	u := func(s string) uint64 {
		v, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
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
		out = make([]uint64, n)
		for i := range out {
			out[i] = uint64(i)
		}
		if f[0] == "list" {
			Shuffle(out, seed, rounds)
		} else {
			InverseShuffle(out, seed, rounds)
		}
	default:
		t.Fatalf("unknown kind %q", f[0])
	}
	dec := make([]string, len(out))
	for i, v := range out {
		dec[i] = strconv.FormatUint(v, 10)
	}
	if len(f) > 5 && f[4] == "sha256" {
		h := sha256.Sum256([]byte(strings.Join(dec, " ")))
		if hex.EncodeToString(h[:]) != f[5] {
			return "sha256 mismatch"
		}
		dec = dec[:8]
	}
	return strings.Join(dec, " ")
}
