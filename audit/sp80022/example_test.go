package sp80022_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/fairshuffle/shuffle/audit/sp80022"
)

// Test a million bits of a rand.Source, and of a stuck one, with the
// frequency and runs tests: a p-value below 0.01 fails, as in NIST's
// assessment. Bits alternating 1010… have as many ones as zeros, but far
// too many runs.
func Example() {
	var seed [32]byte
	sources := []rand.Source{rand.NewChaCha8(seed), alternating{}}
	for _, src := range sources {
		b := sp80022.FromSource(src, 1000000)
		freq, _ := sp80022.Frequency(b)
		runs, _ := sp80022.Runs(b)
		fmt.Printf("frequency %.4f, runs %.4f\n", freq, runs)
	}
	// Output:
	// frequency 0.2356, runs 0.6445
	// frequency 1.0000, runs 0.0000
}

type alternating struct{}

func (alternating) Uint64() uint64 { return 0xaaaaaaaaaaaaaaaa }
