package ethereum_test

import (
	"fmt"

	"github.com/fairshuffle/shuffle/compat/ethereum"
)

// Ten validators' indices in the order the beacon chain's committees take
// them for a seed (here 32 zero bytes), on mainnet: item i is the validator
// at compute_shuffled_index(i, 10, seed).
func Example() {
	var seed [32]byte
	validators := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	ethereum.Shuffle(validators, seed, ethereum.RoundsMainnet)
	fmt.Println(validators)
	fmt.Println(ethereum.ShuffledIndex(0, 10, seed, ethereum.RoundsMainnet))
	// Output:
	// [9 7 4 1 8 0 5 6 3 2]
	// 9
}
