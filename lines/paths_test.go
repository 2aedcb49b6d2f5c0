package lines

import (
	"context"
	"errors"
	"strings"
	"testing"

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
