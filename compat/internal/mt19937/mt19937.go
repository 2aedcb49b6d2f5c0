// Package mt19937 is the 32-bit Mersenne Twister of Matsumoto and Nishimura
// (ACM TOMACS 8(1), 1998), with both of the reference code's seedings,
// init_genrand and init_by_array, as the compat packages need it: CPython's
// random, numpy's RandomState and, for other ecosystems, std::mt19937 and
// PHP's mt_rand share it.
package mt19937

const (
	n         = 624
	m         = 397
	matrixA   = 0x9908b0df
	upperMask = 0x80000000
	lowerMask = 0x7fffffff
)

// MT is the generator's state: 624 words, the 624 outputs made from them,
// and the index of the next output.
//
// The outputs are tempered all at once so that [MT.Uint32] inlines. The
// zero MT is not seeded: call [MT.Seed] or [MT.SeedArray] first.
type MT struct {
	mt  [n]uint32
	out [n]uint32
	i   int
}

// Seed seeds the state as the reference code's init_genrand(s).
func (g *MT) Seed(s uint32) {
	g.mt[0] = s
	for i := 1; i < n; i++ {
		g.mt[i] = 1812433253*(g.mt[i-1]^g.mt[i-1]>>30) + uint32(i)
	}
	g.i = n
}

// SeedArray seeds the state as the reference code's init_by_array(key),
// which CPython's random.seed uses. It panics if key is empty, as the
// reference code would read past its end.
func (g *MT) SeedArray(key []uint32) {
	if len(key) == 0 {
		panic("mt19937: SeedArray: empty key")
	}
	g.Seed(19650218)
	i, j := 1, 0
	k := max(n, len(key))
	for ; k > 0; k-- {
		g.mt[i] = (g.mt[i] ^ (g.mt[i-1]^g.mt[i-1]>>30)*1664525) + key[j] + uint32(j)
		i++
		j++
		if i >= n {
			g.mt[0] = g.mt[n-1]
			i = 1
		}
		if j >= len(key) {
			j = 0
		}
	}
	for k = n - 1; k > 0; k-- {
		g.mt[i] = (g.mt[i] ^ (g.mt[i-1]^g.mt[i-1]>>30)*1566083941) - uint32(i)
		i++
		if i >= n {
			g.mt[0] = g.mt[n-1]
			i = 1
		}
	}
	g.mt[0] = 0x80000000 // the most significant bit is 1: a non-zero initial array
	g.i = n
}

// Uint32 returns the next tempered word of the stream.
func (g *MT) Uint32() uint32 {
	if g.i >= n {
		g.refill()
	}
	y := g.out[g.i]
	g.i++
	return y
}

// refill regenerates all 624 words at once, as genrand_int32 does when its
// index runs out, and tempers them into the block of outputs.
func (g *MT) refill() {
	mt := &g.mt
	var k int
	for k = 0; k < n-m; k++ {
		y := mt[k]&upperMask | mt[k+1]&lowerMask
		mt[k] = mt[k+m] ^ y>>1 ^ -(y&1)&matrixA
	}
	for ; k < n-1; k++ {
		y := mt[k]&upperMask | mt[k+1]&lowerMask
		mt[k] = mt[k+m-n] ^ y>>1 ^ -(y&1)&matrixA
	}
	y := mt[n-1]&upperMask | mt[0]&lowerMask
	mt[n-1] = mt[m-1] ^ y>>1 ^ -(y&1)&matrixA
	for k, y := range mt {
		y ^= y >> 11
		y ^= y << 7 & 0x9d2c5680
		y ^= y << 15 & 0xefc60000
		g.out[k] = y ^ y>>18
	}
	g.i = 0
}
