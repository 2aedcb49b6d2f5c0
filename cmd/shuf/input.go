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

// slurp reads r into memory, ending each line with delim (adding one to a
// last line that lacks it), until EOF or until holding the data and its
// index would cost more than limit bytes. It returns all of r as data, or,
// past limit, rest: a reader of the same bytes as r, those read so far
// first. size, the length of r if known (else -1), sizes the buffer.
func slurp(r io.Reader, size, limit int64, delim byte) (data []byte, lines int64, rest io.Reader, err error) {
	if size < 0 {
		return slurpChunks(r, limit, delim)
	}
	if cost(size, 0) > limit {
		return nil, 0, r, nil
	}
	data = make([]byte, 0, size+1)
	for {
		if len(data) == cap(data) { // the file grew
			data = slices.Grow(data, min(cap(data), 256<<20))
		}
		m, err := r.Read(data[len(data):cap(data)])
		lines += int64(bytes.Count(data[len(data):len(data)+m], []byte{delim}))
		data = data[:len(data)+m]
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, 0, nil, readError{err}
		}
		if cost(int64(len(data)), lines) > limit {
			return nil, 0, io.MultiReader(bytes.NewReader(data), r), nil
		}
	}
	return terminate(data, lines, limit, delim)
}

// terminate ends slurp: it adds the last delimiter if missing and checks
// the cost once more.
func terminate(data []byte, lines, limit int64, delim byte) ([]byte, int64, io.Reader, error) {
	if len(data) > 0 && data[len(data)-1] != delim {
		data = append(data, delim)
		lines++
	}
	if cost(int64(len(data)), lines) > limit {
		return nil, 0, bytes.NewReader(data), nil
	}
	return data, lines, nil, nil
}

// slurpChunks is slurp for an input of unknown size. Growing one buffer
// would hold the old copy beside the new one, half as much again as the
// input, so it reads into chunks of growing size, the large ones mapped
// apart from Go's heap, and at EOF copies them into one buffer, unmapping
// each as it goes: at most one chunk more than the input. Past limit the
// chunks are streamed, and unmapped as they are read.
func slurpChunks(r io.Reader, limit int64, delim byte) (data []byte, lines int64, rest io.Reader, err error) {
	cr := &chunkReader{}
	var total int64
	defer func() {
		if rest == nil {
			cr.release()
		}
	}()
	for {
		// No chunk reaches much past limit: the bytes past it are held
		// until they are streamed to the spill files.
		most := int64(16 << 20)
		if room := limit - cost(total, lines); room < most {
			most = max(room+1, 64<<10)
		}
		c := cr.grow(most)
		m, err := io.ReadFull(r, c[:cap(c)])
		cr.chunks[len(cr.chunks)-1] = c[:m]
		lines += int64(bytes.Count(c[:m], []byte{delim}))
		total += int64(m)
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			break
		}
		if err != nil {
			return nil, 0, nil, readError{err}
		}
		if cost(total, lines) > limit {
			return nil, 0, io.MultiReader(cr, r), nil
		}
	}
	if len(cr.chunks) == 1 && !cr.mapped[0] {
		data = cr.chunks[0]
	} else {
		data = make([]byte, 0, total+1)
		for i, c := range cr.chunks {
			data = append(data, c...)
			cr.free(i)
		}
	}
	cr.chunks = nil
	return terminate(data, lines, limit, delim)
}

// chunkReader holds the chunks slurpChunks read, and reads them back.
type chunkReader struct {
	chunks [][]byte
	mapped []bool
	next   int // the chunk Read is in
}

// grow adds an empty chunk: 64 KiB, then twice the last, up to 16 MiB,
// and never more than most bytes.
func (cr *chunkReader) grow(most int64) []byte {
	n := 64 << 10
	if k := len(cr.chunks); k > 0 {
		n = min(2*cap(cr.chunks[k-1]), 16<<20)
	}
	n = int(min(int64(n), most))
	c, mapped := allocBytes(n)
	cr.chunks = append(cr.chunks, c[:0])
	cr.mapped = append(cr.mapped, mapped)
	return c[:0]
}

func (cr *chunkReader) free(i int) {
	if cr.mapped[i] {
		freeBytes(cr.chunks[i])
		cr.mapped[i] = false
	}
	cr.chunks[i] = nil
}

func (cr *chunkReader) release() {
	for i := range cr.chunks {
		cr.free(i)
	}
}

func (cr *chunkReader) Read(p []byte) (int, error) {
	for cr.next < len(cr.chunks) {
		if c := cr.chunks[cr.next]; len(c) > 0 {
			n := copy(p, c)
			cr.chunks[cr.next] = c[n:]
			return n, nil
		}
		cr.free(cr.next)
		cr.next++
	}
	return 0, io.EOF
}

// cost is the memory the in-memory shuffle needs for data of this size:
// the data, a 2-byte label and a 4-byte index per line (8 bytes past 4 GiB).
func cost(size, lines int64) int64 {
	if size < 1<<32 {
		return size + 6*lines
	}
	return size + 10*lines
}

// lineReader reads lines of any length in pieces of at most its buffer's
// size, so that a line is never held whole unless its reader keeps it. An
// unterminated last line gets a delimiter.
type lineReader struct {
	br      *bufio.Reader
	delim   [1]byte
	pending bool // a last line without its delimiter: the delimiter comes next
}

func newLineReader(r io.Reader, delim byte, size int) *lineReader {
	return &lineReader{br: bufio.NewReaderSize(r, size), delim: [1]byte{delim}}
}

// piece returns the next piece of the current line, valid until the next
// call, and whether it ends the line (with the delimiter). At the start of
// a line, io.EOF says there are no more lines.
func (r *lineReader) piece() (b []byte, end bool, err error) {
	if r.pending {
		r.pending = false
		return r.delim[:], true, nil
	}
	b, err = r.br.ReadSlice(r.delim[0])
	switch {
	case err == nil:
		return b, true, nil
	case err == bufio.ErrBufferFull:
		return b, false, nil
	case err == io.EOF && len(b) > 0:
		r.pending = true
		return b, false, nil
	}
	return nil, false, err
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
