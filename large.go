package shuffle

import (
	"math/bits"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
)

// Arrays far larger than the cache make Fisher–Yates pay a cache miss for
// nearly every swap. From large.threshold items on fisher-yates therefore
// shuffles by scattering (Sanders, "Random permutations on distributed,
// external and hierarchical memory", IPL 1998):
//
//  1. give every item an independent, uniform label among k buckets;
//  2. move the items, in their original order, into a buffer grouped by label;
//  3. shuffle each bucket, small enough to stay in cache, with fisher-yates,
//     and copy it back.
//
// Why that is exactly uniform: fix any order π of the n items and any bucket
// sizes n₁, …, n_k. Exactly one labelling puts π's first n₁ items in bucket
// 1, its next n₂ in bucket 2, and so on; it has probability k⁻ⁿ. Given it,
// each bucket comes out in π's order with probability 1/n_j!. So
// P(π) = Σ over sizes of k⁻ⁿ·Π 1/n_j!, the same for every π.
//
// The labels of each chunk of items, and the shuffle of each bucket, draw
// from generators of their own (PCGs) seeded from the source in a fixed order
// before any work starts. So chunks and buckets can be worked on in any
// order, on any number of goroutines, and the result depends on the seed
// alone: Parallel gives exactly the order FisherYates gives.
//
// Extra memory: one buffer of n items, plus two words per chunk and per
// bucket and a count per chunk and bucket.

// largeParams are the sizes of the cache-aware path. They are variables only
// so that tests can force the path on small arrays.
type largeParams struct {
	threshold int // fisher-yates scatters from this many items on
	bucket    int // target items per bucket, a power of two
	chunk     int // items labelled by one generator
}

// The values were measured (BENCHMARKS.md, BenchmarkCrossover and
// BenchmarkAblation): on the 2-core EPYC the scatter is ahead of batched
// swapping at 2²² and 10⁷ items and ties at 2²⁴, so it starts at 2²³.
var large = largeParams{threshold: 1 << 23, bucket: 1 << 15, chunk: 1 << 16}

// maxBucketBits caps the buckets at 1024: at 10⁸ items fisher-yates took
// 40 ns per item with 4096 buckets, 22–35 with 256 and 22–23 with 1024 (a
// few short runs each; see BENCHMARKS.md). Too many write streams for the
// TLB, and buckets too big for L2, are the likely reasons.
const maxBucketBits = 10

// scatter shuffles s, with len(s) ≥ 2, by the cache-aware method, on up to
// workers goroutines (1: the calling goroutine only).
func scatter[S ~[]E, E any](r *rng, s S, workers int) {
	n := len(s)
	lb := min(max(bits.Len(uint((n-1)/large.bucket)), 1), maxBucketBits)
	k := 1 << lb
	chunks := (n + large.chunk - 1) / large.chunk

	seeds := make([]uint64, 2*(chunks+k))
	for i := range seeds {
		seeds[i] = r.src.Uint64()
	}
	chunkSeed := func(c int) *rand.PCG { return rand.NewPCG(seeds[2*c], seeds[2*c+1]) }
	bucketSeed := func(b int) *rand.PCG { return rand.NewPCG(seeds[2*(chunks+b)], seeds[2*(chunks+b)+1]) }
	part := func(c int) S { return s[c*large.chunk : min((c+1)*large.chunk, n)] }

	// counts[c*k+b] is, after the first pass, how many items of chunk c carry
	// label b; after the prefix sum, where chunk c writes its first such item.
	counts := make([]int, chunks*k)
	each(workers, chunks, func(c int) {
		row := counts[c*k : (c+1)*k]
		l := labels{p: chunkSeed(c), bits: lb, left: len(part(c))}
		for bs := l.next(); len(bs) > 0; bs = l.next() {
			for _, b := range bs {
				row[b]++
			}
		}
	})
	starts := make([]int, k+1)
	for b, at := 0, 0; b < k; b++ {
		starts[b] = at
		for c := range chunks {
			counts[c*k+b], at = at, at+counts[c*k+b]
		}
	}
	starts[k] = n

	buf := make(S, n)
	each(workers, chunks, func(c int) {
		row, items := counts[c*k:(c+1)*k], part(c)
		l := labels{p: chunkSeed(c), bits: lb, left: len(items)}
		i := 0
		for bs := l.next(); len(bs) > 0; bs = l.next() {
			for _, b := range bs {
				buf[row[b]] = items[i]
				row[b]++
				i++
			}
		}
	})
	each(workers, k, func(b int) {
		lo, hi := starts[b], starts[b+1]
		if hi-lo > 1 {
			br := newRNG(bucketSeed(b))
			backward(&br, buf[lo:hi], true)
		}
		copy(s[lo:hi], buf[lo:hi])
	})
}

// labels hands out left independent, uniform labels of bits ≤ 16 bits, a
// block at a time: four from each word of p, the low bits of its four 16-bit
// lanes. Blocks hold a multiple of four labels, so a word never straddles
// two; only the last word of all may leave lanes unused.
type labels struct {
	p          *rand.PCG
	bits, left int
	buf        [256]uint16
}

func (l *labels) next() []uint16 {
	n := min(l.left, len(l.buf))
	m := uint16(1)<<l.bits - 1
	for i := 0; i < n; i += 4 {
		w := l.p.Uint64()
		b := l.buf[i : i+4 : i+4]
		b[0] = uint16(w) & m
		b[1] = uint16(w>>16) & m
		b[2] = uint16(w>>32) & m
		b[3] = uint16(w>>48) & m
	}
	l.left -= n
	return l.buf[:n]
}

// each calls f(0), …, f(m−1), on up to workers goroutines.
func each(workers, m int, f func(int)) {
	if workers <= 1 || m <= 1 {
		for i := range m {
			f(i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(workers, m) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1) - 1); i < m; i = int(next.Add(1) - 1) {
				f(i)
			}
		}()
	}
	wg.Wait()
}

// Parallel shuffles s in place with fisher-yates drawing from src (nil: the
// default source), on up to workers goroutines (0: runtime.GOMAXPROCS(0)),
// and returns when it is done. It gives exactly the order that
// Slice(NewFisherYates(src), s) gives: the work is split by the data and
// every part draws from a generator seeded in a fixed order, so neither the
// number of workers nor the scheduling changes the result.
//
// Arrays below 2²³ (about 8.4 million) items are shuffled on the calling
// goroutine alone, exactly as FisherYates would. From there on Parallel, like
// FisherYates, shuffles by scattering into cache-sized buckets (see
// large.go) and allocates a buffer of len(s) items. The source is only used
// before the goroutines start; src must not be used elsewhere meanwhile.
//
// Parallel panics if workers < 0.
func Parallel[S ~[]E, E any](src rand.Source, s S, workers int) {
	if workers < 0 {
		panic("shuffle: Parallel: negative workers")
	}
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	if len(s) < large.threshold {
		Slice(NewFisherYates(src), s)
		return
	}
	r := newRNG(src)
	if r.script != nil {
		backward(&r, s, true)
		return
	}
	scatter(&r, s, workers)
}
