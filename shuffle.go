// Package shuffle shuffles slices: exactly, fast, reproducibly from a seed,
// and, for teaching and auditing, also the wrong ways.
//
// FisherYates is the call to reach for:
//
//	deck := []string{"A♠", "K♠", "Q♠", "J♠"}
//	shuffle.FisherYates(deck)
//
// Every algorithm is also a Shuffler built from any math/rand/v2 Source, so a
// seeded run is reproducible:
//
//	sh := shuffle.NewFisherYates(rand.NewPCG(1, 2))
//	shuffle.Slice(sh, deck)
//
// # Fair and unfair shuffles
//
// A shuffle is uniform when each of the n! orders of n items is exactly
// equally likely. FisherYates, Durstenfeld, Forward, Draw, InsideOut and
// Rejection are uniform. Naive, Insertion, Transpositions, Cut, Overhand and
// Riffle are not: they are what people write by mistake or do by hand, and
// they are here, labelled, so that their bias can be shown and measured.
// Algorithms lists them all with that label.
//
// # Randomness
//
// A nil rand.Source means the default source, math/rand/v2's top-level
// generator (ChaCha8 seeded by the runtime): safe for concurrent use, not
// reproducible. A Shuffler built on an explicit source is as safe as that
// source; math/rand/v2's PCG and ChaCha8 must be used by one goroutine at a
// time. NewCryptoSource reads the operating system's secure generator.
//
// Bounded indices are exactly unbiased (Lemire's multiply-and-reject method,
// or a mask for powers of two),
// never a modulus or a float. Log2Factorial tells how many bits of state a
// generator needs to reach every order: more than PCG's 128 at n ≥ 35.
//
// # Sampling
//
// Partial deals the first k items of a slice, Sample draws k of n indices
// for any n (10 of 10¹² in under a microsecond), Reservoir keeps k items of
// a stream of unknown length, WeightedSample draws without replacement in
// proportion to weights and WeightedShuffle reorders a slice that way, and
// Alias picks with replacement in constant time. Each takes a rand.Source first (nil:
// the default source). Weights that are negative, NaN, infinite or all zero
// give an error and leave the weights untouched; a count out of range
// panics.
//
// # Large arrays
//
// From 2²³ items on fisher-yates stops swapping across the whole array and
// scatters the items into cache-sized buckets first (Sanders 1998), exactly
// uniform still, at the price of a buffer of n items. Parallel runs that
// algorithm on several goroutines and returns exactly the order FisherYates
// returns, whatever the number of goroutines. No function of this package
// starts a goroutine except Parallel.
//
// # Reproducibility
//
// Given the same seeded source, every shuffle returns the same order on
// every platform (the samplers that use logarithms, Reservoir and the
// weighted ones, can differ in the last bit where math.Log does), and golden tests pin every stream so that no release
// changes one by accident. fisher-yates, the algorithm this package makes
// fast, changed once in this release, to cutting several indices from each
// random word and, from 2²³ items on, to scattering into buckets. From this
// release on its stream is frozen like the rest. Its stream from 2²³ items
// on changed once more, for every source but *rand.PCG, when the buckets'
// generators became ChaCha8 keyed from the source, so that a secure source
// stays secure (see Parallel). Code that needs
// a stream fixed forever, or equal to math/rand/v2's, uses durstenfeld: with
// the same source it returns exactly the order (*rand.Rand).Shuffle returns.
//
// Empty and one-element slices are never touched and draw nothing from the
// source.
package shuffle

import (
	"fmt"
	"math/rand/v2"
)

// Shuffler shuffles any indexable collection of n items by calling swap,
// exactly like (*rand.Rand).Shuffle, so a Shuffler drops in wherever code
// used rand.Shuffle; a *rand.Rand is itself a Shuffler. Shuffle panics if
// n < 0.
//
// Slice shuffles a slice with a Shuffler; for the Shufflers of this package
// it skips swap altogether and runs a generic loop over the slice.
type Shuffler interface {
	Shuffle(n int, swap func(i, j int))
}

// Algorithm describes one shuffling algorithm of the package.
type Algorithm struct {
	// Name is the registry name, e.g. "fisher-yates". Names never change.
	Name string
	// Uniform reports whether every order is exactly equally likely.
	Uniform bool
	// Summary is a one-line description.
	Summary string
	// Time is the running time for n items with the default parameters.
	Time string
	// New returns the algorithm, with its default parameters, drawing from
	// src (nil: the default source).
	New func(src rand.Source) Shuffler
	// NewRounds, for the repeated shuffles (transpositions, cut, overhand,
	// riffle), returns the algorithm with the given number of rounds
	// (0: the default); it is nil for the one-pass algorithms.
	NewRounds func(src rand.Source, rounds int) Shuffler
}

// Algorithms returns every algorithm of the package, the uniform ones first,
// in a fixed order. The caller owns the returned slice.
func Algorithms() []Algorithm {
	return []Algorithm{
		{"fisher-yates", true, "Durstenfeld's backward swap loop on the package's fastest exact path", "O(n)", NewFisherYates, nil},
		{"durstenfeld", true, "the backward swap loop drawing exactly as (*rand.Rand).Shuffle does", "O(n)", NewDurstenfeld, nil},
		{"forward", true, "Knuth's swap loop run forward: position i takes a random item from [i, n)", "O(n)", NewForward, nil},
		{"draw", true, "Fisher and Yates's 1938 method: draw the k-th remaining item, append it", "O(n log n)", NewDraw, nil},
		{"inside-out", true, "inside-out: item i goes to a random place in [0, i], its occupant to i", "O(n)", NewInsideOut, nil},
		{"rejection", true, "draw any position, draw again if already taken", "O(n log n) expected", NewRejection, nil},
		{"naive", false, "swap each position with any position: n^n equally likely paths onto n! orders", "O(n)", NewNaive, nil},
		{"insertion", false, "take the bottom card and insert it at a random place, n times", "O(n²)", NewInsertion, nil},
		{"transpositions", false, "swap two random positions, ⌈n·ln n⌉ times", "O(n log n)", rounds0(NewTranspositions), NewTranspositions},
		{"cut", false, "cut at a random point and swap the piles, 20 times: only n orders are reachable", "O(n)", rounds0(NewCut), NewCut},
		{"overhand", false, "overhand shuffle in Pemantle's model, 20 rounds", "O(n) per round", rounds0(NewOverhand), NewOverhand},
		{"riffle", false, "Gilbert–Shannon–Reeds riffle shuffle, 7 times", "O(n) per round", rounds0(NewRiffle), NewRiffle},
	}
}

func rounds0(f func(rand.Source, int) Shuffler) func(rand.Source) Shuffler {
	return func(src rand.Source) Shuffler { return f(src, 0) }
}

// Lookup returns the algorithm with the given registry name.
func Lookup(name string) (Algorithm, bool) {
	for _, a := range Algorithms() {
		if a.Name == name {
			return a, true
		}
	}
	return Algorithm{}, false
}

// Slice shuffles s in place with sh. For the Shufflers of this package it
// runs a generic loop over s, with no swap closure and no allocation (except
// for draw, rejection and riffle, which work out the whole order first, and
// fisher-yates from 2²³ items on, which needs a buffer of n items); any
// other Shuffler is called with a swap function over s. Slice panics if sh is
// nil.
func Slice[S ~[]E, E any](sh Shuffler, s S) {
	if p, ok := sh.(*shuffler); ok {
		shuffleSlice(p, s)
		return
	}
	sh.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
}

// alg identifies an algorithm inside a shuffler.
type alg uint8

const (
	algFisherYates alg = iota
	algDurstenfeld
	algForward
	algDraw
	algInsideOut
	algRejection
	algNaive
	algInsertion
	algTranspositions
	algCut
	algOverhand
	algRiffle
)

var algNames = [...]string{
	algFisherYates:    "fisher-yates",
	algDurstenfeld:    "durstenfeld",
	algForward:        "forward",
	algDraw:           "draw",
	algInsideOut:      "inside-out",
	algRejection:      "rejection",
	algNaive:          "naive",
	algInsertion:      "insertion",
	algTranspositions: "transpositions",
	algCut:            "cut",
	algOverhand:       "overhand",
	algRiffle:         "riffle",
}

// shuffler is every Shuffler the package returns: an algorithm, its source
// and its number of rounds. It holds no mutable state, so it is as safe for
// concurrent use as its source.
type shuffler struct {
	alg    alg
	rounds int // for the repeated shuffles; 0 means the default
	src    rand.Source
}

// newRounds checks a rounds argument for the constructor fn.
func newRounds(fn string, a alg, src rand.Source, rounds int) *shuffler {
	if rounds < 0 {
		panic("shuffle: " + fn + ": negative rounds")
	}
	return &shuffler{alg: a, rounds: rounds, src: src}
}

// String returns the registry name, followed by the rounds if they were set.
func (sh *shuffler) String() string {
	if sh.rounds != 0 {
		return fmt.Sprintf("%s(%d)", algNames[sh.alg], sh.rounds)
	}
	return algNames[sh.alg]
}

// roundsFor returns the number of rounds to run on n items.
func (sh *shuffler) roundsFor(n int) int {
	if sh.rounds != 0 {
		return sh.rounds
	}
	switch sh.alg {
	case algTranspositions:
		return ceilNLogN(n)
	case algRiffle:
		return DefaultRiffleRounds
	case algCut:
		return DefaultCutRounds
	case algOverhand:
		return DefaultOverhandRounds
	}
	return 1
}

// shuffleSlice is the one dispatch from an algorithm to its generic loop
// over a slice. Every public entry point that shuffles a slice comes here.
func shuffleSlice[S ~[]E, E any](sh *shuffler, s S) {
	n := len(s)
	if n < 2 {
		return
	}
	r := newRNG(sh.src)
	switch sh.alg {
	case algFisherYates:
		if n >= large.threshold && r.script == nil {
			scatter(&r, s, 1)
		} else {
			backward(&r, s, true)
		}
	case algDurstenfeld:
		backward(&r, s, false)
	case algForward:
		forward(&r, s, n-1)
	case algInsideOut:
		insideOut(&r, s)
	case algNaive:
		naive(&r, s)
	case algInsertion:
		insertion(&r, s)
	case algTranspositions:
		transpositions(&r, s, sh.roundsFor(n))
	case algCut:
		rotate(s, cutOffset(&r, n, sh.roundsFor(n)))
	case algOverhand:
		overhand(&r, s, sh.roundsFor(n))
	default:
		permute(s, sh.order(&r, n))
	}
}

// Shuffle shuffles n items by calling swap(i, j) to exchange items i and j.
// It panics if n < 0.
func (sh *shuffler) Shuffle(n int, swap func(i, j int)) {
	if n < 0 {
		panic("shuffle: Shuffle: negative n")
	}
	if n < 2 {
		return
	}
	r := newRNG(sh.src)
	switch sh.alg {
	case algFisherYates:
		if n >= large.threshold && r.script == nil {
			// The same order as Slice gives: scatter the indices, then
			// follow the permutation with swap.
			p := make([]int, n)
			for i := range p {
				p[i] = i
			}
			scatter(&r, p, 1)
			permuteFunc(swap, p)
		} else {
			backwardFunc(&r, n, swap, true)
		}
	case algDurstenfeld:
		backwardFunc(&r, n, swap, false)
	case algForward:
		forwardFunc(&r, n, swap)
	case algInsideOut:
		insideOutFunc(&r, n, swap)
	case algNaive:
		naiveFunc(&r, n, swap)
	case algInsertion:
		insertionFunc(&r, n, swap)
	case algTranspositions:
		transpositionsFunc(&r, n, swap, sh.roundsFor(n))
	case algCut:
		rotateFunc(n, swap, cutOffset(&r, n, sh.roundsFor(n)))
	case algOverhand:
		overhandFunc(&r, n, swap, sh.roundsFor(n))
	default:
		permuteFunc(swap, sh.order(&r, n))
	}
}

// order returns, for the algorithms that compute where every item goes
// before moving any (draw, rejection, riffle), the order p: the item that
// ends at position t starts at p[t].
func (sh *shuffler) order(r *rng, n int) []int {
	switch sh.alg {
	case algDraw:
		return drawOrder(r, n)
	case algRejection:
		return rejectionOrder(r, n)
	case algRiffle:
		return riffleOrder(r, n, sh.roundsFor(n))
	}
	panic("shuffle: unknown algorithm " + sh.String())
}
