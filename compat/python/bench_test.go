package python

import (
	"strconv"
	"testing"
)

// Compared in BENCHMARKS.md with CPython's timings by
// testdata/compat/python/bench.py.
func BenchmarkShuffle(b *testing.B) {
	for _, n := range []int{52, 1000, 1_000_000} {
		x := make([]int, n)
		b.Run("call=Shuffle/n="+strconv.Itoa(n), func(b *testing.B) {
			r := New(1)
			for range b.N {
				r.Shuffle(n, func(i, j int) { x[i], x[j] = x[j], x[i] })
			}
		})
		b.Run("call=ShuffleSlice/n="+strconv.Itoa(n), func(b *testing.B) {
			r := New(1)
			for range b.N {
				ShuffleSlice(r, x)
			}
		})
	}
}

func BenchmarkSample(b *testing.B) {
	for _, k := range []int{1000, 1_000_000} {
		b.Run("n=1000000/k="+strconv.Itoa(k), func(b *testing.B) {
			r := New(1)
			for range b.N {
				r.Sample(1_000_000, k)
			}
		})
	}
}

func BenchmarkRandom(b *testing.B) {
	r := New(1)
	var s float64
	for range b.N {
		s += r.Random()
	}
	sinkF = s
}

var sinkF float64
