//go:build amd64 && !purego

package rust

// hasAVX2 reports whether the CPU and the OS support AVX2, for
// block4AVX2.
var hasAVX2 = func() bool {
	_, _, ecx1, _ := cpuid(1, 0)
	if ecx1&(1<<27) == 0 || ecx1&(1<<28) == 0 { // OSXSAVE, AVX
		return false
	}
	if eax, _ := xgetbv(); eax&6 != 6 { // the OS saves XMM and YMM
		return false
	}
	_, ebx7, _, _ := cpuid(7, 0)
	return ebx7&(1<<5) != 0
}()

func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)
func xgetbv() (eax, edx uint32)

// block4AVX2 is block4 in AVX2: two blocks in each YMM register, a row
// of each in each 128-bit lane. in holds the first three rows (constants,
// key) and d the fourth row of each of the four blocks.
//
//go:noescape
func block4AVX2(in *[12]uint32, d *[16]uint32, out *[64]uint32)

// block4 writes four consecutive ChaCha12 blocks, counters c to c+3 and a
// zero nonce, into out, as rand_chacha 0.3's refill4 does.
func block4(key *[8]uint32, c uint64, out *[64]uint32) {
	if !hasAVX2 {
		block4Generic(key, c, out)
		return
	}
	var in [12]uint32
	in[0], in[1], in[2], in[3] = 0x61707865, 0x3320646e, 0x79622d32, 0x6b206574
	copy(in[4:], key[:])
	var d [16]uint32
	for b := range 4 {
		d[4*b], d[4*b+1] = uint32(c+uint64(b)), uint32((c+uint64(b))>>32)
	}
	block4AVX2(&in, &d, out)
}
