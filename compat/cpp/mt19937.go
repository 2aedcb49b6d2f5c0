package cpp

import "github.com/fairshuffle/shuffle/compat/internal/mt19937"

// DefaultSeed is the seed of a default-constructed std::mt19937 or
// std::mt19937_64.
const DefaultSeed = 5489

// MT19937 is std::mt19937, the 32-bit Mersenne Twister. The standard's
// parameters and seeding are the reference code's init_genrand.
type MT19937 struct {
	mt mt19937.MT
}

// NewMT19937 returns std::mt19937(seed): std::mt19937 seeded with one
// number, [DefaultSeed] for a default-constructed engine.
func NewMT19937(seed uint32) *MT19937 {
	m := new(MT19937)
	m.Seed(seed)
	return m
}

// Seed reseeds m as m.seed(seed) does in C++.
func (m *MT19937) Seed(seed uint32) { m.mt.Seed(seed) }

// Uint32 returns the engine's next word, as m() does in C++.
func (m *MT19937) Uint32() uint32 { return m.mt.Uint32() }

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
