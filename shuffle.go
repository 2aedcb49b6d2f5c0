package shuffle

import (
	"fmt"
	"math/rand/v2"
)

// Shuffler shuffles n items by calling swap, like (*rand.Rand).Shuffle, which
// is itself a Shuffler. Shuffle panics if n < 0.
type Shuffler interface {
	Shuffle(n int, swap func(i, j int))
}

// Slice shuffles s in place with sh, by a generic loop for this package's
// Shufflers and through swap for others.
//
// No allocation unless the algorithm's doc says so. It panics if sh is nil.
func Slice[S ~[]E, E any](sh Shuffler, s S) {
	if p, ok := sh.(*shuffler); ok {
		shuffleSlice(p, s)
		return
	}
	sh.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
}

// shuffler is every Shuffler the package returns: an algorithm, its source
// and its number of rounds. It holds no mutable state, so it is as safe for
// concurrent use as its source.
type shuffler struct {
	alg    *algo
	rounds int // for the repeated shuffles; 0 means the default
	src    rand.Source
}

// newRounds checks a rounds argument for the constructor fn.
func newRounds(fn string, a *algo, src rand.Source, rounds int) *shuffler {
	if rounds < 0 {
		panic("shuffle: " + fn + ": negative rounds")
	}
	return &shuffler{alg: a, rounds: rounds, src: src}
}

// String returns the registry name, followed by the rounds if they were set.
func (sh *shuffler) String() string {
	if sh.rounds != 0 {
		return fmt.Sprintf("%s(%d)", sh.alg.name, sh.rounds)
	}
	return sh.alg.name
}

// roundsFor returns the number of rounds to run on n items.
func (sh *shuffler) roundsFor(n int) int {
	switch {
	case sh.rounds != 0:
		return sh.rounds
	case sh.alg.rounds != nil:
		return sh.alg.rounds(n)
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
	a := sh.alg
	if a.batched && n < large.threshold && batchedBackward(sh.src, s) {
		return // fisher-yates's entry, with no rng set up (fisheryates.go)
	}
	r := newRNG(sh.src)
	switch a.shape {
	case shapeBackward:
		if sh.scatters(&r, n) {
			scatter(&r, s, 1)
		} else {
			backward(&r, s, a.batched)
		}
	case shapeSweep:
		sweepSlice(&r, s, a.sweep, n)
	case shapePairs:
		pairs(&r, s, sh.roundsFor(n))
	case shapeSpans:
		spans(&r, s, sh.roundsFor(n), a.spans)
	default:
		permute(s, a.order(r, n, sh.roundsFor(n)))
	}
}

// scatters reports whether sh shuffles n items by the cache-aware path:
// fisher-yates from large.threshold items on, except under a test script,
// which only the plain loop answers.
func (sh *shuffler) scatters(r *rng, n int) bool {
	return sh.alg.scatters && n >= large.threshold && r.script == nil
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
	a := sh.alg
	if sh.scatters(&r, n) {
		// The same order as Slice gives: scatter the indices, then follow
		// the permutation with swap.
		p := make([]int, n)
		for i := range p {
			p[i] = i
		}
		scatter(&r, p, 1)
		permuteFunc(swap, p)
		return
	}
	switch a.shape {
	case shapeBackward:
		backwardFunc(&r, n, swap, a.batched)
	case shapeSweep:
		sweepFunc(&r, n, swap, a.sweep)
	case shapePairs:
		pairsFunc(&r, n, swap, sh.roundsFor(n))
	case shapeSpans:
		spansFunc(&r, n, swap, sh.roundsFor(n), a.spans)
	default:
		permuteFunc(swap, a.order(r, n, sh.roundsFor(n)))
	}
}
