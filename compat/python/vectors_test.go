package python

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// vector is one case of testdata/compat/python/vectors.json, written by
// CPython through gen.py beside it.
type vector struct {
	Seed struct {
		Int   *string `json:"int"`
		Str   *string `json:"str"`
		Bytes *string `json:"bytes"`
	} `json:"seed"`
	Call   string            `json:"call"`
	Args   []json.RawMessage `json:"args"`
	Out    json.RawMessage   `json:"out"`
	SHA256 string            `json:"sha256"`
	Prefix []int             `json:"prefix"`
	Len    int               `json:"len"`
}

func (v *vector) String() string {
	b, _ := json.Marshal(v.Seed)
	return fmt.Sprintf("seed %s %s%s", b, v.Call, v.Args)
}

func (v *vector) gen(t *testing.T) *Random {
	switch {
	case v.Seed.Int != nil:
		if s, err := strconv.ParseInt(*v.Seed.Int, 10, 64); err == nil {
			return New(s)
		}
		s, ok := new(big.Int).SetString(*v.Seed.Int, 10)
		if !ok {
			t.Fatalf("%v: bad seed", v)
		}
		return NewBig(s)
	case v.Seed.Str != nil:
		return NewString(*v.Seed.Str)
	case v.Seed.Bytes != nil:
		b, err := hex.DecodeString(*v.Seed.Bytes)
		if err != nil {
			t.Fatalf("%v: %v", v, err)
		}
		return NewBytes(b)
	}
	t.Fatalf("%v: no seed", v)
	return nil
}

// arg returns argument i, a JSON number or a decimal string, as an int.
func (v *vector) arg(t *testing.T, i int) int {
	s := strings.Trim(string(v.Args[i]), `"`)
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		t.Fatalf("%v: argument %d: %v", v, i, err)
	}
	return int(n)
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

// checkStrings compares outputs printed as CPython prints them (repr of a
// float, str of an int) with the case's list of strings.
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

// pyFloat formats f as CPython's repr does for the values here, in [-1e6,
// 1e6]: the shortest string that reads back, ".0" on integral values, and
// an exponent of two digits or more below 1e-4, as Go's 'g' writes it.
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

// fits reports whether every argument of the case fits in an int: on
// 32-bit platforms the cases past 2³¹ are left out.
func (v *vector) fits() bool {
	for _, a := range v.Args {
		n, err := strconv.ParseInt(strings.Trim(string(a), `"`), 10, 64)
		if err == nil && n != int64(int(n)) { // (uniform's arguments are floats)
			return false
		}
	}
	return true
}

func checkVector(t *testing.T, v *vector) {
	r := v.gen(t)
	itoa := func(x int) string { return strconv.Itoa(x) }
	switch v.Call {
	case "random", "random5":
		var want []string
		_ = json.Unmarshal(v.Out, &want)
		v.checkStrings(t, repeat(len(want), func() string { return pyFloat(r.Random()) }))
	case "getrandbits":
		var got []string
		for i := range v.Args {
			got = append(got, strconv.FormatUint(r.GetRandBits(v.arg(t, i)), 10))
		}
		v.checkStrings(t, got)
	case "randbytes":
		var want string
		_ = json.Unmarshal(v.Out, &want)
		if got := hex.EncodeToString(r.RandBytes(v.arg(t, 0))); got != want {
			t.Errorf("%v: got %s, want %s", v, got, want)
		}
	case "randrange":
		a, b := v.arg(t, 0), v.arg(t, 1)
		v.checkStrings(t, repeat(8, func() string { return itoa(r.RandRange(a, b)) }))
	case "randrangestep":
		a, b, s := v.arg(t, 0), v.arg(t, 1), v.arg(t, 2)
		v.checkInts(t, repeat(8, func() int { return r.RandRangeStep(a, b, s) }))
	case "randint":
		a, b := v.arg(t, 0), v.arg(t, 1)
		v.checkStrings(t, repeat(8, func() string { return itoa(r.RandInt(a, b)) }))
	case "choice":
		deck := make([]int, v.arg(t, 0))
		for i := range deck {
			deck[i] = i
		}
		v.checkInts(t, repeat(8, func() int { return Choice(r, deck) }))
	case "uniform":
		v.checkStrings(t, repeat(4, func() string { return pyFloat(r.Uniform(-2.5, 10)) }))
	case "shuffle":
		n := v.arg(t, 0)
		x := make([]int, n)
		for i := range x {
			x[i] = i
		}
		y := slices.Clone(x)
		r.Shuffle(n, func(i, j int) { x[i], x[j] = x[j], x[i] })
		v.checkInts(t, x)
		ShuffleSlice(v.gen(t), y)
		v.checkInts(t, y)
	case "sample":
		v.checkInts(t, r.Sample(v.arg(t, 0), v.arg(t, 1)))
	case "sequence":
		var s string
		_ = json.Unmarshal(v.Out, &s)
		x := make([]int, 10)
		for i := range x {
			x[i] = i
		}
		seq := []any{pyFloat(r.Random()), r.GetRandBits(40), r.RandRange(0, 1000), r.RandInt(-3, 3)}
		ShuffleSlice(r, x)
		seq = append(seq, x, r.Sample(30, 5), pyFloat(r.Random()))
		got, _ := json.Marshal(seq)
		var want []any
		_ = json.Unmarshal([]byte(s), &want)
		wantJSON, _ := json.Marshal(want)
		if string(got) != string(wantJSON) {
			t.Errorf("%v:\n got %s\nwant %s", v, got, wantJSON)
		}
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
	skipped := 0
	for _, v := range vs {
		if !v.fits() {
			skipped++
			continue
		}
		checkVector(t, v)
	}
	t.Logf("%s: %d cases, %d of them left out: their arguments do not fit in a %d-bit int", path, len(vs), skipped, strconv.IntSize)
	if strconv.IntSize == 64 && skipped > 0 {
		t.Errorf("%d cases left out on a 64-bit platform", skipped)
	}
}

// TestVectors holds the package to the vectors CPython wrote (gen.py, run
// by the CPython named in VERSIONS beside them).
func TestVectors(t *testing.T) {
	checkFile(t, filepath.Join("..", "..", "testdata", "compat", "python", "vectors.json"))
}

// TestLive holds the package to vectors CPython has just written with
// fresh seeds: scripts/compat-live-python sets COMPAT_VECTORS to their
// directory. Without it the test is skipped.
func TestLive(t *testing.T) {
	dir := os.Getenv("COMPAT_VECTORS")
	if dir == "" {
		t.Skip("COMPAT_VECTORS is not set: scripts/compat-live-python sets it")
	}
	checkFile(t, filepath.Join(dir, "python.json"))
}
