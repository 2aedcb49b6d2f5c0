package ruby

import (
	"fmt"
	"math"
	"math/big"
	"slices"
	"strconv"
	"testing"

	"github.com/fairshuffle/shuffle/compat/internal/vectors"
)

// TestVectors holds the package to the outputs Ruby 3.1 gave for the
// committed seeds (testdata/compat/ruby/gen.rb made them).
func TestVectors(t *testing.T) {
	checkVectors(t, vectors.Testdata("ruby", "vectors.txt"), 600)
}

// TestLive checks vectors Ruby made a moment ago from fresh seeds, in the
// directory COMPAT_VECTORS names (scripts/compat-live-ruby sets it).
func TestLive(t *testing.T) {
	checkVectors(t, vectors.Live(t, "ruby", "ruby.txt"), 1)
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

// checkVectors checks every line of the vector file at path and fails if
// there are fewer than min.
func checkVectors(t *testing.T, path string, min int) {
	t.Helper()
	vectors.Fields(t, path, min, 3, func(line int, fields []string) {
		op, seed, arg, want := fields[0], fields[1], fields[2], fields[3:]
		where := fmt.Sprintf("%s:%d: %s(%s) seed %s", path, line, op, arg, seed)
		for _, r := range seeded(t, seed) {
			var got func() string
			switch op {
			case "rand":
				got = func() string { return strconv.FormatUint(math.Float64bits(r.Float()), 16) }
			case "rand_n":
				n, ok := new(big.Int).SetString(arg, 10)
				if !ok {
					t.Fatalf("%s: bad n", where)
				}
				switch {
				case n.IsInt64():
					got = func() string { return strconv.FormatInt(r.Rand(n.Int64()), 10) }
				case n.Cmp(new(big.Int).Lsh(big.NewInt(1), 64)) == 0:
					got = func() string { return strconv.FormatUint(r.Uint64(), 10) }
				default:
					t.Fatalf("%s: n out of range", where)
				}
			case "sample":
				n := int(vectors.Int(t, arg, 0))
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
				checkShuffle(t, where, r, int(vectors.Int(t, arg, 0)), want)
				continue
			default:
				t.Fatalf("%s:%d: unknown op %q", path, line, op)
			}
			vectors.Draws(t, where, want, got)
		}
	})
}

// checkShuffle checks one shuffle line with Shuffle, then that ShuffleSlice
// on a copy of r's state gives the same.
func checkShuffle(t *testing.T, where string, r *Random, n int, want []string) {
	t.Helper()
	r2 := *r
	s, s2 := vectors.Iota[int32](n), vectors.Iota[int32](n)
	r.Shuffle(n, func(i, j int) { s[i], s[j] = s[j], s[i] })
	after := r.Rand(1 << 32)
	ShuffleSlice(&r2, s2)
	if r2.Rand(1<<32) != after || !slices.Equal(s, s2) {
		t.Errorf("%s: ShuffleSlice differs from Shuffle", where)
	}
	vectors.Shuffled(t, where, s, strconv.FormatInt(after, 10), want)
}
