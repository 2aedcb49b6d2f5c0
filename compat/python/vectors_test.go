package python

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"testing"

	"github.com/fairshuffle/shuffle/compat/internal/vectors"
)

// vector is one case of testdata/compat/python/vectors.json, written by
// CPython through gen.py beside it.
type vector struct {
	Seed struct {
		Int   *string `json:"int"`
		Str   *string `json:"str"`
		Bytes *string `json:"bytes"`
	} `json:"seed"`
	vectors.Case
}

func (v *vector) gen(t *testing.T) *Random {
	switch {
	case v.Seed.Int != nil:
		if s, err := strconv.ParseInt(*v.Seed.Int, 10, 64); err == nil {
			return New(s)
		}
		s, ok := new(big.Int).SetString(*v.Seed.Int, 10)
		if !ok {
			t.Fatalf("%s: bad seed", v.Name)
		}
		return NewBig(s)
	case v.Seed.Str != nil:
		return NewString(*v.Seed.Str)
	case v.Seed.Bytes != nil:
		b, err := hex.DecodeString(*v.Seed.Bytes)
		if err != nil {
			t.Fatalf("%s: %v", v.Name, err)
		}
		return NewBytes(b)
	}
	t.Fatalf("%s: no seed", v.Name)
	return nil
}

// arg returns argument i as an int; [vector.fits] has made sure it is one.
func (v *vector) arg(t *testing.T, i int) int { return int(v.Arg(t, i)) }

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
		v.CheckStrings(t, vectors.Repeat(len(want), func() string { return vectors.Repr(r.Random()) }))
	case "getrandbits":
		var got []string
		for i := range v.Args {
			got = append(got, strconv.FormatUint(r.GetRandBits(v.arg(t, i)), 10))
		}
		v.CheckStrings(t, got)
	case "randbytes":
		var want string
		_ = json.Unmarshal(v.Out, &want)
		if got := hex.EncodeToString(r.RandBytes(v.arg(t, 0))); got != want {
			t.Errorf("%s: got %s, want %s", v.Name, got, want)
		}
	case "randrange":
		a, b := v.arg(t, 0), v.arg(t, 1)
		v.CheckStrings(t, vectors.Repeat(8, func() string { return itoa(r.RandRange(a, b)) }))
	case "randrangestep":
		a, b, s := v.arg(t, 0), v.arg(t, 1), v.arg(t, 2)
		v.CheckInts(t, vectors.Repeat(8, func() int { return r.RandRangeStep(a, b, s) }))
	case "randint":
		a, b := v.arg(t, 0), v.arg(t, 1)
		v.CheckStrings(t, vectors.Repeat(8, func() string { return itoa(r.RandInt(a, b)) }))
	case "choice":
		deck := vectors.Iota[int](v.arg(t, 0))
		v.CheckInts(t, vectors.Repeat(8, func() int { return Choice(r, deck) }))
	case "uniform":
		v.CheckStrings(t, vectors.Repeat(4, func() string { return vectors.Repr(r.Uniform(-2.5, 10)) }))
	case "shuffle":
		n := v.arg(t, 0)
		x, y := vectors.Iota[int](n), vectors.Iota[int](n)
		r.Shuffle(n, func(i, j int) { x[i], x[j] = x[j], x[i] })
		v.CheckInts(t, x)
		ShuffleSlice(v.gen(t), y)
		v.CheckInts(t, y)
	case "sample":
		v.CheckInts(t, r.Sample(v.arg(t, 0), v.arg(t, 1)))
	case "sequence":
		x := vectors.Iota[int](10)
		seq := []any{vectors.Repr(r.Random()), r.GetRandBits(40), r.RandRange(0, 1000), r.RandInt(-3, 3)}
		ShuffleSlice(r, x)
		v.CheckJSON(t, append(seq, x, r.Sample(30, 5), vectors.Repr(r.Random())))
	default:
		t.Errorf("%s: unknown call", v.Name)
	}
}

func checkFile(t *testing.T, path string) {
	vs := vectors.ReadJSON[*vector](t, path)
	skipped := 0
	for _, v := range vs {
		b, _ := json.Marshal(v.Seed)
		v.Name = fmt.Sprintf("seed %s %s%s", b, v.Call, v.Args)
		if !v.fits() {
			skipped++
			continue
		}
		checkVector(t, v)
	}
	t.Logf("%s: %d of the cases left out: their arguments do not fit in a %d-bit int", path, skipped, strconv.IntSize)
	if strconv.IntSize == 64 && skipped > 0 {
		t.Errorf("%d cases left out on a 64-bit platform", skipped)
	}
}

// TestVectors holds the package to the vectors CPython wrote (gen.py, run
// by the CPython named in VERSIONS beside them).
func TestVectors(t *testing.T) {
	checkFile(t, vectors.Testdata("python", "vectors.json"))
}

// TestLive holds the package to vectors CPython has just written with
// fresh seeds: scripts/compat-live-python sets COMPAT_VECTORS to their
// directory. Without it the test is skipped.
func TestLive(t *testing.T) {
	checkFile(t, vectors.Live(t, "python", "python.json"))
}
