package shuffle

import "math/rand/v2"

// insertion takes the bottom card and inserts it at one of the n places, n
// times. The same move repeated until the card that started on top has
// reached the bottom and been inserted (about n·ln n steps) would give a
// uniform deck (Aldous and Diaconis's strong uniform time for the
// top-to-random shuffle); n steps stop short: the cards never taken out keep
// their relative order.
var algInsertion = &algo{name: "insertion",
	summary: "take the bottom card and insert it at a random place, n times", time: "O(n²)",
	draws: "n bounded indices", shape: shapeSpans, spans: insertionSpans}

// Insertion reinserts the last item of s at a uniform place n times, biased:
// 52 cards keep the top one with probability 0.364, not 0.0192.
//
// O(n²) time, n bounded draws, no allocation.
func Insertion[S ~[]E, E any](s S) { shuffleSlice(&shuffler{alg: algInsertion}, s) }

// NewInsertion returns the biased insertion [Shuffler] (see [Insertion]),
// drawing from src.
func NewInsertion(src rand.Source) Shuffler { return &shuffler{alg: algInsertion, src: src} }

// insertionSpans makes the n moves of the insertion shuffle, the last item
// of s[q:n] lifted to q for a uniform q; w.round counts the moves made.
func insertionSpans(w spanWalk) (spanWalk, spanBlock) {
	var b spanBlock
	for w.round < w.n {
		w.round++
		if !b.add(span{lo: w.r.intn(w.n), hi: w.n, lift: true}) {
			break
		}
	}
	return w, b
}
