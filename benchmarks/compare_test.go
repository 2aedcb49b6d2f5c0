// Package benchmarks compares shuffle with math/rand/v2 and
// github.com/samber/lo side by side. It is a module of its own so that the
// library's go.mod stays free of lo and gonum/plot.
//
//	go test -run '^$' -bench . -count 6 > bench.txt
//	go run ./plot -in bench.txt -out ns-per-element.png
package benchmarks

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/fairshuffle/shuffle"
	"github.com/samber/lo/mutable"
)

var sizes = []int{16, 52, 256, 1_000, 4_096, 16_384, 100_000, 1 << 20, 10_000_000}

// BenchmarkCompare shuffles []int of each size. With the default sources:
// impl=shuffle is shuffle.FisherYates, impl=math-rand is rand.Shuffle and
// impl=lo is lo's mutable.Shuffle. With a seeded PCG: impl=shuffle-pcg is
// shuffle.Slice with fisher-yates, impl=math-rand-pcg is (*rand.Rand).Shuffle.
func BenchmarkCompare(b *testing.B) {
	for _, n := range sizes {
		impls := []struct {
			name string
			f    func(s []int)
		}{
			{"shuffle", shuffle.FisherYates[[]int]},
			{"math-rand", func(s []int) { rand.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] }) }},
			{"lo", mutable.Shuffle[int, []int]},
			{"shuffle-pcg", func() func(s []int) {
				sh := shuffle.NewFisherYates(rand.NewPCG(1, 2))
				return func(s []int) { shuffle.Slice(sh, s) }
			}()},
			{"math-rand-pcg", func() func(s []int) {
				r := rand.New(rand.NewPCG(1, 2))
				return func(s []int) { r.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] }) }
			}()},
		}
		for _, impl := range impls {
			b.Run(fmt.Sprintf("impl=%s/n=%d", impl.name, n), func(b *testing.B) {
				s := make([]int, n)
				for i := range s {
					s[i] = i
				}
				b.ReportAllocs()
				for b.Loop() {
					impl.f(s)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/element")
			})
		}
	}
}
