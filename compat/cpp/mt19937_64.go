package cpp

// The parameters of std::mt19937_64 ([rand.predef] in the C++ standard).
const (
	mt64N     = 312
	mt64M     = 156
	mt64A     = 0xb5026f5aa96619e9
	mt64Upper = 0xffffffff80000000
	mt64Lower = 0x7fffffff
)

// MT19937_64 is std::mt19937_64, the 64-bit Mersenne Twister.
type MT19937_64 struct {
	x [mt64N]uint64
	i int // the next word of x to temper; mt64N when x must be regenerated
}

// NewMT19937_64 returns std::mt19937_64(seed): std::mt19937_64 seeded with
// one number, [DefaultSeed] for a default-constructed engine.
func NewMT19937_64(seed uint64) *MT19937_64 {
	m := new(MT19937_64)
	m.Seed(seed)
	return m
}

// Seed reseeds m as m.seed(seed) does in C++.
func (m *MT19937_64) Seed(seed uint64) {
	m.x[0] = seed
	for i := 1; i < mt64N; i++ {
		p := m.x[i-1]
		m.x[i] = 6364136223846793005*(p^p>>62) + uint64(i)
	}
	m.i = mt64N
}

// Uint64 returns the engine's next word, as m() does in C++; with it m is a
// math/rand/v2 Source.
func (m *MT19937_64) Uint64() uint64 {
	if m.i >= mt64N {
		m.generate()
	}
	y := m.x[m.i]
	m.i++
	y ^= y >> 29 & 0x5555555555555555
	y ^= y << 17 & 0x71d67fffeda60000
	y ^= y << 37 & 0xfff7eee000000000
	return y ^ y>>43
}

// Discard advances m by z words, as m.discard(z) does in C++.
func (m *MT19937_64) Discard(z uint64) {
	for ; z > 0; z-- {
		m.Uint64()
	}
}

// generate regenerates the 312 words of state at once, as libstdc++ does.
func (m *MT19937_64) generate() {
	x := &m.x
	for k := 0; k < mt64N-mt64M; k++ {
		y := x[k]&mt64Upper | x[k+1]&mt64Lower
		x[k] = x[k+mt64M] ^ y>>1 ^ -(y&1)&mt64A
	}
	for k := mt64N - mt64M; k < mt64N-1; k++ {
		y := x[k]&mt64Upper | x[k+1]&mt64Lower
		x[k] = x[k+mt64M-mt64N] ^ y>>1 ^ -(y&1)&mt64A
	}
	y := x[mt64N-1]&mt64Upper | x[0]&mt64Lower
	x[mt64N-1] = x[mt64M-1] ^ y>>1 ^ -(y&1)&mt64A
	m.i = 0
}
