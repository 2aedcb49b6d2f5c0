package numpy

// The constants of numpy's SeedSequence (bit_generator.pyx), after Melissa
// O'Neill's seed_seq_fe: the hash's and the mix's multipliers.
const (
	initA     = 0x43b0d7e5
	multA     = 0x931e8875
	initB     = 0x8b51f9dd
	multB     = 0x58f38ded
	mixMultL  = 0xca01f9dd
	mixMultR  = 0x4973f715
	xshift    = 16
	poolWords = 4
)

// seedState returns SeedSequence(seed).generate_state(n, np.uint64): the
// seed's 32-bit words (least significant first, at least one) hashed into
// a pool of four, then n 64-bit words drawn from the pool, each two 32-bit
// outputs, the first the low half.
func seedState(seed uint64, n int) []uint64 {
	entropy := []uint32{uint32(seed)}
	if seed>>32 != 0 {
		entropy = append(entropy, uint32(seed>>32))
	}
	var pool [poolWords]uint32
	hash := uint32(initA)
	hashmix := func(v uint32) uint32 {
		v ^= hash
		hash *= multA
		v *= hash
		return v ^ v>>xshift
	}
	mix := func(x, y uint32) uint32 {
		r := mixMultL*x - mixMultR*y
		return r ^ r>>xshift
	}
	for i := range pool {
		var v uint32
		if i < len(entropy) {
			v = entropy[i]
		}
		pool[i] = hashmix(v)
	}
	for src := range pool {
		for dst := range pool {
			if src != dst {
				pool[dst] = mix(pool[dst], hashmix(pool[src]))
			}
		}
	}
	// (entropy of more than four words would be mixed in here; a uint64
	// seed has at most two)
	out := make([]uint64, n)
	hash = initB
	for i := range 2 * n {
		v := pool[i%poolWords]
		v ^= hash
		hash *= multB
		v *= hash
		v ^= v >> xshift
		out[i/2] |= uint64(v) << (32 * (i % 2))
	}
	return out
}
