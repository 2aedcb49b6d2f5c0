package numpy

import (
	"fmt"
	"strconv"
	"testing"

	"github.com/fairshuffle/shuffle/compat/internal/vectors"
)

// vector is one case of testdata/compat/numpy/vectors.json, written by
// numpy through gen.py beside it.
type vector struct {
	Gen  string `json:"gen"` // "g": default_rng, "rs": RandomState
	Seed string `json:"seed"`
	vectors.Case
}

func (v *vector) seed(t *testing.T) uint64 {
	s, err := strconv.ParseUint(v.Seed, 10, 64)
	if err != nil {
		t.Fatalf("%s: %v", v.Name, err)
	}
	return s
}

func checkGenerator(t *testing.T, v *vector) {
	g := DefaultRNG(v.seed(t))
	fresh := func() *Generator { return DefaultRNG(v.seed(t)) }
	switch v.Call {
	case "random":
		v.CheckStrings(t, vectors.Repeat(5, func() string { return vectors.Repr(g.Random()) }))
	case "raw":
		v.CheckStrings(t, vectors.Repeat(5, func() string { return strconv.FormatUint(g.Uint64(), 10) }))
	case "integers":
		lo, hi := v.Arg(t, 0), v.Arg(t, 1)
		v.CheckStrings(t, vectors.Repeat(9, func() string { return strconv.FormatInt(g.Integers(lo, hi), 10) }))
	case "permutation":
		n := int(v.Arg(t, 0))
		v.CheckInts(t, g.Permutation(n))
		x := vectors.Iota[int](n)
		fresh().Shuffle(n, func(i, j int) { x[i], x[j] = x[j], x[i] })
		v.CheckInts(t, x)
	case "choice":
		v.CheckInts(t, g.Choice(int(v.Arg(t, 0)), int(v.Arg(t, 1))))
	case "sequence":
		seq := []any{g.Integers(0, 10), vectors.Repr(g.Random()), g.Integers(0, 10), g.Integers(0, 1<<40), g.Integers(0, 10), g.Integers(0, 10)}
		x := vectors.Iota[int](7)
		ShuffleSlice(g, x)
		seq = append(seq, x, g.Integers(0, 1000), g.Permutation(5))
		v.CheckJSON(t, seq)
	default:
		t.Errorf("%s: unknown call", v.Name)
	}
}

func checkRandomState(t *testing.T, v *vector) {
	s := v.seed(t)
	if s>>32 != 0 {
		t.Fatalf("%s: seed past 2³²-1", v.Name)
	}
	r := NewRandomState(uint32(s))
	switch v.Call {
	case "random_sample":
		v.CheckStrings(t, vectors.Repeat(5, func() string { return vectors.Repr(r.RandomSample()) }))
	case "randint":
		lo, hi := v.Arg(t, 0), v.Arg(t, 1)
		v.CheckStrings(t, vectors.Repeat(9, func() string { return strconv.FormatInt(r.RandInt(lo, hi), 10) }))
	case "permutation":
		n := int(v.Arg(t, 0))
		v.CheckInts(t, r.Permutation(n))
		x := vectors.Iota[int](n)
		NewRandomState(uint32(s)).Shuffle(n, func(i, j int) { x[i], x[j] = x[j], x[i] })
		v.CheckInts(t, x)
	case "sequence":
		seq := []any{r.RandInt(0, 10), vectors.Repr(r.RandomSample()), r.RandInt(0, 1<<40)}
		x := vectors.Iota[int](7)
		r.Shuffle(7, func(i, j int) { x[i], x[j] = x[j], x[i] })
		seq = append(seq, x, r.Permutation(5))
		v.CheckJSON(t, seq)
	default:
		t.Errorf("%s: unknown call", v.Name)
	}
}

func checkFile(t *testing.T, path string) {
	for _, v := range vectors.ReadJSON[*vector](t, path) {
		v.Name = fmt.Sprintf("%s:%s %s%s", v.Gen, v.Seed, v.Call, v.Args)
		switch v.Gen {
		case "g":
			checkGenerator(t, v)
		case "rs":
			checkRandomState(t, v)
		default:
			t.Errorf("%s: unknown generator", v.Name)
		}
	}
}

// TestVectors holds the package to the vectors numpy wrote (gen.py, run by
// the numpy named in VERSIONS beside them).
func TestVectors(t *testing.T) {
	checkFile(t, vectors.Testdata("numpy", "vectors.json"))
}

// TestLive holds the package to vectors numpy has just written with fresh
// seeds: scripts/compat-live-numpy sets COMPAT_VECTORS to their directory.
// Without it the test is skipped.
func TestLive(t *testing.T) {
	checkFile(t, vectors.Live(t, "numpy", "numpy.json"))
}
