package lines

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The buckets' sizes and plans (bucket.go) as a caller sees them: the
// memory their buffers take, how the output is written, how many
// temporary files a spill makes, and when the buckets take an input.

// bucketShuf is a shuf of --seed seed and --memory mem writing to w, as
// shuffleHere's.
func bucketShuf(t *testing.T, w io.Writer, mem int64, seed uint64) *shuf {
	t.Helper()
	src := rand.NewChaCha8(seedKey(seed))
	s := &shuf{o: &options{count: 1<<64 - 1, delim: '\n'}, stdout: w, src: src, own: src, mem: mem, tmp: &tempDir{}}
	t.Cleanup(s.tmp.remove)
	return s
}

// TestBucketsFirstBuffer: the buffer the buckets read a file's first part
// into holds the whole file and a byte for a last delimiter, and when
// they decline the file it is the one the file ends in (slurp's "sized
// once"): a file of whole pages without a last newline gets its newline
// without the buffer growing by half.
func TestBucketsFirstBuffer(t *testing.T) {
	smallBuckets(t)
	page := os.Getpagesize()
	size := 64 * page
	in := randomLines(size+(100<<10), 2*bucketLine, 3*bucketLine, 16)[:size] // long lines: declined
	require.NotEqual(t, byte('\n'), in[size-1])
	s := bucketShuf(t, io.Discard, 1<<30, 1)
	r := strings.NewReader(in)
	pre, done, err := s.bucketShuffle(r, int64(size))
	require.NoError(t, err)
	require.False(t, done, "the buckets took lines of %d bytes on average", 2*bucketLine)
	data, n, rest, err := slurpFrom(pre, r, int64(size), 1<<30, '\n')
	require.NoError(t, err)
	require.Nil(t, rest)
	defer freeData(data)
	assert.Equal(t, int64(strings.Count(in, "\n")+1), n)
	assert.True(t, in+"\n" == string(data), "the file and its last newline")
	assert.Less(t, cap(data), size+1+page, "a buffer of %d bytes for a file of %d", cap(data), size)
}

// TestBucketsLabels: for every number of buckets, the buckets split the
// labels into equal ranges, in order, and each label lies in the bucket
// the dealers give it to (label >> shift), whose groups' table (lo to hi)
// holds it.
func TestBucketsLabels(t *testing.T) {
	for k := 2; k <= maxBuckets; k *= 2 {
		bs := newBuckets(nil, k)
		require.Len(t, bs.b, k)
		require.Len(t, bs.sizes, k)
		next := 0
		for i, b := range bs.b {
			require.Equal(t, next, b.lo, "%d buckets: where bucket %d starts", k, i)
			require.Equal(t, labels/k, b.hi-b.lo, "%d buckets: bucket %d's labels", k, i)
			next = b.hi
		}
		require.Equal(t, labels, next, "%d buckets: where the last ends", k)
		for l := range labels {
			if b := bs.b[l>>bs.shift]; l < b.lo || l >= b.hi {
				t.Fatalf("%d buckets: label %d is dealt to bucket [%d, %d)", k, l, b.lo, b.hi)
			}
		}
	}
}

// TestPlacerKeepsBuffers: grouping a bucket's lines by label allocates its
// tables for the first bucket only; the next ones, of as many lines, reuse
// them, as arrange groups one bucket after the other. (Each bucket still
// allocates one slice: the copy of its groups' starts that sums makes.)
func TestPlacerKeepsBuffers(t *testing.T) {
	bs := newBuckets(nil, 64)
	defer bs.release()
	r := rand.New(rand.NewPCG(17, 0))
	line := strings.Repeat("x", 40)
	for i := range bs.b {
		b := &bs.b[i]
		for range 200 {
			l, n := b.lo+r.IntN(b.hi-b.lo), 1+r.IntN(len(line))
			require.NoError(t, b.grow(recHead+n))
			b.b = binary.LittleEndian.AppendUint16(b.b, uint16(l))
			b.b = binary.LittleEndian.AppendUint16(b.b, uint16(n))
			b.b = append(append(b.b, line[:n-1]...), '\n')
			b.records++
		}
	}
	first := testing.AllocsPerRun(20, func() {
		var pl placer
		pl.group(&bs.b[0], '\n')
	})
	all := testing.AllocsPerRun(20, func() {
		var pl placer
		for i := range bs.b {
			pl.group(&bs.b[i], '\n')
		}
	})
	assert.NotZero(t, first)
	assert.LessOrEqual(t, all, first+float64(len(bs.b)-1), "allocations grouping the first bucket (%v), and all %d", first, len(bs.b))
}

// writeLog records the sizes of the writes it gets, and keeps the bytes.
type writeLog struct {
	bytes.Buffer
	sizes []int
	long  []byte // a line to count the writes of: written as it lies
	longs int
}

func (w *writeLog) Write(p []byte) (int, error) {
	w.sizes = append(w.sizes, len(p))
	if bytes.Equal(p, w.long) {
		w.longs++
	}
	return w.Buffer.Write(p)
}

// TestBucketsBlocks: on two CPUs the buckets' two gatherers, with two
// buffers each (relay), hold at most outputBytes between them, and they
// fill their blocks before they are written: every write is a full buffer
// but each bucket's last and the one a line of directLine bytes cuts
// short, and that line is written on its own, from where it lies, not
// copied.
func TestBucketsBlocks(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	smallBuckets(t)
	bucketSize = 1 << 20 // two buckets of about 1 MiB: put back by smallBuckets' cleanup
	const workers = 2
	block := outputBytes / (2 * workers)
	long := strings.Repeat("L", directLine-1) + "\n"
	var in strings.Builder
	for i := range 2 << 20 / 64 { // lines of 64 bytes: a block holds a whole number of them
		fmt.Fprintf(&in, "%063d\n", i)
		if i == 1000 {
			in.WriteString(long)
		}
	}
	w := &writeLog{long: []byte(long)}
	s := bucketShuf(t, w, 1<<30, 19)
	pre, done, err := s.bucketShuffle(strings.NewReader(in.String()), int64(in.Len()))
	pre.free()
	require.NoError(t, err)
	require.True(t, done)
	assert.Equal(t, sorted(in.String(), '\n'), sorted(w.String(), '\n'))
	assert.Equal(t, 1, w.longs, "writes of the line of directLine bytes alone")
	short := 0
	for _, n := range w.sizes {
		require.LessOrEqual(t, n, block, "a write past a gatherer's buffer (of outputBytes %d)", outputBytes)
		if n < block && n != len(long) {
			short++
		}
	}
	assert.LessOrEqual(t, short, 3, "writes short of a full buffer, of %d", len(w.sizes))
}

// TestBucketsSpillFiles: when the buckets spill, they plan the temporary
// files as the other paths do for the same input and memory (a file by
// its size, a pipe as 32 times memory): as many files, and the same
// output.
func TestBucketsSpillFiles(t *testing.T) {
	smallBuckets(t)
	in := randomLines(400<<10, 1, 40, 4)
	for _, c := range []struct {
		pipe bool
		mem  int64
	}{{false, 440 << 10}, {true, 100 << 10}} {
		want, other := shuffleHere(t, in, c.pipe, c.mem, '\n', 1<<64-1, 9, false)
		got, s := shuffleHere(t, in, c.pipe, c.mem, '\n', 1<<64-1, 9, true)
		assert.NotZero(t, s.tmp.files, "pipe %v: nothing was spilled", c.pipe)
		assert.Equal(t, other.tmp.files, s.tmp.files, "pipe %v: temporary files", c.pipe)
		assert.True(t, want == got, "pipe %v: the output differs from the other paths'", c.pipe)
	}
}

// TestBucketsSpillHeap: the buckets' spill files share their write
// buffers as the other paths' do, an eighth of --memory and at least 4 KiB
// each: a pipe of 400 KiB spilled past 100 KiB into 512 files takes about
// as much of Go's heap on either path (it took 32 MiB more on the buckets'
// when each file had a buffer of 64 KiB).
func TestBucketsSpillHeap(t *testing.T) {
	smallBuckets(t)
	in := randomLines(400<<10, 1, 40, 4)
	alloc := func(buckets bool) uint64 {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		shuffleHere(t, in, true, 100<<10, '\n', 1<<64-1, 9, buckets)
		runtime.ReadMemStats(&after)
		return after.TotalAlloc - before.TotalAlloc
	}
	other, buckets := alloc(false), alloc(true)
	assert.Less(t, buckets, other+8<<20, "the buckets' spill took %d bytes, the other path's %d", buckets, other)
}

// TestBucketsMemoryExact: a pipe whose lines cost exactly --memory (cost:
// their bytes and 6 a line) is shuffled in memory, by the buckets as by
// the other paths; with a byte less, both go through temporary files. The
// pipe is read in pieces of 4 KiB: one of 200 KiB is at its end when the
// buckets look at what they hold for the last time.
func TestBucketsMemoryExact(t *testing.T) {
	smallBuckets(t)
	in := randomLines(200<<10, 1, 40, 18)
	mem := cost(int64(len(in)), int64(strings.Count(in, "\n")))
	for _, c := range []struct {
		mem   int64
		spill bool
	}{{mem, false}, {mem - 1, true}} {
		want, other := shuffleHere(t, in, true, c.mem, '\n', 1<<64-1, 2, false)
		got, s := shuffleHere(t, in, true, c.mem, '\n', 1<<64-1, 2, true)
		assert.Equal(t, c.spill, other.tmp.files > 0, "--memory %d of %d: the other paths spilled", c.mem, mem)
		assert.Equal(t, c.spill, s.tmp.files > 0, "--memory %d of %d: the buckets spilled", c.mem, mem)
		assert.True(t, want == got, "--memory %d: the output differs from the other paths'", c.mem)
	}
}

// smallReads is a pipe that counts the reads asked of it for fewer than
// 4 KiB that it fills (a read at its end may ask for less).
type smallReads struct {
	r     io.Reader
	small int
}

func (r *smallReads) Read(p []byte) (int, error) {
	n, err := r.r.Read(p)
	if n == len(p) && n > 0 && n < 4<<10 {
		r.small++
	}
	return n, err
}

// TestBucketsSpillReads: when the buckets spill while a long line is
// being read, the rest of the pipe, that line first, is read as the rest
// of it was, in pieces of 4 KiB (smallBuckets') or more, not a few bytes a
// read (a system call each).
func TestBucketsSpillReads(t *testing.T) {
	smallBuckets(t)
	short := randomLines(100<<10, 1, 40, 14)
	in := short + strings.Repeat("z", 300<<10) + "\n"
	mem := cost(int64(len(short)), int64(strings.Count(short, "\n"))) + 5000 // past it 5 KB into the long line
	var out bytes.Buffer
	s := bucketShuf(t, &out, mem, 4)
	r := &smallReads{r: strings.NewReader(in)}
	pre, done, err := s.bucketShuffle(r, -1)
	pre.free()
	require.NoError(t, err)
	require.True(t, done)
	require.NotZero(t, s.tmp.files, "nothing was spilled")
	assert.Equal(t, sorted(in, '\n'), sorted(out.String(), '\n'))
	assert.Zero(t, r.small, "reads of fewer than 4 KiB")
}

// byteCount counts the bytes written to it.
type byteCount int64

func (c *byteCount) Write(p []byte) (int, error) {
	*c += byteCount(len(p))
	return len(p), nil
}

// TestBucketsRealSizesPipe: with the package's own sizes, a pipe that
// runs past bucketPipe is taken by the buckets (a shorter one is arranged
// where it lies), and written whole. Its lines are of 1000 bytes: few
// lines, so that 33 MiB take little time. (TestBucketsSameOutput and
// TestBucketsRealSizes compare the output with the other paths'.)
func TestBucketsRealSizesPipe(t *testing.T) {
	t.Parallel()
	n := bucketPipe/1000 + 1000
	var in strings.Builder
	in.Grow(1000 * n)
	tail := strings.Repeat("p", 991) + "\n"
	for i := range n {
		fmt.Fprintf(&in, "%08d%s", i, tail)
	}
	var out byteCount
	s := bucketShuf(t, &out, 1<<30, 7)
	pre, done, err := s.bucketShuffle(struct{ io.Reader }{strings.NewReader(in.String())}, -1)
	pre.free()
	require.NoError(t, err)
	assert.True(t, done, "a pipe of %d bytes, past bucketPipe's %d, was not taken", in.Len(), bucketPipe)
	assert.Equal(t, byteCount(in.Len()), out)
}
