package python

import (
	"crypto/sha512"
	"encoding/binary"
	"math/big"
	"math/bits"

	"github.com/fairshuffle/shuffle/compat/internal/mt19937"
)

// Random is CPython's random.Random: a Mersenne Twister and the methods
// that draw from it as random.py does.
type Random struct {
	mt mt19937.MT
}

// New returns the generator random.Random(seed) makes: seeded by
// init_by_array with the 32-bit words of |seed|, so New(-s) equals New(s).
func New(seed int64) *Random {
	u := uint64(seed)
	if seed < 0 {
		u = -u // |math.MinInt64| is 2⁶³, which uint64 holds
	}
	r := new(Random)
	if u>>32 == 0 {
		r.mt.SeedArray([]uint32{uint32(u)})
	} else {
		r.mt.SeedArray([]uint32{uint32(u), uint32(u >> 32)})
	}
	return r
}

// NewBig returns the generator random.Random(seed) makes for an int of any
// size: seeded by init_by_array with the 32-bit words of |seed|.
func NewBig(seed *big.Int) *Random {
	return newBigEndian(new(big.Int).Abs(seed).Bytes())
}

// NewBytes returns the generator random.Random(seed) makes for bytes or a
// bytearray. Like random.seed's version 2, it seeds with the integer whose
// big-endian bytes are seed followed by its SHA-512.
func NewBytes(seed []byte) *Random {
	sum := sha512.Sum512(seed)
	return newBigEndian(append(append([]byte(nil), seed...), sum[:]...))
}

// NewString returns the generator random.Random(seed) makes for a str:
// the seed's UTF-8 bytes, as [NewBytes] takes them. (A string that is not
// UTF-8 is no Python str; it seeds as its bytes.)
func NewString(seed string) *Random {
	return NewBytes([]byte(seed))
}

// newBigEndian seeds with the integer whose big-endian bytes are b: its
// 32-bit words, least significant first, at least one of them.
func newBigEndian(b []byte) *Random {
	for len(b) > 0 && b[0] == 0 {
		b = b[1:]
	}
	key := make([]uint32, max(1, (len(b)+3)/4))
	for i := range key {
		for j := range 4 {
			if p := len(b) - 1 - 4*i - j; p >= 0 {
				key[i] |= uint32(b[p]) << (8 * j)
			}
		}
	}
	r := new(Random)
	r.mt.SeedArray(key)
	return r
}

// Random returns random.random(): a float64 in [0, 1) from 53 bits of two
// 32-bit words (27 and 26 bits).
func (r *Random) Random() float64 {
	a, b := r.mt.Uint32()>>5, r.mt.Uint32()>>6
	return (float64(a)*67108864 + float64(b)) * (1.0 / 9007199254740992)
}

// GetRandBits returns random.getrandbits(k) for 0 ≤ k ≤ 64. It takes the
// top k bits of one 32-bit word for k ≤ 32, else two words, the first the
// low half.
//
// CPython's larger k go on in words, least significant first, the last
// one's top bits; [Random.RandBytes] draws those. It panics unless 0 ≤ k ≤ 64.
func (r *Random) GetRandBits(k int) uint64 {
	switch {
	case k < 0 || k > 64:
		panic("python: GetRandBits: k out of [0, 64]")
	case k == 0:
		return 0 // CPython 3.9 and later; 3.8 and earlier raise ValueError
	case k <= 32:
		return uint64(r.mt.Uint32() >> (32 - k))
	}
	lo := uint64(r.mt.Uint32())
	return lo | uint64(r.mt.Uint32()>>(64-k))<<32
}

// Uint64 returns getrandbits(64), making a [Random] a math/rand/v2 Source.
func (r *Random) Uint64() uint64 {
	lo := uint64(r.mt.Uint32())
	return lo | uint64(r.mt.Uint32())<<32
}

// RandBytes returns random.randbytes(n) (CPython 3.9 and later):
// getrandbits(8n) as n little-endian bytes. It panics if n < 0.
func (r *Random) RandBytes(n int) []byte {
	if n < 0 {
		panic("python: RandBytes: negative n")
	}
	out := make([]byte, n)
	i := 0
	for ; i+4 <= n; i += 4 {
		binary.LittleEndian.PutUint32(out[i:], r.mt.Uint32())
	}
	if rest := n - i; rest > 0 {
		w := r.mt.Uint32() >> (32 - 8*rest)
		for j := range rest {
			out[i+j] = byte(w >> (8 * j))
		}
	}
	return out
}

// Uniform returns random.uniform(a, b): a + (b-a)*random().
func (r *Random) Uniform(a, b float64) float64 {
	return a + (b-a)*r.Random()
}

// below returns _randbelow(n) for n ≥ 1: getrandbits(n.bit_length()) until
// the draw is below n, fewer than two draws on average.
func (r *Random) below(n uint64) uint64 {
	k := bits.Len64(n)
	if k <= 32 {
		shift := uint(32 - k)
		for {
			if v := uint64(r.mt.Uint32() >> shift); v < n {
				return v
			}
		}
	}
	for {
		if v := r.GetRandBits(k); v < n {
			return v
		}
	}
}

// below65 returns _randbelow(2⁶⁴): getrandbits(65) until its top bit is
// clear, three words a draw.
func (r *Random) below65() uint64 {
	for {
		v := r.Uint64()
		if r.mt.Uint32()>>31 == 0 {
			return v
		}
	}
}
