package shuffle

import (
	"math/bits"
	"math/rand/v2"
)

// Draw shuffles s in place, uniformly, with the default source, by Fisher
// and Yates's original 1938 method. O(n log n) time, n−1 bounded draws; it
// allocates an []int of len(s) and one of len(s)+1.
func Draw[S ~[]E, E any](s S) {
	shuffleSlice(&shuffler{alg: algDraw}, s)
}

// NewDraw returns the draw Shuffler drawing from src (nil: the default
// source).
//
// Fisher and Yates (Statistical Tables, 1938) struck out items from a list
// by hand: pick k uniformly among the m items still listed, take the k-th of
// them, write it down, strike it out, repeat. Each order of the n items is
// the outcome of exactly one of the n·(n−1)·…·1 equally likely sequences of
// picks, so all orders are equally likely. Done naively, finding the k-th
// remaining item costs O(n) and the whole method O(n²); here the remaining
// items are counted in a Fenwick tree, which finds the k-th and strikes it
// out in O(log n).
func NewDraw(src rand.Source) Shuffler {
	return &shuffler{alg: algDraw, src: src}
}

// Rejection shuffles s in place, uniformly, with the default source, by
// drawing positions and drawing again when one was already taken. Expected
// O(n log n) time and n·Hₙ ≈ n·ln n bounded draws; it allocates an []int of
// len(s) and a bit set.
func Rejection[S ~[]E, E any](s S) {
	shuffleSlice(&shuffler{alg: algRejection}, s)
}

// NewRejection returns the rejection Shuffler drawing from src (nil: the
// default source).
//
// Each next item is drawn uniformly from all n positions, and a position
// already taken is thrown back and drawn again. Conditioned on being kept, a
// draw is uniform over the positions not yet taken, so this is the draw
// method in disguise and exactly uniform; the cost is the redraws: with m
// positions left a draw is kept with probability m/n, so the expected total
// is n·(1 + 1/2 + … + 1/n), about 236 draws for 52 cards.
func NewRejection(src rand.Source) Shuffler {
	return &shuffler{alg: algRejection, src: src}
}

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

// permute rearranges s so that the item at position t is the one that was
// at p[t]. It follows each cycle of p once, moving every item once, and
// consumes p.
func permute[S ~[]E, E any](s S, p []int) {
	for t := range p {
		if p[t] < 0 {
			continue
		}
		x, j := s[t], t
		for {
			k := p[j]
			p[j] = -1
			if k == t {
				break
			}
			s[j] = s[k]
			j = k
		}
		s[j] = x
	}
}

// permuteFunc is permute through a swap function: along each cycle, swapping
// j with p[j] brings the right item to j and carries the cycle's first item
// forward until it reaches its place.
func permuteFunc(swap func(i, j int), p []int) {
	for t := range p {
		for j := t; p[j] >= 0; {
			k := p[j]
			p[j] = -1
			if k == t {
				break
			}
			swap(j, k)
			j = k
		}
	}
}
