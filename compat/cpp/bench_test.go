package cpp

import (
	"strconv"
	"testing"
)

// BenchmarkShuffle shuffles n int32s, as testdata/compat/cpp/bench.cpp times
// std::shuffle on a std::vector<int>: through a swap function and a slice.
func BenchmarkShuffle(b *testing.B) {
	for _, n := range []int{52, 1000, 1_000_000} {
		s := make([]int32, n)
		for i := range s {
			s[i] = int32(i)
		}
		swap := func(i, j int) { s[i], s[j] = s[j], s[i] }
		b.Run("engine=mt19937/call=Shuffle/n="+strconv.Itoa(n), func(b *testing.B) {
			g := NewMT19937(1)
			start := cpuTime()
			for b.Loop() {
				Shuffle(g, n, swap)
			}
			reportCPU(b, start)
		})
		b.Run("engine=mt19937/call=ShuffleSlice/n="+strconv.Itoa(n), func(b *testing.B) {
			g := NewMT19937(1)
			start := cpuTime()
			for b.Loop() {
				ShuffleSlice(g, s)
			}
			reportCPU(b, start)
		})
		b.Run("engine=mt19937_64/call=Shuffle/n="+strconv.Itoa(n), func(b *testing.B) {
			g := NewMT19937_64(1)
			start := cpuTime()
			for b.Loop() {
				Shuffle(g, n, swap)
			}
			reportCPU(b, start)
		})
		b.Run("engine=mt19937_64/call=ShuffleSlice/n="+strconv.Itoa(n), func(b *testing.B) {
			g := NewMT19937_64(1)
			start := cpuTime()
			for b.Loop() {
				ShuffleSlice(g, s)
			}
			reportCPU(b, start)
		})
	}
}
