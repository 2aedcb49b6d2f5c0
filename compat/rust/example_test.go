package rust_test

import (
	"fmt"

	"github.com/fairshuffle/shuffle/compat/rust"
)

// The deck a Rust program deals with rand 0.8,
//
//	let mut rng = StdRng::seed_from_u64(42);
//	let mut deck: Vec<u32> = (0..10).collect();
//	deck.shuffle(&mut rng);
//
// and the die it then rolls with rng.gen_range(1u64..7) (a u64: gen_range on
// u32 or i32 draws 32-bit words, another number).
func Example() {
	r := rust.SeedFromU64(42)
	deck := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	rust.ShuffleSlice(r, deck)
	fmt.Println(deck)
	fmt.Println(r.GenRange(1, 7))
	// Output:
	// [7 3 9 5 0 8 6 4 2 1]
	// 6
}
