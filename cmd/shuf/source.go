package main

import (
	"bufio"
	"encoding/binary"
	"errors"
	"io"
	"math/rand/v2"
	"os"

	"github.com/fairshuffle/shuffle"
)

// source returns the randomness the options ask for, and a function that
// releases it. A nil source means the shuffle package's default source.
func (o *options) source() (rand.Source, func(), error) {
	switch {
	case o.randSet:
		f, err := os.Open(o.randFile)
		if err != nil {
			return nil, nil, err
		}
		return &fileSource{r: bufio.NewReader(f), name: o.randFile}, func() { f.Close() }, nil
	case o.seedSet:
		return rand.NewChaCha8(seedKey(o.seed)), func() {}, nil
	case o.crypto:
		return shuffle.NewCryptoSource(), func() {}, nil
	}
	return nil, func() {}, nil
}

// seedKey is the ChaCha8 key of --seed N: N as 8 little-endian bytes, then
// 24 zero bytes. This definition is part of the reproducibility promise.
func seedKey(n uint64) [32]byte {
	var k [32]byte
	binary.LittleEndian.PutUint64(k[:], n)
	return k
}

// fileSource is --random-source: each 64-bit word is the next 8 bytes of the
// file, little-endian. When the file runs out it panics with errRandomEOF,
// which run turns into GNU's "end of file" error.
type fileSource struct {
	r    *bufio.Reader
	name string
	buf  [8]byte
}

type randomSourceError struct {
	name string
	err  error
}

func (e randomSourceError) Error() string {
	if e.err == io.EOF {
		return quote(e.name) + ": end of file"
	}
	return quote(e.name) + ": read error: " + reason(e.err)
}

func (s *fileSource) Uint64() uint64 {
	if _, err := io.ReadFull(s.r, s.buf[:]); err != nil {
		if err == io.ErrUnexpectedEOF {
			err = io.EOF
		}
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		panic(randomSourceError{s.name, err})
	}
	return binary.LittleEndian.Uint64(s.buf[:])
}

// draws is the source for the command's own draws (the group labels and the
// picks of -r): the given one, or math/rand/v2's top-level generator.
func draws(src rand.Source) rand.Source {
	if src == nil {
		return globalSource{}
	}
	return src
}

type globalSource struct{}

func (globalSource) Uint64() uint64 { return rand.Uint64() }
