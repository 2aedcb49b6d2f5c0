package shuffle

import "math/rand/v2"

// DefaultCutRounds is the number of cuts [NewCut] makes when asked for 0.
const DefaultCutRounds = 20

// cut splits the deck at a uniform point with at least one card in each
// pile and puts the bottom pile on top. A cut is a rotation and rotations
// compose to rotations, so only n of the n! orders can ever appear. The
// rounds are therefore added up first and the deck is rotated once, by
// three reversals: O(n + rounds) time, the same result as cut by cut.
var algCut = &algo{name: "cut",
	summary: "cut at a random point and swap the piles, 20 times: only n orders are reachable",
	time:    "O(n)", draws: "one bounded index per cut",
	rounds: func(int) int { return DefaultCutRounds }, shape: shapeSpans, spans: cutSpans}

// Cut cuts s at a uniform point [DefaultCutRounds] times, biased: 52 cards
// reach only 52 orders, the rotations.
//
// O(n) time, one bounded draw a cut, no allocation.
func Cut[S ~[]E, E any](s S) { shuffleSlice(&shuffler{alg: algCut}, s) }

// NewCut returns the biased cut [Shuffler] (see [Cut]), making rounds cuts (0:
// [DefaultCutRounds]) and drawing from src. It panics if rounds < 0.
func NewCut(src rand.Source, rounds int) Shuffler {
	return newRounds("NewCut", algCut, src, rounds)
}

// cutSpans rotates by the sum of w.rounds cuts: s[k:] moves in front of
// s[:k] by reversing both and then the whole.
func cutSpans(w spanWalk) (spanWalk, spanBlock) {
	var b spanBlock
	if w.round == 0 {
		w.round = 1
		k := cutOffset(&w.r, w.n, w.rounds)
		b.add(span{lo: 0, hi: k})
		b.add(span{lo: k, hi: w.n})
		b.add(span{lo: 0, hi: w.n})
	}
	return w, b
}

// cutOffset returns the total rotation of rounds cuts of n ≥ 2 items.
func cutOffset(r *rng, n, rounds int) int {
	off := 0
	for range rounds {
		off = (off + 1 + r.intn(n-1)) % n
	}
	return off
}
