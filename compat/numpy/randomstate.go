package numpy

import (
	"math/bits"

	"github.com/fairshuffle/shuffle/compat/internal/mt19937"
)

// RandomState is numpy's legacy numpy.random.RandomState: MT19937 and the
// methods of mtrand, whose stream numpy keeps frozen.
type RandomState struct {
	mt mt19937.MT
}

// NewRandomState returns the generator numpy.random.RandomState(seed) (and
// numpy.random.seed(seed)) makes: MT19937 seeded by init_genrand(seed).
func NewRandomState(seed uint32) *RandomState {
	r := new(RandomState)
	r.mt.Seed(seed)
	return r
}

// Uint64 returns MT19937's next_uint64: two 32-bit outputs, the first the
// high half. It makes a [RandomState] a math/rand/v2 Source.
func (r *RandomState) Uint64() uint64 {
	hi := uint64(r.mt.Uint32())
	return hi<<32 | uint64(r.mt.Uint32())
}

// RandomSample returns RandomState.random_sample(): 53 bits of two 32-bit
// outputs (27 and 26 bits) over 2⁵³, as CPython's random() makes them.
func (r *RandomState) RandomSample() float64 {
	a, b := r.mt.Uint32()>>5, r.mt.Uint32()>>6
	return (float64(a)*67108864 + float64(b)) * (1.0 / 9007199254740992)
}

// RandInt returns RandomState.randint(low, high, dtype=np.int64): an int64
// in [low, high) by masked rejection, on 32-bit outputs when high-low-1 <
// 2³², else on [RandomState.Uint64]. It panics if low ≥ high.
func (r *RandomState) RandInt(low, high int64) int64 {
	if low >= high {
		panic("numpy: RandInt: low >= high")
	}
	rng := uint64(high) - uint64(low) - 1
	mask := ^uint64(0) >> bits.LeadingZeros64(rng|1)
	switch {
	case rng == 0:
		return low
	case rng <= 0xFFFFFFFF:
		for {
			if v := uint64(r.mt.Uint32()) & mask; v <= rng {
				return low + int64(v)
			}
		}
	}
	for {
		if v := r.Uint64() & mask; v <= rng {
			return low + int64(v)
		}
	}
}

// Permutation returns RandomState.permutation(n): arange(n) shuffled by
// [RandomState.Shuffle]'s loop, in O(n) time, about 1.4 32-bit outputs per
// item. It panics if n < 0.
func (r *RandomState) Permutation(n int) []int {
	if n < 0 {
		panic("numpy: Permutation: negative n")
	}
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	i := n - 1
	for ; i > 0 && uint64(i) > 0xFFFFFFFF; i-- {
		j := r.interval(uint64(i))
		p[i], p[j] = p[j], p[i]
	}
	var js [blockLen]uint32 // as in ShuffleSlice: a block's indices, then its swaps
	for i > 0 {
		m := min(i, blockLen)
		r.indices(js[:m], i)
		for k, j := range js[:m] {
			p[i-k], p[j] = p[j], p[i-k]
		}
		i -= m
	}
	return p
}

// Shuffle shuffles as RandomState.shuffle(x) with len(x) = n: for i from
// n-1 down to 1, swap(i, random_interval(i)). swap must not draw from r.
// It panics if n < 0.
func (r *RandomState) Shuffle(n int, swap func(i, j int)) {
	if n < 0 {
		panic("numpy: Shuffle: negative n")
	}
	i := n - 1
	for ; i > 0 && uint64(i) > 0xFFFFFFFF; i-- {
		swap(i, int(r.interval(uint64(i))))
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

// indices sets js[k] to random_interval(i-k) for i < 2³², len(js) ≤ i: a
// block of a shuffle's draws.
func (r *RandomState) indices(js []uint32, i int) {
	for k := range js {
		top := uint32(i - k)
		mask := uint32(0xFFFFFFFF) >> bits.LeadingZeros32(top)
		v := r.mt.Uint32() & mask
		for v > top {
			v = r.mt.Uint32() & mask
		}
		js[k] = v
	}
}

// interval is numpy's random_interval(max) on MT19937: masked draws until
// one is at most max, 32-bit outputs when max < 2³².
func (r *RandomState) interval(max uint64) uint64 {
	mask := ^uint64(0) >> bits.LeadingZeros64(max|1)
	if max <= 0xFFFFFFFF {
		for {
			if v := uint64(r.mt.Uint32()) & mask; v <= max {
				return v
			}
		}
	}
	for {
		if v := r.Uint64() & mask; v <= max {
			return v
		}
	}
}
