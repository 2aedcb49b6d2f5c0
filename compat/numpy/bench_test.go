package numpy

import (
	"strconv"
	"testing"
)

// Compared in BENCHMARKS.md with numpy's timings by
// testdata/compat/numpy/bench.py.
func BenchmarkPermutation(b *testing.B) {
	for _, n := range []int{52, 1000, 1_000_000} {
		b.Run("gen=Generator/n="+strconv.Itoa(n), func(b *testing.B) {
			g := DefaultRNG(1)
			for range b.N {
				g.Permutation(n)
			}
		})
		b.Run("gen=RandomState/n="+strconv.Itoa(n), func(b *testing.B) {
			r := NewRandomState(1)
			for range b.N {
				r.Permutation(n)
			}
		})
	}
}

func BenchmarkShuffle(b *testing.B) {
	const n = 1_000_000
	x := make([]int, n)
	b.Run("gen=Generator/call=ShuffleSlice/n=1000000", func(b *testing.B) {
		g := DefaultRNG(1)
		for range b.N {
			ShuffleSlice(g, x)
		}
	})
	b.Run("gen=Generator/call=Shuffle/n=1000000", func(b *testing.B) {
		g := DefaultRNG(1)
		for range b.N {
			g.Shuffle(n, func(i, j int) { x[i], x[j] = x[j], x[i] })
		}
	})
	b.Run("gen=RandomState/call=Shuffle/n=1000000", func(b *testing.B) {
		r := NewRandomState(1)
		for range b.N {
			r.Shuffle(n, func(i, j int) { x[i], x[j] = x[j], x[i] })
		}
	})
}

func BenchmarkIntegers(b *testing.B) {
	g := DefaultRNG(1)
	var s int64
	for range b.N {
		s += g.Integers(0, 52)
	}
	sinkI = s
}

var sinkI int64
