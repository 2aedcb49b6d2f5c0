package ruby

import (
	"math/big"
	"math/bits"
	"strconv"

	"github.com/fairshuffle/shuffle/compat/internal/mt19937"
)

// Random is Ruby's Random: a Mersenne Twister. It is not safe for
// concurrent use.
type Random struct {
	mt mt19937.MT
}

// NewRandom returns the generator Random.new(seed) makes. Ruby seeds from
// |seed|, so seed and -seed give the same numbers, as do seed and seed+2³²
// for 0 <= seed < 2³² (see [NewRandomBig]).
func NewRandom(seed int64) *Random {
	abs := uint64(seed)
	if seed < 0 {
		abs = -abs // -2⁶³ too: its absolute value fits in a uint64
	}
	return newRandom([]uint32{uint32(abs), uint32(abs >> 32)})
}

// NewRandomBig returns the generator Random.new(seed) makes for any integer
// seed, as [NewRandom] does for an int64.
func NewRandomBig(seed *big.Int) *Random {
	var key []uint32
	for _, w := range new(big.Int).Abs(seed).Bits() {
		key = append(key, uint32(w))
		if bits.UintSize == 64 {
			key = append(key, uint32(uint64(w)>>32))
		}
	}
	return newRandom(key)
}

// newRandom seeds from the 32-bit words of |seed|, least significant first,
// as Ruby's rand_init does: leading zero words dropped, then a top word of
// exactly 1 dropped too (Ruby's "leading-zero guard", meant for its own
// random seeds, also catches user seeds); one word seeds with
// init_genrand, more with init_by_array.
func newRandom(key []uint32) *Random {
	for len(key) > 1 && key[len(key)-1] == 0 {
		key = key[:len(key)-1]
	}
	if len(key) > 1 && key[len(key)-1] == 1 {
		key = key[:len(key)-1]
	}
	r := new(Random)
	if len(key) == 0 {
		r.mt.Seed(0)
	} else if len(key) == 1 {
		r.mt.Seed(key[0])
	} else {
		r.mt.SeedArray(key)
	}
	return r
}

// Float returns r.rand: 27 and 26 bits of two words, 53 in all, scaled to
// [0, 1), the reference genrand_res53.
func (r *Random) Float() float64 {
	a, b := r.mt.Uint32()>>5, r.mt.Uint32()>>6
	return float64(uint64(a)<<26|uint64(b)) * 0x1p-53
}

// Rand returns r.rand(n): a uniform int64 in [0, n), drawn as Ruby's
// limited_rand does. It panics if n <= 0, where Ruby raises ArgumentError.
func (r *Random) Rand(n int64) int64 {
	if n <= 0 {
		panic("ruby: Rand: n " + strconv.FormatInt(n, 10) + " <= 0")
	}
	return int64(r.limited(uint64(n - 1)))
}

// Uint64 returns r.rand(2**64): two words, the first the high half. It
// makes a Random a math/rand/v2 Source.
func (r *Random) Uint64() uint64 {
	hi := uint64(r.mt.Uint32())
	return hi<<32 | uint64(r.mt.Uint32())
}

// limited is Ruby's limited_rand: a uniform value in [0, limit]. It masks
// each word to limit's bit length, high word first, and starts over as soon
// as the value so far exceeds limit; limit 0 draws nothing.
func (r *Random) limited(limit uint64) uint64 {
	if limit == 0 {
		return 0
	}
	mask := uint64(1)<<bits.Len64(limit) - 1
	if limit > 1<<32-1 {
		for {
			v := uint64(r.mt.Uint32()) << 32 & mask
			if v > limit {
				continue
			}
			if v |= uint64(r.mt.Uint32()); v <= limit {
				return v
			}
		}
	}
	m := uint32(mask)
	for {
		if v := r.mt.Uint32() & m; uint64(v) <= limit {
			return uint64(v)
		}
	}
}
