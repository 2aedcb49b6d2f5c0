package ruby

import (
	"math"
	"math/big"
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
	vectors.Calls(t, path, min, 3, func(c vectors.Call) {
		for _, r := range seeded(t, c.Seed) {
			var got func() string
			switch c.Op {
			case "rand":
				got = func() string { return strconv.FormatUint(math.Float64bits(r.Float()), 16) }
			case "rand_n":
				n, ok := new(big.Int).SetString(c.Arg, 10)
				if !ok {
					t.Fatalf("%s: bad n", c.Where)
				}
				switch {
				case n.IsInt64():
					got = func() string { return strconv.FormatInt(r.Rand(n.Int64()), 10) }
				case n.Cmp(new(big.Int).Lsh(big.NewInt(1), 64)) == 0:
					got = func() string { return strconv.FormatUint(r.Uint64(), 10) }
				default:
					t.Fatalf("%s: n out of range", c.Where)
				}
			case "sample":
				n := int(vectors.Int(t, c.Arg, 0))
				// 20 picks, then the rand(2**32) that follows them.
				picks := len(c.Want) - 1
				got = func() string {
					if picks == 0 {
						return strconv.FormatInt(r.Rand(1<<32), 10)
					}
					picks--
					return strconv.Itoa(r.Sample(n))
				}
			case "shuffle":
				// Each shuffle starts from a copy of r's state.
				n := int(vectors.Int(t, c.Arg, 0))
				vectors.Shuffles(t, c.Where, n, func() *Random { r := *r; return &r }, (*Random).Shuffle, ShuffleSlice[[]int32],
					func(r *Random) string { return strconv.FormatInt(r.Rand(1<<32), 10) }, c.Want)
				continue
			default:
				t.Fatalf("%s: unknown op", c.Where)
			}
			vectors.Draws(t, c.Where, c.Want, got)
		}
	})
}
