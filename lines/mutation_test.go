package lines

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/fairshuffle/shuffle"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The tests of this file came from mutation testing (docs/mutation.md,
// the lines section): each holds a behaviour a caller relies on that no
// other test of the package pinned.

// rangeText is the text of the numbers lo..hi, each ended by delim.
func rangeText(lo, hi uint64, delim byte) string {
	var b []byte
	for v := lo; ; v++ {
		b = append(strconv.AppendUint(b, v, 10), delim)
		if v == hi {
			return string(b)
		}
	}
}

// TestLinesRangeReader reads the text of a range through buffers of every
// size from 1 byte, across the digit counts and up to 2⁶⁴−1, where the
// next number would wrap to 0.
func TestLinesRangeReader(t *testing.T) {
	for _, c := range []struct{ lo, hi uint64 }{
		{0, 0}, {7, 7}, {8, 12}, {95, 105}, {998, 1001},
		{math.MaxUint64 - 3, math.MaxUint64}, {math.MaxUint64, math.MaxUint64},
	} {
		for _, delim := range []byte{'\n', 0} {
			want := rangeText(c.lo, c.hi, delim)
			for _, size := range []int{1, 2, 3, 5, 21, 64} {
				r := &rangeReader{next: c.lo, last: c.hi, delim: delim}
				var got []byte
				p := make([]byte, size)
				for range 10000 {
					n, err := r.Read(p)
					got = append(got, p[:n]...)
					if err == io.EOF {
						require.Zero(t, n, "%d-%d: EOF with %d bytes", c.lo, c.hi, n)
						break
					}
					require.NoError(t, err)
					require.NotZero(t, n, "%d-%d by %d: an empty read before the end", c.lo, c.hi, size)
				}
				require.Equal(t, want, string(got), "%d-%d by %d", c.lo, c.hi, size)
				n, err := r.Read(p)
				assert.Zero(t, n)
				assert.Equal(t, io.EOF, err, "a read after the end")
			}
		}
	}
	// A read of nothing is no end.
	r := &rangeReader{next: 1, last: 2, delim: '\n'}
	n, err := r.Read(nil)
	assert.Zero(t, n)
	assert.NoError(t, err)
}

// TestLinesRangePanics: a range whose end is below its start less one, or
// every uint64, is a programmer's error; the empty range lo, lo−1 and
// the ranges one number short of 2⁶⁴ are not.
func TestLinesRangePanics(t *testing.T) {
	for _, c := range []struct{ lo, hi uint64 }{{5, 3}, {math.MaxUint64, 0}, {0, math.MaxUint64}} {
		assert.PanicsWithValue(t, fmt.Sprintf("lines.Range: invalid range %d to %d", c.lo, c.hi), func() { Range(c.lo, c.hi) })
	}
	for _, c := range []struct{ lo, hi uint64 }{{5, 4}, {0, 0}, {0, 9}, {1, math.MaxUint64}, {1, math.MaxUint64 - 1}, {0, math.MaxUint64 - 1}, {math.MaxUint64, math.MaxUint64}} {
		assert.NotPanics(t, func() { Range(c.lo, c.hi) }, "%d to %d", c.lo, c.hi)
	}
}

// TestLinesRangeBytes checks the size of a range's text against the text
// for small ranges, and at 20 digits, where it is capped at MaxInt64.
func TestLinesRangeBytes(t *testing.T) {
	for _, c := range []struct{ lo, hi uint64 }{
		{0, 0}, {0, 9}, {1, 10}, {9, 10}, {5, 1234}, {99, 100}, {999, 1000}, {10000, 10001},
		{1e18 - 2, 1e18 + 1}, {1e19 - 2, 1e19 + 2},
		{math.MaxUint64 - 5, math.MaxUint64}, {math.MaxUint64, math.MaxUint64},
	} {
		assert.Equal(t, int64(len(rangeText(c.lo, c.hi, '\n'))), rangeBytes(c.lo, c.hi), "%d-%d", c.lo, c.hi)
	}
	// 20-digit numbers take 21 bytes; MaxInt64 = 21·439208192231179800 + 7.
	const fit = 439208192231179800
	assert.Equal(t, int64(21*fit), rangeBytes(1e19, 1e19+fit-1), "the most 20-digit numbers under the cap")
	assert.Equal(t, int64(math.MaxInt64), rangeBytes(1e19, 1e19+fit), "one more")
	// 14 numbers of 19 digits (20 bytes) and the 21-byte ones after them:
	// 280 + 21·439208192231179787 = MaxInt64 exactly, and one more is past it.
	assert.Equal(t, int64(math.MaxInt64), rangeBytes(1e19-14, 1e19+439208192231179786), "MaxInt64 exactly")
	assert.Equal(t, int64(math.MaxInt64-21), rangeBytes(1e19-14, 1e19+439208192231179785))
	assert.Equal(t, int64(math.MaxInt64), rangeBytes(1e19-15, 1e19+439208192231179786), "past it")
	assert.Equal(t, int64(math.MaxInt64), rangeBytes(1, math.MaxUint64))
	assert.Equal(t, int64(math.MaxInt64), rangeBytes(1e18, math.MaxUint64))
}

// shufOut runs Shuffle to a buffer and returns what it wrote.
func shufOut(t *testing.T, in Input, opts ...Option) string {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, Shuffle(context.Background(), &b, in, opts...))
	return b.String()
}

// TestLinesSameLines holds the package doc's promise that the same seed
// gives the same output whatever holds the lines: Range(lo, hi), Strings,
// a file of their text and a pipe, in memory or past it, whole or with
// Count or a header.
func TestLinesSameLines(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		lo, hi uint64
		opts   []Option
	}{
		{1, 1, nil},
		{1, 2, nil},
		{1, 40, nil},
		{7, 300, []Option{Count(0)}},
		{7, 300, []Option{Count(1)}},
		{7, 300, []Option{Count(37)}},
		{7, 300, []Option{Count(293)}},
		{7, 300, []Option{Count(294)}},
		{7, 300, []Option{Count(295)}},
		{7, 300, []Option{Header(1)}},
		{7, 300, []Option{Header(3), Count(5)}},
		{1, 3, []Option{Header(5)}},
		{1, 300, []Option{Delim(0)}},
		// Past 64 KiB of memory: 12,000 numbers take 72 KB in memory.
		{1e6, 1e6 + 11999, []Option{Memory(64 << 10)}},
		{1e6, 1e6 + 11999, []Option{Memory(64 << 10), Count(3000)}},
	} {
		delim := byte('\n')
		for _, o := range c.opts {
			probe := &options{delim: '\n'}
			o(probe)
			delim = probe.delim
		}
		text := rangeText(c.lo, c.hi, delim)
		var ops []string
		for _, l := range strings.SplitAfter(text, string(delim)) {
			if l != "" {
				ops = append(ops, strings.TrimSuffix(l, string(delim)))
			}
		}
		file := write(t, "range", text)
		seeds := uint64(2)
		if c.hi-c.lo > 1000 {
			seeds = 1
		}
		// A sample (Count below the lines there are, Count not 0) is the
		// shuffle package's Sample of line numbers for Range and Strings,
		// and a reservoir's for a file and a pipe: the package doc
		// promises each pair the same sample, not all four.
		probe := &options{delim: '\n', count: math.MaxUint64}
		for _, o := range c.opts {
			o(probe)
		}
		lines := c.hi - c.lo + 1 - min(uint64(probe.header), c.hi-c.lo+1)
		sample := probe.countSet && probe.count > 0 && probe.count < lines
		for seed := range seeds {
			opts := append([]Option{Seed(seed)}, c.opts...)
			want := shufOut(t, Range(c.lo, c.hi), opts...)
			assert.Equal(t, want, shufOut(t, Strings(ops...), opts...), "%d-%d %d: Strings", c.lo, c.hi, seed)
			fromFile := shufOut(t, Files(file), opts...)
			if !sample {
				assert.Equal(t, want, fromFile, "%d-%d %d: a file", c.lo, c.hi, seed)
			}
			assert.Equal(t, fromFile, shufOut(t, Reader(strings.NewReader(text)), opts...), "%d-%d %d: a pipe", c.lo, c.hi, seed)
			assert.Equal(t, sorted(text, delim), sorted(shufOut(t, Range(c.lo, c.hi), append(opts, Count(math.MaxUint64))...), delim),
				"%d-%d %d: the lines", c.lo, c.hi, seed)
		}
	}
	// In memory and past it: the same order.
	for seed := range uint64(1) {
		assert.Equal(t, shufOut(t, Range(1e6, 1e6+11999), Seed(seed)), shufOut(t, Range(1e6, 1e6+11999), Seed(seed), Memory(64<<10)), "seed %d", seed)
	}
}

// TestLinesAligned holds Aligned's promise: each file comes out as Files
// of it alone with the same seed, so line i of every output came from
// line i of its input; files of different line counts are an error
// naming both, before anything is written.
func TestLinesAligned(t *testing.T) {
	dir := t.TempDir()
	const n = 50
	var a, b, h strings.Builder
	h.WriteString("id\n")
	for i := range n {
		a.WriteString("a" + strconv.Itoa(i) + "\n")
		b.WriteString("b" + strconv.Itoa(i) + "\n")
		h.WriteString("h" + strconv.Itoa(i) + "\n")
	}
	fa, fb := write(t, "a.txt", a.String()), write(t, "b.txt", b.String())
	for _, seed := range []uint64{1, 2} {
		out := filepath.Join(dir, "out"+strconv.FormatUint(seed, 10))
		require.NoError(t, Shuffle(context.Background(), nil, Files(fa, fb), Seed(seed), Aligned(out)))
		assert.Equal(t, []string{"a.txt", "b.txt"}, dirNames(t, out))
		ga, err := os.ReadFile(filepath.Join(out, "a.txt"))
		require.NoError(t, err)
		gb, err := os.ReadFile(filepath.Join(out, "b.txt"))
		require.NoError(t, err)
		assert.Equal(t, shufOut(t, Files(fa), Seed(seed)), string(ga), "seed %d", seed)
		assert.Equal(t, strings.ReplaceAll(string(ga), "a", "b"), string(gb), "seed %d: not aligned", seed)
	}
	// The default source: aligned all the same.
	out := filepath.Join(dir, "crypto")
	require.NoError(t, Shuffle(context.Background(), nil, Files(fa, fb), Aligned(out)))
	ga, err := os.ReadFile(filepath.Join(out, "a.txt"))
	require.NoError(t, err)
	gb, err := os.ReadFile(filepath.Join(out, "b.txt"))
	require.NoError(t, err)
	assert.Equal(t, strings.ReplaceAll(string(ga), "a", "b"), string(gb), "the default source: not aligned")
	assert.Equal(t, sorted(a.String(), '\n'), sorted(string(ga), '\n'))

	// A header is counted off each file: 50 lines after it.
	fh, fg := write(t, "h.txt", h.String()), write(t, "g.txt", "id\n"+a.String())
	out = filepath.Join(dir, "header")
	require.NoError(t, Shuffle(context.Background(), nil, Files(fh, fg), Seed(3), Header(1), Aligned(out)))
	gh, err := os.ReadFile(filepath.Join(out, "h.txt"))
	require.NoError(t, err)
	assert.Equal(t, shufOut(t, Files(fh), Seed(3), Header(1)), string(gh))

	// Counts that differ, in the second file or the third: an error naming
	// it and the first, and no directory made.
	short := write(t, "short.txt", "x\ny\n")
	for _, files := range [][]string{{fa, short}, {fa, fb, short}, {short, fa, fb}} {
		out := filepath.Join(dir, "differ")
		err := Shuffle(context.Background(), nil, Files(files...), Seed(1), Aligned(out))
		require.ErrorIs(t, err, ErrLineCounts, "%q", files)
		assert.Contains(t, err.Error(), "short.txt")
		assert.Contains(t, err.Error(), filepath.Base(files[0]))
		assert.NoDirExists(t, out)
	}
	err = Shuffle(context.Background(), nil, Files(fh, fa), Seed(1), Aligned(filepath.Join(dir, "h")))
	require.ErrorIs(t, err, ErrLineCounts)
	assert.Contains(t, err.Error(), "has 50 lines and")
	assert.Contains(t, err.Error(), "51 lines;")
	err = Shuffle(context.Background(), nil, Files(fh, fa), Seed(1), Header(1), Aligned(filepath.Join(dir, "h")))
	require.ErrorIs(t, err, ErrLineCounts)
	assert.Contains(t, err.Error(), "50 lines after its header;")

	// A directory that is a file; a pipe, which cannot be read twice.
	err = Shuffle(context.Background(), nil, Files(fa, fb), Seed(1), Aligned(fa))
	assert.ErrorIs(t, err, syscall.ENOTDIR)
	err = Shuffle(context.Background(), nil, Files(fa, "-"), Seed(1), Aligned(filepath.Join(dir, "pipe")), Stdin(strings.NewReader(a.String())))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "cannot read standard input")
	if _, err := os.Stat(os.DevNull); err == nil && runtime.GOOS != "windows" {
		err = Shuffle(context.Background(), nil, Files(fa, os.DevNull), Seed(1), Aligned(filepath.Join(dir, "pipe")))
		require.Error(t, err)
		assert.Contains(t, err.Error(), "not a regular file")
	}
	assert.NoDirExists(t, filepath.Join(dir, "pipe"))
	// An existing directory is used as it is, and kept on an error.
	keep := filepath.Join(dir, "keep")
	require.NoError(t, os.Mkdir(keep, 0o777))
	require.NoError(t, Shuffle(context.Background(), nil, Files(fa, fb), Seed(1), Aligned(keep)))
	assert.Equal(t, []string{"a.txt", "b.txt"}, dirNames(t, keep))
}

// TestLinesHugeLines shuffles lines longer than the memory bound: each
// label's spill file is then too big for memory, and its lines are
// shuffled where they lie in it and copied out one by one. The output is
// the one in memory, whole or cut by Count.
func TestLinesHugeLines(t *testing.T) {
	var b strings.Builder
	for i := range 5 {
		// 65 to 105 KiB: past the 64 KiB bound and the 64 KiB buffer
		// that reads the spill file.
		b.WriteString(strings.Repeat(string(rune('a'+i)), 65<<10+i*(10<<10)) + "\n")
	}
	b.WriteString("short\n")
	text := b.String()
	file := write(t, "huge", text)
	for _, opts := range [][]Option{{Seed(4)}, {Seed(5), Count(3)}} {
		want := shufOut(t, Files(file), opts...)
		assert.Equal(t, want, shufOut(t, Files(file), append(opts, Memory(64<<10))...))
	}
	assert.Equal(t, sorted(text, '\n'), sorted(shufOut(t, Files(file), Seed(6), Memory(64<<10)), '\n'))
}

// TestLinesRepeat checks Repeat on every kind of input: Count lines, each
// one of the input's, every line drawn at least once in 200 draws of 5
// (each misses with probability 5·0.8²⁰⁰ < 10⁻¹⁸), and the same lines
// from Range, Strings and a file of their text.
func TestLinesRepeat(t *testing.T) {
	text := rangeText(100, 104, '\n')
	file := write(t, "five", text)
	want := shufOut(t, Range(100, 104), Seed(9), Repeat(), Count(200))
	got := strings.SplitAfter(want, "\n")
	require.Len(t, got, 201)
	assert.Equal(t, sorted(text, '\n'), compactSorted(got[:200]), "not every line, or others")
	assert.Equal(t, want, shufOut(t, Strings("100", "101", "102", "103", "104"), Seed(9), Repeat(), Count(200)), "Strings")
	got = strings.SplitAfter(shufOut(t, Files(file), Seed(9), Repeat(), Count(200)), "\n")
	require.Len(t, got, 201)
	assert.Equal(t, sorted(text, '\n'), compactSorted(got[:200]), "a file")
	// An empty input has nothing to repeat.
	assert.ErrorIs(t, Shuffle(context.Background(), io.Discard, Strings(), Repeat(), Count(3)), ErrNoLines)
	assert.ErrorIs(t, Shuffle(context.Background(), io.Discard, Range(5, 4), Repeat(), Count(3)), ErrNoLines)
	// Count(0) writes nothing, and draws nothing.
	assert.Empty(t, shufOut(t, Range(1, 5), Repeat(), Count(0), RandomFile(os.DevNull)))
}

// compactSorted is the distinct strings of l, sorted.
func compactSorted(l []string) []string {
	l = slices.Clone(l)
	slices.Sort(l)
	return slices.Compact(l)
}

// TestLinesAlgorithm: an Algorithm shuffles the lines in memory, the same
// lines in the same order from Range, Strings, a file and a pipe.
func TestLinesAlgorithm(t *testing.T) {
	text := rangeText(1, 60, '\n')
	ops := strings.Fields(text)
	file := write(t, "sixty", text)
	for _, name := range []string{"durstenfeld", "naive"} {
		alg, ok := shuffle.Lookup(name)
		require.True(t, ok)
		want := shufOut(t, Range(1, 60), Seed(2), Algorithm(alg))
		assert.Equal(t, sorted(text, '\n'), sorted(want, '\n'), name)
		assert.NotEqual(t, text, want, name)
		assert.Equal(t, want, shufOut(t, Strings(ops...), Seed(2), Algorithm(alg)), "%s: Strings", name)
		assert.Equal(t, want, shufOut(t, Files(file), Seed(2), Algorithm(alg)), "%s: a file", name)
		assert.Equal(t, want, shufOut(t, Reader(strings.NewReader(text)), Seed(2), Algorithm(alg)), "%s: a pipe", name)
	}
}

// TestLinesParts checks Shards and Split end to end: the parts, read in
// order, are the run's output to one file, cut into parts of partSizes'
// sizes, each with the header; parts past one write of the output (16,000
// lines, 100 KB) are cut in the right place; options that do not go
// together are errors before anything is written.
func TestLinesParts(t *testing.T) {
	dir := t.TempDir()
	text := "head\n" + rangeText(10000, 25999, '\n')
	file := write(t, "in", text)
	for i, c := range []struct {
		opts  []Option // the parts
		more  []Option // for the parts and the one file
		names []string
		sizes []int
	}{
		{[]Option{Shards(3)}, nil, []string{"p-00000-of-00003", "p-00001-of-00003", "p-00002-of-00003"}, []int{5334, 5333, 5333}},
		{[]Option{Split(50, 50)}, nil, []string{"p.train", "p.test"}, []int{8000, 8000}},
		{[]Option{Split(1, 98, 1)}, nil, []string{"p.train", "p.val", "p.test"}, []int{160, 15680, 160}},
		{[]Option{Split(1, 98, 1)}, []Option{Count(7)}, []string{"p.train", "p.val", "p.test"}, []int{0, 7, 0}},
		// Past memory: the parts' sizes from the spill files' lines.
		{[]Option{Split(30, 70)}, []Option{Memory(64 << 10)}, []string{"p.train", "p.test"}, []int{4800, 11200}},
	} {
		lines := strings.SplitAfter(shufOut(t, Files(file), append([]Option{Seed(1), Header(1)}, c.more...)...), "\n")
		lines = lines[1 : len(lines)-1] // the header and the empty tail off
		out := filepath.Join(dir, strconv.Itoa(i))
		require.NoError(t, os.Mkdir(out, 0o777))
		opts := append([]Option{Seed(1), Header(1), Output(filepath.Join(out, "p"))}, c.opts...)
		require.NoError(t, Shuffle(context.Background(), nil, Files(file), append(opts, c.more...)...))
		assert.ElementsMatch(t, c.names, dirNames(t, out))
		at := 0
		for i, name := range c.names {
			b, err := os.ReadFile(filepath.Join(out, name))
			require.NoError(t, err)
			want := "head\n" + strings.Join(lines[at:at+c.sizes[i]], "")
			assert.Equal(t, want, string(b), "%s", name)
			at += c.sizes[i]
		}
	}
	for _, c := range []struct {
		opts []Option
		msg  string
	}{
		{[]Option{Shards(2), Split(50, 50), Output(filepath.Join(dir, "x"))}, "cannot be combined"},
		{[]Option{Shards(2)}, "need -o PREFIX"},
		{[]Option{Split(50, 50)}, "need -o PREFIX"},
		{[]Option{Shards(2), Repeat(), Output(filepath.Join(dir, "x"))}, "need -n COUNT with -r"},
	} {
		err := Check(Files(file), c.opts...)
		require.Error(t, err)
		assert.Contains(t, err.Error(), c.msg)
	}
	assert.NoError(t, Check(Files(file), Shards(2), Repeat(), Count(5), Output(filepath.Join(dir, "x"))))
	assert.NoFileExists(t, filepath.Join(dir, "x-00000-of-00002"))
}

// TestLinesCSVErrors checks that malformed CSV is an error naming the line
// where the fault is (for an unclosed field, where it opens), also far past
// the first block, where the binary check no longer looks; and that
// records with line breaks, CRLF ends and another separator are shuffled
// whole.
func TestLinesCSVErrors(t *testing.T) {
	good := strings.Repeat("1,\"x\ny\",z\n", 20000) // 40,000 lines, 200 KB
	for _, c := range []struct{ in, msg string }{
		{"a,b\n1,\"x\"y\n", "standard input:2: text after the closing quote"},
		{"a,b\n1,2\n\"open\n3,4\n", "standard input:3: a quoted field starts on this line and is not closed"},
		{"a,b\n" + good + "1,\"x\ny\nz\x00\"\n", "standard input:40004: a NUL byte, which CSV does not hold"},
		{"a,b\n" + good + "1,\"x\"\x00\n", "standard input:40002: a NUL byte, which CSV does not hold"},
		{"a,b\n" + good + "1,2\x00\n", "standard input:40002: a NUL byte, which CSV does not hold"},
		{"a,b\n" + good + "1,\"x\"y\n", "standard input:40002: text after the closing quote"},
		{"a,b\n" + good + "1,\"x\ny\n", "standard input:40002: a quoted field starts on this line"},
	} {
		err := Shuffle(context.Background(), io.Discard, Reader(strings.NewReader(c.in)), Seed(1), CSV(','))
		require.ErrorIs(t, err, ErrMalformedCSV, "%.40q", c.in)
		assert.Contains(t, err.Error(), c.msg)
	}
	for _, c := range []struct {
		in  string
		sep byte
	}{
		{"a,b\r\n1,\"x\"\r\n2,\"y\nz\"\r\n3,\"\"\"q\"\"\"\r\n", ','},
		{"a;b\n1;\"x;\ny\"\n2;\"\"\n3;w\n", ';'},
		{"a,b\n1,\"\n\n\"\n2,\"a\"\"\n\"\"b\"\n", ','},
	} {
		got := shufOut(t, Reader(strings.NewReader(c.in)), Seed(3), CSV(c.sep), Header(1))
		recs := func(s string) []string {
			var r []string
			for _, l := range strings.SplitAfter(s, "\n") {
				if n := len(r); n > 0 && strings.Count(r[n-1], "\"")%2 == 1 {
					r[n-1] += l
				} else if l != "" {
					r = append(r, l)
				}
			}
			slices.Sort(r[1:])
			return r
		}
		assert.Equal(t, recs(c.in), recs(got), "%q", c.in)
	}
	// Without CSV, a first block that looks like CSV with a line break in a
	// quoted field gets a warning naming where that field starts.
	var warn bytes.Buffer
	shufOut(t, Reader(strings.NewReader("a,b\n1,2\n3,\"y\nz\"\n")), Seed(1), Warnings(&warn))
	assert.Equal(t, "shuf: warning: standard input:3: a quoted field holds a line break, as CSV may: without --csv its lines are shuffled apart\n", warn.String())
	for _, in := range []string{"a b\n3,\"y\nz\"\n", "a,b\n3,\"y\"\n", "a,b\n3,\"y\nz\"x\n"} {
		warn.Reset()
		shufOut(t, Reader(strings.NewReader(in)), Seed(1), Warnings(&warn))
		assert.Empty(t, warn.String(), "%q", in)
	}
}

// TestLinesHeaders checks Header over several files: each later file's
// copy of the header is checked line by line (a record by record with CSV)
// and taken off, so the output is that of one file holding the header and
// every file's other lines; a copy that differs is an error naming the
// file, the line and both texts (cut at 60 bytes); DropHeaders drops the
// copies whatever they hold.
func TestLinesHeaders(t *testing.T) {
	t.Setenv("LC_ALL", "C")
	dir := t.TempDir()
	long := strings.Repeat("L", 5000)
	huge := strings.Repeat("H", 70000) // past the stream's 64 KiB buffer
	x60 := strings.Repeat("x", 60)     // the longest line shown whole
	for i, c := range []struct {
		a, b, one string // two files, and the one file they make
		opts      []Option
		err       string // b's line and message, after b's name
	}{
		{"h\n1\n2\n", "h\n3\n4\n", "h\n1\n2\n3\n4\n", []Option{Header(1)}, ""},
		{"h\ni\n1\n2\n", "h\ni\n3\n", "h\ni\n1\n2\n3\n", []Option{Header(2)}, ""},
		{"h\n1\n", "h", "h\n1\n", []Option{Header(1)}, ""},
		{"h\ni\n1\n", "h\n", "h\ni\n1\n", []Option{Header(2)}, ""},
		{"h\ni\n1\n", "h\ni", "h\ni\n1\n", []Option{Header(2)}, ""},
		{long + "\n1\n", long + "\n2\n3\n", long + "\n1\n2\n3\n", []Option{Header(1)}, ""},
		{"h\n1\n", "zz\n2\n", "h\n1\n2\n", []Option{Header(1), DropHeaders()}, ""},
		{"h\ni\n1\n", "zz\n", "h\ni\n1\n", []Option{Header(2), DropHeaders()}, ""},
		{"h\ni\n1\n", "zz\nyy\n2\n", "h\ni\n1\n2\n", []Option{Header(2), DropHeaders()}, ""},
		{huge + "\n1\n", huge + "\n2\n", huge + "\n1\n2\n", []Option{Header(1)}, ""},
		{huge + "\n1\n", "z" + huge + "\n2\n", huge + "\n1\n2\n", []Option{Header(1), DropHeaders()}, ""},
		{"h\n1\n", x60 + "\n2\n", "", []Option{Header(1)}, ":1: '" + x60 + "' is not the header of A, 'h'"},
		{"a,\"b\nc\"\nd,e\n1,2\n", "a,\"b\nc\"\nd,e\n3,4\n", "a,\"b\nc\"\nd,e\n1,2\n3,4\n", []Option{Header(2), CSV(',')}, ""},
		{"h\n1\n2\n", "x\n3\n4\n", "", []Option{Header(1)}, ":1: 'x' is not the header of A, 'h'"},
		{"h\n1\n2\n", "h\nh\n4\n", "h\n1\n2\nh\n4\n", []Option{Header(1)}, ""}, // a copy of the header past it is a line
		{"h\n1\n2\n", "hh\n3\n", "", []Option{Header(1)}, ":1: 'hh' is not the header of A, 'h'"},
		{"h\n1\n2\n", "\n3\n", "", []Option{Header(1)}, ":1: '' is not the header of A, 'h'"},
		{"h\ni\n1\n", "h\nx\n3\n", "", []Option{Header(2)}, ":2: 'x' is not line 2 of the header of A, 'i'"},
		{"h\ni\n", "h\ni\nj\n3\n", "", []Option{Header(3)}, ":3: line 3 of the header: A has only 2"},
		{"h\ni\n1\n", "h\nx", "", []Option{Header(2)}, ":2: 'x' is not line 2 of the header of A, 'i'"}, // at the end, without its delimiter
		{long + "\n1\n", long + "x\n2\n", "", []Option{Header(1)}, ":1: '" + long[:60] + "'... is not the header of A, '" + long[:60] + "'..."},
		{"a,\"b\nc\"\nd,e\n1,2\n", "a,\"b\nc\"\nd,x\n3,4\n", "", []Option{Header(2), CSV(',')}, ":3: 'd,x' is not record 2 of the header of A, 'd,e'"},
	} {
		a := filepath.Join(dir, "a"+strconv.Itoa(i))
		b := filepath.Join(dir, "b"+strconv.Itoa(i))
		require.NoError(t, os.WriteFile(a, []byte(c.a), 0o666))
		require.NoError(t, os.WriteFile(b, []byte(c.b), 0o666))
		var out bytes.Buffer
		err := Shuffle(context.Background(), &out, Files(a, b), append([]Option{Seed(7)}, c.opts...)...)
		if c.err != "" {
			require.ErrorIs(t, err, ErrHeaderMismatch, "%d", i)
			assert.Equal(t, b+strings.ReplaceAll(c.err, " A", " "+a)+" (--header-mismatch=drop drops it all the same)", err.Error(), "%d", i)
			assert.Empty(t, out.String())
			continue
		}
		require.NoError(t, err, "%d", i)
		one := filepath.Join(dir, "one"+strconv.Itoa(i))
		require.NoError(t, os.WriteFile(one, []byte(c.one), 0o666))
		assert.Equal(t, shufOut(t, Files(one), append([]Option{Seed(7)}, c.opts...)...), out.String(), "%d", i)
	}
}

// TestLinesBucketsOpenLine: the buckets spill at the memory limit in the
// middle of a line longer than the spill's reader buffer (64 KiB), the
// input's last, with a delimiter and without: the rest of it goes to its
// spill file, the delimiter added, and the output is the other paths'.
func TestLinesBucketsOpenLine(t *testing.T) {
	smallBuckets(t)
	for _, last := range []string{strings.Repeat("z", 150<<10), strings.Repeat("z", 150<<10) + "\n"} {
		in := randomLines(40<<10, 1, 40, 8) + last
		want, _ := shuffleHere(t, in, true, 1<<30, '\n', 1<<64-1, 9, false)
		got, s := shuffleHere(t, in, true, 100<<10, '\n', 1<<64-1, 9, true)
		assert.NotZero(t, s.tmp.files, "nothing was spilled")
		assert.True(t, want == got, "%d bytes: the output differs from the other paths'", len(in))
	}
}

// TestLinesOneLineDrawsNothing: one line, or none, is written without a
// draw (the project's rule for empty and one-element inputs), so an empty
// RandomFile is enough, from every kind of input.
func TestLinesOneLineDrawsNothing(t *testing.T) {
	empty := write(t, "empty", "")
	one := write(t, "one", "only\n")
	for _, in := range []func() Input{
		func() Input { return Files(one) },
		func() Input { return Reader(strings.NewReader("only\n")) },
		func() Input { return Strings("only") },
	} {
		assert.Equal(t, "only\n", shufOut(t, in(), RandomFile(empty)))
		assert.Equal(t, "only\n", shufOut(t, in(), RandomFile(empty), Memory(64<<10)))
	}
	assert.Equal(t, "5\n", shufOut(t, Range(5, 5), RandomFile(empty)))
	assert.Equal(t, "", shufOut(t, Files(empty), RandomFile(empty)))
	// Two lines draw: the source's end is an error.
	err := Shuffle(context.Background(), io.Discard, Strings("a", "b"), RandomFile(empty))
	var rs *RandomSourceError
	assert.ErrorAs(t, err, &rs)
}

// TestLinesBucketsToFile: an input the buckets take, through Shuffle to
// an Output file, gives the file the output of the other paths, and
// nothing after it.
func TestLinesBucketsToFile(t *testing.T) {
	in := write(t, "in", randomLines(100<<10, 1, 40, 11))
	want := shufOut(t, Files(in), Seed(3))
	smallBuckets(t)
	out := filepath.Join(t.TempDir(), "out")
	require.NoError(t, Shuffle(context.Background(), nil, Files(in), Seed(3), Output(out)))
	got, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.True(t, want == string(got), "the buckets' output differs")
	assert.Equal(t, want, shufOut(t, Files(in), Seed(3)))
}

// TestLinesProgressTotals: through Shuffle, every phase that reads or
// shuffles ends at its Total, as Phase promises, and so does the last
// write; the merge counts its files 1 to k of k. In memory, past it (the
// spill files' own reading and shuffling), for Range and for Count.
func TestLinesProgressTotals(t *testing.T) {
	t.Parallel()
	text := randomLines(300<<10, 1, 40, 3)
	in := write(t, "in", text)
	for _, c := range []struct {
		in    Input
		opts  []Option
		files int // the spill files: a power of two, each about a third of memory
	}{
		{Files(in), nil, 0},
		{Files(in), []Option{Memory(64 << 10)}, 16}, // 16·64 KiB/3 ≥ 300 KiB > 8·64 KiB/3
		// A pipe, of unknown size, is planned as 3·32 times memory, 6 MiB:
		// 256·64 KiB/3 < 6 MiB ≤ 512·64 KiB/3.
		{Reader(strings.NewReader(text)), []Option{Memory(64 << 10)}, 512},
		{Files(in), []Option{Count(100)}, 0},
		{Range(1, 30000), nil, 0},
	} {
		var phases []*Phase
		var done []int64
		rep := func(ph *Phase) {
			if len(phases) > 0 {
				done = append(done, phases[len(phases)-1].Done())
			}
			phases = append(phases, ph)
		}
		require.NoError(t, Shuffle(context.Background(), io.Discard, c.in, append(c.opts, Seed(1), Progress(rep))...))
		require.NotEmpty(t, phases)
		done = append(done, phases[len(phases)-1].Done())
		merged, files := 0, 0
		for i, ph := range phases {
			name := ph.Name
			if m, rest, ok := strings.Cut(name, "merging file "); ok && m == "" {
				num, rest, _ := strings.Cut(rest, " of ")
				of, step, _ := strings.Cut(rest, ":")
				k, _ := strconv.Atoi(num)
				n, _ := strconv.Atoi(of)
				if k != merged {
					assert.Equal(t, merged+1, k, "%s after file %d", name, merged)
					merged = k
				}
				files = n
				assert.Equal(t, ph.Top, step == "", name)
				name = strings.TrimSpace(step)
			}
			// The first "reading" gives way at once, before reading, when
			// the run spills or counts the lines first.
			replaced := i == 0 && done[i] == 0 && len(phases) > 1 && (phases[1].Name == "spilling" || phases[1].Name == "counting lines")
			switch {
			case replaced:
			case strings.HasPrefix(name, "shuffling "):
				assert.Equal(t, ph.Total, done[i], "%v: %s", c.opts, ph.Name)
				assert.Positive(t, ph.Total, ph.Name)
			case strings.HasPrefix(name, "reading"), name == "counting lines", name == "spilling":
				if ph.Total > 0 { // 0: a pipe, whose size is not known
					assert.Equal(t, ph.Total, done[i], "%v: %s", c.opts, ph.Name)
				}
			}
		}
		assert.Equal(t, files, merged, "%v: merged %d files of %d", c.opts, merged, files)
		assert.Equal(t, c.files, files, "%v: the spill files", c.opts)
		last := phases[len(phases)-1]
		assert.True(t, strings.HasSuffix(last.Name, "writing"), last.Name)
		if last.Total > 0 {
			assert.Equal(t, last.Total, done[len(done)-1], "%v: the last write", c.opts)
		}
	}
}

// TestLinesSecondSplitFails: a spill file too big for memory is split
// again by label; if that fails (here its temporary directory is gone when
// the split starts), the run ends with the error, whatever the files after
// it hold.
func TestLinesSecondSplitFails(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	text := randomLines(60<<10, 1, 40, 12) + strings.Repeat("h", 100<<10) + "\n" + randomLines(60<<10, 1, 40, 13)
	file := write(t, "in", text)
	tried := 0
	for seed := range uint64(3) {
		at, of := 0, 0
		require.NoError(t, os.MkdirAll(tmp, 0o755))
		rep := func(ph *Phase) {
			if rest, ok := strings.CutSuffix(ph.Name, ": splitting"); ok && at == 0 {
				fmt.Sscanf(rest, "merging file %d of %d", &at, &of)
				// The spill files have no name: the split's new files
				// fail to be made once $TMPDIR is gone.
				os.RemoveAll(tmp)
			}
		}
		err := Shuffle(context.Background(), io.Discard, Files(file), Seed(seed), Memory(64<<10), Progress(rep))
		if at == 0 || at == of {
			continue // no second split, or in the last file
		}
		tried++
		assert.Error(t, err, "seed %d: the split of file %d of %d failed", seed, at, of)
	}
	assert.NotZero(t, tried, "no seed split a file before the last")
}
