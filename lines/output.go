package lines

import (
	"bytes"
	"errors"
	"io"
	"math"
	"runtime"
	"strconv"
	"sync/atomic"
)

// open returns the output, for lines data lines (-n may write fewer):
// created only now, after the input has been read, so that -o may name the
// input, as with GNU, and after --random-source is opened, as with GNU
// (sourceBeforeOutput). The header goes first; --shards and --split create
// their files here, each with the header, and learn how many lines each
// gets.
func (s *shuf) open(lines uint64) *output {
	if s.out != nil {
		return s.out
	}
	out := &output{w: s.textOutput(s.stdout), delim: s.o.delim, left: s.o.count, buf: make([]byte, 0, outBuf), prog: s.prog}
	if s.o.repeat && !s.o.countSet {
		out.left = math.MaxUint64 // forever
	}
	s.out = out
	if s.st != nil {
		// Every path has read all it reads by now. The files are checked
		// once more, so that none changed since it was read, and closed.
		err := s.st.verify()
		s.st.close()
		if err != nil {
			out.err = err
			return out
		}
	}
	if err := s.sourceBeforeOutput(lines); err != nil {
		out.err = err
		return out
	}
	if names := s.o.partNames(); names != nil {
		p, err := s.createParts(names, s.o.partSizes(min(lines, out.left)), s.header, s.o.delim)
		if err != nil {
			out.err = err
			return out
		}
		out.w, out.targets = s.prog.writer(p), p.targets
		return out
	}
	if s.o.outputSet {
		t, err := s.createOutput(s.o.output)
		if err != nil {
			out.err = err
			return out
		}
		out.w, out.targets = t.w, []*target{t}
	}
	out.sink = newGNUSink(out.w, s.o.delim)
	out.w = s.prog.writer(out.sink)
	out.buf = append(out.buf, s.header...)
	return out
}

// finish ends the output: it writes what is buffered and, if nothing
// failed, puts the files of -o, --shards or --split in place; if something
// did, it removes them (see target).
func (s *shuf) finish(out *output) error {
	if out.sink != nil {
		out.sink.final = true
	}
	out.flush()
	switch {
	case out.err == nil && s.held != nil:
		*s.held = append(*s.held, out.targets...)
	case out.err == nil:
		out.err = s.tmp.commit(out.targets)
	default:
		s.tmp.abort(out.targets)
	}
	out.targets = nil
	return out.err
}

// abort removes the files of -o, --shards or --split of a run that failed
// before finish, and writes nothing more.
func (s *shuf) abort() {
	if s.out != nil {
		s.tmp.abort(s.out.targets)
		s.out.targets = nil
		s.out.buf = s.out.buf[:0]
	}
}

// output buffers the lines written and stops taking them after -n COUNT.
type output struct {
	w       io.Writer
	targets []*target // the file(s) of -o, --shards or --split
	sink    *gnuSink  // standard output or -o FILE; nil for --shards and --split
	delim   byte
	buf     []byte
	spare   [][]byte // emit's block buffers, kept between calls
	left    uint64   // lines still to write
	err     error
	prog    *progress // nil: no progress shown
}

func (o *output) more() bool { return o.left > 0 && o.err == nil }

// write writes one line, delimiter included, and reports whether more are
// wanted. A line of directLine bytes or more is written as it is, not copied.
func (o *output) write(line []byte) bool {
	if !o.more() {
		return false
	}
	if len(o.buf)+len(line) > cap(o.buf) || len(line) >= directLine {
		o.flush()
		if len(line) >= directLine {
			o.writeRaw(line)
			o.left--
			return o.more()
		}
	}
	o.buf = append(o.buf, line...)
	o.left--
	return o.more()
}

// writePieces writes one line given in pieces, first and then more,
// delimiter included.
func (o *output) writePieces(first []byte, more [][]byte) {
	if !o.more() {
		return
	}
	for i := -1; i < len(more); i++ {
		p := first
		if i >= 0 {
			p = more[i]
		}
		if len(o.buf)+len(p) > cap(o.buf) || len(p) >= directLine {
			o.flush()
			if len(p) >= directLine {
				o.writeRaw(p)
				continue
			}
		}
		o.buf = append(o.buf, p...)
	}
	o.left--
}

// writeString writes one line given without its delimiter.
func (o *output) writeString(line string) {
	if !o.more() {
		return
	}
	if len(o.buf)+len(line)+1 > cap(o.buf) {
		o.flush()
		if len(line) >= directLine {
			if _, err := io.WriteString(o.w, line); err != nil {
				o.fail(err)
			}
			line = ""
		}
	}
	o.buf = append(o.buf, line...)
	o.buf = append(o.buf, o.delim)
	o.left--
}

// writeAt writes one line, delimiter included, that lies in r at off and is
// n bytes long, through the buffer, so that a line too long for memory still
// goes out. It reports whether more lines are wanted.
func (o *output) writeAt(r io.ReaderAt, off, n int64) (more bool, readErr error) {
	if !o.more() {
		return false, nil
	}
	for n > 0 && o.err == nil {
		if len(o.buf) == cap(o.buf) {
			o.flush()
		}
		k := int(min(n, int64(cap(o.buf)-len(o.buf))))
		m, err := r.ReadAt(o.buf[len(o.buf):len(o.buf)+k], off)
		o.buf = o.buf[:len(o.buf)+m]
		if m < k {
			if err == nil || err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			return false, err
		}
		off, n = off+int64(k), n-int64(k)
	}
	o.left--
	return o.more(), nil
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

// writeRaw writes b past the buffer, which must be empty. It counts no
// lines: the caller does.
func (o *output) writeRaw(b []byte) {
	if len(b) > 0 && o.err == nil {
		if _, err := o.w.Write(b); err != nil {
			o.fail(err)
		}
	}
}

// fail records the first error of the output: a write error, unless it
// is worded already (gnuSink's, or a part's, which names the part).
func (o *output) fail(err error) {
	if o.err != nil {
		return
	}
	var f *Error
	var w *WriteError
	if !errors.As(err, &f) && !errors.As(err, &w) {
		err = &WriteError{Err: err}
	}
	o.err = err
}

func (o *output) flush() {
	if len(o.buf) > 0 && o.err == nil {
		if _, err := o.w.Write(o.buf); err != nil {
			o.fail(err)
		}
	}
	o.buf = o.buf[:0]
}

// The output holds at most outputBytes: the buffer of output, or, while emit
// gathers on several CPUs, its block buffers. A line of directLine bytes or
// more is not copied at all: it is written from where it lies.
const (
	outputBytes  = 1 << 20
	outBuf       = 64 << 10 // output.buf
	directLine   = 32 << 10
	maxGatherers = 8       // so that each worker's buffers are 60 KiB or more
	emitBlock    = 1 << 14 // lines a worker takes at a time
)

// emit writes the lines of data that start at starts, in that order, and
// reports whether more lines are wanted. The reads are random, a cache miss
// a line, so with several CPUs it gathers blocks of lines on all of them
// and writes the blocks in order.
func emit[T int | uint32 | uint64](out *output, data []byte, starts []T, delim byte) bool {
	starts = starts[:min(uint64(len(starts)), out.left)]
	workers := min(runtime.GOMAXPROCS(0), maxGatherers)
	if workers < 2 || len(starts) < 4*emitBlock {
		for len(starts) > 0 && out.err == nil {
			buf, n, long := gather(out.buf, data, starts, delim)
			out.buf = buf
			out.left -= uint64(n)
			starts = starts[n:]
			if long != nil || len(starts) > 0 { // a long line, or a full buffer
				out.flush()
				out.writeRaw(long)
			}
		}
		return out.more()
	}
	return emitParallel(out, data, starts, delim, workers)
}

// emitParallel is emit on several CPUs, through a relay: block i of
// emitBlock lines is worker i mod workers's.
func emitParallel[T int | uint32 | uint64](out *output, data []byte, starts []T, delim byte, workers int) bool {
	out.flush()
	blocks := (len(starts) + emitBlock - 1) / emitBlock
	r := newRelay(out, workers, (outputBytes-outBuf)/(2*workers), func(r *relay, w int) {
		for i := w; i < blocks; i += workers {
			block := starts[i*emitBlock : min((i+1)*emitBlock, len(starts))]
			for len(block) > 0 {
				var c chunk
				var ok bool
				if c.buf, ok = r.buffer(w); !ok {
					return
				}
				c.buf, c.lines, c.long = gather(c.buf, data, block, delim)
				block = block[c.lines:]
				c.last = len(block) == 0
				if !r.send(w, c) {
					return
				}
			}
		}
	})
	r.write(blocks, nil)
	return out.more()
}

// gather appends to buf the lines of data that start at starts, in order,
// while they fit in buf's capacity, and returns how many it took. It stops
// after a line of directLine bytes or more, which it does not copy but
// returns as long, to be written after buf.
func gather[T int | uint32 | uint64](buf, data []byte, starts []T, delim byte) (_ []byte, n int, long []byte) {
	// Touching the line a few ahead lets its cache miss overlap the work on
	// this one.
	const ahead = 16
	var sink byte
	for i, p := range starts {
		if i+ahead < len(starts) {
			sink += data[starts[i+ahead]]
		}
		line := data[p:]
		line = line[:bytes.IndexByte(line, delim)+1]
		if len(line) >= directLine {
			n, long = i+1, line
			break
		}
		if len(buf)+len(line) > cap(buf) {
			n = i
			break
		}
		buf = append(buf, line...)
		n = i + 1
	}
	touched.Add(uint32(sink))
	return buf, n, long
}

// touched keeps the compiler from dropping gather's touches.
var touched atomic.Uint32
