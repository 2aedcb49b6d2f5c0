package classic

import "github.com/fairshuffle/shuffle/audit/sp80022"

// A Test is one of the battery's tests of a bit sequence: its name, which
// says the parameters, and a function that runs it.
type Test struct {
	Name string
	Run  func(sp80022.Bits) (Result, error)

	w int                                    // the values' width in bits
	f func([]uint32, uint64) (Result, error) // the test of the values
}

// Tests returns the battery that [Battery] runs, in Knuth's order, each
// at parameters that a sequence of 10⁶ bits (NIST's usual length) serves
// with every class expecting at least [MinExpected]; each test reads all
// of the sequence it can, as values of w bits (see [Values]), and needs
// the bits in the last column (fewer: an error wrapping [ErrTooShort]):
//
//	Equidistribution   bytes (d = 256)                    40,960
//	SerialPairs        5 bits (d = 32), 1,024 cells      204,800
//	SerialTriples      3 bits (d = 8), 512 cells          92,160
//	Gap                bytes, [0, 64), t = 24              5,840
//	Poker              nibbles, groups of 5                  824
//	CouponCollector    3 bits, t = 40                      5,208
//	Permutations       32 bits, groups of 5, 120 orders  384,000 (more with ties)
//	RunsUp, RunsDown   32 bits, t = 6                      7,552
//	RunsUpAll          32 bits, the first 400,000 at most    128,000
//	MaxOfT             32 bits, t = 8, 16 bins            10,496
//	SerialCorrelation  32 bits, lag 1                     32,032
//
// Each call returns a new slice.
func Tests() []Test {
	return []Test{
		width("Equidistribution", 8, func(v []uint32, d uint64) (Result, error) { return Equidistribution(v, d) }),
		width("SerialPairs", 5, func(v []uint32, d uint64) (Result, error) { return Serial(v, d, 2) }),
		width("SerialTriples", 3, func(v []uint32, d uint64) (Result, error) { return Serial(v, d, 3) }),
		width("Gap", 8, func(v []uint32, d uint64) (Result, error) { return Gap(v, d, 0, 64, 24) }),
		width("Poker", 4, func(v []uint32, d uint64) (Result, error) { return Poker(v, d, 5) }),
		width("CouponCollector", 3, func(v []uint32, d uint64) (Result, error) { return CouponCollector(v, d, 40) }),
		width("Permutations", 32, func(v []uint32, d uint64) (Result, error) { return Permutations(v, d, 5) }),
		width("RunsUp", 32, func(v []uint32, d uint64) (Result, error) { return RunsUp(v, d, 6) }),
		width("RunsDown", 32, func(v []uint32, d uint64) (Result, error) { return RunsDown(v, d, 6) }),
		width("RunsUpAll", 32, func(v []uint32, d uint64) (Result, error) { return RunsUpAll(v[:min(len(v), 400000)], d) }),
		width("MaxOfT", 32, func(v []uint32, d uint64) (Result, error) { return MaxOfT(v, d, 8, 16) }),
		width("SerialCorrelation", 32, func(v []uint32, d uint64) (Result, error) { return SerialCorrelation(v, d, 1) }),
	}
}

// width is the test that runs f on b's values of w bits, d = 2ʷ.
func width(name string, w int, f func([]uint32, uint64) (Result, error)) Test {
	run := func(b sp80022.Bits) (Result, error) {
		r, err := f(Values(b, w), 1<<w)
		r.Name = name
		return r, err
	}
	return Test{name, run, w, f}
}

// An Outcome is one test of [Battery]: its result, or the error that says
// why it did not run (too few bits: errors.Is(err, [ErrTooShort])).
type Outcome struct {
	Result
	Err error
}

// Battery runs [Tests] on b and returns their outcomes in that order, each
// named. It takes O(Len) time and memory, cutting b into values of each
// width once.
func Battery(b sp80022.Bits) []Outcome {
	ts := Tests()
	out := make([]Outcome, len(ts))
	values := map[int][]uint32{}
	for i, t := range ts {
		v, ok := values[t.w]
		if !ok {
			v = Values(b, t.w)
			values[t.w] = v
		}
		r, err := t.f(v, 1<<t.w)
		r.Name = t.Name
		out[i] = Outcome{r, err}
	}
	return out
}
