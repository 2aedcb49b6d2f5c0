package benchmarks

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/fairshuffle/shuffle"
	"gonum.org/v1/gonum/stat/sampleuv"
)

var sinkInt int

// BenchmarkPerm: shuffle.Perm against (*rand.Rand).Perm, the same PCG
// under both.
func BenchmarkPerm(b *testing.B) {
	for _, n := range []int{52, 1000, 100_000} {
		b.Run(fmt.Sprintf("impl=shuffle/n=%d", n), func(b *testing.B) {
			src := rand.NewPCG(1, 2)
			for b.Loop() {
				sinkInt += shuffle.Perm(src, n)[0]
			}
		})
		b.Run(fmt.Sprintf("impl=mathrand/n=%d", n), func(b *testing.B) {
			r := rand.New(rand.NewPCG(1, 2))
			for b.Loop() {
				sinkInt += r.Perm(n)[0]
			}
		})
	}
}

// BenchmarkChoose: shuffle.Choose against indexing with (*rand.Rand).IntN.
func BenchmarkChoose(b *testing.B) {
	s := make([]int, 1000)
	for i := range s {
		s[i] = i
	}
	b.Run("impl=shuffle", func(b *testing.B) {
		src := rand.NewPCG(1, 2)
		for b.Loop() {
			sinkInt += shuffle.Choose(src, s)
		}
	})
	b.Run("impl=mathrand", func(b *testing.B) {
		r := rand.New(rand.NewPCG(1, 2))
		for b.Loop() {
			sinkInt += s[r.IntN(len(s))]
		}
	})
}

// BenchmarkSampleOf takes k = 10 elements of n, leaving s untouched:
// shuffle.SampleOf against what one writes without it, a copy of s and k
// steps of a forward Fisher–Yates on the copy with (*rand.Rand).IntN.
func BenchmarkSampleOf(b *testing.B) {
	const k = 10
	for _, n := range []int{100, 1_000_000} {
		s := make([]int, n)
		for i := range s {
			s[i] = i
		}
		b.Run(fmt.Sprintf("impl=shuffle/n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			src := rand.NewPCG(1, 2)
			for b.Loop() {
				sinkInt += shuffle.SampleOf(src, s, k)[0]
			}
		})
		b.Run(fmt.Sprintf("impl=copy/n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			r := rand.New(rand.NewPCG(1, 2))
			for b.Loop() {
				c := slices.Clone(s)
				for i := range k {
					j := i + r.IntN(n-i)
					c[i], c[j] = c[j], c[i]
				}
				sinkInt += c[:k][0]
			}
		})
	}
}

// weights returns n weights from 1 to 100.
func weights(n int) []float64 {
	src := rand.NewPCG(1, 2)
	w := make([]float64, n)
	for i := range w {
		w[i] = float64(1 + src.Uint64()%100)
	}
	return w
}

// BenchmarkWeightedTakeReweight is a scheduler's steady state: take one
// index and put it back with its weight, on n weights. impl=shuffle is
// shuffle.Weighted, impl=gonum sampleuv.Weighted.
func BenchmarkWeightedTakeReweight(b *testing.B) {
	for _, n := range []int{1000, 1_000_000} {
		w := weights(n)
		b.Run(fmt.Sprintf("impl=shuffle/n=%d", n), func(b *testing.B) {
			s, err := shuffle.NewWeighted(rand.NewPCG(3, 4), w)
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				i, _ := s.Take()
				if err := s.Reweight(i, w[i]); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("impl=gonum/n=%d", n), func(b *testing.B) {
			s := sampleuv.NewWeighted(w, rand.NewPCG(3, 4))
			for b.Loop() {
				i, _ := s.Take()
				s.Reweight(i, w[i])
			}
		})
	}
}

// BenchmarkWeightedNewTake builds a sampler over 10^6 weights and takes
// k = 100 of them, as a fresh batch would.
func BenchmarkWeightedNewTake(b *testing.B) {
	const n, k = 1_000_000, 100
	w := weights(n)
	b.Run("impl=shuffle", func(b *testing.B) {
		b.ReportAllocs()
		src := rand.NewPCG(3, 4)
		for b.Loop() {
			s, err := shuffle.NewWeighted(src, w)
			if err != nil {
				b.Fatal(err)
			}
			for range k {
				if _, ok := s.Take(); !ok {
					b.Fatal("ran out of items")
				}
			}
		}
	})
	b.Run("impl=gonum", func(b *testing.B) {
		b.ReportAllocs()
		src := rand.NewPCG(3, 4)
		for b.Loop() {
			s := sampleuv.NewWeighted(w, src)
			for range k {
				if _, ok := s.Take(); !ok {
					b.Fatal("ran out of items")
				}
			}
		}
	})
}
