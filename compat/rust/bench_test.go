package rust

import (
	"strconv"
	"testing"
)

// BenchmarkShuffle shuffles n uint32s, as testdata/compat/rust's bench times
// rand's shuffle of a Vec<u32>: through a swap function and a slice.
func BenchmarkShuffle(b *testing.B) {
	for _, n := range []int{52, 1000, 1_000_000} {
		s := make([]uint32, n)
		for i := range s {
			s[i] = uint32(i)
		}
		swap := func(i, j int) { s[i], s[j] = s[j], s[i] }
		b.Run("call=Shuffle/n="+strconv.Itoa(n), func(b *testing.B) {
			r := SeedFromU64(1)
			start := cpuTime()
			for b.Loop() {
				r.Shuffle(n, swap)
			}
			reportCPU(b, start)
		})
		b.Run("call=ShuffleSlice/n="+strconv.Itoa(n), func(b *testing.B) {
			r := SeedFromU64(1)
			start := cpuTime()
			for b.Loop() {
				ShuffleSlice(r, s)
			}
			reportCPU(b, start)
		})
	}
}

// BenchmarkUint32 is the generator alone: a word of ChaCha12's buffer.
func BenchmarkUint32(b *testing.B) {
	r := SeedFromU64(1)
	var x uint32
	start := cpuTime()
	for b.Loop() {
		x += r.Uint32()
	}
	reportCPU(b, start)
	sink = x
}

var sink uint32
