package shuffle

import (
	crand "crypto/rand"
	"encoding/binary"
	"math/rand/v2"
)

// NewCryptoSource returns a source reading the operating system's secure
// generator (crypto/rand): no seed to learn, no state that bounds the orders.
//
// It reads 512 bytes at a time, never fails, and is not safe for concurrent use.
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
