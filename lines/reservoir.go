package lines

import (
	"bufio"
	"bytes"
	"io"
	"math/rand/v2"
	"os"

	"github.com/fairshuffle/shuffle"
)

// reservoir holds -n's COUNT lines of a stream, each as the pieces it was
// read in (pieceSize at most), so that a long line is never grown.
type reservoir struct {
	k     uint64
	lines [][][]byte
	ar    arena // the first COUNT lines; a line that replaces one is its own
	bytes int64 // of the first COUNT lines, while they are held in order
	spool *os.File
	sw    *bufio.Writer
	size  int64 // bytes in spool
	held  int64 // bytes held, once a line past COUNT comes
	seen  int64 // held, when roomFor last said yes
}

// sampleReservoir writes -n COUNT lines of the input r (size bytes, -1
// if unknown), a file or a pipe alike, reading it once: Algorithm R
// (Vitter 1985, after Waterman). Line i, counting from 0, is kept if i <
// COUNT, else it takes slot j, a uniform draw from 0..i, if j < COUNT. By
// induction, after line i every COUNT-subset of lines 0..i is held with
// the same chance: for i+1 > COUNT, a subset holding line i is kept with
// chance C(i, COUNT−1)⁻¹ · COUNT/(i+1) · 1/COUNT = C(i+1, COUNT)⁻¹, and
// so is one without it, (C(i, COUNT)⁻¹)(1 − COUNT/(i+1)). The draws are
// exact (rand.Rand.Uint64N), one a line past the first COUNT, made at the
// line's start, so that a line not kept is never copied. The sample is
// then put in a uniform order by fisher-yates. Memory holds the COUNT
// lines (the first COUNT, in their arena, until every one is replaced,
// and those that replaced them), and a 64 KiB buffer; no temporary file,
// unless the first COUNT lines are larger than --memory.
//
// An input of COUNT lines or fewer draws nothing here: it is the whole
// shuffle of the lines held (scatterShuffle), which writes what a run
// without -n writes.
func (s *shuf) sampleReservoir(r io.Reader) error {
	res := &reservoir{k: s.o.count, lines: make([][][]byte, 0, min(s.o.count, 1<<16))}
	rng := rand.New(s.own)
	lr := newLineReader(r, s.o.delim, pieceSize)
	var n uint64
	for ; ; n++ {
		b, end, err := lr.piece()
		if err == io.EOF {
			break
		}
		if err != nil {
			return readError(err)
		}
		slot := n
		if n >= res.k {
			if res.spool != nil {
				if err := res.unspool(s.o.delim); err != nil {
					return err
				}
			}
			if n == res.k {
				res.held, res.seen = res.bytes, max(res.bytes, 1<<20)
			}
			slot = uint64N(rng, n+1)
		}
		var line [][]byte
		for {
			switch {
			case n < res.k && res.spool != nil:
				if _, err := res.sw.Write(b); err != nil {
					return fileWriteError(res.spool.Name(), err)
				}
				res.size += int64(len(b))
			case n < res.k:
				line = append(line, res.ar.copy(b))
				res.bytes += int64(len(b))
			case slot < res.k:
				line = append(line, bytes.Clone(b))
			}
			if end {
				break
			}
			if b, end, err = lr.piece(); err != nil {
				return readError(err)
			}
		}
		switch {
		case n < res.k && res.spool == nil:
			res.lines = append(res.lines, line)
			if res.bytes+int64(len(res.lines))*48 > s.mem {
				if err := res.toSpool(s); err != nil {
					return err
				}
			}
		case slot < res.k && n >= res.k:
			for _, p := range res.lines[slot] {
				res.held -= int64(len(p))
			}
			for _, p := range line {
				res.held += int64(len(p))
			}
			res.lines[slot] = line
			if res.held > 2*res.seen { // longer lines came: is there room for them?
				if !heapRoomFor(res.held) {
					return errMemory
				}
				res.seen = res.held
			}
		}
	}
	s.gnuSampleDone(n)
	if n <= res.k {
		return res.shuffleAll(s)
	}
	shuffle.Slice(shuffle.NewFisherYates(s.src), res.lines)
	out := s.open(res.k)
	for _, l := range res.lines {
		out.writePieces(l[0], l[1:])
	}
	return s.finish(out)
}

// toSpool moves the first lines, larger than --memory, to a temporary
// file, in order, and appends the lines that follow to it: an input of
// COUNT lines or fewer is then shuffled from there, past memory.
func (res *reservoir) toSpool(s *shuf) (err error) {
	if res.spool, err = s.tmp.create(); err != nil {
		return err
	}
	res.sw = bufio.NewWriterSize(res.spool, pieceSize)
	for _, l := range res.lines {
		for _, p := range l {
			if _, err := res.sw.Write(p); err != nil {
				return fileWriteError(res.spool.Name(), err)
			}
			res.size += int64(len(p))
		}
	}
	res.lines, res.ar, res.bytes = res.lines[:0], arena{}, 0
	return nil
}

// unspool reads the spooled COUNT lines back into memory, when a line
// past them shows that they are a sample to hold, larger than --memory
// as it is.
func (res *reservoir) unspool(delim byte) error {
	if !heapRoomFor(2 * res.size) {
		return errMemory
	}
	if err := res.rewind(); err != nil {
		return err
	}
	lr := newLineReader(res.spool, delim, pieceSize)
	var line [][]byte
	for {
		b, end, err := lr.piece()
		if err == io.EOF {
			break
		}
		if err != nil {
			return fileReadError(res.spool.Name(), err)
		}
		line = append(line, res.ar.copy(b))
		if end {
			res.lines, line = append(res.lines, line), nil
		}
	}
	res.spool.Close()
	res.spool, res.sw, res.bytes = nil, nil, res.size
	return nil
}

func (res *reservoir) rewind() error {
	if err := res.sw.Flush(); err != nil {
		return fileWriteError(res.spool.Name(), err)
	}
	if _, err := res.spool.Seek(0, io.SeekStart); err != nil {
		return fileReadError(res.spool.Name(), err)
	}
	return nil
}

// shuffleAll shuffles the lines held, COUNT or fewer: all of the input.
func (res *reservoir) shuffleAll(s *shuf) error {
	if res.spool != nil {
		if err := res.rewind(); err != nil {
			return err
		}
		return s.scatterShuffle(res.spool, res.size)
	}
	var all [][]byte
	for _, l := range res.lines {
		all = append(all, l...)
	}
	res.lines, res.ar = nil, arena{}
	return s.scatterShuffle(&piecesReader{p: all}, res.bytes)
}

// piecesReader reads the pieces p one after the other.
type piecesReader struct{ p [][]byte }

func (r *piecesReader) Read(b []byte) (int, error) {
	n := 0
	for n < len(b) && len(r.p) > 0 {
		c := copy(b[n:], r.p[0])
		n += c
		if r.p[0] = r.p[0][c:]; len(r.p[0]) == 0 {
			r.p = r.p[1:]
		}
	}
	if n == 0 && len(b) > 0 {
		return 0, io.EOF
	}
	return n, nil
}
