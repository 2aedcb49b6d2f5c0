package benchmarks

import (
	"math/rand/v2"
	"testing"

	"github.com/fairshuffle/shuffle"
	"gonum.org/v1/gonum/stat/sampleuv"
)

// BenchmarkWeighted takes k = 100 items without replacement from 10^6
// weighted items: impl=shuffle is shuffle.WeightedSample, impl=gonum builds
// a sampleuv.Weighted and calls Take 100 times. Both start from the weights
// alone on every iteration, as a caller drawing a fresh batch would.
func BenchmarkWeighted(b *testing.B) {
	const n, k = 1_000_000, 100
	w := make([]float64, n)
	src := rand.NewPCG(1, 2)
	for i := range w {
		w[i] = float64(1 + src.Uint64()%100)
	}
	b.Run("impl=shuffle", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := shuffle.WeightedSample(src, w, k); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("impl=gonum", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			s := sampleuv.NewWeighted(w, src)
			for range k {
				if _, ok := s.Take(); !ok {
					b.Fatal("gonum ran out of items")
				}
			}
		}
	})
}
