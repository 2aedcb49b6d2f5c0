package lines

import (
	"bytes"
	"errors"
	"io"
	"math"
	"math/rand/v2"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The tests of this file came from mutation testing of output.go
// (docs/mutation.md, the lines section): they hold what output promises
// about its writes, which the bytes written alone do not show.

// recWriter records each Write: its bytes and where they lay.
type recWriter struct {
	writes [][]byte
	at     []*byte
}

func (r *recWriter) Write(p []byte) (int, error) {
	r.writes = append(r.writes, bytes.Clone(p))
	r.at = append(r.at, unsafe.SliceData(p))
	return len(p), nil
}

// mutOutLines is a fixed mix of line lengths, delimiters included: short
// lines, lines that nearly fill the buffer, and lines about directLine.
func mutOutLines() [][]byte {
	r := rand.New(rand.NewPCG(5, 28))
	var sizes []int
	for range 400 {
		sizes = append(sizes, 1+r.IntN(300))
	}
	for i, n := range []int{20 << 10, directLine - 1, directLine, directLine + 1, 100 << 10, outBuf - 1, outBuf, outBuf + 1} {
		sizes[40*i+7] = n
	}
	var ls [][]byte
	for i, n := range sizes {
		l := bytes.Repeat([]byte{byte('a' + i%26)}, n)
		l[n-1] = '\n'
		ls = append(ls, l)
	}
	return ls
}

// checkWrites holds the promises of output's writes of the lines want:
// together they are want; a line of directLine bytes or more goes out as
// a write of its own, from where it lies if from is set; every other
// write is the buffer, at most outBuf bytes, flushed only when the next
// line does not fit or goes out on its own.
func checkWrites(t *testing.T, r *recWriter, want [][]byte, from bool) {
	t.Helper()
	require.Equal(t, string(bytes.Join(want, nil)), string(bytes.Join(r.writes, nil)))
	i, off := 0, 0 // the line, and the bytes of it written so far
	for k, w := range r.writes {
		require.NotEmpty(t, w, "write %d", k)
		if len(want[i]) >= directLine {
			require.Equal(t, 0, off, "write %d: a long line is written whole, alone", k)
			require.Len(t, w, len(want[i]), "write %d: line %d, long, alone", k, i)
			if from {
				assert.Equal(t, unsafe.SliceData(want[i]), r.at[k], "write %d: line %d not copied", k, i)
			}
			i++
			continue
		}
		require.LessOrEqual(t, len(w), outBuf, "write %d", k)
		for n := len(w); n > 0; {
			require.Equal(t, 0, off, "write %d: a line split", k)
			require.Less(t, len(want[i]), directLine, "write %d: a long line copied", k)
			n -= len(want[i])
			i++
		}
		if k+1 < len(r.writes) && len(want[i]) < directLine {
			assert.Greater(t, len(w)+len(want[i]), outBuf, "write %d flushed before line %d, which fits", k, i)
		}
	}
	assert.Equal(t, len(want), i)
}

// TestMutOutputWrite: write takes left lines and reports whether it wants
// more; its writes are as checkWrites says, and its buffer never grows.
func TestMutOutputWrite(t *testing.T) {
	t.Parallel()
	ls := mutOutLines()
	left := len(ls) - 2
	r := &recWriter{}
	o := &output{w: r, delim: '\n', left: uint64(left), buf: make([]byte, 0, outBuf)}
	for i, l := range ls {
		assert.Equal(t, i+1 < left, o.write(l), "line %d", i)
	}
	o.flush()
	assert.Equal(t, outBuf, cap(o.buf))
	checkWrites(t, r, ls[:left], true)
}

// TestMutOutputWritePieces: the same for lines given in pieces, each
// piece a line of checkWrites.
func TestMutOutputWritePieces(t *testing.T) {
	t.Parallel()
	ls := mutOutLines()
	var pieces [][]byte
	r := &recWriter{}
	o := &output{w: r, delim: '\n', left: 100, buf: make([]byte, 0, outBuf)}
	for i := 0; i+2 < len(ls); i += 3 { // a line of three pieces
		o.writePieces(ls[i], ls[i+1:i+3])
		if i/3 < 100 {
			pieces = append(pieces, ls[i:i+3]...)
		}
	}
	o.writePieces([]byte("past\n"), nil)
	o.flush()
	assert.Equal(t, uint64(0), o.left)
	assert.Equal(t, outBuf, cap(o.buf))
	checkWrites(t, r, pieces, true)

	// Pieces that fill the buffer exactly are written together.
	r = &recWriter{}
	o = &output{w: r, delim: '\n', left: 2, buf: make([]byte, 0, outBuf)}
	a, b, c := bytes.Repeat([]byte("a"), 30000), bytes.Repeat([]byte("b"), 30000), bytes.Repeat([]byte("c\n"), (outBuf-60000)/2)
	o.writePieces(a, [][]byte{b, c})
	o.writePieces([]byte("x\n"), nil)
	o.flush()
	checkWrites(t, r, [][]byte{a, b, c, []byte("x\n")}, true)
}

// TestMutOutputWriteString: the same for lines given as strings, without
// their delimiter: a long one is written as it is, its delimiter after it.
func TestMutOutputWriteString(t *testing.T) {
	t.Parallel()
	ls := mutOutLines()
	left := len(ls) - 2
	r := &recWriter{}
	o := &output{w: r, delim: '\n', left: uint64(left), buf: make([]byte, 0, outBuf)}
	var want [][]byte
	for i, l := range ls {
		o.writeString(string(l[:len(l)-1]))
		if i < left {
			want = append(want, l)
		}
	}
	o.flush()
	assert.Equal(t, uint64(0), o.left)
	assert.Equal(t, outBuf, cap(o.buf))
	require.Equal(t, string(bytes.Join(want, nil)), string(bytes.Join(r.writes, nil)))
	for k, w := range r.writes {
		if len(w) > outBuf {
			assert.NotContains(t, string(w), "\n", "write %d: a long line, alone", k)
		}
	}
	// Lines that fill the buffer exactly are written together; a long line
	// that does not fit goes out alone, its delimiter after it.
	r = &recWriter{}
	o = &output{w: r, delim: '\n', left: 6, buf: make([]byte, 0, outBuf)}
	for _, l := range []string{strings.Repeat("a", 30000), strings.Repeat("b", 30000), strings.Repeat("c", outBuf-60003), "y", strings.Repeat("e", 40000), strings.Repeat("d", directLine)} {
		o.writeString(l)
	}
	o.flush()
	assert.Equal(t, outBuf, cap(o.buf))
	var sizes []int
	for _, w := range r.writes {
		sizes = append(sizes, len(w))
	}
	assert.Equal(t, []int{outBuf, 40003, directLine, 1}, sizes)

	// Short lines fill the buffer before it is written.
	r = &recWriter{}
	o = &output{w: r, delim: '\n', left: 1 << 20, buf: make([]byte, 0, outBuf)}
	for i := range 30000 {
		o.writeString(strconv.Itoa(i))
	}
	o.flush()
	for k, w := range r.writes[:len(r.writes)-1] {
		assert.Greater(t, len(w), outBuf-8, "write %d", k)
	}
}

// shortReaderAt gives at most n bytes of its text, with err.
type shortReaderAt struct {
	n   int
	err error
}

func (r shortReaderAt) ReadAt(p []byte, off int64) (int, error) {
	return copy(p, bytes.Repeat([]byte("x"), min(r.n, len(p)))), r.err
}

// TestMutOutputWriteAtShort: a line that its file holds fewer bytes of
// than it should is io.ErrUnexpectedEOF, whether the read said io.EOF or
// nothing; another error is that error.
func TestMutOutputWriteAtShort(t *testing.T) {
	t.Parallel()
	boom := errors.New("boom")
	for _, c := range []struct {
		r    io.ReaderAt
		want error
	}{
		{strings.NewReader("abc"), io.ErrUnexpectedEOF},
		{shortReaderAt{2, nil}, io.ErrUnexpectedEOF},
		{shortReaderAt{2, io.EOF}, io.ErrUnexpectedEOF},
		{shortReaderAt{2, boom}, boom},
	} {
		o := &output{w: io.Discard, delim: '\n', left: 5, buf: make([]byte, 0, outBuf)}
		more, err := o.writeAt(c.r, 0, 10)
		assert.False(t, more)
		assert.Equal(t, c.want, err)
	}
}

// TestMutOutputWriteUint: numbers fill the buffer to within the longest
// number's 21 bytes before it is written, never past it.
func TestMutOutputWriteUint(t *testing.T) {
	t.Parallel()
	r := &recWriter{}
	o := &output{w: r, delim: '\n', left: 3, buf: make([]byte, 0, outBuf)}
	o.buf = append(o.buf, bytes.Repeat([]byte("x\n"), (outBuf-22)/2)...) // 21 bytes left
	o.buf = append(o.buf, 'x')
	assert.True(t, o.writeUint(7))
	assert.True(t, o.writeUint(math.MaxUint64))
	assert.False(t, o.writeUint(8))
	assert.False(t, o.writeUint(9), "past left")
	o.flush()
	require.Len(t, r.writes, 2)
	assert.Len(t, r.writes[0], outBuf-19)
	assert.Equal(t, "18446744073709551615\n8\n", string(r.writes[1]))
	assert.Equal(t, outBuf, cap(o.buf))
}

// TestMutOutputAfterError: after a write fails, nothing more is written,
// and a write of nothing is none.
func TestMutOutputAfterError(t *testing.T) {
	t.Parallel()
	w := &mutFailWriter{}
	o := &output{w: w, delim: '\n', left: 10, buf: make([]byte, 0, outBuf)}
	long := bytes.Repeat([]byte("y"), directLine)
	long[len(long)-1] = '\n'
	assert.False(t, o.write(long))
	o.writeRaw(long)
	o.writeRaw(nil)
	assert.Equal(t, 1, w.calls)
	var we *WriteError
	assert.ErrorAs(t, o.err, &we)
	r := &recWriter{}
	o = &output{w: r, delim: '\n', left: 10, buf: make([]byte, 0, outBuf)}
	o.writeRaw(nil)
	assert.Empty(t, r.writes)
}

// TestMutOutputEmitParallel: emit gathers on several CPUs from 4 blocks of
// lines, and then writes the workers' chunks, a block of short lines each;
// on one CPU, or with fewer lines, it writes through the buffer, whole
// buffers. Not parallel: it sets GOMAXPROCS.
func TestMutOutputEmitParallel(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, c := range []struct {
		procs, lines int
		parallel     bool
	}{{2, 4 * emitBlock, true}, {3, 4 * emitBlock, true}, {2, 4*emitBlock - 1, false}, {1, 4 * emitBlock, false}} {
		runtime.GOMAXPROCS(c.procs)
		data := bytes.Repeat([]byte("a\n"), c.lines)
		starts := make([]int, c.lines)
		for i := range starts {
			starts[i] = 2 * i
		}
		r := &recWriter{}
		o := &output{w: r, delim: '\n', left: math.MaxUint64, buf: make([]byte, 0, outBuf)}
		assert.True(t, emit(o, data, starts, '\n'))
		o.flush()
		require.Equal(t, string(data), string(bytes.Join(r.writes, nil)))
		most := 0
		for _, w := range r.writes {
			most = max(most, len(w))
		}
		assert.Equal(t, c.parallel, most < outBuf, "%d CPUs, %d lines: writes of up to %d bytes", c.procs, c.lines, most)
	}
}

// TestMutOutputEmitWrites: emit on one CPU writes as write does
// (checkWrites), a line of directLine bytes or more from where it lies;
// on two, each worker's chunk is at most its share of outputBytes, so that
// the output holds at most outputBytes. Not parallel: it sets GOMAXPROCS.
func TestMutOutputEmitWrites(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	runtime.GOMAXPROCS(1)
	ls := mutOutLines()
	data := bytes.Join(ls, nil)
	var starts []uint32
	for i, at := 0, 0; i < len(ls); i++ {
		starts = append(starts, uint32(at))
		at += len(ls[i])
	}
	left := len(ls) - 2
	r := &recWriter{}
	o := &output{w: r, delim: '\n', left: uint64(left), buf: make([]byte, 0, outBuf)}
	assert.False(t, emit(o, data, starts, '\n'))
	o.flush()
	var want [][]byte // ls[:left], as they lie in data
	for i := range left {
		want = append(want, data[starts[i]:int(starts[i])+len(ls[i])])
	}
	checkWrites(t, r, want, true)

	runtime.GOMAXPROCS(2)
	data = bytes.Repeat([]byte(strings.Repeat("z", 99)+"\n"), 4*emitBlock)
	starts = make([]uint32, 4*emitBlock)
	for i := range starts {
		starts[i] = uint32(100 * i)
	}
	r = &recWriter{}
	o = &output{w: r, delim: '\n', left: math.MaxUint64, buf: make([]byte, 0, outBuf)}
	assert.True(t, emit(o, data, starts, '\n'))
	require.Equal(t, string(data), string(bytes.Join(r.writes, nil)))
	for k, w := range r.writes {
		require.LessOrEqual(t, len(w), (outputBytes-outBuf)/4, "write %d", k)
	}
}
