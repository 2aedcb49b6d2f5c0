package php

import (
	"strconv"
	"testing"

	"github.com/fairshuffle/shuffle/compat/internal/vectors"
)

// BenchmarkShuffle: shuffle() of 52 and 10⁶ items, through a swap function
// and generic, against testdata/compat/php/bench.php.
func BenchmarkShuffle(b *testing.B) {
	for _, n := range []int{52, 1_000_000} {
		s := vectors.Iota[int32](n)
		b.Run("swap/n="+strconv.Itoa(n), func(b *testing.B) {
			r := NewMT19937(1)
			for b.Loop() {
				Shuffle(r, n, func(i, j int) { s[i], s[j] = s[j], s[i] })
			}
		})
		b.Run("slice/n="+strconv.Itoa(n), func(b *testing.B) {
			r := NewMT19937(1)
			for b.Loop() {
				ShuffleSlice(r, s)
			}
		})
	}
}
