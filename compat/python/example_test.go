package python_test

import (
	"fmt"

	"github.com/fairshuffle/shuffle/compat/python"
)

// The deck Python deals with random.Random(42).shuffle(deck), and its
// sample of three from range(100).
func Example() {
	deck := []string{"A♠", "K♠", "Q♠", "J♠", "10♠"}
	r := python.New(42) // random.Random(42)
	r.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	fmt.Println(deck)
	fmt.Println(python.New(42).Sample(100, 3))      // random.Random(42).sample(range(100), 3)
	fmt.Println(python.NewString("hello").Random()) // random.Random("hello").random()
	// Output:
	// [J♠ K♠ Q♠ 10♠ A♠]
	// [81 14 3]
	// 0.3537754404730722
}

// A Random is a math/rand/v2 Source, its words getrandbits(64).
func ExampleRandom_Uint64() {
	r := python.New(0)
	fmt.Println(r.Uint64()) // random.Random(0).getrandbits(64)
	// Output:
	// 7106521602475165645
}
