package java

import (
	"fmt"
	"math"
	"slices"
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
	vectors.Fields(t, path, min, 4, func(line int, fields []string) {
		op, seed, arg, want := fields[0], vectors.Int(t, fields[1], 64), fields[2], fields[3:]
		where := fmt.Sprintf("%s:%d: %s(%s) seed %d", path, line, op, arg, seed)
		r := NewRandom(seed)
		var got func() string
		switch op {
		case "nextInt":
			got = func() string { return strconv.FormatInt(int64(r.Int32()), 10) }
		case "nextIntBound":
			bound := int32(vectors.Int(t, arg, 32))
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
			checkLog(t, path, line, want)
			return
		case "shuffle":
			checkShuffle(t, where, seed, int(vectors.Int(t, arg, 32)), want)
			return
		default:
			t.Fatalf("%s:%d: unknown op %q", path, line, op)
		}
		vectors.Draws(t, where, want, got)
	})
}

// checkLog checks one log line: pairs of Java's StrictMath.log argument and
// result, in hex bits.
func checkLog(t *testing.T, path string, line int, want []string) {
	t.Helper()
	for _, pair := range want {
		x, y, _ := strings.Cut(pair, ":")
		in, err := strconv.ParseUint(x, 16, 64)
		if err != nil {
			t.Fatalf("%s:%d: %v", path, line, err)
		}
		out, err := strconv.ParseUint(y, 16, 64)
		if err != nil {
			t.Fatalf("%s:%d: %v", path, line, err)
		}
		// NaN's bits are the FPU's (x86 and ARM differ), not fdlibm's.
		g := strictLog(math.Float64frombits(in))
		if math.Float64bits(g) != out && !(math.IsNaN(g) && math.IsNaN(math.Float64frombits(out))) {
			t.Errorf("%s:%d: strictLog(%#x) = %#x, Java %s", path, line, in, math.Float64bits(g), y)
		}
	}
}

// checkShuffle checks one shuffle line: sha256, nextLong after, prefix; and
// that ShuffleSlice gives the same order and leaves r in the same state.
func checkShuffle(t *testing.T, where string, seed int64, n int, want []string) {
	t.Helper()
	r, r2 := NewRandom(seed), NewRandom(seed)
	s, s2 := vectors.Iota[int32](n), vectors.Iota[int32](n)
	Shuffle(r, n, func(i, j int) { s[i], s[j] = s[j], s[i] })
	after := r.NextLong()
	ShuffleSlice(r2, s2)
	if r2.NextLong() != after || !slices.Equal(s, s2) {
		t.Errorf("%s: ShuffleSlice differs from Shuffle", where)
	}
	vectors.Shuffled(t, where, s, strconv.FormatInt(after, 10), want)
}
