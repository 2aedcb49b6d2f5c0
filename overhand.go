package shuffle

import "math/rand/v2"

// DefaultOverhandRounds is the number of passes [NewOverhand] makes when asked
// for 0: far fewer than the n²·log n the overhand shuffle needs.
const DefaultOverhandRounds = 20

// overhand follows Pemantle's model of the overhand shuffle (J. Theoret.
// Probab. 2, 1989): each of the n−1 gaps between neighbouring cards is,
// independently, a break with probability ½, cutting the deck into packets;
// the packets are taken off the top one by one and dropped onto the other
// hand, so their order is reversed while each keeps its own. Mixing takes
// order n²·log n passes (Jonasson, Ann. Appl. Probab. 16, 2006).
var algOverhand = &algo{name: "overhand",
	summary: "overhand shuffle in Pemantle's model, 20 rounds", time: "O(n) per round",
	draws:  "n−1 coin flips per pass",
	rounds: func(int) int { return DefaultOverhandRounds }, shape: shapeSpans,
	spans: overhandSpans}

// Overhand makes [DefaultOverhandRounds] overhand passes over s, biased: the
// top card of 52 ends on top with probability 0.0908, not 0.0192.
//
// O(n) time and n−1 coin flips a pass, no allocation.
func Overhand[S ~[]E, E any](s S) { shuffleSlice(&shuffler{alg: algOverhand}, s) }

// NewOverhand returns the biased overhand [Shuffler] (see [Overhand]), making
// rounds passes (0: [DefaultOverhandRounds]) and drawing from src.
//
// It panics if rounds < 0.
func NewOverhand(src rand.Source, rounds int) Shuffler {
	return newRounds("NewOverhand", algOverhand, src, rounds)
}

// overhandSpans reverses every packet in place and then the whole deck,
// which leaves the packets in reverse order, each in its own order. w.at is
// the next gap to flip a coin for (0: the first, 1), w.start where the
// current packet starts.
func overhandSpans(w spanWalk) (spanWalk, spanBlock) {
	var b spanBlock
	for room := true; room && w.round < w.rounds; {
		w.at = max(w.at, 1)
		switch {
		case w.at < w.n:
			if w.r.coin() {
				room = b.add(span{lo: w.start, hi: w.at})
				w.start = w.at
			}
			w.at++
		default:
			b.add(span{lo: w.start, hi: w.n})
			room = b.add(span{lo: 0, hi: w.n})
			w.round, w.at, w.start = w.round+1, 1, 0
		}
	}
	return w, b
}
