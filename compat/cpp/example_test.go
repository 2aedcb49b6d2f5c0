package cpp_test

import (
	"fmt"

	"github.com/fairshuffle/shuffle/compat/cpp"
)

// The deck a C++ program deals with
//
//	std::mt19937 g(42);
//	std::vector<int> deck(10);
//	std::iota(deck.begin(), deck.end(), 0);
//	std::shuffle(deck.begin(), deck.end(), g);
//
// built with g++ (libstdc++), and the die it then rolls with
// std::uniform_int_distribution<int>(1, 6)(g).
func Example() {
	g := cpp.NewMT19937(42)
	deck := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	cpp.ShuffleSlice(g, deck)
	fmt.Println(deck)
	fmt.Println(cpp.UniformInt(g, 1, 6))
	// Output:
	// [1 6 7 0 5 9 8 2 3 4]
	// 5
}
