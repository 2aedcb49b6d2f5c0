package cpp

// The parameters of std::mt19937 ([rand.predef] in the C++ standard).
const (
	mt32N     = 624
	mt32M     = 397
	mt32A     = 0x9908b0df
	mt32Upper = 0x80000000
	mt32Lower = 0x7fffffff
)

// DefaultSeed is the seed of a default-constructed std::mt19937 or
// std::mt19937_64.
const DefaultSeed = 5489

// MT19937 is std::mt19937, the 32-bit Mersenne Twister.
type MT19937 struct {
	x [mt32N]uint32
	i int // the next word of x to temper; mt32N when x must be regenerated
}

// NewMT19937 returns std::mt19937(seed): std::mt19937 seeded with one
// number, [DefaultSeed] for a default-constructed engine.
func NewMT19937(seed uint32) *MT19937 {
	m := new(MT19937)
	m.Seed(seed)
	return m
}

// Seed reseeds m as m.seed(seed) does in C++.
func (m *MT19937) Seed(seed uint32) {
	m.x[0] = seed
	for i := 1; i < mt32N; i++ {
		p := m.x[i-1]
		m.x[i] = 1812433253*(p^p>>30) + uint32(i)
	}
	m.i = mt32N
}

// Uint32 returns the engine's next word, as m() does in C++.
func (m *MT19937) Uint32() uint32 {
	if m.i >= mt32N {
		m.generate()
	}
	y := m.x[m.i]
	m.i++
	y ^= y >> 11
	y ^= y << 7 & 0x9d2c5680
	y ^= y << 15 & 0xefc60000
	return y ^ y>>18
}

// Uint64 returns two words, the first in the high half, so that m is a
// math/rand/v2 Source.
func (m *MT19937) Uint64() uint64 {
	hi := m.Uint32()
	return uint64(hi)<<32 | uint64(m.Uint32())
}

// Discard advances m by z words, as m.discard(z) does in C++.
func (m *MT19937) Discard(z uint64) {
	for ; z > 0; z-- {
		m.Uint32()
	}
}

// generate regenerates the 624 words of state at once, as libstdc++ does.
func (m *MT19937) generate() {
	x := &m.x
	for k := 0; k < mt32N-mt32M; k++ {
		y := x[k]&mt32Upper | x[k+1]&mt32Lower
		x[k] = x[k+mt32M] ^ y>>1 ^ -(y&1)&mt32A
	}
	for k := mt32N - mt32M; k < mt32N-1; k++ {
		y := x[k]&mt32Upper | x[k+1]&mt32Lower
		x[k] = x[k+mt32M-mt32N] ^ y>>1 ^ -(y&1)&mt32A
	}
	y := x[mt32N-1]&mt32Upper | x[0]&mt32Lower
	x[mt32N-1] = x[mt32M-1] ^ y>>1 ^ -(y&1)&mt32A
	m.i = 0
}
