package shuffle

import "math/rand/v2"

// FisherYates shuffles s in place, uniformly, with the default source. It is
// the package's fastest exact shuffle: O(n) time, n−1 bounded indices cut up
// to six from each random word, no allocation below 2²³ items (from there on
// it scatters into buckets and allocates a buffer of n items; see
// NewFisherYates).
//
// To shuffle with a seeded or crypto source, use Slice(NewFisherYates(src), s).
// From 2²³ items on the buckets draw from generators derived from the
// source, never weaker than it: ChaCha8 keyed with 256 bits of it, or PCGs
// when the source is a *rand.PCG (see [Parallel]).
func FisherYates[S ~[]E, E any](s S) {
	shuffleSlice(&shuffler{alg: algFisherYates}, s)
}

// NewFisherYates returns the fisher-yates Shuffler drawing from src (nil:
// the default source).
//
// It is Durstenfeld's in-place loop, run backward: for i = n−1 down to 1,
// swap item i with a uniform item j in [0, i]. Every order comes out with
// probability exactly 1/n!: the loop makes n·(n−1)·…·2 = n! equally likely
// sequences of choices, and each order is reached by exactly one of them,
// because the item left at position i is fixed by the choice made at i and
// never moved again.
//
// The indices are cut several from each random word, by chained
// multiplications with one rejection test against the product of their
// bounds (Brackett-Rozinsky and Lemire, 2025; the proof that this is exact is
// in batch.go and is checked word by word at 8- and 16-bit widths): six per
// word while the bound is at most 2⁹, down to two per word up to 2²⁸. A
// 52-card deck takes 9 words where math/rand/v2 takes 51. *rand.PCG,
// *rand.ChaCha8 and the default source get a loop with the source called
// directly.
//
// From 2²³ items on it scatters the items into cache-sized buckets and
// shuffles each (see Parallel and large.go), allocating a buffer of n items;
// through its Shuffle method, which must work by swaps, it scatters the
// indices instead and allocates 2n ints. The chunks and buckets draw from
// generators derived from src as [Parallel] says.
//
// Its random stream (which order a given seeded source yields) is pinned by
// golden tests and frozen from this release on.
func NewFisherYates(src rand.Source) Shuffler {
	return &shuffler{alg: algFisherYates, src: src}
}

// Durstenfeld shuffles s in place, uniformly, with the default source,
// drawing exactly as math/rand/v2's Shuffle does. O(n) time, n−1 bounded
// draws, no allocation.
func Durstenfeld[S ~[]E, E any](s S) {
	shuffleSlice(&shuffler{alg: algDurstenfeld}, s)
}

// NewDurstenfeld returns the durstenfeld Shuffler drawing from src (nil: the
// default source). Given the same seeded source it returns exactly the order
// (*rand.Rand).Shuffle returns: the same backward loop with one
// Lemire-reduced Source.Uint64 draw per index, masked when the bound is a
// power of two. Use it to move code off rand.Shuffle without changing its
// output. Durstenfeld, "Algorithm 235: Random permutation", CACM 7(7), 1964.
func NewDurstenfeld(src rand.Source) Shuffler {
	return &shuffler{alg: algDurstenfeld, src: src}
}

// Forward shuffles s in place, uniformly, with the default source: Knuth's
// loop run forward. O(n) time, n−1 bounded draws, no allocation.
func Forward[S ~[]E, E any](s S) {
	shuffleSlice(&shuffler{alg: algForward}, s)
}

// NewForward returns the forward Shuffler drawing from src (nil: the default
// source).
//
// For i = 0 up to n−2, it swaps item i with a uniform item j in [i, n−1]:
// position i receives a uniform choice among the n−i items not yet placed,
// so the first position has n choices, the next n−1, and so on, and each of
// the n! sequences of choices gives a different order (Knuth, TAOCP vol. 2,
// Algorithm 3.4.2P, written the other way round).
func NewForward(src rand.Source) Shuffler {
	return &shuffler{alg: algForward, src: src}
}

// smallDeck is the most swaps fisher-yates makes without the block cursor.
const smallDeck = 63

// backward is the loop of fisher-yates (batched) and durstenfeld (one word
// per index, as math/rand/v2 draws).
func backward[S ~[]E, E any](r *rng, s S, batched bool) {
	last := len(s) - 1
	if batched && last <= smallDeck {
		// A small deck in one go: no cursor, and a block only as large as
		// a deck of cards needs, since Go zeroes it on every call.
		var buf [smallDeck + 5]int
		js := buf[:r.fillDown(buf[:], last+1, last)]
		for t, j := range js {
			i := last - t
			s[i], s[j] = s[j], s[i]
		}
		return
	}
	x := indices{count: last, first: last + 1, step: -1, batched: batched}
	for k, js := x.next(r); len(js) > 0; k, js = x.next(r) {
		for t, j := range js {
			i := last - k - t
			s[i], s[j] = s[j], s[i]
		}
	}
}

func backwardFunc(r *rng, n int, swap func(i, j int), batched bool) {
	x := indices{count: n - 1, first: n, step: -1, batched: batched}
	for k, js := x.next(r); len(js) > 0; k, js = x.next(r) {
		for t, j := range js {
			swap(n-1-k-t, j)
		}
	}
}

// forward runs Knuth's forward loop for its first steps positions: after it,
// s[:steps] is a uniform ordered choice of steps items. steps = len(s)−1 is
// the whole shuffle; Partial stops earlier.
func forward[S ~[]E, E any](r *rng, s S, steps int) {
	n := len(s)
	x := indices{count: steps, first: n, step: -1}
	for k, ds := x.next(r); len(ds) > 0; k, ds = x.next(r) {
		for t, d := range ds {
			i := k + t
			s[i], s[i+d] = s[i+d], s[i]
		}
	}
}

func forwardFunc(r *rng, n int, swap func(i, j int)) {
	x := indices{count: n - 1, first: n, step: -1}
	for k, ds := x.next(r); len(ds) > 0; k, ds = x.next(r) {
		for t, d := range ds {
			swap(k+t, k+t+d)
		}
	}
}
