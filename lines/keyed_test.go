package lines

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fairshuffle/shuffle"
	"github.com/fairshuffle/shuffle/scatter"
)

// keyedWant is what a Keyed run writes for the lines of files: the order
// of scatter.Order, the reference of every engine.
func keyedWant(k scatter.Key, buckets int, files [][]string, count int) string {
	counts := make([]int, len(files))
	for i, f := range files {
		counts[i] = len(f)
	}
	var b strings.Builder
	for i, p := range scatter.Order(k, counts, buckets) {
		if i == count {
			break
		}
		b.WriteString(files[p.File][p.Line] + "\n")
	}
	return b.String()
}

// keyedFiles writes the test's inputs in dir: lines of many lengths, an
// empty file, a last line with no newline, a single line.
func keyedFiles(t *testing.T, dir string) (names []string, files [][]string) {
	t.Helper()
	texts := []string{randomLines(300<<10, 1, 120, 1), "", "x\ny", randomLines(100<<10, 1, 120, 2), "one\n"}
	for i, text := range texts {
		names = append(names, filepath.Join(dir, strconv.Itoa(i)))
		require.NoError(t, os.WriteFile(names[i], []byte(text), 0o644))
		files = append(files, strings.Split(strings.TrimSuffix(text, "\n"), "\n"))
		if text == "" {
			files[i] = nil
		}
	}
	return names, files
}

// TestKeyed: a Keyed run writes scatter.Order's order of its lines, which
// the Beam pipeline writes too (beam/textshuffle's TestSameAsLines), on
// every path: in memory, by buckets, spilled to files, with -n.
func TestKeyed(t *testing.T) {
	names, files := keyedFiles(t, t.TempDir())
	run := func(t *testing.T, in Input, opts ...Option) string {
		t.Helper()
		var b bytes.Buffer
		require.NoError(t, Shuffle(context.Background(), &b, in, opts...))
		return b.String()
	}
	for _, buckets := range []int{1, 3, 256, 65536} {
		k := scatter.NewKey(uint64(buckets))
		want := keyedWant(k, buckets, files, -1)
		t.Run(fmt.Sprint(buckets), func(t *testing.T) {
			assert.Equal(t, want, run(t, Files(names...), Keyed(k, buckets)), "in memory")
			assert.Equal(t, want, run(t, Files(names...), Keyed(k, buckets), Memory(64<<10)), "spilled")
			assert.Equal(t, want[:strings.Index(want, "\n")+1], run(t, Files(names...), Keyed(k, buckets), Count(1)), "-n 1")
			n := strings.Count(want, "\n") / 2
			assert.Equal(t, keyedWant(k, buckets, files, n), run(t, Files(names...), Keyed(k, buckets), Count(uint64(n)), Memory(64<<10)), "-n, spilled")
			// A pipe, and one file: both are file 0.
			one := strings.Join(append(append([]string(nil), files[0]...), files[2]...), "\n") + "\n"
			assert.Equal(t, keyedWant(k, buckets, [][]string{strings.Split(strings.TrimSuffix(one, "\n"), "\n")}, -1),
				run(t, Reader(strings.NewReader(one)), Keyed(k, buckets), Memory(64<<10)), "a pipe, spilled")
		})
	}
	t.Run("buckets", func(t *testing.T) {
		smallBuckets(t)
		k := scatter.NewKey(9)
		assert.Equal(t, keyedWant(k, 300, files, -1), run(t, Files(names...), Keyed(k, 300)))
	})
	t.Run("strings and numbers", func(t *testing.T) {
		k := scatter.NewKey(3)
		words := files[3][:500]
		assert.Equal(t, keyedWant(k, 7, [][]string{words}, -1), run(t, Strings(words...), Keyed(k, 7)))
		var nums []string
		for i := 10; i <= 2000; i++ {
			nums = append(nums, strconv.Itoa(i))
		}
		assert.Equal(t, keyedWant(k, 7, [][]string{nums}, -1), run(t, Range(10, 2000), Keyed(k, 7)))
		assert.Equal(t, keyedWant(k, 7, [][]string{nums}, 3), run(t, Range(10, 2000), Keyed(k, 7), Count(3)))
	})
}

// TestKeyedLabels: a bucket's label gives the bucket back, and labels keep
// the buckets' order, for every bucket of many counts of buckets.
func TestKeyedLabels(t *testing.T) {
	t.Parallel()
	for _, n := range []uint64{1, 2, 3, 5, 255, 256, 257, 1000, 4095, 40000, 65535, 65536} {
		k := keying{buckets: n}
		prev := -1
		for b := range n {
			l := int(b << labelBits / n)
			require.Equal(t, int(b), k.bucket(l), "%d buckets: bucket %d", n, b)
			require.Greater(t, l, prev, "%d buckets: bucket %d", n, b)
			prev = l
		}
	}
}

// TestKeyedRefuses: Keyed goes with no source, -r, --algo, --header, --csv
// or --aligned, and panics on a count of buckets it cannot label.
func TestKeyedRefuses(t *testing.T) {
	k := Keyed(scatter.NewKey(1), 4)
	in := filepath.Join(t.TempDir(), "in")
	require.NoError(t, os.WriteFile(in, []byte("a\nb\n"), 0o644))
	for _, c := range []struct {
		opt  Option
		with string
	}{
		{Seed(1), "a random source"}, {Crypto(), "a random source"}, {RandomFile("/dev/zero"), "a random source"},
		{Source(rand.NewPCG(1, 2)), "a random source"},
		{Repeat(), "-r"}, {Algorithm(shuffle.Algorithms()[0]), "--algo"}, {Header(1), "--header"}, {CSV(','), "--csv"}, {Aligned(t.TempDir()), "--aligned"},
	} {
		err := Shuffle(context.Background(), &bytes.Buffer{}, Files(in), k, c.opt)
		assert.EqualError(t, err, "--buckets cannot be combined with "+c.with)
	}
	assert.PanicsWithValue(t, "lines.Keyed: buckets 0 not in [1, 65536]", func() { Keyed(scatter.Key{}, 0) })
	assert.PanicsWithValue(t, "lines.Keyed: buckets 65537 not in [1, 65536]", func() { Keyed(scatter.Key{}, 65537) })
}
