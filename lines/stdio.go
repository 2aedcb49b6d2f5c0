package lines

import (
	"bytes"
	"io"
	"math"
	"os"
)

// GNU shuf writes through C's stdio, and when a write fails it says so
// twice or once. Twice, "write error: REASON" and then a bare "write
// error", when the failed write came while it was still writing lines: it
// reports that one and exits, and at exit the stream reports its error
// again. Once, "write error: REASON", when all its output fit in the stdio
// buffer, so that the only write was the one at exit. With glibc the
// buffer is the output's block size (st_blksize; 4096 bytes for a pipe),
// at most 8192 bytes, and a line is written at once, not buffered, when it
// reaches the buffer's size and the buffer is empty. So, with the reader
// gone before anything is written: once for up to 4096 bytes of short
// lines, twice beyond, or for a first line of 4096 bytes or more.
//
// gnuSink is the single output of a run, standard output or -o FILE, and
// words its write errors by that model: the failed write is GNU's last
// only if it is this output's last (finish's) and the whole output fits
// in GNU's buffer, first line included. A failed write that comes earlier
// here would come earlier there too: this output writes 64 KiB at a time
// or a line of 32 KiB, past any such buffer. Where the reader leaves while
// the output is being written, which write fails depends on timing, for
// GNU's as for this one.
type gnuSink struct {
	w       io.Writer
	delim   byte
	buffer  int64 // GNU's stdio buffer for this output
	written int64 // bytes given to Write, a failed write's included
	first   int64 // the first line's length; 0 until known, MaxInt64 if it goes past the first write
	final   bool  // the next write is the last
}

// stdioBufSize is glibc's BUFSIZ, the most its stdio buffers.
const stdioBufSize = 8192

func newGNUSink(w io.Writer, delim byte) *gnuSink {
	g := &gnuSink{w: w, delim: delim, buffer: stdioBufSize}
	under := w
	if gw, ok := w.(*guard); ok { // Shuffle's, around the caller's writer
		under = gw.w
	}
	if f, ok := under.(*os.File); ok {
		if b := blockSize(f); b > 0 {
			g.buffer = min(b, stdioBufSize)
		}
	}
	return g
}

func (g *gnuSink) Write(b []byte) (int, error) {
	if g.first == 0 && len(b) > 0 {
		g.first = math.MaxInt64
		if i := bytes.IndexByte(b, g.delim); i >= 0 {
			g.first = int64(i) + 1
		}
	}
	g.written += int64(len(b))
	n, err := g.w.Write(b)
	if err != nil {
		return n, &WriteError{Err: err, Again: !g.final || g.written > g.buffer || g.first >= g.buffer}
	}
	return n, nil
}
