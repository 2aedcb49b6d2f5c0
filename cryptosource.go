package shuffle

import (
	crand "crypto/rand"
	"encoding/binary"
	"math/rand/v2"
)

// NewCryptoSource returns a source that reads the operating system's
// cryptographically secure generator (crypto/rand), 512 bytes at a time.
//
// Use it where a predictable deck costs money. A seeded generator can reach
// at most 2^b orders of a deck, b being the bits of its state (see
// Log2Factorial), and whoever learns the seed can replay every deal. A crypto
// source has no seed to learn, and the operating system keeps mixing fresh
// entropy into it, so no fixed state bounds which orders can appear; no
// feasible test can tell its output from uniform. From 2²³ items on,
// [FisherYates] and [Parallel] read from it only 256-bit keys for ChaCha8
// generators of their own: secure still, though the keys then bound which
// orders can appear.
//
// The returned source is not safe for concurrent use; give each goroutine its
// own. It never fails: crypto/rand.Read does not return errors.
func NewCryptoSource() rand.Source {
	return &cryptoSource{next: len(cryptoSource{}.buf)}
}

type cryptoSource struct {
	buf  [512]byte
	next int
}

func (c *cryptoSource) Uint64() uint64 {
	if c.next == len(c.buf) {
		crand.Read(c.buf[:])
		c.next = 0
	}
	x := binary.LittleEndian.Uint64(c.buf[c.next:])
	c.next += 8
	return x
}
