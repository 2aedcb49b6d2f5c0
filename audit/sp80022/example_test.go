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

// Run the fifteen tests on a million bits of ChaCha8, and count the
// p-values below 0.01: about 1 in 100 by chance. The random excursions
// tests need a walk with 500 cycles; this one has fewer.
func ExampleTests() {
	b := sp80022.FromSource(rand.NewChaCha8([32]byte{7}), 1000000)
	values, low := 0, 0
	for _, t := range sp80022.Tests() {
		p, err := t.Run(b)
		if err != nil {
			fmt.Println(t.Name, err)
			continue
		}
		for _, x := range p {
			values++
			if x < 0.01 {
				low++
			}
		}
	}
	fmt.Println(values, "p-values,", low, "below 0.01")
	// Output:
	// RandomExcursions sp80022: RandomExcursions does not apply: 437 cycles, fewer than max(500, 0.005√n)
	// RandomExcursionsVariant sp80022: RandomExcursionsVariant does not apply: 437 cycles, fewer than max(500, 0.005√n)
	// 162 p-values, 4 below 0.01
}
