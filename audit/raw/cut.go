package raw

import (
	"hash"
	"io"

	"github.com/fairshuffle/shuffle/audit/sp80022"
)

// cutter cuts a stream of bytes into sequences of n bits each, bits most
// significant first and the sequences back to back, as STS reads a binary
// file; it hashes what it reads.
type cutter struct {
	r     io.Reader
	h     hash.Hash
	n     int
	carry byte // the last byte read, whose last nc bits are not yet used
	nc    int
	buf   []byte
	read  int64 // bytes read
}

// next returns the next n bits, or io.EOF with the bits read past the last
// whole sequence, or the reader's error.
func (c *cutter) next() (sp80022.Bits, int64, error) {
	k := (c.n - c.nc + 7) / 8 // bytes to read
	off, start := 0, 0
	c.buf = c.buf[:0]
	if c.nc > 0 {
		c.buf, off, start = append(c.buf, c.carry), 1, 8-c.nc
	}
	if cap(c.buf) < off+k {
		c.buf = append(make([]byte, 0, off+k), c.buf...)
	}
	c.buf = c.buf[:off+k]
	m, err := io.ReadFull(c.r, c.buf[off:])
	c.h.Write(c.buf[off : off+m])
	c.read += int64(m)
	switch {
	case err == io.EOF || err == io.ErrUnexpectedEOF:
		return sp80022.Bits{}, int64(c.nc) + 8*int64(m), io.EOF
	case err != nil:
		return sp80022.Bits{}, 0, err
	}
	b := sp80022.FromBytes(c.buf)
	if start != 0 || b.Len() != c.n {
		b = b.Slice(start, start+c.n)
	}
	c.nc = c.nc + 8*k - c.n
	c.carry = c.buf[len(c.buf)-1]
	return b, 0, nil
}
