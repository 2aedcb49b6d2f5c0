package shuffle

import (
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
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
// from generators of their own seeded from the source in a fixed order
// before any work starts (see derive). So chunks and buckets can be worked
// on in any order, on any number of goroutines, and the result depends on
// the seed alone: Parallel gives exactly the order FisherYates gives.
//
// Extra memory: one buffer of n items, plus two or four words per chunk and
// per bucket and a count per chunk and bucket.

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
// workers goroutines (1: the calling goroutine only), with generators
// derived from r's source.
func scatter[S ~[]E, E any](r *rng, s S, workers int) {
	lb, chunks := layout(len(s))
	scatterWith(s, derive(r.src, chunks+1<<lb), workers)
}

// layout returns, for n items, the bits of a label (there are 2^lb buckets)
// and the number of chunks.
func layout(n int) (lb, chunks int) {
	lb = min(max(bits.Len(uint((n-1)/large.bucket)), 1), maxBucketBits)
	return lb, (n + large.chunk - 1) / large.chunk
}

// scatterWith is scatter drawing from g: chunk c labels its items from
// g.gen(c), bucket b is shuffled by g.gen(chunks+b).
func scatterWith[S ~[]E, E any](s S, g gens, workers int) {
	n := len(s)
	lb, chunks := layout(n)
	k := 1 << lb
	part := func(c int) S { return s[c*large.chunk : min((c+1)*large.chunk, n)] }

	// counts[c][b] is, after the first pass, how many items of chunk c carry
	// label b; after the prefix sum, where chunk c writes its first such item.
	counts := make([]bucketRow, chunks)
	// The buffer is zeroed by one goroutine, the only part of the work that
	// does not share: with several workers it is made while they count.
	var buf S
	made := make(chan struct{})
	if workers > 1 {
		go func() { buf = make(S, n); close(made) }()
	} else {
		buf = make(S, n)
		close(made)
	}
	each(workers, chunks, func(c int) { labelChunk(g.gen(c), part(c), nil, &counts[c], lb) })
	// starts[b] is where bucket b begins: the sizes of the buckets before
	// it. Within bucket b, chunk c's items follow those of chunks before c.
	// Both sums run along the rows, not across them.
	starts := make([]int, k+1)
	for c := range chunks {
		for b, m := range counts[c][:k] {
			starts[b+1] += m
		}
	}
	for b := range k {
		starts[b+1] += starts[b]
	}
	var at bucketRow
	copy(at[:k], starts)
	for c := range chunks {
		row := &counts[c]
		for b := range k {
			row[b], at[b] = at[b], at[b]+row[b]
		}
	}

	<-made
	each(workers, chunks, func(c int) { labelChunk(g.gen(c), part(c), buf, &counts[c], lb) })
	// Each bucket is copied back first and then shuffled where it lands:
	// the copy streams it into the cache, where the shuffle's random
	// accesses then find it (the other way round, they miss on the
	// scattered buffer).
	each(workers, k, func(b int) {
		lo, hi := starts[b], starts[b+1]
		copy(s[lo:hi], buf[lo:hi])
		if hi-lo > 1 {
			batchedBackward(g.gen(chunks+b), s[lo:hi])
		}
	})
}

// gens are the generators the cache-aware path derives from the caller's
// source: gen(i) is the i-th, seeded from words read before any work starts.
type gens struct {
	words []uint64 // two per generator for PCGs, four for ChaCha8
	pcg   bool
}

// derive reads from src the seeds of count generators, in order, by this
// rule: derived generators are never weaker than the source. A *rand.PCG,
// itself no secure generator (its state can be recovered from its output),
// gets PCGs seeded with two words each, the stream of the first release
// that scattered. Every other source (ChaCha8, the default source,
// NewCryptoSource, a caller's own) gets ChaCha8 generators keyed with four
// words, 256 bits, each: ChaCha8 is a secure generator, and its keys are as
// strong as the source they came from.
func derive(src rand.Source, count int) gens {
	_, pcg := src.(*rand.PCG)
	per := 4
	if pcg {
		per = 2
	}
	g := gens{words: make([]uint64, per*count), pcg: pcg}
	for i := range g.words {
		g.words[i] = src.Uint64()
	}
	return g
}

// gen returns a new generator at the start of the i-th stream: a *rand.PCG
// or a *rand.ChaCha8 keyed with the i-th four words, little-endian.
func (g gens) gen(i int) rand.Source {
	if g.pcg {
		return rand.NewPCG(g.words[2*i], g.words[2*i+1])
	}
	var key [32]byte
	for j, w := range g.words[4*i : 4*i+4] {
		binary.LittleEndian.PutUint64(key[8*j:], w)
	}
	return rand.NewChaCha8(key)
}

// bucketRow is one chunk's count, or next place, for each bucket.
type bucketRow [1 << maxBucketBits]int

// labelChunk labels items from g, four labels of lb bits from each word,
// the low bits of its four 16-bit lanes, low lanes first (the last word of
// the chunk may leave lanes unused). With buf nil it counts the labels in
// row; otherwise it moves each item to buf[row[label]] and advances that
// place. The labels are drawn in the loop itself, from a *rand.PCG kept in
// locals (see pcg.go) or a *rand.ChaCha8 called directly, and the row is
// indexed through a mask the compiler sees is in range.
func labelChunk[S ~[]E, E any](g rand.Source, items, buf S, row *bucketRow, lb int) {
	m := (uint64(1)<<lb - 1) & (1<<maxBucketBits - 1)
	whole := len(items) &^ 3
	place := func(w uint64, quad S) {
		if buf == nil {
			row[w&m]++
			row[w>>16&m]++
			row[w>>32&m]++
			row[w>>48&m]++
			return
		}
		for _, x := range quad {
			l := w & m
			buf[row[l]] = x
			row[l]++
			w >>= 16
		}
	}
	p, isPCG := g.(*rand.PCG)
	switch {
	case isPCG && pcgLocal:
		ph, pl := pcgState(p)
		for i := 0; i < whole; i += 4 {
			var w uint64
			ph, pl, w = pcgStep(ph, pl)
			place(w, items[i:i+4:i+4])
		}
		p.Seed(ph, pl)
	case isPCG:
		for i := 0; i < whole; i += 4 {
			place(p.Uint64(), items[i:i+4:i+4])
		}
	default:
		c := g.(*rand.ChaCha8)
		for i := 0; i < whole; i += 4 {
			place(c.Uint64(), items[i:i+4:i+4])
		}
	}
	if rest := items[whole:]; len(rest) > 0 {
		w := g.Uint64()
		if buf == nil {
			for range rest {
				row[w&m]++
				w >>= 16
			}
			return
		}
		place(w, rest)
	}
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
