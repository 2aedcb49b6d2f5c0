package cpp

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/fairshuffle/shuffle/compat/internal/vectors"
)

// TestVectors holds the package to the vectors libstdc++ made
// (testdata/compat/cpp/gen.cpp, built by g++ 12 at -O2; see VERSIONS).
func TestVectors(t *testing.T) {
	vectors.Equations(t, vectors.Testdata("cpp", "vectors.txt"), 500, func(f []string) string { return compute(t, f) })
}

// TestLive holds the package to vectors made just now with fresh seeds, by
// scripts/compat-live-cpp: COMPAT_VECTORS names their directory.
func TestLive(t *testing.T) {
	vectors.Equations(t, vectors.Live(t, "cpp", "vectors.txt"), 50, func(f []string) string { return compute(t, f) })
}

// compute returns what this package gives for the case a vector's head
// names, formatted as gen.cpp formats libstdc++'s answer.
func compute(t *testing.T, f []string) string {
	u := func(s string) uint64 { return vectors.Uint(t, s, 64) }
	i := func(s string) int64 { return vectors.Int(t, s, 64) }
	seed := u(f[2])
	var out []string
	switch f[1] {
	case "mt19937":
		out = computeWith(t, f, func() *MT19937 { return NewMT19937(uint32(seed)) }, u, i)
	case "mt19937_64":
		out = computeWith(t, f, func() *MT19937_64 { return NewMT19937_64(seed) }, u, i)
	default:
		t.Fatalf("unknown engine %q", f[1])
	}
	return strings.Join(out, " ")
}

// next returns g's next word as C++'s g() does.
func next[G Engine](g G) uint64 {
	switch g := any(g).(type) {
	case *MT19937:
		return uint64(g.Uint32())
	case *MT19937_64:
		return g.Uint64()
	}
	panic("unreachable")
}

func computeWith[G Engine](t *testing.T, f []string, newG func() G, u func(string) uint64, i func(string) int64) []string {
	g := newG()
	var out []string
	switch f[0] {
	case "words":
		for k := uint64(0); k < u(f[3]); k++ {
			out = append(out, strconv.FormatUint(next(g), 10))
		}
	case "nth":
		n := u(f[3])
		switch g := any(g).(type) {
		case *MT19937:
			g.Discard(n - 1)
		case *MT19937_64:
			g.Discard(n - 1)
		}
		out = append(out, strconv.FormatUint(next(g), 10))
	case "uniform":
		for range 8 {
			switch f[3] {
			case "u64":
				out = append(out, strconv.FormatUint(UniformInt(g, u(f[4]), u(f[5])), 10))
			case "i64":
				out = append(out, strconv.FormatInt(UniformInt(g, i(f[4]), i(f[5])), 10))
			case "i32":
				out = append(out, strconv.FormatInt(int64(UniformInt(g, int32(i(f[4])), int32(i(f[5])))), 10))
			default:
				t.Fatalf("unknown type %q", f[3])
			}
		}
	case "shuffle":
		n := int(u(f[3]))
		p := vectors.Iota[int32](n)
		// ShuffleSlice must give the order Shuffle gives: both loops meet
		// libstdc++.
		q := slices.Clone(p)
		Shuffle(g, n, func(i, j int) { p[i], p[j] = p[j], p[i] })
		ShuffleSlice(newG(), q)
		if !slices.Equal(p, q) {
			t.Fatalf("%v: ShuffleSlice and Shuffle differ", f)
		}
		if len(f) > 4 && f[4] == "sha256" {
			if vectors.Sum(p) != f[5] {
				return []string{"sha256 mismatch"}
			}
			p = p[:8]
		}
		out = append(vectors.Decimals(p), ";", strconv.FormatUint(next(g), 10))
	default:
		t.Fatalf("unknown kind %q", f[0])
	}
	return out
}
