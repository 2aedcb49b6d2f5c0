package java

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

// TestVectors holds the package to the outputs OpenJDK gave for the
// committed seeds (testdata/compat/java/Gen.java made them).
func TestVectors(t *testing.T) {
	n := checkVectors(t, filepath.Join("..", "..", "testdata", "compat", "java", "vectors.txt"))
	if n < 300 {
		t.Fatalf("only %d vector lines checked", n)
	}
}

// TestLive checks vectors Java made a moment ago from fresh seeds, in the
// directory COMPAT_VECTORS names (scripts/compat-live-java sets it).
func TestLive(t *testing.T) {
	dir := os.Getenv("COMPAT_VECTORS")
	if dir == "" {
		t.Skip("COMPAT_VECTORS is not set: scripts/compat-live-java runs this test")
	}
	if n := checkVectors(t, filepath.Join(dir, "java.txt")); n == 0 {
		t.Fatal("no vector lines")
	}
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
		if len(fields) < 4 {
			t.Fatalf("%s:%d: short line", path, lines)
		}
		op, seed, arg, want := fields[0], parseInt(t, fields[1], 64), fields[2], fields[3:]
		r := NewRandom(seed)
		var got func() string
		switch op {
		case "nextInt":
			got = func() string { return strconv.FormatInt(int64(r.Int32()), 10) }
		case "nextIntBound":
			bound := int32(parseInt(t, arg, 32))
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
			for _, pair := range want {
				x, y, _ := strings.Cut(pair, ":")
				in, err := strconv.ParseUint(x, 16, 64)
				if err != nil {
					t.Fatalf("%s:%d: %v", path, lines, err)
				}
				out, err := strconv.ParseUint(y, 16, 64)
				if err != nil {
					t.Fatalf("%s:%d: %v", path, lines, err)
				}
				// NaN's bits are the FPU's (x86 and ARM differ), not fdlibm's.
				g := strictLog(math.Float64frombits(in))
				if math.Float64bits(g) != out && !(math.IsNaN(g) && math.IsNaN(math.Float64frombits(out))) {
					t.Errorf("%s:%d: strictLog(%#x) = %#x, Java %s", path, lines, in, math.Float64bits(g), y)
				}
			}
			continue
		case "shuffle":
			checkShuffle(t, path, lines, seed, int(parseInt(t, arg, 32)), want)
			continue
		default:
			t.Fatalf("%s:%d: unknown op %q", path, lines, op)
		}
		for i, w := range want {
			if g := got(); g != w {
				t.Errorf("%s:%d: %s(%s) seed %d, draw %d: got %s, Java %s", path, lines, op, arg, seed, i, g, w)
				break
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return lines
}

// checkShuffle checks one shuffle line: sha256, nextLong after, prefix.
func checkShuffle(t *testing.T, path string, line int, seed int64, n int, want []string) {
	t.Helper()
	r := NewRandom(seed)
	s := make([]int32, n)
	for i := range s {
		s[i] = int32(i)
	}
	Shuffle(r, n, func(i, j int) { s[i], s[j] = s[j], s[i] })
	after := r.NextLong()

	// ShuffleSlice must give the same order and leave r in the same state.
	r2 := NewRandom(seed)
	s2 := make([]int32, n)
	for i := range s2 {
		s2[i] = int32(i)
	}
	ShuffleSlice(r2, s2)
	if r2.NextLong() != after || !slicesEqual(s, s2) {
		t.Errorf("%s:%d: ShuffleSlice differs from Shuffle at seed %d, n %d", path, line, seed, n)
	}

	var text []byte
	for _, x := range s {
		text = strconv.AppendInt(text, int64(x), 10)
		text = append(text, '\n')
	}
	sum := sha256.Sum256(text)
	if g := hex.EncodeToString(sum[:]); g != want[0] {
		t.Errorf("%s:%d: shuffle seed %d n %d: sha256 %s, Java %s", path, line, seed, n, g, want[0])
	}
	if g := strconv.FormatInt(after, 10); g != want[1] {
		t.Errorf("%s:%d: shuffle seed %d n %d: nextLong after %s, Java %s", path, line, seed, n, g, want[1])
	}
	for i, w := range want[2:] {
		if g := strconv.Itoa(int(s[i])); g != w {
			t.Errorf("%s:%d: shuffle seed %d n %d: [%d] = %s, Java %s", path, line, seed, n, i, g, w)
			break
		}
	}
}

func slicesEqual(a, b []int32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func parseInt(t *testing.T, s string, bits int) int64 {
	t.Helper()
	v, err := strconv.ParseInt(s, 10, bits)
	if err != nil {
		t.Fatal(err)
	}
	return v
}
