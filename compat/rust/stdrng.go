package rust

// StdRng is rand 0.8's StdRng: ChaCha12 read through a buffer of 64 words.
type StdRng struct {
	key     [8]uint32
	counter uint64 // the block counter of the next refill
	buf     [64]uint32
	i       int // the next word of buf; 64 when buf is used up
}

// SeedFromU64 returns StdRng::seed_from_u64(seed) as rand 0.8.5 defines it.
func SeedFromU64(seed uint64) *StdRng {
	return &StdRng{key: seedKey(seed), i: 64}
}

// refill computes the next four blocks into r.buf.
func (r *StdRng) refill() {
	block4(&r.key, r.counter, &r.buf)
	r.counter += 4
}

// Uint32 returns the next word, as RngCore::next_u32 (and gen::<u32>()).
func (r *StdRng) Uint32() uint32 {
	if r.i >= 64 {
		r.refill()
		r.i = 0
	}
	v := r.buf[r.i]
	r.i++
	return v
}

// Uint64 returns the next two words, the first in the low half, as
// RngCore::next_u64; with it r is a math/rand/v2 Source.
func (r *StdRng) Uint64() uint64 {
	switch i := r.i; {
	case i < 63:
		r.i += 2
		return uint64(r.buf[i+1])<<32 | uint64(r.buf[i])
	case i >= 64:
		r.refill()
		r.i = 2
		return uint64(r.buf[1])<<32 | uint64(r.buf[0])
	}
	// One word is left: it is the low half, and the next buffer's first
	// word the high half (rand_core 0.6's BlockRng::next_u64).
	lo := uint64(r.buf[63])
	r.refill()
	r.i = 1
	return uint64(r.buf[0])<<32 | lo
}

// Float64 returns a float in [0, 1) as gen::<f64>(): the high 53 bits of
// [StdRng.Uint64] over 2^53.
func (r *StdRng) Float64() float64 {
	return float64(r.Uint64()>>11) * 0x1p-53
}
