package classic_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/fairshuffle/shuffle/audit/classic"
	"github.com/fairshuffle/shuffle/audit/sp80022"
)

// Run the classic battery on a million bits of ChaCha8: a p-value below
// 0.01 would fail at NIST's level.
func ExampleBattery() {
	b := sp80022.FromSource(rand.NewChaCha8([32]byte{7}), 1000000)
	for _, o := range classic.Battery(b) {
		if o.Err != nil {
			fmt.Println(o.Name, o.Err)
			continue
		}
		fmt.Printf("%-17s %8.2f %4.0f  p = %.4f\n", o.Name, o.Stat, o.DF, o.P)
	}
	// Output:
	// Equidistribution    271.60  255  p = 0.2269
	// SerialPairs        1015.29 1023  p = 0.5621
	// SerialTriples       466.28  511  p = 0.9223
	// Gap                  21.29   22  p = 0.5026
	// Poker                 1.30    3  p = 0.7287
	// CouponCollector      25.57   33  p = 0.8188
	// Permutations        131.00  119  p = 0.2129
	// RunsUp                8.81    4  p = 0.0661
	// RunsDown              1.07    4  p = 0.8982
	// RunsUpAll             5.61    6  p = 0.4678
	// MaxOfT               13.10   15  p = 0.5947
	// SerialCorrelation     0.40    0  p = 0.6899
}

// Scaled numbers: a "random" card index in [0, 52) that a game draws as
// x % 52 from a byte is biased (256 = 4·52 + 48), and the equidistribution
// test sees it in 100,000 draws; drawn without bias it passes.
func ExampleEquidistribution() {
	r := rand.New(rand.NewPCG(1, 2))
	biased := make([]uint32, 100000)
	fair := make([]uint32, 100000)
	for i := range biased {
		biased[i] = uint32(r.IntN(256)) % 52
		fair[i] = uint32(r.IntN(52))
	}
	b, _ := classic.Equidistribution(biased, 52)
	f, _ := classic.Equidistribution(fair, 52)
	fmt.Printf("x %% 52: χ² = %.0f on %.0f degrees of freedom, p = %.2g\n", b.Stat, b.DF, b.P)
	fmt.Printf("fair:   χ² = %.0f on %.0f degrees of freedom, p = %.2g\n", f.Stat, f.DF, f.P)
	// Output:
	// x % 52: χ² = 358 on 51 degrees of freedom, p = 1.1e-47
	// fair:   χ² = 56 on 51 degrees of freedom, p = 0.3
}
