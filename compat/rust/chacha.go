package rust

import "math/bits"

// rounds is ChaCha12's: six double rounds.
const rounds = 12

// block4Generic writes four consecutive ChaCha12 blocks of key, counters c
// to c+3 and a zero nonce, into out, in Go alone.
func block4Generic(key *[8]uint32, c uint64, out *[64]uint32) {
	for b := range 4 {
		block(key, c+uint64(b), (*[16]uint32)(out[16*b:]))
	}
}

// block writes the ChaCha12 block of key at counter c, nonce 0 (Bernstein's
// original layout: a 64-bit counter in words 12 and 13, the nonce in 14
// and 15).
func block(key *[8]uint32, c uint64, out *[16]uint32) {
	const k0, k1, k2, k3 = 0x61707865, 0x3320646e, 0x79622d32, 0x6b206574
	x0, x1, x2, x3 := uint32(k0), uint32(k1), uint32(k2), uint32(k3)
	x4, x5, x6, x7 := key[0], key[1], key[2], key[3]
	x8, x9, x10, x11 := key[4], key[5], key[6], key[7]
	x12, x13, x14, x15 := uint32(c), uint32(c>>32), uint32(0), uint32(0)
	for range rounds / 2 {
		x0, x4, x8, x12 = qr(x0, x4, x8, x12)
		x1, x5, x9, x13 = qr(x1, x5, x9, x13)
		x2, x6, x10, x14 = qr(x2, x6, x10, x14)
		x3, x7, x11, x15 = qr(x3, x7, x11, x15)
		x0, x5, x10, x15 = qr(x0, x5, x10, x15)
		x1, x6, x11, x12 = qr(x1, x6, x11, x12)
		x2, x7, x8, x13 = qr(x2, x7, x8, x13)
		x3, x4, x9, x14 = qr(x3, x4, x9, x14)
	}
	out[0], out[1], out[2], out[3] = x0+k0, x1+k1, x2+k2, x3+k3
	out[4], out[5], out[6], out[7] = x4+key[0], x5+key[1], x6+key[2], x7+key[3]
	out[8], out[9], out[10], out[11] = x8+key[4], x9+key[5], x10+key[6], x11+key[7]
	out[12], out[13], out[14], out[15] = x12+uint32(c), x13+uint32(c>>32), x14, x15
}

// qr is ChaCha's quarter round.
func qr(a, b, c, d uint32) (uint32, uint32, uint32, uint32) {
	a += b
	d = bits.RotateLeft32(d^a, 16)
	c += d
	b = bits.RotateLeft32(b^c, 12)
	a += b
	d = bits.RotateLeft32(d^a, 8)
	c += d
	b = bits.RotateLeft32(b^c, 7)
	return a, b, c, d
}

// seedKey expands seed into a ChaCha key as rand_core 0.6's
// SeedableRng::seed_from_u64 does: eight outputs of PCG32 (XSH RR), each
// after a step of the LCG, written little-endian into the 32-byte seed that
// ChaCha reads back as eight little-endian words: the outputs themselves.
func seedKey(seed uint64) [8]uint32 {
	const mul, inc = 6364136223846793005, 11634580027462260723
	var key [8]uint32
	for i := range key {
		seed = seed*mul + inc
		key[i] = bits.RotateLeft32(uint32((seed>>18^seed)>>27), -int(seed>>59))
	}
	return key
}
