package numpy_test

import (
	"fmt"

	"github.com/fairshuffle/shuffle/compat/numpy"
)

// The order numpy.random.default_rng(7).permutation(10) gives a data
// loader, and the legacy RandomState(7)'s, another stream.
func Example() {
	fmt.Println(numpy.DefaultRNG(7).Permutation(10))     // np.random.default_rng(7).permutation(10)
	fmt.Println(numpy.DefaultRNG(7).Integers(1, 7))      // np.random.default_rng(7).integers(1, 7)
	fmt.Println(numpy.NewRandomState(7).Permutation(10)) // np.random.RandomState(7).permutation(10)
	fmt.Println(numpy.NewRandomState(7).RandomSample())  // np.random.RandomState(7).random_sample()
	// Output:
	// [8 0 7 1 3 6 2 4 5 9]
	// 6
	// [8 5 0 2 1 9 7 3 6 4]
	// 0.07630828937395717
}

// Shuffle takes a swap function, as math/rand/v2's Shuffle does; the same
// seed gives the same order as Permutation.
func ExampleGenerator_Shuffle() {
	deck := []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j"}
	g := numpy.DefaultRNG(7) // np.random.default_rng(7).shuffle(deck)
	g.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	fmt.Println(deck)
	// Output:
	// [i a h b d g c e f j]
}
