package shuffle_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/fairshuffle/shuffle"
)

// The README's first snippet: a shuffle from the default source, and one
// from a seeded source that gives the same order on every run.
func Example_readme() {
	deck := []string{"A♠", "K♠", "Q♠", "J♠", "10♠"}
	shuffle.FisherYates(deck) // uniform, from the default goroutine-safe source

	hand := []string{"A♠", "K♠", "Q♠", "J♠", "10♠"}
	sh := shuffle.NewFisherYates(rand.NewPCG(2026, 11)) // any math/rand/v2 Source
	shuffle.Slice(sh, hand)
	fmt.Println(hand) // same seed, same order, every run and every release
	// Output: [Q♠ 10♠ A♠ J♠ K♠]
}
