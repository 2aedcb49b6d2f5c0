package lines

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestShuffleGroupsProgress: the shuffle of the groups counts its lines
// on the progress a block at a time, as progress promises (one atomic add
// per progressBlock lines or more, never a group or a line at a time), and
// is never a whole block behind: at the shuffle of each group, Done counts
// all but less than a block of the lines of the groups before it. Groups
// of a block exactly, and just past and short of one, place the counter's
// moves at their edges.
func TestShuffleGroupsProgress(t *testing.T) {
	sizes := []int{progressBlock, 2, 3, 0, progressBlock + 7, 5, 2, progressBlock - 2, 2, 2, 9}
	bound := []int{0}
	var starts []int64 // where each group that is shuffled starts
	for _, n := range sizes {
		if n > 1 {
			starts = append(starts, int64(bound[len(bound)-1]))
		}
		bound = append(bound, bound[len(bound)-1]+n)
	}
	n := bound[len(bound)-1]
	p := &progress{}
	var done []int64 // Done at each group's shuffle
	m := mixer{fy: watchShuffler(func() { done = append(done, p.work.Load()) })}
	shuffleGroups(m, make([]uint32, n), bound, 0, p)
	require.Len(t, done, len(starts))
	last := int64(0)
	for i, d := range done {
		assert.True(t, d <= starts[i] && starts[i]-d < progressBlock,
			"group %d, from line %d: %d lines counted, a block behind or more", i, starts[i], d)
		assert.True(t, d == last || d-last >= progressBlock, "group %d: the counter moved by %d lines", i, d-last)
		last = d
	}
	assert.Equal(t, int64(n), p.work.Load(), "every line counted at the end")
}

// watchShuffler calls itself for each group it is given, and leaves the
// group as it is.
type watchShuffler func()

func (w watchShuffler) Shuffle(int, func(i, j int)) { w() }
