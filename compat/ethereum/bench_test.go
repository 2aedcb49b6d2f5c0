package ethereum

import (
	"strconv"
	"testing"
)

// BenchmarkShuffle shuffles n uint32s with the mainnet rounds, as
// testdata/compat/ethereum/bench.mjs times the npm original's
// unshuffleList; and ShuffledIndex for one index.
func BenchmarkShuffle(b *testing.B) {
	seed := [32]byte{7}
	for _, n := range []int{1000, 1_000_000} {
		s := make([]uint32, n)
		for i := range s {
			s[i] = uint32(i)
		}
		b.Run("call=Shuffle/n="+strconv.Itoa(n), func(b *testing.B) {
			start := cpuTime()
			for b.Loop() {
				Shuffle(s, seed, RoundsMainnet)
			}
			reportCPU(b, start)
		})
	}
	b.Run("call=ShuffledIndex", func(b *testing.B) {
		var x uint64
		start := cpuTime()
		for b.Loop() {
			x += ShuffledIndex(12345, 1_000_000, seed, RoundsMainnet)
		}
		reportCPU(b, start)
		sink = x
	})
}

var sink uint64
