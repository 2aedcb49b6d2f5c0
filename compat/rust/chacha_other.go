//go:build !amd64 || purego

package rust

// block4 writes four consecutive ChaCha12 blocks, counters c to c+3 and a
// zero nonce, into out, as rand_chacha 0.3's refill4 does.
func block4(key *[8]uint32, c uint64, out *[64]uint32) {
	block4Generic(key, c, out)
}
