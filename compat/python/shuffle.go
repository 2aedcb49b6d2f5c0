package python

import "math/bits"

// Shuffle shuffles as random.shuffle(x) with len(x) = n: for i from n-1 down
// to 1, swap(i, _randbelow(i+1)); O(n), about one 32-bit word per item.
// It panics if n < 0.
func (r *Random) Shuffle(n int, swap func(i, j int)) {
	if n < 0 {
		panic("python: Shuffle: negative n")
	}
	i := n - 1
	for ; i > 0 && uint64(i) >= 0xFFFFFFFF; i-- { // i+1 ≥ 2³²: more than 32 bits
		swap(i, int(r.below(uint64(i)+1)))
	}
	for ; i > 0; i-- {
		swap(i, int(r.below32(uint32(i)+1)))
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
	// In blocks: first a block's indices (below32 written out, as a call
	// would not inline), then its swaps, so that the swaps' cache misses
	// overlap instead of waiting behind each mispredicted rejection.
	var js [blockLen]uint32
	for i > 0 {
		m := min(i, blockLen)
		for k := range js[:m] {
			n := uint32(i-k) + 1
			shift := uint(bits.LeadingZeros32(n))
			j := r.mt.Uint32() >> shift
			for j >= n {
				j = r.mt.Uint32() >> shift
			}
			js[k] = j
		}
		for k, j := range js[:m] {
			s[i-k], s[j] = s[j], s[i-k]
		}
		i -= m
	}
}

// blockLen is how many indices ShuffleSlice draws before it swaps.
const blockLen = 64

// below32 is _randbelow(n) for 1 ≤ n < 2³²: the top n.bit_length() bits of
// a 32-bit word, until they are below n.
func (r *Random) below32(n uint32) uint32 {
	shift := uint(bits.LeadingZeros32(n))
	for {
		if v := r.mt.Uint32() >> shift; v < n {
			return v
		}
	}
}
