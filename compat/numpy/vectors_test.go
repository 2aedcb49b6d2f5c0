package numpy

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// vector is one case of testdata/compat/numpy/vectors.json, written by
// numpy through gen.py beside it.
type vector struct {
	Gen    string            `json:"gen"` // "g": default_rng, "rs": RandomState
	Seed   string            `json:"seed"`
	Call   string            `json:"call"`
	Args   []json.RawMessage `json:"args"`
	Out    json.RawMessage   `json:"out"`
	SHA256 string            `json:"sha256"`
	Prefix []int             `json:"prefix"`
	Len    int               `json:"len"`
}

func (v *vector) String() string {
	return fmt.Sprintf("%s:%s %s%s", v.Gen, v.Seed, v.Call, v.Args)
}

func (v *vector) seed(t *testing.T) uint64 {
	s, err := strconv.ParseUint(v.Seed, 10, 64)
	if err != nil {
		t.Fatalf("%v: %v", v, err)
	}
	return s
}

func (v *vector) arg(t *testing.T, i int) int64 {
	n, err := strconv.ParseInt(strings.Trim(string(v.Args[i]), `"`), 10, 64)
	if err != nil {
		t.Fatalf("%v: argument %d: %v", v, i, err)
	}
	return n
}

// checkInts compares a list of ints with the case: the whole list, or its
// length, first values and the SHA-256 of its decimal list.
func (v *vector) checkInts(t *testing.T, got []int) {
	t.Helper()
	if v.SHA256 == "" {
		var want []int
		if err := json.Unmarshal(v.Out, &want); err != nil {
			t.Fatalf("%v: %v", v, err)
		}
		if !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
			t.Errorf("%v:\n got %v\nwant %v", v, got, want)
		}
		return
	}
	text := make([]string, len(got))
	for i, x := range got {
		text[i] = strconv.Itoa(x)
	}
	sum := sha256.Sum256([]byte(strings.Join(text, " ")))
	if len(got) != v.Len || !slices.Equal(got[:min(len(got), len(v.Prefix))], v.Prefix) || hex.EncodeToString(sum[:]) != v.SHA256 {
		t.Errorf("%v: got %d values starting %v, SHA-256 %x; want %d starting %v, %s",
			v, len(got), got[:min(len(got), 10)], sum, v.Len, v.Prefix, v.SHA256)
	}
}

func (v *vector) checkStrings(t *testing.T, got []string) {
	t.Helper()
	var want []string
	if err := json.Unmarshal(v.Out, &want); err != nil {
		t.Fatalf("%v: %v", v, err)
	}
	if !slices.Equal(got, want) {
		t.Errorf("%v:\n got %q\nwant %q", v, got, want)
	}
}

// pyFloat formats f as Python's repr does for floats in [0, 1): the
// shortest string that reads back; an exponent below 1e-4, as Go's 'g'
// writes it.
func pyFloat(f float64) string {
	s := strconv.FormatFloat(f, 'g', -1, 64)
	if !strings.ContainsAny(s, ".e") {
		s += ".0"
	}
	return s
}

func repeat[T any](n int, f func() T) []T {
	out := make([]T, n)
	for i := range out {
		out[i] = f()
	}
	return out
}

func (v *vector) checkSequence(t *testing.T, seq []any) {
	t.Helper()
	var s string
	_ = json.Unmarshal(v.Out, &s)
	var want []any
	_ = json.Unmarshal([]byte(s), &want)
	wantJSON, _ := json.Marshal(want)
	got, _ := json.Marshal(seq)
	if string(got) != string(wantJSON) {
		t.Errorf("%v:\n got %s\nwant %s", v, got, wantJSON)
	}
}

func iota(n int) []int {
	x := make([]int, n)
	for i := range x {
		x[i] = i
	}
	return x
}

func checkGenerator(t *testing.T, v *vector) {
	g := DefaultRNG(v.seed(t))
	fresh := func() *Generator { return DefaultRNG(v.seed(t)) }
	switch v.Call {
	case "random":
		v.checkStrings(t, repeat(5, func() string { return pyFloat(g.Random()) }))
	case "raw":
		v.checkStrings(t, repeat(5, func() string { return strconv.FormatUint(g.Uint64(), 10) }))
	case "integers":
		lo, hi := v.arg(t, 0), v.arg(t, 1)
		v.checkStrings(t, repeat(9, func() string { return strconv.FormatInt(g.Integers(lo, hi), 10) }))
	case "permutation":
		n := int(v.arg(t, 0))
		v.checkInts(t, g.Permutation(n))
		x := iota(n)
		fresh().Shuffle(n, func(i, j int) { x[i], x[j] = x[j], x[i] })
		v.checkInts(t, x)
	case "choice":
		v.checkInts(t, g.Choice(int(v.arg(t, 0)), int(v.arg(t, 1))))
	case "sequence":
		seq := []any{g.Integers(0, 10), pyFloat(g.Random()), g.Integers(0, 10), g.Integers(0, 1<<40), g.Integers(0, 10), g.Integers(0, 10)}
		x := iota(7)
		ShuffleSlice(g, x)
		seq = append(seq, x, g.Integers(0, 1000), g.Permutation(5))
		v.checkSequence(t, seq)
	default:
		t.Errorf("%v: unknown call", v)
	}
}

func checkRandomState(t *testing.T, v *vector) {
	s := v.seed(t)
	if s>>32 != 0 {
		t.Fatalf("%v: seed past 2³²-1", v)
	}
	r := NewRandomState(uint32(s))
	switch v.Call {
	case "random_sample":
		v.checkStrings(t, repeat(5, func() string { return pyFloat(r.RandomSample()) }))
	case "randint":
		lo, hi := v.arg(t, 0), v.arg(t, 1)
		v.checkStrings(t, repeat(9, func() string { return strconv.FormatInt(r.RandInt(lo, hi), 10) }))
	case "permutation":
		n := int(v.arg(t, 0))
		v.checkInts(t, r.Permutation(n))
		x := iota(n)
		NewRandomState(uint32(s)).Shuffle(n, func(i, j int) { x[i], x[j] = x[j], x[i] })
		v.checkInts(t, x)
	case "sequence":
		seq := []any{r.RandInt(0, 10), pyFloat(r.RandomSample()), r.RandInt(0, 1<<40)}
		x := iota(7)
		r.Shuffle(7, func(i, j int) { x[i], x[j] = x[j], x[i] })
		seq = append(seq, x, r.Permutation(5))
		v.checkSequence(t, seq)
	default:
		t.Errorf("%v: unknown call", v)
	}
}

func checkFile(t *testing.T, path string) {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var vs []*vector
	if err := json.Unmarshal(b, &vs); err != nil {
		t.Fatal(err)
	}
	if len(vs) == 0 {
		t.Fatalf("%s: no vectors", path)
	}
	for _, v := range vs {
		switch v.Gen {
		case "g":
			checkGenerator(t, v)
		case "rs":
			checkRandomState(t, v)
		default:
			t.Errorf("%v: unknown generator", v)
		}
	}
	t.Logf("%s: %d cases", path, len(vs))
}

// TestVectors holds the package to the vectors numpy wrote (gen.py, run by
// the numpy named in VERSIONS beside them).
func TestVectors(t *testing.T) {
	checkFile(t, filepath.Join("..", "..", "testdata", "compat", "numpy", "vectors.json"))
}

// TestLive holds the package to vectors numpy has just written with fresh
// seeds: scripts/compat-live-numpy sets COMPAT_VECTORS to their directory.
// Without it the test is skipped.
func TestLive(t *testing.T) {
	dir := os.Getenv("COMPAT_VECTORS")
	if dir == "" {
		t.Skip("COMPAT_VECTORS is not set: scripts/compat-live-numpy sets it")
	}
	checkFile(t, filepath.Join(dir, "numpy.json"))
}
