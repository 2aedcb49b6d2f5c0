package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
)

// input opens the lines: FILE, or standard input. size is the input's
// length if it is known in advance, else -1.
func (s *shuf) input() (r io.Reader, size int64, release func(), err error) {
	o := s.o
	if len(o.operands) == 0 || o.operands[0] == "-" {
		size = -1
		if f, ok := s.stdin.(*os.File); ok { // shuf < FILE: size the buffer once
			if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
				if at, err := f.Seek(0, io.SeekCurrent); err == nil {
					size = fi.Size() - at
				}
			}
		}
		return s.stdin, size, func() {}, nil
	}
	f, err := os.Open(o.operands[0])
	if err != nil {
		return nil, 0, nil, err
	}
	size = -1
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
		size = fi.Size()
	}
	return f, size, func() { f.Close() }, nil
}

// lineStarts returns where each of the n lines of data starts.
func lineStarts[T int | uint32 | uint64](data []byte, n int64, delim byte) []T {
	starts := make([]T, 0, n)
	for p := 0; p < len(data); p += bytes.IndexByte(data[p:], delim) + 1 {
		starts = append(starts, T(p))
	}
	return starts
}

type readError struct{ err error }

func (e readError) Error() string { return "read error: " + reason(e.err) }
func (e readError) Unwrap() error { return e.err }

// slurp reads r into memory, ending each line with delim (adding one to a
// last line that lacks it), until EOF or until holding the data and its
// index would cost more than limit bytes. It reports whether it read all of
// r. size, the length of r if known (else -1), sizes the buffer.
func slurp(r io.Reader, size, limit int64, delim byte) (data []byte, lines int64, all bool, err error) {
	if size >= 0 && cost(size, 0) > limit {
		return nil, 0, false, nil
	}
	c := int64(64 << 10)
	if size >= 0 {
		c = size + 1
	}
	data = make([]byte, 0, c)
	for {
		if len(data) == cap(data) {
			data = slices.Grow(data, min(cap(data), 256<<20))
		}
		m, err := r.Read(data[len(data):cap(data)])
		lines += int64(bytes.Count(data[len(data):len(data)+m], []byte{delim}))
		data = data[:len(data)+m]
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, 0, false, readError{err}
		}
		if cost(int64(len(data)), lines) > limit {
			return data, lines, false, nil
		}
	}
	if len(data) > 0 && data[len(data)-1] != delim {
		data = append(data, delim)
		lines++
	}
	return data, lines, cost(int64(len(data)), lines) <= limit, nil
}

// cost is the memory the in-memory shuffle needs for data of this size:
// the data, a 2-byte label and a 4-byte index per line (8 bytes past 4 GiB).
func cost(size, lines int64) int64 {
	if size < 1<<32 {
		return size + 6*lines
	}
	return size + 10*lines
}

// lineReader reads lines of any length. Each comes with its delimiter, one
// added to an unterminated last line, and stays valid until the next call.
type lineReader struct {
	br    *bufio.Reader
	delim byte
	long  []byte // a line longer than br's buffer, put together
}

func newLineReader(r io.Reader, delim byte, size int) *lineReader {
	return &lineReader{br: bufio.NewReaderSize(r, size), delim: delim}
}

// next returns the next line, or io.EOF after the last.
func (r *lineReader) next() ([]byte, error) {
	b, err := r.br.ReadSlice(r.delim)
	for err == bufio.ErrBufferFull {
		r.long = append(r.long, b...)
		b, err = r.br.ReadSlice(r.delim)
	}
	if len(r.long) > 0 {
		b = append(r.long, b...)
		r.long = r.long[:0]
	}
	switch {
	case err != nil && err != io.EOF:
		return nil, err
	case len(b) == 0:
		return nil, io.EOF
	case b[len(b)-1] != r.delim:
		// Copied, not appended in place: b may be the reader's buffer.
		b = append(append(r.long[:0], b...), r.delim)
	}
	return b, nil
}

// rangeReader reads as the lines "next", "next+1", …, "last".
type rangeReader struct {
	next, last uint64
	done       bool
	delim      byte
	pending    []byte
}

func (r *rangeReader) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		if len(r.pending) == 0 {
			if r.done {
				break
			}
			r.pending = append(strconv.AppendUint(r.pending[:0], r.next, 10), r.delim)
			if r.next == r.last {
				r.done = true
			}
			r.next++
		}
		c := copy(p[n:], r.pending)
		r.pending = r.pending[c:]
		n += c
	}
	if n == 0 && r.done {
		return 0, io.EOF
	}
	return n, nil
}

// rangeBytes is the length of the text of LO..HI, one number a line, capped
// at MaxInt64.
func rangeBytes(lo, hi uint64) int64 {
	var total uint64
	low, pow := uint64(0), uint64(1) // the d-digit numbers are low..10^d−1
	for d := uint64(1); d <= 20; d++ {
		high := uint64(math.MaxUint64)
		if d < 20 {
			pow *= 10
			high = pow - 1
		}
		if a, b := max(lo, low), min(hi, high); a <= b {
			c := b - a + 1
			if c > math.MaxInt64/(d+1) || total > math.MaxInt64-c*(d+1) {
				return math.MaxInt64
			}
			total += c * (d + 1)
		}
		low = high + 1
	}
	return int64(total)
}

func sizeText(m int64) string {
	switch {
	case m%(1<<30) == 0:
		return fmt.Sprintf("%dG", m>>30)
	case m%(1<<20) == 0:
		return fmt.Sprintf("%dM", m>>20)
	case m%(1<<10) == 0:
		return fmt.Sprintf("%dK", m>>10)
	}
	return fmt.Sprintf("%db", m)
}
