package shuffle

import (
	"math/rand/v2"
	"slices"
)

// DefaultCutRounds is the number of cuts NewCut makes when asked for 0:
// "ten-odd or twenty times", as the references describe the habit.
const DefaultCutRounds = 20

// DefaultOverhandRounds is the number of overhand passes NewOverhand makes
// when asked for 0: about what a patient person does, and far fewer than the
// order of n²·log n passes the overhand shuffle needs to mix.
const DefaultOverhandRounds = 20

// Cut shuffles s in place with the default source by cutting it
// DefaultCutRounds times. It is NOT uniform: it can only rotate s. O(n) time,
// one bounded draw per cut, no allocation.
func Cut[S ~[]E, E any](s S) {
	shuffleSlice(&shuffler{alg: algCut}, s)
}

// NewCut returns the cut Shuffler drawing from src (nil: the default
// source), making the given number of cuts, or DefaultCutRounds if rounds is
// 0. It is biased for every number of cuts and every n ≥ 2 (two cards are
// swapped by every cut).
//
// Each cut splits the deck at a uniform point with at least one card in each
// pile and puts the bottom pile on top. A cut is a rotation and rotations
// compose to rotations, so however often it is repeated only n of the n!
// orders can ever appear, and the cyclic order of the items never changes.
// Because of that the rounds are added up first and the deck is rotated once:
// O(n + rounds) time, the same result as cutting round by round.
//
// NewCut panics if rounds < 0.
func NewCut(src rand.Source, rounds int) Shuffler {
	return newRounds("NewCut", algCut, src, rounds)
}

// Overhand shuffles s in place with the default source by
// DefaultOverhandRounds overhand passes. It is NOT uniform. O(n) time and n−1
// coin flips per pass, no allocation.
func Overhand[S ~[]E, E any](s S) {
	shuffleSlice(&shuffler{alg: algOverhand}, s)
}

// NewOverhand returns the overhand Shuffler drawing from src (nil: the
// default source), making the given number of passes, or
// DefaultOverhandRounds if rounds is 0. It is biased for every number of
// passes and every n ≥ 3 (two cards are swapped with probability ½ by one
// pass, which is fair).
//
// One pass follows Pemantle's model of the overhand shuffle (J. Theoret.
// Probab. 2, 1989): each of the n−1 gaps between neighbouring cards is,
// independently, a break with probability ½, cutting the deck into packets;
// the packets are taken off the top one by one and dropped onto the other
// hand, so their order is reversed while each keeps its own order. Pemantle
// showed that mixing takes between order n² and n²·log n passes, and
// Jonasson (Ann. Appl. Probab. 16, 2006) that n²·log n is the truth:
// thousands of passes for 52 cards.
//
// NewOverhand panics if rounds < 0.
func NewOverhand(src rand.Source, rounds int) Shuffler {
	return newRounds("NewOverhand", algOverhand, src, rounds)
}

// cutOffset returns the total rotation of rounds cuts of n ≥ 2 items.
func cutOffset(r *rng, n, rounds int) int {
	off := 0
	for range rounds {
		off = (off + 1 + r.intn(n-1)) % n
	}
	return off
}

// rotate moves s[k:] in front of s[:k].
func rotate[S ~[]E, E any](s S, k int) {
	slices.Reverse(s[:k])
	slices.Reverse(s[k:])
	slices.Reverse(s)
}

func rotateFunc(n int, swap func(i, j int), k int) {
	reverseFunc(swap, 0, k)
	reverseFunc(swap, k, n)
	reverseFunc(swap, 0, n)
}

// reverseFunc reverses the items in [lo, hi).
func reverseFunc(swap func(i, j int), lo, hi int) {
	for i, j := lo, hi-1; i < j; i, j = i+1, j-1 {
		swap(i, j)
	}
}

// overhand reverses every packet in place and then the whole deck, which
// leaves the packets in reverse order, each in its own order.
func overhand[S ~[]E, E any](r *rng, s S, rounds int) {
	for range rounds {
		start := 0
		for gap := 1; gap < len(s); gap++ {
			if r.coin() {
				slices.Reverse(s[start:gap])
				start = gap
			}
		}
		slices.Reverse(s[start:])
		slices.Reverse(s)
	}
}

func overhandFunc(r *rng, n int, swap func(i, j int), rounds int) {
	for range rounds {
		start := 0
		for gap := 1; gap < n; gap++ {
			if r.coin() {
				reverseFunc(swap, start, gap)
				start = gap
			}
		}
		reverseFunc(swap, start, n)
		reverseFunc(swap, 0, n)
	}
}
