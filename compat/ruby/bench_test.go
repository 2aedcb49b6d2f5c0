package ruby

import (
	"strconv"
	"testing"

	"github.com/fairshuffle/shuffle/compat/internal/vectors"
)

// BenchmarkShuffle: shuffle(random: r) of 52 and 10⁶ items, through a swap
// function and generic, against testdata/compat/ruby/bench.rb.
func BenchmarkShuffle(b *testing.B) {
	for _, n := range []int{52, 1_000_000} {
		s := vectors.Iota[int32](n)
		b.Run("swap/n="+strconv.Itoa(n), func(b *testing.B) {
			r := NewRandom(1)
			for b.Loop() {
				r.Shuffle(n, func(i, j int) { s[i], s[j] = s[j], s[i] })
			}
		})
		b.Run("slice/n="+strconv.Itoa(n), func(b *testing.B) {
			r := NewRandom(1)
			for b.Loop() {
				ShuffleSlice(r, s)
			}
		})
	}
}
