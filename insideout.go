package shuffle

import (
	"iter"
	"math/rand/v2"
)

// inside-out grows a shuffled prefix: for i = 1 up to n−1, item i goes to a
// uniform place j in [0, i] and the item that was at j moves to i. By
// induction the first i+1 items are in uniform order after step i: each of
// the i! orders of the prefix, extended by the i+1 equally likely places of
// the new item, gives each of the (i+1)! orders once. It only ever looks at
// items already placed, so the same loop can read from another slice
// (Shuffled) or from a stream (Collect).
var algInsideOut = &algo{name: "inside-out", uniform: true,
	summary: "inside-out: item i goes to a random place in [0, i], its occupant to i",
	time:    "O(n)", draws: "n−1 bounded indices", shape: shapeSweep, sweep: sweepUpTo}

// InsideOut shuffles s in place, uniformly, by the inside-out algorithm.
//
// O(n) time, n−1 bounded draws, no allocation.
func InsideOut[S ~[]E, E any](s S) { shuffleSlice(&shuffler{alg: algInsideOut}, s) }

// NewInsideOut returns the inside-out [Shuffler], drawing from src: item i goes
// to a uniform place j ≤ i, the item at j to i.
func NewInsideOut(src rand.Source) Shuffler { return &shuffler{alg: algInsideOut, src: src} }

// Shuffled returns a new slice of the items of s in uniform order, leaving s
// untouched; it makes [InsideOut]'s draws.
//
// O(n) time, n−1 bounded draws, one allocation of len(s) items.
func Shuffled[S ~[]E, E any](src rand.Source, s S) S {
	if s == nil {
		return nil
	}
	r := newRNG(src)
	out := make(S, len(s))
	for i, v := range s {
		j := r.intn(i + 1)
		out[i] = out[j]
		out[j] = v
	}
	return out
}

// Collect returns the values of seq in uniform order, reading seq once; it
// makes [InsideOut]'s draws.
//
// One bounded draw a value after the first; the result grows as append grows.
func Collect[E any](src rand.Source, seq iter.Seq[E]) []E {
	r := newRNG(src)
	var out []E
	for v := range seq {
		out = append(out, v)
		i := len(out) - 1
		j := r.intn(i + 1)
		out[i] = out[j]
		out[j] = v
	}
	return out
}
