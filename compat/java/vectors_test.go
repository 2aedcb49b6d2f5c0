package java

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/fairshuffle/shuffle/compat/internal/vectors"
)

// TestVectors holds the package to the outputs OpenJDK gave for the
// committed seeds (testdata/compat/java/Gen.java made them).
func TestVectors(t *testing.T) {
	checkVectors(t, vectors.Testdata("java", "vectors.txt"), 300)
}

// TestLive checks vectors Java made a moment ago from fresh seeds, in the
// directory COMPAT_VECTORS names (scripts/compat-live-java sets it).
func TestLive(t *testing.T) {
	checkVectors(t, vectors.Live(t, "java", "java.txt"), 1)
}

// checkVectors checks every line of the vector file at path and fails if
// there are fewer than min.
func checkVectors(t *testing.T, path string, min int) {
	t.Helper()
	vectors.Calls(t, path, min, 4, func(c vectors.Call) {
		seed := vectors.Int(t, c.Seed, 64)
		r := NewRandom(seed)
		var got func() string
		switch c.Op {
		case "nextInt":
			got = func() string { return strconv.FormatInt(int64(r.Int32()), 10) }
		case "nextIntBound":
			bound := int32(vectors.Int(t, c.Arg, 32))
			got = func() string { return strconv.FormatInt(int64(r.NextInt(bound)), 10) }
		case "nextLong":
			got = func() string { return strconv.FormatInt(r.NextLong(), 10) }
		case "nextDouble":
			got = func() string { return strconv.FormatUint(math.Float64bits(r.NextDouble()), 16) }
		case "nextFloat":
			got = func() string { return strconv.FormatUint(uint64(math.Float32bits(r.NextFloat())), 16) }
		case "nextBoolean":
			got = func() string {
				if r.NextBoolean() {
					return "1"
				}
				return "0"
			}
		case "nextGaussian":
			got = func() string { return strconv.FormatUint(math.Float64bits(r.NextGaussian()), 16) }
		case "log":
			checkLog(t, c.Where, c.Want)
			return
		case "shuffle":
			n := int(vectors.Int(t, c.Arg, 32))
			vectors.Shuffles(t, c.Where, n, func() *Random { return NewRandom(seed) }, Shuffle, ShuffleSlice[[]int32],
				func(r *Random) string { return strconv.FormatInt(r.NextLong(), 10) }, c.Want)
			return
		default:
			t.Fatalf("%s: unknown op", c.Where)
		}
		vectors.Draws(t, c.Where, c.Want, got)
	})
}

// checkLog checks one log line: pairs of Java's StrictMath.log argument and
// result, in hex bits.
func checkLog(t *testing.T, where string, want []string) {
	t.Helper()
	for _, pair := range want {
		x, y, _ := strings.Cut(pair, ":")
		in, err := strconv.ParseUint(x, 16, 64)
		if err != nil {
			t.Fatalf("%s: %v", where, err)
		}
		out, err := strconv.ParseUint(y, 16, 64)
		if err != nil {
			t.Fatalf("%s: %v", where, err)
		}
		// NaN's bits are the FPU's (x86 and ARM differ), not fdlibm's.
		g := strictLog(math.Float64frombits(in))
		if math.Float64bits(g) != out && !(math.IsNaN(g) && math.IsNaN(math.Float64frombits(out))) {
			t.Errorf("%s: strictLog(%#x) = %#x, Java %s", where, in, math.Float64bits(g), y)
		}
	}
}
