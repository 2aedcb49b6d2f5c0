package php_test

import (
	"fmt"

	"github.com/fairshuffle/shuffle/compat/php"
)

// The order a PHP app draws with mt_srand(42); shuffle($deck), and the
// numbers mt_srand(42) gives; PHP 8.2 prints the same.
func Example() {
	deck := []string{"A♠", "K♠", "Q♠", "J♠", "10♠", "9♠", "8♠"}
	php.ShuffleSlice(php.NewMT19937(42), deck)
	fmt.Println(deck)

	r := php.NewMT19937(42) // mt_srand(42)
	fmt.Println(r.Rand(), r.RandRange(1, 6), r.RandRange(-1e18, 1e18))
	// Output:
	// [J♠ 10♠ A♠ Q♠ 8♠ 9♠ K♠]
	// 804318771 6 383774586484163419
}
