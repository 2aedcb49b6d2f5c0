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

	// counts[c*k+b] is, after the first pass, how many items of chunk c carry
	// label b; after the prefix sum, where chunk c writes its first such item.
	counts := make([]int, chunks*k)
	each(workers, chunks, func(c int) {
		row := counts[c*k : (c+1)*k]
		l := labels{g: g.gen(c), bits: lb, left: len(part(c))}
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
		l := labels{g: g.gen(c), bits: lb, left: len(items)}
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
			br := newRNG(g.gen(chunks + b))
			backward(&br, buf[lo:hi], true)
		}
		copy(s[lo:hi], buf[lo:hi])
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

// labels hands out left independent, uniform labels of bits ≤ 16 bits, a
// block at a time: four from each word of g, the low bits of its four 16-bit
// lanes. Blocks hold a multiple of four labels, so a word never straddles
// two; only the last word of all may leave lanes unused.
type labels struct {
	g          rand.Source // from gens.gen: a *rand.PCG or a *rand.ChaCha8
	bits, left int
	buf        [256]uint16
}

func (l *labels) next() []uint16 {
	n := min(l.left, len(l.buf))
	m := uint16(1)<<l.bits - 1
	// A loop per generator, each calling its Uint64 directly (PCG's inline).
	if p, ok := l.g.(*rand.PCG); ok {
		for i := 0; i < n; i += 4 {
			split4(l.buf[i:i+4:i+4], p.Uint64(), m)
		}
	} else {
		c := l.g.(*rand.ChaCha8)
		for i := 0; i < n; i += 4 {
			split4(l.buf[i:i+4:i+4], c.Uint64(), m)
		}
	}
	l.left -= n
	return l.buf[:n]
}

// split4 puts the low bits (mask m) of w's four 16-bit lanes in b.
func split4(b []uint16, w uint64, m uint16) {
	b[0] = uint16(w) & m
	b[1] = uint16(w>>16) & m
	b[2] = uint16(w>>32) & m
	b[3] = uint16(w>>48) & m
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
