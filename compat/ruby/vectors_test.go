package ruby

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestVectors holds the package to the outputs Ruby 3.1 gave for the
// committed seeds (testdata/compat/ruby/gen.rb made them).
func TestVectors(t *testing.T) {
	n := checkVectors(t, filepath.Join("..", "..", "testdata", "compat", "ruby", "vectors.txt"))
	if n < 600 {
		t.Fatalf("only %d vector lines checked", n)
	}
}

// TestLive checks vectors Ruby made a moment ago from fresh seeds, in the
// directory COMPAT_VECTORS names (scripts/compat-live-ruby sets it).
func TestLive(t *testing.T) {
	dir := os.Getenv("COMPAT_VECTORS")
	if dir == "" {
		t.Skip("COMPAT_VECTORS is not set: scripts/compat-live-ruby runs this test")
	}
	if n := checkVectors(t, filepath.Join(dir, "ruby.txt")); n == 0 {
		t.Fatal("no vector lines")
	}
}

// seeded returns Random.new(seed) for a decimal seed: through NewRandomBig,
// and for a seed that fits an int64 also through NewRandom, which must
// draw the same.
func seeded(t *testing.T, seed string) []*Random {
	t.Helper()
	b, ok := new(big.Int).SetString(seed, 10)
	if !ok {
		t.Fatalf("bad seed %q", seed)
	}
	rs := []*Random{NewRandomBig(b)}
	if b.IsInt64() {
		rs = append(rs, NewRandom(b.Int64()))
	}
	return rs
}

// checkVectors checks every line of the vector file at path and returns
// how many it read.
func checkVectors(t *testing.T, path string) int {
	t.Helper()
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
		fields := strings.Fields(sc.Text())
		if len(fields) < 3 {
			t.Fatalf("%s:%d: short line", path, lines)
		}
		op, seed, arg, want := fields[0], fields[1], fields[2], fields[3:]
		for _, r := range seeded(t, seed) {
			var got func() string
			switch op {
			case "rand":
				got = func() string { return strconv.FormatUint(math.Float64bits(r.Float()), 16) }
			case "rand_n":
				n, ok := new(big.Int).SetString(arg, 10)
				if !ok {
					t.Fatalf("%s:%d: bad n %q", path, lines, arg)
				}
				switch {
				case n.IsInt64():
					got = func() string { return strconv.FormatInt(r.Rand(n.Int64()), 10) }
				case n.Cmp(new(big.Int).Lsh(big.NewInt(1), 64)) == 0:
					got = func() string { return strconv.FormatUint(r.Uint64(), 10) }
				default:
					t.Fatalf("%s:%d: n %s out of range", path, lines, arg)
				}
			case "sample":
				n, err := strconv.Atoi(arg)
				if err != nil {
					t.Fatal(err)
				}
				// 20 picks, then the rand(2**32) that follows them.
				picks := len(want) - 1
				got = func() string {
					if picks == 0 {
						return strconv.FormatInt(r.Rand(1<<32), 10)
					}
					picks--
					return strconv.Itoa(r.Sample(n))
				}
			case "shuffle":
				n, err := strconv.Atoi(arg)
				if err != nil {
					t.Fatal(err)
				}
				checkShuffle(t, path, lines, r, seed, n, want)
				continue
			default:
				t.Fatalf("%s:%d: unknown op %q", path, lines, op)
			}
			for i, w := range want {
				if g := got(); g != w {
					t.Errorf("%s:%d: %s(%s) seed %s, draw %d: got %s, Ruby %s", path, lines, op, arg, seed, i, g, w)
					break
				}
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return lines
}

// checkShuffle checks one shuffle line with Shuffle, then that ShuffleSlice
// on a copy of r's state gives the same.
func checkShuffle(t *testing.T, path string, line int, r *Random, seed string, n int, want []string) {
	t.Helper()
	r2 := *r
	s, s2 := iota32(n), iota32(n)
	r.Shuffle(n, func(i, j int) { s[i], s[j] = s[j], s[i] })
	after := r.Rand(1 << 32)
	ShuffleSlice(&r2, s2)
	if r2.Rand(1<<32) != after || string(toText(s)) != string(toText(s2)) {
		t.Errorf("%s:%d: ShuffleSlice differs from Shuffle at seed %s, n %d", path, line, seed, n)
	}
	sum := sha256.Sum256(toText(s))
	if g := hex.EncodeToString(sum[:]); g != want[0] {
		t.Errorf("%s:%d: shuffle seed %s n %d: sha256 %s, Ruby %s", path, line, seed, n, g, want[0])
	}
	if g := strconv.FormatInt(after, 10); g != want[1] {
		t.Errorf("%s:%d: shuffle seed %s n %d: rand(2**32) after %s, Ruby %s", path, line, seed, n, g, want[1])
	}
	for i, w := range want[2:] {
		if g := strconv.Itoa(int(s[i])); g != w {
			t.Errorf("%s:%d: shuffle seed %s n %d: [%d] = %s, Ruby %s", path, line, seed, n, i, g, w)
			break
		}
	}
}

func iota32(n int) []int32 {
	s := make([]int32, n)
	for i := range s {
		s[i] = int32(i)
	}
	return s
}

// toText is the order's decimal values, each followed by a newline.
func toText(s []int32) []byte {
	var b []byte
	for _, x := range s {
		b = strconv.AppendInt(b, int64(x), 10)
		b = append(b, '\n')
	}
	return b
}
