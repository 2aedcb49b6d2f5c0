package audit_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/fairshuffle/shuffle/audit"
)

// A fair shuffle passes; the classic mistake, swapping each card with any
// card, fails.
func ExampleShuffles() {
	r := rand.New(rand.NewPCG(1, 2))
	fair := func(deck []int) {
		r.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	}
	naive := func(deck []int) {
		for i := range deck {
			j := r.IntN(len(deck))
			deck[i], deck[j] = deck[j], deck[i]
		}
	}
	for _, f := range []func([]int){fair, naive} {
		rep, err := audit.Shuffles(52, 20000, f, audit.Options{})
		if err != nil {
			panic(err)
		}
		fmt.Println(rep.Verdict, len(rep.Failed()))
	}
	// Output:
	// pass 0
	// fail 7
}
