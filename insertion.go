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

// Insertion shuffles s in place with the default source by repeated
// insertion: n times, the last item is taken out and put back at a uniform
// place. O(n²) time, n bounded draws, no allocation. It is biased; see
// [NewInsertion].
func Insertion[S ~[]E, E any](s S) { shuffleSlice(&shuffler{alg: algInsertion}, s) }

// NewInsertion returns the insertion [Shuffler] drawing from src (nil: the
// default source). It is biased for n ≥ 3: in a 52-card deck the top card
// stays on top with probability 0.364 instead of 1/52 = 0.0192. Each of its
// n steps takes the bottom card and inserts it at a uniform place.
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
