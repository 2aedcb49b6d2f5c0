package cpp

import "math/bits"

// Integer is the set of integer types [UniformInt] draws, as the IntType
// of std::uniform_int_distribution<IntType>.
type Integer interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr
}

// UniformInt returns std::uniform_int_distribution<T>(a, b)(g) as
// libstdc++ computes it: a uniform integer in [a, b].
// It draws one word of g and, rarely, more; it panics if a > b.
func UniformInt[T Integer, G Engine](g G, a, b T) T {
	if a > b {
		panic("cpp: UniformInt: a > b")
	}
	// libstdc++ works in the unsigned type common to the engine's and T's:
	// 64 bits for both engines where unsigned long is 64 bits wide, and a
	// range b-a that fits T gives the same draws in any width.
	r := uint64(b) - uint64(a)
	switch g := any(g).(type) {
	case *MT19937:
		r = uniform32(g, r)
	case *MT19937_64:
		r = uniform64(g, r)
	}
	return T(uint64(a) + r)
}

// uniform32 returns a uniform integer in [0, r] from g as libstdc++'s
// uniform_int_distribution::operator() does with a 32-bit engine: Lemire's
// nearly divisionless method for a smaller range, one word for the same
// range, and for a larger one the high part drawn first, recursively, and a
// word added, rejected when past r.
func uniform32(g *MT19937, r uint64) uint64 {
	switch {
	case r < 1<<32-1:
		return uint64(lemire32(g, uint32(r+1)))
	case r == 1<<32-1:
		return uint64(g.Uint32())
	}
	for {
		hi := uniform32(g, r>>32) << 32
		v := hi + uint64(g.Uint32())
		if v <= r && v >= hi {
			return v
		}
	}
}

// uniform64 returns a uniform integer in [0, r] from g as libstdc++ does
// with a 64-bit engine.
func uniform64(g *MT19937_64, r uint64) uint64 {
	if r == 1<<64-1 {
		return g.Uint64()
	}
	return lemire64(g, r+1)
}

// lemire32 returns a uniform integer in [0, s) for 0 < s, as libstdc++'s
// _S_nd: the high half of a word times s, a product whose low half is below
// 2^32 mod s rejected (Lemire, "Fast Random Integer Generation in an
// Interval", ACM TOMACS 29(1), 2019).
func lemire32(g *MT19937, s uint32) uint32 {
	p := uint64(g.Uint32()) * uint64(s)
	if uint32(p) < s {
		t := -s % s
		for uint32(p) < t {
			p = uint64(g.Uint32()) * uint64(s)
		}
	}
	return uint32(p >> 32)
}

// lemire64 is [lemire32] on 64-bit words, for 0 < s.
func lemire64(g *MT19937_64, s uint64) uint64 {
	hi, lo := bits.Mul64(g.Uint64(), s)
	if lo < s {
		t := -s % s
		for lo < t {
			hi, lo = bits.Mul64(g.Uint64(), s)
		}
	}
	return hi
}
