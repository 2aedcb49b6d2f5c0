package numpy

import "math/bits"

// Permutation returns Generator.permutation(n): arange(n) shuffled by
// [Generator.Shuffle]'s loop, in O(n) time, about 0.7 64-bit words per
// item. It panics if n < 0.
func (g *Generator) Permutation(n int) []int {
	if n < 0 {
		panic("numpy: Permutation: negative n")
	}
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	ShuffleSlice(g, p)
	return p
}

// Shuffle shuffles as Generator.shuffle(x) with len(x) = n: for i from n-1
// down to 1, swap(i, random_interval(i)). swap must not draw from g. It
// panics if n < 0.
func (g *Generator) Shuffle(n int, swap func(i, j int)) {
	if n < 0 {
		panic("numpy: Shuffle: negative n")
	}
	i := n - 1
	for ; i > 0 && uint64(i) > 0xFFFFFFFF; i-- { // random_interval's 64-bit draws
		swap(i, int(g.interval(uint64(i))))
	}
	var js [blockLen]uint32
	for i > 0 {
		m := min(i, blockLen)
		g.indices(js[:m], i)
		for k, j := range js[:m] {
			swap(i-k, int(j))
		}
		i -= m
	}
}

// ShuffleSlice shuffles s as Generator.shuffle(s) does, in the order of
// [Generator.Shuffle], without a call per item.
func ShuffleSlice[S ~[]E, E any](g *Generator, s S) {
	i := len(s) - 1
	for ; i > 0 && uint64(i) > 0xFFFFFFFF; i-- {
		j := g.interval(uint64(i))
		s[i], s[j] = s[j], s[i]
	}
	var js [blockLen]uint32
	for i > 0 {
		m := min(i, blockLen)
		g.indices(js[:m], i)
		for k, j := range js[:m] {
			s[i-k], s[j] = s[j], s[i-k]
		}
		i -= m
	}
}

// blockLen is how many indices a shuffle draws before it swaps: drawn
// first, as they do not depend on the items, the swaps' cache misses
// overlap instead of waiting behind each draw's mispredicted rejection.
const blockLen = 64

// indices sets js[k] to random_interval(i-k) for i < 2³², len(js) ≤ i: a
// block of a shuffle's draws, with next32 and the LCG's step written out
// and the state in locals.
func (g *Generator) indices(js []uint32, i int) {
	p := &g.pcg
	hi, lo, has32, buf := p.hi, p.lo, p.has32, p.buf32
	incHi, incLo := p.incHi, p.incLo
	for k := range js {
		top := uint32(i - k)
		mask := uint32(0xFFFFFFFF) >> bits.LeadingZeros32(top)
		for {
			var v uint32
			if has32 {
				v, has32 = buf, false
			} else {
				h, l := bits.Mul64(lo, mulLo)
				h += hi*mulLo + lo*mulHi
				var c uint64
				lo, c = bits.Add64(l, incLo, 0)
				hi = h + incHi + c
				w := bits.RotateLeft64(hi^lo, -int(hi>>58))
				v, buf, has32 = uint32(w), uint32(w>>32), true
			}
			if v &= mask; v <= top {
				js[k] = v
				break
			}
		}
	}
	p.hi, p.lo, p.has32, p.buf32 = hi, lo, has32, buf
}
