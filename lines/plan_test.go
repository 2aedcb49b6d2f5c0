package lines

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/fairshuffle/shuffle"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// phaseLog runs Shuffle with a Progress that records each phase and, for
// each, what Done had reached when the next began (or the run ended).
func phaseLog(t *testing.T, in Input, opts ...Option) (out string, phases []*Phase, done []int64, err error) {
	t.Helper()
	var b strings.Builder
	rep := func(ph *Phase) {
		if len(phases) > 0 {
			done = append(done, phases[len(phases)-1].Done())
		}
		phases = append(phases, ph)
	}
	err = Shuffle(context.Background(), &b, in, append(opts, Progress(rep))...)
	if len(phases) > 0 {
		done = append(done, phases[len(phases)-1].Done())
	}
	return b.String(), phases, done, err
}

// TestLinesRangePaths: a range whose order fits in memory (6 bytes a
// number) is shuffled as numbers, its text never read; at one byte less,
// its text is spilled and read, the reading's total its exact size, and
// the output is the same. An [Algorithm] shuffle of a range holds its
// text and an index, as [Memory] counts them: memory of exactly that is
// enough, a byte less is not.
func TestLinesRangePaths(t *testing.T) {
	const lo, hi = 1, 30000
	const n = hi - lo + 1
	size := rangeBytes(lo, hi)
	reading := func(phases []*Phase, done []int64) (total, read int64, ok bool) {
		for i, ph := range phases {
			if strings.HasPrefix(ph.Name, "reading") && ph.Total > 0 {
				return ph.Total, done[i], true
			}
		}
		return 0, 0, false
	}
	want, phases, done, err := phaseLog(t, Range(lo, hi), Seed(3))
	require.NoError(t, err)
	_, _, ok := reading(phases, done)
	assert.False(t, ok, "default memory: the numbers' order, no text read")
	got, phases, done, err := phaseLog(t, Range(lo, hi), Seed(3), Memory(6*n))
	require.NoError(t, err)
	assert.True(t, want == got, "memory of exactly the order: the output differs")
	_, _, ok = reading(phases, done)
	assert.False(t, ok, "memory of exactly the order: its text was read")

	got, phases, done, err = phaseLog(t, Range(lo, hi), Seed(3), Memory(6*n-1))
	require.NoError(t, err)
	assert.True(t, want == got, "a byte less than the order: the output differs")
	total, read, ok := reading(phases, done)
	require.True(t, ok, "a byte less than the order: the text was not read")
	assert.Equal(t, size, total, "the text's size")
	assert.Equal(t, size, read, "the bytes read")

	fy, ok := shuffle.Lookup("durstenfeld")
	require.True(t, ok)
	out, _, _, err := phaseLog(t, Range(lo, hi), Seed(3), Algorithm(fy), Memory(size+6*n))
	require.NoError(t, err, "--algo in memory of the text and its index")
	assert.Equal(t, int(n), strings.Count(out, "\n"))
	_, _, _, err = phaseLog(t, Range(lo, hi), Seed(3), Algorithm(fy), Memory(size+6*n-1))
	assert.True(t, errors.Is(err, ErrOutOfMemory), "--algo a byte short: %v", err)
}

// TestLinesSampleGolden pins the samples of [Count] for a seed: of a
// [Range] (the shuffle package's Sample of line numbers), of a pipe (the
// reservoir), and at 2^20, the largest sample each takes, against the
// full shuffle's first lines one past it. Count(0) reads nothing.
func TestLinesSampleGolden(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		in   Input
		n    uint64
		want string // the output, or the SHA-256 of a long one
	}{
		{"a range", Range(1, 1000), 5, "110 282 207 865 792"},
		{"a pipe", Reader(strings.NewReader(rangeText(1, 1000, '\n'))), 5, "269 279 735 273 8"},
		{"a range, all", Range(1, 1000), 1000, "0648524a"},
		{"a range at sampleMax", Range(1, sampleMax+1), sampleMax, "d898bfe4"},
		{"a pipe at sampleMax", Reader(strings.NewReader(rangeText(1, sampleMax+1, '\n'))), sampleMax, "1ab4f3d4"},
		{"a range past sampleMax", Range(1, sampleMax+1), sampleMax + 1, "25a689bf"},
	} {
		out, _, _, err := phaseLog(t, c.in, Seed(1), Count(c.n))
		require.NoError(t, err, c.name)
		got := strings.Join(strings.Fields(out), " ")
		if c.n > 5 {
			got = fmt.Sprintf("%x", sha256.Sum256([]byte(out)))[:8]
		}
		assert.Equal(t, c.want, got, c.name)
	}
	var b strings.Builder
	fails := iotest.ErrReader(errors.New("read"))
	require.NoError(t, Shuffle(context.Background(), &b, Reader(fails), Count(0)), "Count(0) read its input")
	assert.Empty(t, b.String())
	// With a header, the header alone is read.
	in := io.MultiReader(strings.NewReader("h\na\nb\n"), fails)
	require.NoError(t, Shuffle(context.Background(), &b, Reader(in), Count(0), Header(1)), "Count(0) read past the header")
	assert.Equal(t, "h\n", b.String())
}
