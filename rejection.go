package shuffle

import "math/rand/v2"

// rejection draws each next item uniformly from all n positions and throws
// back a position already taken. Conditioned on being kept, a draw is
// uniform over the positions not yet taken, so this is the draw method in
// disguise and exactly uniform. With m positions left a draw is kept with
// probability m/n, so the expected total is n·Hₙ. Its redraws are unbounded,
// so the enumeration cannot cover it; TestExactRejection enumerates its runs
// up to a length instead.
var algRejection = &algo{name: "rejection", uniform: true,
	summary: "draw any position, draw again if already taken", time: "O(n log n) expected",
	draws: "n·Hₙ ≈ n·ln n bounded indices expected", unbounded: true, shape: shapeOrder,
	order: func(r rng, n, _ int) []int { return rejectionOrder(&r, n) }}

// Rejection shuffles s in place, uniformly, by drawing positions and drawing
// again when one is taken.
//
// Expected O(n log n) time, n·Hₙ bounded draws; it allocates len(s) ints and bits.
func Rejection[S ~[]E, E any](s S) { shuffleSlice(&shuffler{alg: algRejection}, s) }

// NewRejection returns the rejection [Shuffler] (see [Rejection]), drawing from
// src.
func NewRejection(src rand.Source) Shuffler { return &shuffler{alg: algRejection, src: src} }

// rejectionOrder returns the order of n items made by drawing positions and
// redrawing taken ones: the item at position t started at position p[t].
func rejectionOrder(r *rng, n int) []int {
	taken := make([]uint64, (n+63)/64)
	p := make([]int, n)
	for t := range p {
		for {
			k := r.intn(n)
			w, bit := k/64, uint64(1)<<(k%64)
			if taken[w]&bit == 0 {
				taken[w] |= bit
				p[t] = k
				break
			}
		}
	}
	return p
}
