package shuffle

import "math/rand/v2"

// transpositions exchanges the items at two positions drawn independently
// and uniformly (the same position, a no-op, with probability 1/n).
// Diaconis and Shahshahani (1981) showed the deck is close to uniform only
// after about ½·n·ln n swaps, with a sharp cut-off. For n ≥ 3 it is never
// exactly uniform: after k swaps every order's probability is a multiple of
// n^−2k, and n! does not divide n^2k.
var algTranspositions = &algo{name: "transpositions",
	summary: "swap two random positions, ⌈n·ln n⌉ times", time: "O(n log n)",
	draws: "two bounded indices per swap", rounds: ceilNLogN, shape: shapePairs}

// Transpositions swaps two uniform positions of s ⌈n·ln n⌉ times, biased: a
// card of 52 stays put with probability 0.01953, not 0.01923.
//
// O(n log n) time, two bounded draws a swap, no allocation.
func Transpositions[S ~[]E, E any](s S) { shuffleSlice(&shuffler{alg: algTranspositions}, s) }

// NewTranspositions returns the biased transpositions [Shuffler] (see
// [Transpositions]), making rounds swaps (0: ⌈n·ln n⌉) and drawing from src.
//
// It panics if rounds < 0.
func NewTranspositions(src rand.Source, rounds int) Shuffler {
	return newRounds("NewTranspositions", algTranspositions, src, rounds)
}
