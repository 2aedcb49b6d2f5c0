package rust

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/fairshuffle/shuffle/compat/internal/vectors"
)

// TestVectors holds the package to the vectors rand 0.8.5 made
// (testdata/compat/rust, a Cargo project built offline against Debian's
// vendored crates; see VERSIONS).
func TestVectors(t *testing.T) {
	vectors.Equations(t, vectors.Testdata("rust", "vectors.txt"), 200, func(f []string) string { return compute(t, f) })
}

// TestLive holds the package to vectors made just now with fresh seeds, by
// scripts/compat-live-rust: COMPAT_VECTORS names their directory.
func TestLive(t *testing.T) {
	vectors.Equations(t, vectors.Live(t, "rust", "vectors.txt"), 50, func(f []string) string { return compute(t, f) })
}

// compute returns what this package gives for the case a vector's head
// names, formatted as gen formats rand's answer.
func compute(t *testing.T, f []string) string {
	u := func(s string) uint64 { return vectors.Uint(t, s, 64) }
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
		p := vectors.Iota[uint32](n)
		q := slices.Clone(p)
		r.Shuffle(n, func(i, j int) { p[i], p[j] = p[j], p[i] })
		ShuffleSlice(SeedFromU64(u(f[1])), q)
		if !slices.Equal(p, q) {
			t.Fatalf("%v: ShuffleSlice and Shuffle differ", f)
		}
		if len(f) > 3 && f[3] == "sha256" {
			if vectors.Sum(p) != f[4] {
				return "sha256 mismatch"
			}
			p = p[:8]
		}
		out = append(vectors.Decimals(p), ";")
		add(uint64(r.Uint32()))
	default:
		t.Fatalf("unknown kind %q", f[0])
	}
	return strings.Join(out, " ")
}
