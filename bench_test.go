package shuffle

import (
	"flag"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"
)

// Compare the algorithms with
//
//	go test -run '^$' -bench .
//
// which runs every algorithm at n = 1,000 and fisher-yates against
// math/rand/v2 at 52 and 1,000 items, each benchmark for 0.1 s unless
// -benchtime is given (bench_main_test.go), in about 10 s. -sweep adds
// every size and every path (100,000 and 10⁷ items, the crossover, the
// seam), -huge adds 10⁸ items. For figures to quote:
//
//	go test -run '^$' -bench . -count 6 > bench.txt
//	benchstat -filter '.name:Source .unit:ns/element' -row /src,/n -col /impl bench.txt
//
// Every benchmark reports ns/element besides ns/op, and its allocations.

var (
	sweepBench = flag.Bool("sweep", false, "benchmark every size and path, not only 52 and 1,000 items")
	hugeBench  = flag.Bool("huge", false, "also benchmark 10^8 items (800 MB per slice)")
)

// sizes returns the sizes of a benchmark: small by default, and with
// -sweep the sweep's as well.
func sizes(small []int, sweep ...int) []int {
	if *sweepBench {
		return append(small[:len(small):len(small)], sweep...)
	}
	return small
}

var benchSources = []struct {
	name string
	new  func() rand.Source
}{
	{"PCG", func() rand.Source { return rand.NewPCG(1, 2) }},
	{"ChaCha8", func() rand.Source { return rand.NewChaCha8([32]byte{1, 2}) }},
}

// run times f on a slice of n ints and reports allocations and ns/element.
func run(b *testing.B, n int, f func(s []int)) {
	s := ordered(n)
	b.ReportAllocs()
	for b.Loop() {
		f(s)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/element")
}

// BenchmarkShuffle runs every registry algorithm through Slice with a PCG
// source, next to (*rand.Rand).Shuffle with the same source (alg=math-rand),
// at n = 1,000 (-sweep: 52 and 100,000 too).
func BenchmarkShuffle(b *testing.B) {
	for _, n := range sizes([]int{1_000}, 52, 100_000) {
		b.Run(fmt.Sprintf("alg=math-rand/n=%d", n), func(b *testing.B) {
			r := rand.New(rand.NewPCG(1, 2))
			run(b, n, func(s []int) { r.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] }) })
		})
		for _, a := range Algorithms() {
			b.Run(fmt.Sprintf("alg=%s/n=%d", a.Name, n), func(b *testing.B) {
				sh := a.New(rand.NewPCG(1, 2))
				run(b, n, func(s []int) { Slice(sh, s) })
			})
		}
	}
}

// reportWords runs shuffle 20 times more, untimed, on a counting PCG and
// reports the source words drawn per element. The information limit is
// log2(n!)/(64·n) words per element: 0.068 at n = 52, 0.13 at 1,000.
func reportWords(b *testing.B, n int, shuffle func(src rand.Source, s []int)) {
	const reps = 20
	src := &countSource{pcg: *rand.NewPCG(7, 7)}
	s := ordered(n)
	for range reps {
		shuffle(src, s)
	}
	b.ReportMetric(float64(src.words)/reps/float64(n), "words/element")
}

// BenchmarkSource compares fisher-yates (impl=shuffle) with math/rand/v2
// (impl=math-rand) on []int for each kind of source, on the calls users
// make: the default source (FisherYates(s) against rand.Shuffle), and PCG
// and ChaCha8 (Slice(NewFisherYates(src), s) against rand.New(src).Shuffle),
// the two alternating at each size; at 52 and 1,000 items, with -sweep
// 100,000 too and the swap-function interface (impl=shuffle-func).
func BenchmarkSource(b *testing.B) {
	for _, n := range sizes([]int{52, 1_000}, 100_000) {
		b.Run(fmt.Sprintf("src=default/impl=math-rand/n=%d", n), func(b *testing.B) {
			run(b, n, func(s []int) { rand.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] }) })
		})
		b.Run(fmt.Sprintf("src=default/impl=shuffle/n=%d", n), func(b *testing.B) {
			run(b, n, func(s []int) { FisherYates(s) })
		})
		for _, bs := range benchSources {
			name, src := bs.name, bs.new
			b.Run(fmt.Sprintf("src=%s/impl=math-rand/n=%d", name, n), func(b *testing.B) {
				r := rand.New(src())
				run(b, n, func(s []int) { r.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] }) })
				reportWords(b, n, func(src rand.Source, s []int) {
					rand.New(src).Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
				})
			})
			b.Run(fmt.Sprintf("src=%s/impl=shuffle/n=%d", name, n), func(b *testing.B) {
				sh := NewFisherYates(src())
				run(b, n, func(s []int) { Slice(sh, s) })
				reportWords(b, n, func(src rand.Source, s []int) { Slice(NewFisherYates(src), s) })
			})
			if *sweepBench {
				b.Run(fmt.Sprintf("src=%s/impl=shuffle-func/n=%d", name, n), func(b *testing.B) {
					sh := NewFisherYates(src())
					run(b, n, func(s []int) { sh.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] }) })
				})
			}
		}
	}
}

// BenchmarkFloor splits fisher-yates with a PCG source (part=shipped, as
// BenchmarkSource's) into its two halves, to show how close the whole is
// to the faster of them: part=swaps, the swap loop alone with its indices
// read from a table made beforehand; part=cut, the same loop cutting the
// same indices from the same words with no memory touched (it shuffles a
// slice of empty structs, whose swaps compile to nothing); and math/rand/v2
// for the ratio. It runs with -sweep only.
func BenchmarkFloor(b *testing.B) {
	if !*sweepBench {
		b.Skip("-sweep")
	}
	for _, n := range []int{52, 1_000, 100_000} {
		js := make([]int, n)
		r := rand.New(rand.NewPCG(3, 4))
		for i := range js {
			js[i] = r.IntN(i + 1)
		}
		b.Run(fmt.Sprintf("part=math-rand/n=%d", n), func(b *testing.B) {
			r := rand.New(rand.NewPCG(1, 2))
			run(b, n, func(s []int) { r.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] }) })
		})
		b.Run(fmt.Sprintf("part=shipped/n=%d", n), func(b *testing.B) {
			sh := NewFisherYates(rand.NewPCG(1, 2))
			run(b, n, func(s []int) { Slice(sh, s) })
		})
		b.Run(fmt.Sprintf("part=swaps/n=%d", n), func(b *testing.B) {
			run(b, n, func(s []int) {
				for i := len(s) - 1; i > 0; i-- {
					j := js[i]
					s[i], s[j] = s[j], s[i]
				}
			})
		})
		b.Run(fmt.Sprintf("part=cut/n=%d", n), func(b *testing.B) {
			sh, empty := NewFisherYates(rand.NewPCG(1, 2)), make([]struct{}, n)
			run(b, n, func([]int) { Slice(sh, empty) })
		})
	}
}

// BenchmarkLoops times the generated loops alone (zloops_*.go), a PCG's
// and a ChaCha8's, and FisherYates on the default source, at 5, 52, 1,000
// and 100,000 items: the figures of BENCHMARKS.md's "The loops' rejections
// in one place". It runs with -sweep only.
func BenchmarkLoops(b *testing.B) {
	if !*sweepBench {
		b.Skip("-sweep")
	}
	for _, n := range []int{5, 52, 1_000, 100_000} {
		b.Run(fmt.Sprintf("loop=pcg/n=%d", n), func(b *testing.B) {
			p := rand.NewPCG(1, 2)
			run(b, n, func(s []int) { backwardPCG(s, p) })
		})
		b.Run(fmt.Sprintf("loop=chacha8/n=%d", n), func(b *testing.B) {
			c := rand.NewChaCha8([32]byte{1})
			run(b, n, func(s []int) { backwardChaCha8(s, c) })
		})
		b.Run(fmt.Sprintf("loop=default/n=%d", n), func(b *testing.B) {
			run(b, n, func(s []int) { FisherYates(s) })
		})
	}
}

// BenchmarkSeam measures what the rng seam costs. All three variants run
// the same backward loop, one word per index (durstenfeld), and draw from the
// same PCG through the same rand.Source interface:
//
//   - api=inline: the loop written out by hand, index and swap fused, no
//     seam at all;
//   - api=blocked: the package's structure (indices drawn a block at a time,
//     then swapped) without the test hook;
//   - api=Slice: the package as shipped, hook included.
//
// Slice against blocked is the price of the hook; blocked against inline is
// the price of drawing indices in blocks.
//
// It runs with -sweep only.
func BenchmarkSeam(b *testing.B) {
	if !*sweepBench {
		b.Skip("-sweep")
	}
	for _, n := range []int{52, 1_000, 100_000} {
		b.Run(fmt.Sprintf("api=blocked/n=%d", n), func(b *testing.B) {
			var src rand.Source = rand.NewPCG(1, 2)
			run(b, n, func(s []int) { blockedFisherYates(src, s) })
		})
		b.Run(fmt.Sprintf("api=inline/n=%d", n), func(b *testing.B) {
			var src rand.Source = rand.NewPCG(1, 2)
			run(b, n, func(s []int) { inlineFisherYates(src, s) })
		})
		b.Run(fmt.Sprintf("api=Slice/n=%d", n), func(b *testing.B) {
			sh := NewDurstenfeld(rand.NewPCG(1, 2))
			run(b, n, func(s []int) { Slice(sh, s) })
		})
	}
}

func TestSeamReferences(t *testing.T) {
	for _, n := range []int{52, 1_000, 100_000} {
		want, inline, blocked := ordered(n), ordered(n), ordered(n)
		Slice(NewDurstenfeld(rand.NewPCG(4, 4)), want)
		inlineFisherYates(rand.NewPCG(4, 4), inline)
		blockedFisherYates(rand.NewPCG(4, 4), blocked)
		if !slices.Equal(want, inline) || !slices.Equal(want, blocked) {
			t.Fatalf("n=%d: a reference of BenchmarkSeam differs from durstenfeld", n)
		}
	}
}

// blockedFisherYates is durstenfeld's backward and fill with the script
// hook taken out.
func blockedFisherYates(src rand.Source, s []int) {
	var buf [block]int
	for i := len(s) - 1; i > 0; {
		js := buf[:min(i, block)]
		for k := range js {
			n := uint64(i + 1 - k)
			var j uint64
			if n&(n-1) == 0 {
				j = src.Uint64() & (n - 1)
			} else {
				var lo uint64
				j, lo = bits.Mul64(src.Uint64(), n)
				if lo < n {
					for thresh := -n % n; lo < thresh; {
						j, lo = bits.Mul64(src.Uint64(), n)
					}
				}
			}
			js[k] = int(j)
		}
		for _, j := range js {
			s[i], s[j] = s[j], s[i]
			i--
		}
	}
}

// inlineFisherYates is the seam-free reference for BenchmarkSeam.
func inlineFisherYates(src rand.Source, s []int) {
	for i := len(s) - 1; i > 0; i-- {
		n := uint64(i + 1)
		var j uint64
		if n&(n-1) == 0 {
			j = src.Uint64() & (n - 1)
		} else {
			hi, lo := bits.Mul64(src.Uint64(), n)
			if lo < n {
				for thresh := -n % n; lo < thresh; {
					hi, lo = bits.Mul64(src.Uint64(), n)
				}
			}
			j = hi
		}
		s[i], s[j] = s[j], s[i]
	}
}

// runInt64 is run for []int64, the element type of the large benchmarks.
func runInt64(b *testing.B, n int, f func(s []int64)) {
	s := make([]int64, n)
	for i := range s {
		s[i] = int64(i)
	}
	b.ReportAllocs()
	for b.Loop() {
		f(s)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/element")
}

// withThreshold runs f with fisher-yates's cache-aware path starting at t
// items, to compare the two paths at the same n.
func withThreshold(t int, f func()) {
	old := large.threshold
	large.threshold = t
	defer func() { large.threshold = old }()
	f()
}

// BenchmarkCrossover times fisher-yates at sizes around the cache sizes with
// the cache-aware path forced off (path=swap) and on (path=scatter): where
// scatter starts to win is where large.threshold belongs. It runs with
// -sweep only.
func BenchmarkCrossover(b *testing.B) {
	if !*sweepBench {
		b.Skip("-sweep")
	}
	for _, lg := range []int{16, 18, 19, 20, 21, 22, 24} {
		n := 1 << lg
		for _, path := range []struct {
			name      string
			threshold int
		}{{"swap", math.MaxInt}, {"scatter", 2}} {
			b.Run(fmt.Sprintf("path=%s/n=2^%d", path.name, lg), func(b *testing.B) {
				sh := NewFisherYates(rand.NewPCG(1, 2))
				withThreshold(path.threshold, func() { runInt64(b, n, func(s []int64) { Slice(sh, s) }) })
			})
		}
	}
}

// opaque hides a PCG's type behind a wrapper, so that fisher-yates takes its
// interface path: it measures batching without devirtualisation.
type opaque struct{ rand.Source }

// BenchmarkAblation measures what each optimisation of fisher-yates buys,
// with a PCG source, step by step:
//
//	0 math-rand     (*rand.Rand).Shuffle: a closure and a word per index
//	1 one-word      the package's loop, no closure, a word per index (durstenfeld)
//	2 blocks        up to six indices per word, cut into a block by fillDown and
//	                then swapped, the PCG called directly (the previous release)
//	3 fused-iface   zloops_*.go's straight-line loop, each index swapped as it is
//	                cut, a constant acceptance bound; the word through the interface
//	4 fused-call    the same, the PCG's method called for each word
//	5 locals        the same, the PCG's state in locals
//	6 entry         fisher-yates as shipped below the cache-aware threshold:
//	                Slice, and its entry before any set-up
//	7 cache-aware   fisher-yates as shipped at 10^7 (scatter), one goroutine
//	8 parallel      Parallel on GOMAXPROCS goroutines; parallel-1 is the
//	                same on one goroutine, its own single-goroutine time
//	9 buffer        the scatter's buffer of n items alone, allocated and
//	                zeroed on one goroutine: the part of 8 that does not share
//
// Every size shuffles []int64: 1,000 by default, with -sweep 52, 100,000
// and 10^7 too, and with -huge 10^8.
func BenchmarkAblation(b *testing.B) {
	sizes := sizes([]int{1_000}, 52, 100_000, 10_000_000)
	if *hugeBench {
		sizes = append(sizes, 100_000_000)
	}
	r := rand.New(pcg)
	durstenfeld, fy := NewDurstenfeld(pcg), NewFisherYates(pcg)
	type step struct {
		name      string
		threshold int // of the cache-aware path while the step runs
		f         func(s []int64)
	}
	for _, n := range sizes {
		steps := []step{
			{"0-math-rand", math.MaxInt, func(s []int64) {
				r.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
			}},
			{"1-one-word", math.MaxInt, func(s []int64) { Slice(durstenfeld, s) }},
			{"2-blocks", math.MaxInt, func(s []int64) { referenceBackward(pcg, s) }},
			{"3-fused-iface", math.MaxInt, func(s []int64) { backwardSource(s, opaque{pcg}) }},
			{"4-fused-call", math.MaxInt, func(s []int64) { backwardPCGCall(s, pcg) }},
			{"5-locals", math.MaxInt, func(s []int64) { backwardPCG(s, pcg) }},
			{"6-entry", math.MaxInt, func(s []int64) { Slice(fy, s) }},
		}
		if n >= large.threshold {
			steps = append(steps,
				step{"7-cache-aware", large.threshold, func(s []int64) { Slice(fy, s) }},
				step{"8-parallel", large.threshold, func(s []int64) { Parallel(pcg, s, 0) }},
				step{"8-parallel-1", large.threshold, func(s []int64) { Parallel(pcg, s, 1) }},
				step{"9-buffer", large.threshold, func(s []int64) { bufferSink = make([]int64, len(s)) }},
			)
		}
		for _, st := range steps {
			b.Run(fmt.Sprintf("step=%s/n=%d", st.name, n), func(b *testing.B) {
				withThreshold(st.threshold, func() { runInt64(b, n, st.f) })
			})
		}
	}
}

// BenchmarkLargeSource times the cache-aware path at 10^7 []int64 (and 10^8
// with -huge) for each kind of source: PCG, ChaCha8 and NewCryptoSource,
// through Slice on one goroutine (api=Slice) and Parallel on GOMAXPROCS
// goroutines (api=Parallel). It is what the generators derived from the
// source cost. It runs with -sweep or -huge only.
func BenchmarkLargeSource(b *testing.B) {
	var sizes []int
	if *sweepBench {
		sizes = append(sizes, 10_000_000)
	}
	if *hugeBench {
		sizes = append(sizes, 100_000_000)
	}
	if len(sizes) == 0 {
		b.Skip("-sweep or -huge")
	}
	sources := append(benchSources[:len(benchSources):len(benchSources)],
		struct {
			name string
			new  func() rand.Source
		}{"crypto", NewCryptoSource})
	for _, n := range sizes {
		if n < large.threshold {
			continue
		}
		for _, bs := range sources {
			b.Run(fmt.Sprintf("src=%s/api=Slice/n=%d", bs.name, n), func(b *testing.B) {
				sh := NewFisherYates(bs.new())
				runInt64(b, n, func(s []int64) { Slice(sh, s) })
			})
			b.Run(fmt.Sprintf("src=%s/api=Parallel/n=%d", bs.name, n), func(b *testing.B) {
				src := bs.new()
				runInt64(b, n, func(s []int64) { Parallel(src, s, 0) })
			})
		}
	}
}

// bufferSink keeps BenchmarkAblation's buffer step from being optimised away.
var bufferSink []int64

// pcg is the source of BenchmarkAblation; a package variable, so that the
// steps' closures need not capture one.
var pcg = rand.NewPCG(1, 2)

// BenchmarkSampling times the samplers with a PCG source: Sample of 10
// from 10^12 (op=sample), and picks from 10^4 weights by Alias (op=alias)
// and, for comparison, by binary search over the cumulative weights
// (op=bsearch), each per pick.
func BenchmarkSampling(b *testing.B) {
	src := rand.NewPCG(1, 2)
	b.Run("op=sample/n=1e12/k=10", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			Sample(src, int(min(1_000_000_000_000, math.MaxInt)), 10)
		}
	})
	const n = 10_000
	w := make([]float64, n)
	for i := range w {
		w[i] = float64(1 + src.Uint64()%100)
	}
	b.Run("op=alias/n=1e4", func(b *testing.B) {
		a, err := NewAlias(src, w)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		for b.Loop() {
			a.Pick()
		}
	})
	b.Run("op=bsearch/n=1e4", func(b *testing.B) {
		cum := make([]float64, n)
		total := 0.0
		for i, x := range w {
			total += x
			cum[i] = total
		}
		r := rand.New(src)
		b.ReportAllocs()
		for b.Loop() {
			sort.SearchFloat64s(cum, r.Float64()*total)
		}
	})
}
