package raw_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/fairshuffle/shuffle/audit/raw"
)

// Test a rand.Source from Go: 20 sequences of 10⁵ bits of ChaCha8, and of
// a source that gives 1 a little too often, through NIST SP 800-22's
// fifteen tests and STS's assessment.
func Example() {
	sources := map[string]rand.Source{
		"chacha8":     rand.NewChaCha8([32]byte{1}),
		"P(1) = 0.51": biased{rand.New(rand.NewPCG(1, 2)), 0.51},
	}
	for _, name := range []string{"chacha8", "P(1) = 0.51"} {
		res, err := raw.RunSource(sources[name], raw.Options{SeqLen: 100000, Sequences: 20})
		if err != nil {
			panic(err)
		}
		t, j, p := res.Worst()
		fmt.Printf("%s: %s (smallest check %.2g, %s row %d, of %d checks)\n", name, res.Verdict(), p, t.Name, j+1, res.Checks())
	}
	// Output:
	// chacha8: pass (smallest check 0.0016, NonOverlappingTemplate row 32, of 392 checks)
	// P(1) = 0.51: fail (smallest check 0, CumulativeSums row 1, of 340 checks)
}

// biased gives bits that are 1 with probability p.
type biased struct {
	r *rand.Rand
	p float64
}

func (s biased) Uint64() uint64 {
	var w uint64
	for range 64 {
		w <<= 1
		if s.r.Float64() < s.p {
			w |= 1
		}
	}
	return w
}
