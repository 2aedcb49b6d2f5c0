package numpy

import "math/bits"

// numpy's PCG64 multiplier, PCG's default for 128-bit state
// (0x2360ed051fc65da44385df649fccf645); Go's rand.PCG uses another.
const (
	mulHi = 0x2360ed051fc65da4
	mulLo = 0x4385df649fccf645
)

// pcg64 is numpy's PCG64: a 128-bit LCG and its XSL-RR output, and the
// spare upper half of a word that next_uint32 keeps for its next call.
type pcg64 struct {
	hi, lo       uint64 // state
	incHi, incLo uint64 // increment, odd
	has32        bool
	buf32        uint32
}

// seed sets the state as pcg64_set_seed(state, inc): PCG's srandom_r.
func (p *pcg64) seed(stateHi, stateLo, seqHi, seqLo uint64) {
	p.hi, p.lo = 0, 0
	p.incHi, p.incLo = seqHi<<1|seqLo>>63, seqLo<<1|1
	p.step()
	var c uint64
	p.lo, c = bits.Add64(p.lo, stateLo, 0)
	p.hi += stateHi + c
	p.step()
	p.has32, p.buf32 = false, 0
}

// step advances the LCG: state = state*mul + inc, modulo 2¹²⁸.
func (p *pcg64) step() {
	hi, lo := bits.Mul64(p.lo, mulLo)
	hi += p.hi*mulLo + p.lo*mulHi
	var c uint64
	p.lo, c = bits.Add64(lo, p.incLo, 0)
	p.hi = hi + p.incHi + c
}

// next64 steps, then returns XSL-RR of the new state: the two halves
// xored, rotated right by the state's top six bits.
func (p *pcg64) next64() uint64 {
	p.step()
	return bits.RotateLeft64(p.hi^p.lo, -int(p.hi>>58))
}

// next32 returns the low half of a new word and keeps the high half for
// the next call, as numpy's pcg64_next32 does.
func (p *pcg64) next32() uint32 {
	if p.has32 {
		p.has32 = false
		return p.buf32
	}
	w := p.next64()
	p.has32, p.buf32 = true, uint32(w>>32)
	return uint32(w)
}
