package rust

import "math/bits"

// GenRange returns a uniform integer in [low, high), as
// gen_range(low..high) on u64 in rand 0.8. It draws one u64 and, rarely,
// more; it panics if low >= high.
func (r *StdRng) GenRange(low, high uint64) uint64 {
	if low >= high {
		panic("rust: GenRange: low >= high")
	}
	return low + r.below64(high-low)
}

// below64 returns a uniform integer in [0, s) for s > 0 as rand 0.8's
// UniformInt::sample_single: the high word of a u64 times s, accepted when
// the low word is at most the zone, s shifted to the top bit, less one —
// a cheap, conservative bound that rejects a little more than it must.
func (r *StdRng) below64(s uint64) uint64 {
	zone := s<<bits.LeadingZeros64(s) - 1
	for {
		hi, lo := bits.Mul64(r.Uint64(), s)
		if lo <= zone {
			return hi
		}
	}
}

// below32 is [StdRng.below64] on u32 words, as gen_range(0..s as u32).
func (r *StdRng) below32(s uint32) uint32 {
	zone := s<<bits.LeadingZeros32(s) - 1
	for {
		p := uint64(r.Uint32()) * uint64(s)
		if uint32(p) <= zone {
			return uint32(p >> 32)
		}
	}
}

// index returns rand 0.8's gen_index(r, n): a u32 draw when n fits in 32
// bits, else a u64 draw.
func (r *StdRng) index(n int) int {
	if uint64(n) <= 1<<32-1 {
		return int(r.below32(uint32(n)))
	}
	return int(r.below64(uint64(n)))
}
