//go:build amd64 || arm64 || loong64 || mips64 || mips64le || ppc64 || ppc64le || riscv64 || s390x || wasm

// A trillion does not fit in a 32-bit int: this example is for 64-bit
// platforms.

package shuffle_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/fairshuffle/shuffle"
)

// Ten winning tickets out of a trillion: instant, and in random order.
func ExampleSample() {
	fmt.Println(shuffle.Sample(rand.NewPCG(1, 1), 1_000_000_000_000, 10))
	// Output:
	// [997236467763 102495096650 863685930105 912999675657 285389768654 934059003269 812397398445 105852163060 552532649680 296592803989]
}
