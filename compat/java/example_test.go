package java_test

import (
	"fmt"

	"github.com/fairshuffle/shuffle/compat/java"
)

// The deck a Java server deals with Collections.shuffle(deck, new Random(42)),
// and the numbers new Random(42) gives; Java prints the same.
func Example() {
	deck := []string{"A♠", "K♠", "Q♠", "J♠", "10♠", "9♠", "8♠"}
	java.ShuffleSlice(java.NewRandom(42), deck)
	fmt.Println(deck)

	r := java.NewRandom(42) // new Random(42)
	fmt.Println(r.NextInt(100), r.NextLong(), r.NextDouble())
	// Output:
	// [Q♠ 8♠ 10♠ A♠ 9♠ J♠ K♠]
	// 30 1008396158678580193 0.047939305137387644
}
