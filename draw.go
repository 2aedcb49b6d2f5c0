package shuffle

import (
	"math/bits"
	"math/rand/v2"
)

// draw is Fisher and Yates's 1938 method (Statistical Tables): pick k
// uniformly among the m items still listed, write the k-th down, strike it
// out, repeat. Each order is the outcome of exactly one of the n! equally
// likely sequences of picks. The remaining items are counted in a Fenwick
// tree, which finds the k-th and strikes it out in O(log n).
var algDraw = &algo{name: "draw", uniform: true,
	summary: "Fisher and Yates's 1938 method: draw the k-th remaining item, append it",
	time:    "O(n log n)", draws: "n−1 bounded indices", shape: shapeOrder,
	order: func(r rng, n, _ int) []int { return drawOrder(&r, n) }}

// Draw shuffles s in place, uniformly, by Fisher and Yates's original method:
// take the k-th of the items left, k uniform.
//
// O(n log n) time, n−1 bounded draws; it allocates two []int of about len(s).
func Draw[S ~[]E, E any](s S) { shuffleSlice(&shuffler{alg: algDraw}, s) }

// NewDraw returns the draw [Shuffler] (see [Draw]), drawing from src.
func NewDraw(src rand.Source) Shuffler { return &shuffler{alg: algDraw, src: src} }

// drawOrder returns the order of n items made by the 1938 draw: the item at
// position t started at position p[t].
func drawOrder(r *rng, n int) []int {
	// tree is a Fenwick tree over positions 1..n; tree[i] counts the items
	// still listed among positions i−(i&−i)+1 .. i.
	tree := make([]int, n+1)
	for i := 1; i <= n; i++ {
		tree[i]++
		if j := i + i&-i; j <= n {
			tree[j] += tree[i]
		}
	}
	top := 1 << (bits.Len(uint(n)) - 1)
	p := make([]int, n)
	for t := range p {
		k := r.intn(n - t)
		// Descend to the largest pos with fewer than k+1 items at or
		// before it; the k-th remaining item (from 0) is then at pos+1.
		pos := 0
		for step := top; step > 0; step >>= 1 {
			if next := pos + step; next <= n && tree[next] <= k {
				pos = next
				k -= tree[next]
			}
		}
		p[t] = pos
		for i := pos + 1; i <= n; i += i & -i {
			tree[i]--
		}
	}
	return p
}
