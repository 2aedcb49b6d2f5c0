package rust

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestVectors holds the package to the vectors rand 0.8.5 made
// (testdata/compat/rust, a Cargo project built offline against Debian's
// vendored crates; see VERSIONS).
func TestVectors(t *testing.T) {
	checkVectors(t, filepath.Join("..", "..", "testdata", "compat", "rust", "vectors.txt"), 200)
}

// TestLive holds the package to vectors made just now with fresh seeds, by
// scripts/compat-live-rust: COMPAT_VECTORS names their directory.
func TestLive(t *testing.T) {
	dir := os.Getenv("COMPAT_VECTORS")
	if dir == "" {
		t.Skip("COMPAT_VECTORS is not set: scripts/compat-live-rust sets it")
	}
	checkVectors(t, filepath.Join(dir, "vectors.txt"), 50)
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
		head, want, ok := strings.Cut(sc.Text(), " = ")
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
// names, formatted as gen formats rand's answer.
func compute(t *testing.T, f []string) string {
	u := func(s string) uint64 {
		v, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	r := SeedFromU64(u(f[1]))
	var out []string
	add := func(v uint64) { out = append(out, strconv.FormatUint(v, 10)) }
	switch f[0] {
	case "u32":
		for range u(f[2]) {
			add(uint64(r.Uint32()))
		}
	case "u64":
		for range u(f[2]) {
			add(r.Uint64())
		}
	case "mix":
		for range 63 {
			add(uint64(r.Uint32()))
		}
		for range 33 {
			add(r.Uint64())
		}
		add(uint64(r.Uint32()))
	case "f64bits":
		for range u(f[2]) {
			add(math.Float64bits(r.Float64()))
		}
	case "range":
		for range 8 {
			add(r.GenRange(u(f[2]), u(f[3])))
		}
		out = append(out, ";")
		add(uint64(r.Uint32()))
	case "shuffle":
		n := int(u(f[2]))
		p := make([]uint32, n)
		for k := range p {
			p[k] = uint32(k)
		}
		q := append([]uint32(nil), p...)
		r.Shuffle(n, func(i, j int) { p[i], p[j] = p[j], p[i] })
		ShuffleSlice(SeedFromU64(u(f[1])), q)
		for k := range p {
			if p[k] != q[k] {
				t.Fatalf("%v: ShuffleSlice and Shuffle differ at %d", f, k)
			}
		}
		dec := make([]string, n)
		for k, v := range p {
			dec[k] = strconv.Itoa(int(v))
		}
		if len(f) > 3 && f[3] == "sha256" {
			h := sha256.Sum256([]byte(strings.Join(dec, " ")))
			if hex.EncodeToString(h[:]) != f[4] {
				return "sha256 mismatch"
			}
			dec = dec[:8]
		}
		out = append(dec, ";")
		add(uint64(r.Uint32()))
	default:
		t.Fatalf("unknown kind %q", f[0])
	}
	return strings.Join(out, " ")
}
