package php

import "github.com/fairshuffle/shuffle/compat/internal/mt19937"

// MT19937 is the generator behind PHP's mt_rand, shuffle and the other
// functions that draw from PHP's global Mersenne Twister. It is not safe for
// concurrent use.
type MT19937 struct {
	mt mt19937.MT
}

// NewMT19937 returns the generator as mt_srand(seed) leaves it: PHP keeps
// the seed's low 32 bits, so seed and seed+2³² give the same numbers.
func NewMT19937(seed int64) *MT19937 {
	r := new(MT19937)
	r.mt.Seed(uint32(seed))
	return r
}

// Uint32 returns the next 32-bit word, what Random\Engine\Mt19937 generates.
func (r *MT19937) Uint32() uint32 { return r.mt.Uint32() }

// Rand returns mt_rand(): the next word's top 31 bits.
func (r *MT19937) Rand() int64 { return int64(r.mt.Uint32() >> 1) }

// Uint64 returns two words, the first in the low half, as PHP joins them.
// (PHP 8.2 draws so for a range wider than 32 bits.) It makes an MT19937 a
// math/rand/v2 Source.
func (r *MT19937) Uint64() uint64 {
	lo := uint64(r.mt.Uint32())
	return lo | uint64(r.mt.Uint32())<<32
}
