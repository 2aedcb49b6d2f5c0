package shuffle

import "math/rand/v2"

// forward is Knuth's loop run forward (TAOCP vol. 2, Algorithm 3.4.2P,
// written the other way round): position i receives a uniform choice among
// the n−i items not yet placed, so each of the n! sequences of choices gives
// a different order.
var algForward = &algo{name: "forward", uniform: true,
	summary: "Knuth's swap loop run forward: position i takes a random item from [i, n)",
	time:    "O(n)", draws: "n−1 bounded indices", shape: shapeSweep, sweep: sweepRest}

// Forward shuffles s in place, uniformly, by Knuth's loop run forward.
//
// O(n) time, n−1 bounded draws, no allocation.
func Forward[S ~[]E, E any](s S) { shuffleSlice(&shuffler{alg: algForward}, s) }

// NewForward returns the forward [Shuffler], drawing from src: for i = 0 up to
// n−2, swap item i with a uniform item j ≥ i.
func NewForward(src rand.Source) Shuffler { return &shuffler{alg: algForward, src: src} }
