package lines

import (
	"bytes"
	"context"
	"fmt"
	"hash/fnv"
	"io"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// smallBuckets makes the bucket path take inputs of more than 8 KiB, of
// lines up to 8 KiB on average, read in pieces of 4 KiB, into buckets of
// 16 KiB, for the test.
func smallBuckets(t *testing.T) {
	t.Helper()
	old := []any{bucketMin, bucketSize, bucketLine, bucketChunk, bucketProbe, bucketPipe}
	bucketMin, bucketSize, bucketLine, bucketChunk, bucketProbe, bucketPipe = 1, 16<<10, 8<<10, 4<<10, 8<<10, 8<<10
	t.Cleanup(func() {
		bucketMin, bucketSize, bucketLine = old[0].(int64), old[1].(int64), old[2].(int)
		bucketChunk, bucketProbe, bucketPipe = old[3].(int), old[4].(int), old[5].(int)
	})
}

// shuffleHere runs the lines shuffle of in, in this process, from --seed
// seed, as a file (its size known) or as a pipe, with memory mem and -n
// count, by buckets (which must take it) or not; it returns the output.
func shuffleHere(t *testing.T, in string, pipe bool, mem int64, delim byte, count uint64, seed uint64, buckets bool) (string, *shuf) {
	t.Helper()
	src := rand.NewChaCha8(seedKey(seed))
	var b bytes.Buffer
	s := &shuf{o: &options{count: count, delim: delim}, stdout: &b, src: src, own: src, mem: mem, tmp: &tempDir{}}
	if header, rest, ok := strings.Cut(in, "HEADER\n"); ok { // --header's lines, taken off
		s.header, in = []byte(header+"HEADER\n"), rest
	}
	t.Cleanup(s.tmp.remove)
	var r io.Reader = strings.NewReader(in)
	size := int64(len(in))
	if pipe {
		r, size = struct{ io.Reader }{r}, -1
	}
	if buckets {
		pre, done, err := s.bucketShuffle(r, size)
		pre.free()
		require.NoError(t, err)
		require.True(t, done, "the buckets did not take it")
	} else {
		old := bucketMin
		bucketMin = 1 << 62 // none
		defer func() { bucketMin = old }()
		require.NoError(t, s.scatterShuffle(r, size))
	}
	return b.String(), s
}

// bucketsAgree requires the buckets to take in (a pipe or a file, with
// memory mem) and to write, for seed, what the other paths write; it
// returns that output.
func bucketsAgree(t *testing.T, in string, pipe bool, mem int64, seed uint64) string {
	t.Helper()
	want, _ := shuffleHere(t, in, pipe, mem, '\n', 1<<64-1, seed, false)
	got, _ := shuffleHere(t, in, pipe, mem, '\n', 1<<64-1, seed, true)
	require.True(t, want == got, "pipe %v: the output differs from the other paths'", pipe)
	return got
}

// longLines is short lines with, among them, lines longer than a piece of
// input (4 KiB), than directLine and than longLen, the most a bucket's
// record can give as a length.
func longLines(seed uint64) string {
	var b strings.Builder
	for i, l := range strings.SplitAfter(randomLines(300<<10, 1, 120, seed), "\n") {
		b.WriteString(l)
		switch i {
		case 10:
			b.WriteString(strings.Repeat("a", 5000) + "\n")
		case 500:
			b.WriteString(strings.Repeat("b", directLine+7) + "\n")
		case 1500:
			b.WriteString(strings.Repeat("c", longLen) + "\n")
		case 2500:
			b.WriteString(strings.Repeat("d", longLen+1) + "\n")
		}
	}
	return b.String()
}

// TestBucketsSameOutput: the buckets give every input the output the
// other paths give it, for the same seed: from a file and from a pipe,
// with short and empty lines, lines longer than a piece of input, than a
// bucket record's length can say, and than directLine, with -z, without a
// last delimiter, with -n, and after --header's lines.
func TestBucketsSameOutput(t *testing.T) {
	short := randomLines(200<<10, 1, 40, 1)
	for _, tc := range []struct {
		name  string
		in    string
		delim byte
		count uint64
		chunk int // the pieces the input is read in, if not smallBuckets' 4 KiB
	}{
		{"short", short, '\n', 0, 0},
		{"no last newline", strings.TrimSuffix(short, "\n"), '\n', 0, 0},
		{"-z", strings.ReplaceAll(short, "\n", "\x00"), 0, 0, 0},
		{"-z, no last NUL", strings.TrimSuffix(strings.ReplaceAll(short, "\n", "\x00"), "\x00"), 0, 0, 0},
		{"-z, newlines in lines", strings.ReplaceAll(strings.ReplaceAll(short, "a", "\n"), "\n\n", "\x00"), 0, 0, 0},
		{"long lines", longLines(2), '\n', 0, 0},
		// Pieces of 256 KiB: the long lines lie whole in a piece, so their
		// records' lengths are written at once, not when they end.
		{"long lines in one piece", longLines(4), '\n', 0, 256 << 10},
		{"lines across pieces", randomLines(300<<10, 2000, 6000, 3), '\n', 0, 0},
		{"-n 500", short, '\n', 500, 0},
		{"--header", "a header\nHEADER\n" + short, '\n', 0, 0},
	} {
		for _, pipe := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/pipe=%v", tc.name, pipe), func(t *testing.T) {
				count := tc.count
				if count == 0 {
					count = 1<<64 - 1
				}
				smallBuckets(t)
				if tc.chunk > 0 {
					bucketChunk = tc.chunk // put back by smallBuckets' cleanup
				}
				for seed := range uint64(3) {
					want, _ := shuffleHere(t, tc.in, pipe, 1<<30, tc.delim, count, seed, false)
					got, _ := shuffleHere(t, tc.in, pipe, 1<<30, tc.delim, count, seed, true)
					require.True(t, want == got, "seed %d: the output differs from the other paths'", seed)
				}
			})
		}
	}
}

// TestBucketsOneCPU: with one CPU the buckets have one dealer, which
// takes every bucket; the output is the other paths' (on two CPUs or more
// each dealer takes every other bucket).
func TestBucketsOneCPU(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	smallBuckets(t)
	in := randomLines(200<<10, 1, 40, 5)
	for _, pipe := range []bool{false, true} {
		bucketsAgree(t, in, pipe, 1<<30, 4)
	}
}

// TestBucketsDecline: the buckets leave alone an input whose first part
// (bucketProbe bytes) holds no delimiter, or lines longer than bucketLine
// on average, a file smaller than bucketMin or past memory, a pipe that
// ends within bucketPipe, and any input when memory is below bucketMin;
// what they read of it goes on, whole, to the other paths. They take
// short lines otherwise.
func TestBucketsDecline(t *testing.T) {
	smallBuckets(t)
	bucketMin = 64 << 10
	short := randomLines(200<<10, 1, 40, 8)
	small := short[:strings.LastIndexByte(short[:32<<10], '\n')+1]
	for _, c := range []struct {
		name      string
		in        string
		mem       int64
		pipe      int   // 0: a file and a pipe; 1: a file; 2: a pipe
		pipeBytes int64 // bucketPipe, if not smallBuckets'
		take      bool
	}{
		{"a long first line", strings.Repeat("x", 3*bucketProbe) + "\n" + short, 1 << 30, 0, 0, false},
		{"long lines", randomLines(300<<10, 2*bucketLine, 3*bucketLine, 9), 1 << 30, 0, 0, false},
		{"a small file", small, 1 << 30, 1, 0, false},
		{"a pipe within bucketPipe", small, 1 << 30, 2, 64 << 10, false},
		{"memory below bucketMin", short, 64<<10 - 1, 0, 0, false},
		{"a file past memory", short, int64(len(short)) - 1, 1, 0, false},
		{"a file just within memory", short, int64(len(short)), 1, 0, true},
		{"short lines", short, 1 << 30, 0, 0, true},
		{"a file of bucketMin bytes", strings.Repeat("abcdefg\n", 8192), 1 << 30, 1, 0, true},
		{"memory at bucketMin", short, 64 << 10, 2, 0, true},
	} {
		for _, pipe := range []bool{false, true} {
			if c.pipe == 1 && pipe || c.pipe == 2 && !pipe {
				continue
			}
			if c.pipeBytes > 0 {
				old := bucketPipe
				bucketPipe = int(c.pipeBytes)
				defer func() { bucketPipe = old }()
			}
			var r io.Reader = strings.NewReader(c.in)
			size := int64(len(c.in))
			if pipe {
				r, size = struct{ io.Reader }{r}, -1
			}
			var b bytes.Buffer
			src := rand.NewChaCha8(seedKey(2))
			s := &shuf{o: &options{count: 1<<64 - 1, delim: '\n'}, stdout: &b, src: src, own: src, mem: c.mem, tmp: &tempDir{}}
			t.Cleanup(s.tmp.remove)
			pre, done, err := s.bucketShuffle(r, size)
			require.NoError(t, err)
			require.Equal(t, c.take, done, "%s, pipe %v: taken", c.name, pipe)
			if done {
				continue
			}
			data, n, rest, err := slurpFrom(pre, r, size, 1<<30, '\n')
			require.NoError(t, err)
			require.Nil(t, rest)
			assert.Equal(t, int64(strings.Count(c.in, "\n")), n, "%s, pipe %v: lines lost", c.name, pipe)
			assert.True(t, c.in == string(data), "%s, pipe %v: what the buckets read is not handed on", c.name, pipe)
			freeData(data)
		}
	}
}

// TestBucketsGolden: the buckets give TestGolden's large input its pinned
// output.
func TestBucketsGolden(t *testing.T) {
	smallBuckets(t)
	for _, pipe := range []bool{false, true} {
		out, _ := shuffleHere(t, seqText(1, 300000), pipe, 1<<30, '\n', 1<<64-1, 7, true)
		h := fnv.New64a()
		h.Write([]byte(out))
		assert.Equal(t, uint64(0x664eee0882b2434e), h.Sum64(), "pipe %v", pipe)
	}
}

// TestBucketsSpill: an input that turns out larger than memory once the
// buckets have taken it (a pipe, or a file of more lines than its size
// suggested) goes on to the temporary files, buckets and all, with the
// same output; also when the piece that crosses the limit ends in the
// middle of a line.
func TestBucketsSpill(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   string
		pipe bool
		mem  int64
	}{
		// A file is spilled from the start if its bytes alone are more
		// than memory; here its lines' index makes it more.
		{"short lines", randomLines(400<<10, 1, 40, 4), false, 440 << 10},
		{"short lines", randomLines(400<<10, 1, 40, 4), true, 100 << 10},
		{"a line open at the limit", randomLines(400<<10, 5000, 7000, 5), true, 100 << 10},
		{"lines of 1 to 3 bytes", randomLines(400<<10, 2, 4, 6), false, 430 << 10},
	} {
		t.Run(fmt.Sprintf("%s/pipe=%v", tc.name, tc.pipe), func(t *testing.T) {
			smallBuckets(t)
			want, _ := shuffleHere(t, tc.in, tc.pipe, 1<<30, '\n', 1<<64-1, 9, false)
			// Several limits, so that some are crossed at a line whose
			// label is not the last of its word of randomness: the spill's
			// labels go on in the same word.
			for mem := tc.mem; mem < tc.mem+4*8<<10; mem += 8 << 10 {
				got, s := shuffleHere(t, tc.in, tc.pipe, mem, '\n', 1<<64-1, 9, true)
				assert.NotZero(t, s.tmp.files, "nothing was spilled")
				assert.True(t, want == got, "--memory %d: the output differs from the other paths'", mem)
			}
		})
	}
}

// TestBucketsPlan: the number of buckets is a power of two near the
// input's size over bucketSize, from 2 to maxBuckets (a pipe's size taken
// as memory, at most pipeBuckets buckets' worth), and each bucket's first
// room holds its share of a file's lines with their heads, 1/64 and 16 KiB
// more (a pipe's buckets get none); a bucket of 4 GiB less 1 MiB is huge
// (its offsets would pass 32 bits).
func TestBucketsPlan(t *testing.T) {
	const mb = 1 << 20
	for _, c := range []struct {
		size, mem int64
		want      int
	}{
		{0, 1 << 30, 2}, {1, 1 << 30, 2}, {2 * mb, 1 << 30, 2}, {4*mb - 1, 1 << 30, 2}, {6 * mb, 1 << 30, 4},
		{8 * mb, 1 << 30, 4}, {8*mb + 2*mb, 1 << 30, 8}, {100 * mb, 1 << 30, 64}, {1 << 40, 1 << 30, maxBuckets},
		{-1, 64 * mb, 32}, {-1, 1 << 30, 512}, {-1, 1 << 40, int(pipeBuckets)},
	} {
		assert.Equal(t, c.want, bucketCount(c.size, c.mem), "size %d, memory %d", c.size, c.mem)
	}
	for _, c := range []struct {
		size         int64
		lines, probe int
		k            int
	}{{100 * mb, 1 << 16, 4 * mb, 64}, {1 << 30, 1000, 4 * mb, 1024}, {10 * mb, 4 * mb, 4 * mb, 2}} {
		all := float64(c.size) * (1 + recHead*float64(c.lines)/float64(c.probe))
		want := all/float64(c.k)*(1+1.0/64) + 16<<10
		got := float64(bucketRoom(c.size, c.lines, c.probe, c.k))
		assert.InDelta(t, want, got, 2, "%+v", c)
	}
	assert.Equal(t, 16<<10, bucketRoom(0, 1, 1, 2), "an empty file")
	assert.Zero(t, bucketRoom(-1, 1000, 4*mb, 512), "a pipe")
	bs := &buckets{sizes: make([]int64, 3)}
	assert.False(t, bs.huge())
	bs.sizes[2] = 1<<32 - 1<<20 - 1
	assert.False(t, bs.huge())
	bs.sizes[2]++
	assert.True(t, bs.huge())
}

// TestBucketsProgress: on the buckets' path the writing phase knows how
// many bytes it writes when every line is written, and not with -n.
func TestBucketsProgress(t *testing.T) {
	smallBuckets(t)
	in := randomLines(200<<10, 1, 40, 6)
	name := write(t, "in", in)
	lines := uint64(strings.Count(in, "\n"))
	for _, c := range []struct {
		count uint64
		total int64
	}{{0, int64(len(in))}, {lines, int64(len(in))}, {lines - 1, 0}} {
		var writing []int64
		opts := []Option{Seed(1), Progress(func(ph *Phase) {
			if strings.HasPrefix(ph.Name, "writing") {
				writing = append(writing, ph.Total)
			}
		})}
		if c.count > 0 {
			opts = append(opts, Count(c.count))
		}
		require.NoError(t, Shuffle(context.Background(), io.Discard, Files(name), opts...))
		assert.Equal(t, []int64{c.total}, writing, "-n %d of %d lines", c.count, lines)
	}
}

// TestBucketsSpillCounts: when the buckets spill, each temporary file
// counts its lines, and the files' shuffling phases announce, between
// them, every line of the input (three steps a record).
func TestBucketsSpillCounts(t *testing.T) {
	smallBuckets(t)
	in := randomLines(400<<10, 1, 40, 12)
	var steps int64
	opts := []Option{Seed(3), Memory(96 << 10), Progress(func(ph *Phase) {
		if strings.Contains(ph.Name, "shuffling") {
			steps += ph.Total
		}
	})}
	var out bytes.Buffer
	require.NoError(t, Shuffle(context.Background(), &out, Reader(strings.NewReader(in)), opts...))
	assert.Equal(t, sorted(in, '\n'), sorted(out.String(), '\n'))
	assert.Equal(t, 3*int64(strings.Count(in, "\n")), steps)
}

// TestBucketsHugeLine: a line longer than a gatherer's buffer, among short
// ones on the buckets' path, is written whole, in its place.
func TestBucketsHugeLine(t *testing.T) {
	smallBuckets(t)
	short := randomLines(300<<10, 1, 40, 13)
	in := short[:100<<10] + strings.Repeat("h", 3<<20) + "\n" + short[100<<10:]
	for _, pipe := range []bool{false, true} {
		bucketsAgree(t, in, pipe, 1<<30, 5)
	}
}

// TestBucketsSpillOpenAtEnd: the buckets spill while the input's last
// line, with no delimiter, is being read (a reader other than the files'
// stream, which ends every file's last line): it is ended in its file,
// and the output is the other paths', whether that line's file is read
// back whole (a line of 10 KiB) or record by record (300 KiB, past
// memory).
func TestBucketsSpillOpenAtEnd(t *testing.T) {
	smallBuckets(t)
	short := randomLines(100<<10, 1, 40, 14)
	// Memory runs out 5 KB into the last line: the cost of what is held
	// passes it there (cost: the bytes and 6 a line).
	mem := cost(int64(len(short)), int64(strings.Count(short, "\n"))) + 5000
	for _, last := range []int{10 << 10, 300 << 10} {
		in := short + strings.Repeat("z", last)
		got := bucketsAgree(t, in, true, mem, 4)
		assert.Equal(t, sorted(in+"\n", '\n'), sorted(got, '\n'), "a last line of %d bytes", last)
	}
}

// TestBucketsRealSizes: the buckets with the package's own sizes (every
// other test of them shrinks the sizes), on a file of 12 MiB of short
// lines (a pipe that short is arranged where it lies): taken, and the
// other paths' output.
func TestBucketsRealSizes(t *testing.T) {
	t.Parallel()
	bucketsAgree(t, randomLines(12<<20, 1, 60, 15), false, 1<<30, 6)
}
