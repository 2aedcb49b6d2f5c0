package rust

import "math/bits"

// Shuffle permutes n elements as rand 0.8's SliceRandom::shuffle: for i
// from n-1 down to 1, swap(i, j) with j uniform in [0, i]. It makes n-1
// swaps (swap(i, i) among them) and draws one u32 each, rarely more, for
// n < 2^32; it panics if n < 0.
func (r *StdRng) Shuffle(n int, swap func(i, j int)) {
	if n < 0 {
		panic("rust: Shuffle: n < 0")
	}
	i := n - 1
	for ; i > 0 && uint64(i) >= 1<<32-1; i-- { // gen_index's u64 branch
		swap(i, r.index(i+1))
	}
	// The u32 branch, r.below32 inlined by hand with the buffer's index in
	// a local: the swaps cannot then make the compiler reload it.
	k := r.i
	for ; i > 0; i-- {
		s := uint32(i + 1)
		zone := s<<bits.LeadingZeros32(s) - 1
		for {
			if k >= 64 {
				r.refill()
				k = 0
			}
			p := uint64(r.buf[k]) * uint64(s)
			k++
			if uint32(p) <= zone {
				swap(i, int(p>>32))
				break
			}
		}
	}
	r.i = k
}

// ShuffleSlice permutes s as s.shuffle(&mut r) does in rand 0.8: the same
// order as [StdRng.Shuffle] with len(s).
func ShuffleSlice[S ~[]E, E any](r *StdRng, s S) {
	i := len(s) - 1
	for ; i > 0 && uint64(i) >= 1<<32-1; i-- {
		j := r.index(i + 1)
		s[i], s[j] = s[j], s[i]
	}
	// As in Shuffle.
	k := r.i
	for ; i > 0; i-- {
		b := uint32(i + 1)
		zone := b<<bits.LeadingZeros32(b) - 1
		for {
			if k >= 64 {
				r.refill()
				k = 0
			}
			p := uint64(r.buf[k]) * uint64(b)
			k++
			if uint32(p) <= zone {
				j := p >> 32
				s[i], s[j] = s[j], s[i]
				break
			}
		}
	}
	r.i = k
}
