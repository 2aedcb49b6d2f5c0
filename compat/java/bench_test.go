package java

import (
	"strconv"
	"testing"
)

// BenchmarkShuffle: Collections.shuffle of 52 and 10⁶ items, through a swap
// function and generic, against testdata/compat/java/Bench.java; it reports
// CPU time per shuffle beside wall time.
func BenchmarkShuffle(b *testing.B) {
	for _, n := range []int{52, 1_000_000} {
		s := make([]int32, n)
		for i := range s {
			s[i] = int32(i)
		}
		b.Run("swap/n="+strconv.Itoa(n), func(b *testing.B) {
			r := NewRandom(1)
			start := cpuTime()
			for b.Loop() {
				Shuffle(r, n, func(i, j int) { s[i], s[j] = s[j], s[i] })
			}
			reportCPU(b, start)
		})
		b.Run("slice/n="+strconv.Itoa(n), func(b *testing.B) {
			r := NewRandom(1)
			start := cpuTime()
			for b.Loop() {
				ShuffleSlice(r, s)
			}
			reportCPU(b, start)
		})
	}
}
