package cpp

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

// TestVectors holds the package to the vectors libstdc++ made
// (testdata/compat/cpp/gen.cpp, built by g++ 12 at -O2; see VERSIONS).
func TestVectors(t *testing.T) {
	checkVectors(t, filepath.Join("..", "..", "testdata", "compat", "cpp", "vectors.txt"), 500)
}

// TestLive holds the package to vectors made just now with fresh seeds, by
// scripts/compat-live-cpp: COMPAT_VECTORS names their directory.
func TestLive(t *testing.T) {
	dir := os.Getenv("COMPAT_VECTORS")
	if dir == "" {
		t.Skip("COMPAT_VECTORS is not set: scripts/compat-live-cpp sets it")
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
		if got := compute(t, strings.Fields(head)); got != want {
			t.Errorf("%s:%d: %s\n got %s\nwant %s", path, lines, head, clip(got), clip(want))
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if lines < min {
		t.Fatalf("%s: %d lines, want at least %d", path, lines, min)
	}
}

func clip(s string) string {
	if len(s) > 200 {
		return s[:200] + "..."
	}
	return s
}

// compute returns what this package gives for the case a vector's head
// names, formatted as gen.cpp formats libstdc++'s answer.
func compute(t *testing.T, f []string) string {
	u := func(s string) uint64 {
		v, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	i := func(s string) int64 {
		v, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
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
		p := make([]int32, n)
		for k := range p {
			p[k] = int32(k)
		}
		// ShuffleSlice must give the order Shuffle gives: both loops meet
		// libstdc++.
		q := append([]int32(nil), p...)
		Shuffle(g, n, func(i, j int) { p[i], p[j] = p[j], p[i] })
		ShuffleSlice(newG(), q)
		for k := range p {
			if p[k] != q[k] {
				t.Fatalf("%v: ShuffleSlice and Shuffle differ at %d", f, k)
			}
		}
		dec := make([]string, n)
		for k, v := range p {
			dec[k] = strconv.Itoa(int(v))
		}
		if len(f) > 4 && f[4] == "sha256" {
			h := sha256.Sum256([]byte(strings.Join(dec, " ")))
			if hex.EncodeToString(h[:]) != f[5] {
				return []string{"sha256 mismatch"}
			}
			dec = dec[:8]
		}
		out = append(dec, ";", strconv.FormatUint(next(g), 10))
	default:
		t.Fatalf("unknown kind %q", f[0])
	}
	return out
}
