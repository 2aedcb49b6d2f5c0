package main

import (
	"bytes"
	"io"
	"math"
	"os"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
)

// open returns the output: created only now, after the input has been read,
// so that -o may name the input file, as with GNU.
func (s *shuf) open() *output {
	if s.out != nil {
		return s.out
	}
	out := &output{w: s.stdout, delim: s.o.delim, left: s.o.count, buf: make([]byte, 0, 64<<10)}
	if s.o.repeat && !s.o.countSet {
		out.left = math.MaxUint64 // forever
	}
	if s.o.outputSet {
		f, err := os.OpenFile(s.o.output, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o666)
		if err != nil {
			out.err = err
		} else {
			out.w, out.file = f, f
		}
	}
	s.out = out
	return out
}

func (s *shuf) finish(out *output) error {
	out.flush()
	if out.file != nil {
		if err := out.file.Close(); err != nil && out.err == nil {
			out.err = writeError{err}
		}
	}
	return out.err
}

// output buffers the lines written and stops taking them after -n COUNT.
type output struct {
	w     io.Writer
	file  *os.File
	delim byte
	buf   []byte
	spare [][]byte // emit's block buffers, kept between calls
	left  uint64   // lines still to write
	err   error
}

type writeError struct{ err error }

func (e writeError) Error() string { return "write error: " + reason(e.err) }
func (e writeError) Unwrap() error { return e.err }

func (o *output) more() bool { return o.left > 0 && o.err == nil }

// write writes one line, delimiter included, and reports whether more are
// wanted.
func (o *output) write(line []byte) bool {
	if !o.more() {
		return false
	}
	if len(o.buf)+len(line) > cap(o.buf) {
		o.flush()
		if len(line) > cap(o.buf) {
			if _, err := o.w.Write(line); err != nil && o.err == nil {
				o.err = writeError{err}
			}
			o.left--
			return o.more()
		}
	}
	o.buf = append(o.buf, line...)
	o.left--
	return o.more()
}

// writeString writes one line given without its delimiter.
func (o *output) writeString(line string) {
	if !o.more() {
		return
	}
	if len(o.buf)+len(line)+1 > cap(o.buf) {
		o.flush()
	}
	o.buf = append(o.buf, line...)
	o.buf = append(o.buf, o.delim)
	o.left--
}

// writeUint writes the decimal number v as a line.
func (o *output) writeUint(v uint64) bool {
	if !o.more() {
		return false
	}
	if len(o.buf)+21 > cap(o.buf) {
		o.flush()
	}
	o.buf = append(strconv.AppendUint(o.buf, v, 10), o.delim)
	o.left--
	return o.more()
}

// writeRaw writes a block of lines past the buffer, which must be empty.
func (o *output) writeRaw(b []byte, lines int) {
	if o.err == nil {
		if _, err := o.w.Write(b); err != nil {
			o.err = writeError{err}
		}
	}
	o.left -= uint64(lines)
}

func (o *output) flush() {
	if len(o.buf) > 0 && o.err == nil {
		if _, err := o.w.Write(o.buf); err != nil {
			o.err = writeError{err}
		}
	}
	o.buf = o.buf[:0]
}

// emit writes the lines of data that start at starts, in that order, and
// reports whether more lines are wanted. The reads are random, a cache miss
// a line, so with several CPUs it gathers blocks of lines on all of them
// and writes the blocks in order.
func emit[T int | uint32 | uint64](out *output, data []byte, starts []T, delim byte) bool {
	if uint64(len(starts)) > out.left {
		starts = starts[:out.left]
	}
	workers := runtime.GOMAXPROCS(0)
	if workers < 2 || len(starts) < 4*emitBlock {
		out.flush()
		out.buf = gather(out.buf, data, starts, delim)
		out.left -= uint64(len(starts))
		return out.more()
	}
	blocks := (len(starts) + emitBlock - 1) / emitBlock
	done := make([]chan []byte, blocks)
	for i := range done {
		done[i] = make(chan []byte, 1)
	}
	free := make(chan []byte, 2*workers) // bounds the blocks in flight
	for range cap(free) {
		var buf []byte
		if k := len(out.spare); k > 0 {
			buf, out.spare = out.spare[k-1], out.spare[:k-1]
		}
		free <- buf
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				// The buffer comes first, then the block: so the block the
				// writer waits for always has a buffer.
				buf := <-free
				i := int(next.Add(1)) - 1
				if i >= blocks {
					free <- buf
					return
				}
				done[i] <- gather(buf[:0], data, starts[i*emitBlock:min((i+1)*emitBlock, len(starts))], delim)
			}
		}()
	}
	for i := range blocks {
		buf := <-done[i]
		out.flush()
		out.writeRaw(buf, min(emitBlock, len(starts)-i*emitBlock))
		if out.err != nil {
			return false // the workers are left blocked: the command ends
		}
		free <- buf
	}
	wg.Wait()
	for range cap(free) {
		out.spare = append(out.spare, <-free) // for the next call
	}
	return out.more()
}

const emitBlock = 1 << 14 // lines a worker gathers at a time

// gather appends the lines that start at starts to buf.
func gather[T int | uint32 | uint64](buf, data []byte, starts []T, delim byte) []byte {
	// Touching the line a few ahead lets its cache miss overlap the work on
	// this one.
	const ahead = 16
	var sink byte
	for i, p := range starts {
		if i+ahead < len(starts) {
			sink += data[starts[i+ahead]]
		}
		line := data[p:]
		buf = append(buf, line[:bytes.IndexByte(line, delim)+1]...)
	}
	touched.Add(uint32(sink))
	return buf
}

// touched keeps the compiler from dropping emit's touches.
var touched atomic.Uint32
