package shuffle

import (
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
)

// fisher-yates keeps a *rand.PCG's state in two locals for the whole loop
// and writes it back at the end, instead of loading and storing it through
// the pointer for every word. pcgStep is math/rand/v2's PCG written out (an
// LCG step on 128 bits and the DXSM output); the state is read through
// AppendBinary and written back with Seed. pcgLocal is the proof that this
// is the generator's own arithmetic and layout, checked at start-up against
// the generator itself; if a release of Go changed either, pcgLocal is false
// and the PCG is called as any other source, with the same stream.

// pcgStep advances the PCG state (hi, lo) by one step and returns the new
// state and the word (*rand.PCG).Uint64 returns for it.
func pcgStep(hi, lo uint64) (nhi, nlo, x uint64) {
	const (
		mulHi    = 2549297995355413924
		mulLo    = 4865540595714422341
		incHi    = 6364136223846793005
		incLo    = 1442695040888963407
		cheapMul = 0xda942042e4dd58b5
	)
	h, l := bits.Mul64(lo, mulLo)
	h += hi*mulLo + lo*mulHi
	l, c := bits.Add64(l, incLo, 0)
	h, _ = bits.Add64(h, incHi, c)
	x = h ^ h>>32
	x *= cheapMul
	x ^= x >> 48
	x *= l | 1
	return h, l, x
}

// pcgState returns p's state as its binary encoding gives it.
func pcgState(p *rand.PCG) (hi, lo uint64) {
	var buf [20]byte
	b, _ := p.AppendBinary(buf[:0])
	return binary.BigEndian.Uint64(b[4:]), binary.BigEndian.Uint64(b[12:])
}

// pcgLocal reports whether pcgState, pcgStep and Seed reproduce *rand.PCG
// exactly: the encoding is "pcg:" and the two words Seed sets, Seed after
// pcgState restores every later word and encoding, UnmarshalBinary agrees
// with Seed, and pcgStep gives the generator's words and states, over
// several seeds and a thousand steps.
var pcgLocal = checkPCG()

func checkPCG() bool {
	for _, seed := range [][2]uint64{{1, 2}, {0, 0}, {^uint64(0), 0x9e3779b97f4a7c15}, {0xdeadbeef, 1 << 63}} {
		p := rand.NewPCG(seed[0], seed[1])
		enc, err := p.MarshalBinary()
		if err != nil || len(enc) != 20 || string(enc[:4]) != "pcg:" ||
			binary.BigEndian.Uint64(enc[4:]) != seed[0] || binary.BigEndian.Uint64(enc[12:]) != seed[1] {
			return false
		}
		hi, lo := seed[0], seed[1]
		for range 1000 {
			var x uint64
			hi, lo, x = pcgStep(hi, lo)
			if p.Uint64() != x {
				return false
			}
			if h, l := pcgState(p); h != hi || l != lo {
				return false
			}
		}
		q, u := rand.NewPCG(0, 0), rand.NewPCG(0, 0)
		q.Seed(pcgState(p))
		if u.UnmarshalBinary(enc) != nil {
			return false
		}
		u.Seed(seed[0], seed[1])
		for range 10 {
			if q.Uint64() != p.Uint64() {
				return false
			}
		}
		if *u != *rand.NewPCG(seed[0], seed[1]) {
			return false
		}
	}
	return true
}
