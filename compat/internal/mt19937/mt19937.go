// Package mt19937 is Matsumoto and Nishimura's Mersenne Twister (ACM TOMACS
// 8(1) 1998) with the reference code's two seedings, init_genrand and
// init_by_array: the generator under CPython's random, numpy's RandomState,
// PHP's mt_rand, Ruby's Random and C++'s std::mt19937.
package mt19937

const (
	n         = 624
	m         = 397
	matrixA   = 0x9908b0df
	upperMask = 0x80000000
	lowerMask = 0x7fffffff
)

// MT is the generator's state. The zero MT is not seeded; it is not safe
// for concurrent use.
type MT struct {
	state [n]uint32
	out   [n]uint32 // the state tempered: the words Uint32 hands out
	i     int       // the next word of out; n when a reload is due
}

// Seed seeds t as the reference init_genrand(seed) does.
func (t *MT) Seed(seed uint32) {
	t.state[0] = seed
	for i := 1; i < n; i++ {
		prev := t.state[i-1]
		t.state[i] = 1812433253*(prev^prev>>30) + uint32(i)
	}
	t.i = n
}

// SeedArray seeds t as the reference init_by_array(key) does. It panics if
// key is empty.
func (t *MT) SeedArray(key []uint32) {
	if len(key) == 0 {
		panic("mt19937: SeedArray: empty key")
	}
	t.Seed(19650218)
	s := &t.state
	i, j := 1, 0
	for k := max(n, len(key)); k > 0; k-- {
		prev := s[i-1]
		s[i] = (s[i] ^ (prev^prev>>30)*1664525) + key[j] + uint32(j)
		i++
		j++
		if i >= n {
			s[0] = s[n-1]
			i = 1
		}
		if j >= len(key) {
			j = 0
		}
	}
	for k := n - 1; k > 0; k-- {
		prev := s[i-1]
		s[i] = (s[i] ^ (prev^prev>>30)*1566083941) - uint32(i)
		i++
		if i >= n {
			s[0] = s[n-1]
			i = 1
		}
	}
	s[0] = 0x80000000 // the top bit set: the state is never all zero
	t.i = n
}

// reload twists the whole state at once and tempers the next 624 words,
// so that Uint32 is a load the compiler can inline.
func (t *MT) reload() {
	s := &t.state
	for k := 0; k < n-m; k++ {
		y := s[k]&upperMask | s[k+1]&lowerMask
		s[k] = s[k+m] ^ y>>1 ^ -(y&1)&matrixA
	}
	for k := n - m; k < n-1; k++ {
		y := s[k]&upperMask | s[k+1]&lowerMask
		s[k] = s[k+m-n] ^ y>>1 ^ -(y&1)&matrixA
	}
	y := s[n-1]&upperMask | s[0]&lowerMask
	s[n-1] = s[m-1] ^ y>>1 ^ -(y&1)&matrixA
	for k, y := range s {
		y ^= y >> 11
		y ^= y << 7 & 0x9d2c5680
		y ^= y << 15 & 0xefc60000
		t.out[k] = y ^ y>>18
	}
	t.i = 0
}

// Uint32 returns the next tempered 32-bit word, genrand_int32.
func (t *MT) Uint32() uint32 {
	if t.i >= n {
		t.reload()
	}
	y := t.out[t.i]
	t.i++
	return y
}
