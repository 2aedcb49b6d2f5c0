package shuffle

import (
	"math/rand/v2"
	"slices"
)

// DefaultRiffleRounds is the number of riffles NewRiffle makes when asked
// for 0. "Seven shuffles suffice" for 52 cards in the sense of Bayer and
// Diaconis: the total variation distance to uniform falls from .614 after 6
// riffles to .334 after 7 and halves with each riffle after that. It is still
// not uniform.
const DefaultRiffleRounds = 7

// Riffle shuffles s in place with the default source by DefaultRiffleRounds
// riffle shuffles. It is NOT uniform. O(n) time, n coin flips and at most n−1
// bounded draws per riffle; it allocates two []int of len(s).
func Riffle[S ~[]E, E any](s S) {
	shuffleSlice(&shuffler{alg: algRiffle}, s)
}

// NewRiffle returns the riffle Shuffler drawing from src (nil: the default
// source), making the given number of riffles, or DefaultRiffleRounds if
// rounds is 0. It is biased for every number of riffles and every n ≥ 2.
//
// Each riffle follows the Gilbert–Shannon–Reeds model: cut the deck after c
// cards, c binomial(n, ½) (n coin flips), then interleave the two packets,
// taking the next card from a packet with probability proportional to the
// number of cards left in it. That makes every one of the C(n, c)
// interleavings equally likely. After k riffles an order with r rising
// sequences has probability C(2^k + n − r, n) / 2^(kn) (Bayer and Diaconis,
// "Trailing the dovetail shuffle to its lair", Ann. Appl. Probab. 2(2),
// 1992): orders close to the starting one, with few rising sequences, stay
// likelier than the rest.
//
// NewRiffle panics if rounds < 0.
func NewRiffle(src rand.Source, rounds int) Shuffler {
	return newRounds("NewRiffle", algRiffle, src, rounds)
}

// Faro interleaves s perfectly, in place: the deck is cut exactly in half
// and the halves are woven card by card. An out-faro (out true) keeps the top
// card on top; an in-faro puts the top card second. For even n the out-faro
// keeps both the top and the bottom card in place. For odd n the top half of
// an out-faro is the larger one, so it keeps the top card, and the top half
// of an in-faro is the smaller one, so it keeps the bottom card.
//
// Faro is deterministic and draws no randomness: eight out-faros restore a
// 52-card deck, which is why a perfect riffle is a magician's tool and not a
// shuffle. O(n) time; it allocates a copy of the top half.
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
