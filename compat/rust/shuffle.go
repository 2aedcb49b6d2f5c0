package rust

import "math/bits"

// Shuffle permutes n elements as rand 0.8's SliceRandom::shuffle: for i
// from n-1 down to 1, swap(i, j) with j uniform in [0, i]. It makes n-1
// swaps (swap(i, i) among them) and draws one u32 each, rarely more, for
// n < 2^32; swap must not draw from r. It panics if n < 0.
func (r *StdRng) Shuffle(n int, swap func(i, j int)) {
	if n < 0 {
		panic("rust: Shuffle: n < 0")
	}
	i := n - 1
	for ; i > 0 && uint64(i) >= 1<<32-1; i-- { // gen_index's u64 branch
		swap(i, r.index(i+1))
	}
	var js [64]uint32
	for i > 0 {
		m := r.indices(&js, i)
		for t, j := range js[:m] {
			swap(i-t, int(j))
		}
		i -= m
	}
}

// ShuffleSlice permutes s as s.shuffle(&mut r) does in rand 0.8: the same
// order as [StdRng.Shuffle] with len(s).
func ShuffleSlice[S ~[]E, E any](r *StdRng, s S) {
	i := len(s) - 1
	for ; i > 0 && uint64(i) >= 1<<32-1; i-- {
		j := r.index(i + 1)
		s[i], s[j] = s[j], s[i]
	}
	var js [64]uint32
	for i > 0 {
		m := r.indices(&js, i)
		for t, j := range js[:m] {
			s[i-t], s[j] = s[j], s[i-t]
		}
		i -= m
	}
}

// indices sets js[t] to gen_index(r, i-t+1), the index a shuffle swaps
// with position i-t, for t from 0 while words are left in r's buffer (in
// a new buffer if none is) and i-t > 0, for 0 < i < 2^32-1; it returns
// how many it set. Drawn before the swaps, as they do not depend on the
// items, the swaps' cache misses overlap instead of each waiting behind
// the next draw, and the draws' rejections are not branched on.
func (r *StdRng) indices(js *[64]uint32, i int) int {
	k := r.i
	if k >= 64 {
		r.refill()
		k = 0
	}
	b := uint32(i + 1) // the bound of the next draw: j in [0, b)
	m := 0
	for k < 64 && b > 1 {
		// While b has sh leading zeros, rand's zone is b<<sh - 1: that holds
		// for the next b-lo+1 words at least, as each takes one off b at most.
		sh := uint(bits.LeadingZeros32(b))
		lo := uint32(1) << (31 - sh)
		c := min(64-k, int(b-lo)+1)
		for _, w := range r.buf[k : k+c] {
			p := uint64(w) * uint64(b)
			js[m&63] = uint32(p >> 32)
			var ok uint32 // 1 when the word is accepted: its low half below the zone plus one
			if uint32(p) < b<<sh {
				ok = 1
			}
			m += int(ok)
			b -= ok
		}
		k += c
	}
	r.i = k
	return m
}
