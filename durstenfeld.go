package shuffle

import "math/rand/v2"

// durstenfeld is the backward loop with one Lemire-reduced word per index
// (masked when the bound is a power of two): Durstenfeld, "Algorithm 235:
// Random permutation", CACM 7(7), 1964, drawn exactly as math/rand/v2 draws.
var algDurstenfeld = &algo{name: "durstenfeld", uniform: true,
	summary: "the backward swap loop drawing exactly as (*rand.Rand).Shuffle does",
	time:    "O(n)", draws: "n−1 bounded indices, one word each", shape: shapeBackward}

// Durstenfeld shuffles s in place, uniformly, drawing exactly as math/rand/v2's
// Shuffle does.
//
// O(n) time, n−1 bounded draws, no allocation.
func Durstenfeld[S ~[]E, E any](s S) { shuffleSlice(&shuffler{alg: algDurstenfeld}, s) }

// NewDurstenfeld returns the durstenfeld [Shuffler], drawing from src: seeded
// alike, it gives exactly the order (*rand.Rand).Shuffle gives.
func NewDurstenfeld(src rand.Source) Shuffler { return &shuffler{alg: algDurstenfeld, src: src} }
