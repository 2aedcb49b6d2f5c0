package java

// The generator of java.util.Random: seed = (seed·0x5DEECE66D + 0xB) mod 2⁴⁸,
// as Knuth's TAOCP vol. 2 §3.2.1 gives it; each call returns the high bits.
const (
	multiplier = 0x5DEECE66D
	addend     = 0xB
	mask       = 1<<48 - 1
)

// Random is java.util.Random: a 48-bit linear congruential generator.
// It is not safe for concurrent use.
type Random struct {
	seed uint64

	// nextNextGaussian is the second of the pair NextGaussian draws, held
	// for the next call as Java holds it.
	nextNextGaussian     float64
	haveNextNextGaussian bool
}

// NewRandom returns the generator new java.util.Random(seed) makes.
func NewRandom(seed int64) *Random {
	r := new(Random)
	r.SetSeed(seed)
	return r
}

// SetSeed reseeds r as Java's setSeed does: the seed is scrambled with the
// multiplier, and a held Gaussian is dropped.
func (r *Random) SetSeed(seed int64) {
	r.seed = (uint64(seed) ^ multiplier) & mask
	r.haveNextNextGaussian = false
}

// next is Java's protected next(bits): one step, the top bits of the state.
func (r *Random) next(bits uint) int32 {
	r.seed = (r.seed*multiplier + addend) & mask
	return int32(r.seed >> (48 - bits))
}

// Int32 is Java's nextInt(): 32 random bits as a signed int.
func (r *Random) Int32() int32 { return r.next(32) }

// NextInt returns a uniform int in [0, bound) as Java's nextInt(bound) does.
// It draws 31 bits once for a power of two, else until they fall below the
// last whole multiple of bound. It panics if bound <= 0.
func (r *Random) NextInt(bound int32) int32 {
	if bound <= 0 {
		panic("java: NextInt: bound must be positive")
	}
	return r.nextInt(bound)
}

// nextInt is NextInt without the check, for the shuffle's loop.
func (r *Random) nextInt(bound int32) int32 {
	x := r.next(31)
	m := bound - 1
	if bound&m == 0 { // a power of two: the top bits, not the low ones
		return int32(int64(bound) * int64(x) >> 31)
	}
	// u - x + m overflows int32 exactly when u lies in the last, partial
	// multiple of bound: Java's test, kept with Go's wrapping arithmetic.
	for u := x; ; u = r.next(31) {
		x = u % bound
		if u-x+m >= 0 {
			return x
		}
	}
}

// NextLong returns Java's nextLong(): two 32-bit draws, the second added as
// a signed int.
func (r *Random) NextLong() int64 {
	hi := int64(r.next(32))
	return hi<<32 + int64(r.next(32))
}

// Uint64 returns NextLong's bits, so that a Random is a math/rand/v2 Source.
func (r *Random) Uint64() uint64 { return uint64(r.NextLong()) }

// NextBoolean returns Java's nextBoolean(): the top bit of one step.
func (r *Random) NextBoolean() bool { return r.next(1) != 0 }

// NextFloat returns Java's nextFloat(): 24 bits scaled to [0, 1).
func (r *Random) NextFloat() float32 { return float32(r.next(24)) / (1 << 24) }

// NextDouble returns Java's nextDouble(): 26 and 27 bits, 53 in all, scaled to [0, 1).
func (r *Random) NextDouble() float64 {
	hi := int64(r.next(26))
	return float64(hi<<27+int64(r.next(27))) * 0x1p-53
}
