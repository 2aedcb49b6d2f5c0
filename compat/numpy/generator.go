package numpy

import "math/bits"

// Generator is numpy's Generator on its default bit generator, PCG64.
type Generator struct {
	pcg pcg64
}

// DefaultRNG returns the generator numpy.random.default_rng(seed) makes:
// PCG64 seeded with four words of SeedSequence(seed).generate_state.
func DefaultRNG(seed uint64) *Generator {
	s := seedState(seed, 4)
	g := new(Generator)
	g.pcg.seed(s[0], s[1], s[2], s[3])
	return g
}

// Uint64 returns the next 64-bit output, bit_generator.random_raw(), making
// a [Generator] a math/rand/v2 Source. It leaves the kept 32-bit half alone.
func (g *Generator) Uint64() uint64 {
	return g.pcg.next64()
}

// Random returns Generator.random(): the top 53 bits of one 64-bit output,
// over 2⁵³.
func (g *Generator) Random() float64 {
	return float64(g.pcg.next64()>>11) * (1.0 / 9007199254740992)
}

// Integers returns Generator.integers(low, high): an int64 in [low, high)
// by Lemire's multiply-and-reject, on a 32-bit half-word when high-low-1 <
// 2³², else on a 64-bit word. It panics if low ≥ high.
func (g *Generator) Integers(low, high int64) int64 {
	if low >= high {
		panic("numpy: Integers: low >= high")
	}
	return low + int64(g.bounded(uint64(high)-uint64(low)-1))
}

// bounded returns numpy's random_bounded_uint64(0, rng) (Lemire's, not
// masked): a uniform value in [0, rng], on a 32-bit half when rng < 2³².
func (g *Generator) bounded(rng uint64) uint64 {
	switch {
	case rng == 0:
		return 0 // no draw
	case rng == 0xFFFFFFFF:
		return uint64(g.pcg.next32())
	case rng < 0xFFFFFFFF:
		return uint64(g.lemire32(uint32(rng)))
	case rng == ^uint64(0):
		return g.pcg.next64()
	}
	return g.lemire64(rng)
}

// lemire32 returns a uniform value in [0, rng] for rng < 2³²-1: the high
// half of a 32-bit draw times rng+1, drawn again while the low half is
// below 2³² mod (rng+1) (Lemire, ACM TOMACS 2019).
func (g *Generator) lemire32(rng uint32) uint32 {
	excl := rng + 1
	m := uint64(g.pcg.next32()) * uint64(excl)
	if uint32(m) < excl {
		threshold := (0xFFFFFFFF - rng) % excl
		for uint32(m) < threshold {
			m = uint64(g.pcg.next32()) * uint64(excl)
		}
	}
	return uint32(m >> 32)
}

// lemire64 is lemire32 on 64-bit words, for 2³²-1 < rng < 2⁶⁴-1.
func (g *Generator) lemire64(rng uint64) uint64 {
	excl := rng + 1
	hi, lo := bits.Mul64(g.pcg.next64(), excl)
	if lo < excl {
		threshold := (^rng) % excl
		for lo < threshold {
			hi, lo = bits.Mul64(g.pcg.next64(), excl)
		}
	}
	return hi
}

// interval returns numpy's random_interval(max): draws masked to the
// bits of max, until one is at most max; 32-bit halves when max < 2³².
func (g *Generator) interval(max uint64) uint64 {
	mask := ^uint64(0) >> bits.LeadingZeros64(max|1)
	if max <= 0xFFFFFFFF {
		for {
			if v := uint64(g.pcg.next32()) & mask; v <= max {
				return v
			}
		}
	}
	for {
		if v := g.pcg.next64() & mask; v <= max {
			return v
		}
	}
}
