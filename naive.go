package shuffle

import "math/rand/v2"

// naive swaps item i with a uniform item j in [0, n−1] for every i: n^n
// equally likely sequences of choices, and for n ≥ 3 n^n is not a multiple
// of n! (n−1 divides n! but shares no factor with n), so the orders cannot
// all be equally likely. The item that starts at i ends at j with
// probability (q^(n−1−j) + q^i)/n if j < i and (q^(n−1−j) + q^i −
// q^(i+n−1−j))/n if j ≥ i, q = 1 − 1/n (derived in naiveClosedForm's test).
var algNaive = &algo{name: "naive",
	summary: "swap each position with any position: n^n equally likely paths onto n! orders",
	time:    "O(n)", draws: "n bounded indices", shape: shapeSweep, sweep: sweepAny}

// Naive swaps every item of s with any item, biased: of 52 cards the second
// ends on top with probability 0.0260, not 0.0192.
//
// O(n) time, n bounded draws, no allocation.
func Naive[S ~[]E, E any](s S) { shuffleSlice(&shuffler{alg: algNaive}, s) }

// NewNaive returns the biased naive [Shuffler] (see [Naive]), drawing from src.
func NewNaive(src rand.Source) Shuffler { return &shuffler{alg: algNaive, src: src} }
