package shuffle

import (
	"math/rand/v2"
	"slices"
)

// DefaultRiffleRounds is the number of riffles [NewRiffle] makes when asked for
// 0: 52 cards are then at distance 0.334 from uniform ([RiffleDistance]).
const DefaultRiffleRounds = 7

// riffle follows the Gilbert–Shannon–Reeds model: cut the deck after c
// cards, c binomial(n, ½), then interleave the two packets, taking the next
// card from a packet with probability proportional to the cards left in it,
// so that each of the C(n, c) interleavings is equally likely. After k
// riffles an order with r rising sequences has probability
// C(2^k + n − r, n)/2^(kn) (Bayer and Diaconis, "Trailing the dovetail
// shuffle to its lair", Ann. Appl. Probab. 2(2), 1992; see mixing.go).
var algRiffle = &algo{name: "riffle", summary: "Gilbert–Shannon–Reeds riffle shuffle, 7 times",
	time: "O(n) per round", draws: "n coin flips and at most n−1 bounded indices per riffle",
	rounds: func(int) int { return DefaultRiffleRounds }, shape: shapeOrder,
	order: func(r rng, n, k int) []int { return riffleOrder(&r, n, k) }}

// Riffle riffles s [DefaultRiffleRounds] times (Gilbert–Shannon–Reeds),
// biased: 52 cards end at total variation distance 0.334 from uniform.
//
// O(n) time, n coin flips and up to n−1 bounded draws a riffle; two []int.
func Riffle[S ~[]E, E any](s S) { shuffleSlice(&shuffler{alg: algRiffle}, s) }

// NewRiffle returns the biased riffle [Shuffler] (see [Riffle]), making rounds
// riffles (0: [DefaultRiffleRounds]) and drawing from src.
//
// It panics if rounds < 0.
func NewRiffle(src rand.Source, rounds int) Shuffler {
	return newRounds("NewRiffle", algRiffle, src, rounds)
}

// Faro interleaves the halves of s perfectly, in place; an out-faro (out true)
// keeps the top card on top. Eight restore 52 cards.
//
// O(n) time, no draws; it allocates a copy of the top half.
func Faro[S ~[]E, E any](s S, out bool) {
	n := len(s)
	h := n / 2
	if out {
		h = (n + 1) / 2
	}
	top, bottom := slices.Clone(s[:h]), s[h:]
	first, second := bottom, top
	if out {
		first, second = top, bottom
	}
	// bottom aliases s[h:]: its item i, at h+i, is read in step i, and no
	// step up to i writes past position 2i+1 ≤ h+i. first is never the
	// shorter half, so it has an item in every step.
	for i, k := 0, 0; k < n; i++ {
		s[k] = first[i]
		k++
		if i < len(second) {
			s[k] = second[i]
			k++
		}
	}
}

// riffleOrder returns the order of n ≥ 2 items after rounds GSR riffles: the
// item at position t started at position p[t].
func riffleOrder(r *rng, n, rounds int) []int {
	p, q := make([]int, n), make([]int, n)
	for i := range p {
		p[i] = i
	}
	for range rounds {
		c := 0
		for range n {
			if r.coin() {
				c++
			}
		}
		left, right := p[:c], p[c:]
		k := 0
		for len(left) > 0 && len(right) > 0 {
			if r.intn(len(left)+len(right)) < len(left) {
				q[k], left = left[0], left[1:]
			} else {
				q[k], right = right[0], right[1:]
			}
			k++
		}
		k += copy(q[k:], left)
		copy(q[k:], right)
		p, q = q, p
	}
	return p
}
