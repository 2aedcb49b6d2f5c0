package python

import "math/bits"

// Shuffle shuffles as random.shuffle(x) with len(x) = n: for i from n-1 down
// to 1, swap(i, _randbelow(i+1)); O(n), about 1.4 32-bit words per item.
// swap must not draw from r. It panics if n < 0.
func (r *Random) Shuffle(n int, swap func(i, j int)) {
	if n < 0 {
		panic("python: Shuffle: negative n")
	}
	i := n - 1
	for ; i > 0 && uint64(i) >= 0xFFFFFFFF; i-- { // i+1 ≥ 2³²: more than 32 bits
		swap(i, int(r.below(uint64(i)+1)))
	}
	var js [blockLen]uint32
	for i > 0 {
		m := min(i, blockLen)
		r.indices(js[:m], i)
		for k, j := range js[:m] {
			swap(i-k, int(j))
		}
		i -= m
	}
}

// ShuffleSlice shuffles s as random.shuffle(s) does, without a call per
// item: the same order as [Random.Shuffle].
func ShuffleSlice[S ~[]E, E any](r *Random, s S) {
	i := len(s) - 1
	for ; i > 0 && uint64(i) >= 0xFFFFFFFF; i-- {
		j := r.below(uint64(i) + 1)
		s[i], s[j] = s[j], s[i]
	}
	var js [blockLen]uint32
	for i > 0 {
		m := min(i, blockLen)
		r.indices(js[:m], i)
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

// indices sets js[k] to _randbelow(i-k+1) for i < 2³²-1, len(js) ≤ i: a
// block of a shuffle's draws, each the top bits of a 32-bit word, drawn
// again while not below i-k+1.
func (r *Random) indices(js []uint32, i int) {
	for k := range js {
		n := uint32(i-k) + 1
		shift := uint(bits.LeadingZeros32(n))
		j := r.mt.Uint32() >> shift
		for j >= n {
			j = r.mt.Uint32() >> shift
		}
		js[k] = j
	}
}
