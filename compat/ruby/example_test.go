package ruby_test

import (
	"fmt"

	"github.com/fairshuffle/shuffle/compat/ruby"
)

// The order a Ruby app draws with deck.shuffle(random: Random.new(42)), and
// the numbers Random.new(42) gives; Ruby prints the same.
func Example() {
	deck := []string{"A♠", "K♠", "Q♠", "J♠", "10♠", "9♠", "8♠"}
	ruby.ShuffleSlice(ruby.NewRandom(42), deck)
	fmt.Println(deck)

	r := ruby.NewRandom(42) // Random.new(42)
	fmt.Println(r.Float(), r.Rand(6), r.Rand(1e18))
	// Output:
	// [A♠ K♠ 9♠ Q♠ 10♠ J♠ 8♠]
	// 0.3745401188473625 4 820768296564020295
}
