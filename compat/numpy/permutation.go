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
// down to 1, swap(i, random_interval(i)). It panics if n < 0.
func (g *Generator) Shuffle(n int, swap func(i, j int)) {
	if n < 0 {
		panic("numpy: Shuffle: negative n")
	}
	for i := n - 1; i > 0; i-- {
		swap(i, int(g.interval(uint64(i))))
	}
}

// blockLen is how many indices ShuffleSlice draws before it swaps.
const blockLen = 64

// ShuffleSlice shuffles s as Generator.shuffle(s) does, in the order of
// [Generator.Shuffle], with the generator's state kept in locals.
func ShuffleSlice[S ~[]E, E any](g *Generator, s S) {
	i := len(s) - 1
	for ; i > 0 && uint64(i) > 0xFFFFFFFF; i-- { // random_interval's 64-bit draws
		j := g.interval(uint64(i))
		s[i], s[j] = s[j], s[i]
	}
	// The 32-bit loop, in blocks: first the block's indices (next32 and step
	// written out, the state in locals), then its swaps. The indices do not
	// depend on the items, so the swaps' cache misses overlap instead of
	// waiting behind each draw's mispredicted rejection branch.
	p := g.pcg
	hi, lo, has32, buf := p.hi, p.lo, p.has32, p.buf32
	var js [blockLen]uint32
	for i > 0 {
		m := min(i, blockLen)
		for k := range js[:m] {
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
					lo, c = bits.Add64(l, p.incLo, 0)
					hi = h + p.incHi + c
					w := bits.RotateLeft64(hi^lo, -int(hi>>58))
					v, buf, has32 = uint32(w), uint32(w>>32), true
				}
				if v &= mask; v <= top {
					js[k] = v
					break
				}
			}
		}
		for k, j := range js[:m] {
			s[i-k], s[j] = s[j], s[i-k]
		}
		i -= m
	}
	g.pcg.hi, g.pcg.lo, g.pcg.has32, g.pcg.buf32 = hi, lo, has32, buf
}
