package lines

import (
	"bufio"
	"encoding/binary"
	"errors"
	"io"
	"math"
	"math/rand/v2"
	"os"

	"github.com/fairshuffle/shuffle"
)

// source returns the randomness the options ask for, and a function that
// releases it. A nil source means the shuffle package's default source.
func (o *options) source() (rand.Source, func(), error) {
	switch {
	case o.data.key != nil: // --aligned
		return rand.NewChaCha8(*o.data.key), func() {}, nil
	case o.src != nil:
		return o.src, func() {}, nil
	case o.randSet:
		fs := &fileSource{name: o.randFile}
		return fs, fs.close, nil
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
// file, little-endian. The file is opened when GNU shuf opens it (see
// sourceBeforeOutput) or at the first draw, whichever comes first, so that
// a run that needs no randomness needs no file. When the file cannot be
// opened or runs out, Uint64 panics with a *RandomSourceError, which run
// turns into GNU's error.
type fileSource struct {
	name string
	f    *os.File
	r    *bufio.Reader
	buf  [8]byte
}

// open opens the file, once.
func (s *fileSource) open() error {
	if s.r != nil {
		return nil
	}
	f, err := os.Open(s.name)
	if err != nil {
		return err
	}
	s.f, s.r = f, bufio.NewReader(f)
	return nil
}

func (s *fileSource) close() {
	if s.f != nil {
		s.f.Close()
	}
}

// sourceBeforeOutput opens --random-source where GNU shuf does: after the
// input is read and before the output is created, if the run may draw at
// all: with -r (even -n 0), or with at least one line to write. So a
// missing source is an error for one line, as with GNU, and none for no
// lines or -n 0. lines is open's: how many lines there are to write from.
func (s *shuf) sourceBeforeOutput(lines uint64) error {
	if !s.o.randSet || !s.o.repeat && (lines == 0 || s.o.count == 0) {
		return nil
	}
	fs, ok := s.src.(*fileSource)
	if !ok { // -n 0 -r: the run set up no source, but GNU opens it
		fs = &fileSource{name: s.o.randFile}
		defer fs.close()
	}
	return fs.open()
}

func (s *fileSource) Uint64() uint64 {
	s.ready()
	if _, err := io.ReadFull(s.r, s.buf[:]); err != nil {
		s.fail(err)
	}
	return binary.LittleEndian.Uint64(s.buf[:])
}

// need panics as Uint64 does if fewer than n more bytes (n ≤ 8) are left,
// and consumes none.
func (s *fileSource) need(n int) {
	s.ready()
	if _, err := s.r.Peek(n); err != nil {
		s.fail(err)
	}
}

// ready opens the file at the first draw if it is not open yet.
func (s *fileSource) ready() {
	if err := s.open(); err != nil {
		panic(&RandomSourceError{Name: s.name, Err: err, Opening: true})
	}
}

// fail panics with the *RandomSourceError for a read that failed with err.
func (s *fileSource) fail(err error) {
	if err == io.ErrUnexpectedEOF {
		err = io.EOF
	}
	var pe *os.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	panic(&RandomSourceError{Name: s.name, Err: err})
}

// gnuReservoirMin is GNU shuf's RESERVOIR_MIN_INPUT: with -n, an input it
// cannot size or larger than this is read by reservoir sampling.
const gnuReservoirMin = 8 << 20

// gnuReservoir reports whether GNU shuf would read an input of size bytes
// (-1 if unknown) by reservoir sampling: with --random-source and -n
// COUNT, COUNT neither 0 nor all, without -r, from a pipe, a directory or
// more than 8 MiB. GNU then opens --random-source before reading, which
// run does too, and draws once more when the input holds exactly COUNT
// lines, which gnuSampleDone stands for.
func (s *shuf) gnuReservoir(size int64) bool {
	o := s.o
	return o.randSet && o.countSet && !o.repeat && o.count > 0 && o.count < math.MaxUint64 &&
		(size < 0 || size > gnuReservoirMin)
}

// gnuSampleDone does what GNU's reservoir sampling does, and this shuf's
// -n need not, when the input holds exactly COUNT lines: GNU draws where a
// next line would go before it finds that the input has ended, so with an
// empty --random-source it fails there, and so must this. lines is the
// input's. The check reads a byte ahead and consumes nothing, so the draws
// that follow, and the output, are those any input of as many lines gets.
func (s *shuf) gnuSampleDone(lines uint64) {
	if s.reservoir && lines == s.o.count {
		s.src.(*fileSource).need(1)
	}
}

// intN is r.IntN(n), and uint64N r.Uint64N(n), except that they draw
// nothing when n is 1: GNU draws nothing to choose among one line, so
// that -r on one line needs no byte of a --random-source.
func intN(r *rand.Rand, n int) int {
	if n == 1 {
		return 0
	}
	return r.IntN(n)
}

func uint64N(r *rand.Rand, n uint64) uint64 {
	if n == 1 {
		return 0
	}
	return r.Uint64N(n)
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
