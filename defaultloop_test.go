//go:build shuffle_seeddefault

package shuffle

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestDefaultLoop runs backwardDefault, the default source's loop, on words
// the test chooses: built with the tag shuffle_seeddefault, defaultWord
// reads defaultWords. As TestBatchedLoops and TestLoopRejections do for the
// seeded loops, it compares the loop with referenceBackward, order and
// words drawn, at sizes in every phase, from a source that answers 0 every
// third word, with a 0 at each word in turn (every phase's and every last
// batch's rejection), and at the last batch's edges (TestLastBatch).
//
//	go test -tags shuffle_seeddefault -run TestDefaultLoop .
func TestDefaultLoop(t *testing.T) {
	set := func(src rand.Source) {
		defaultMu.Lock()
		defer defaultMu.Unlock()
		defaultWords = src
	}
	defer set(defaultWords)
	loop := func(s []int, src rand.Source) {
		set(src)
		backwardDefault(s)
	}
	check := func(n int, src func() rand.Source, msg string) {
		got, want := ordered(n), ordered(n)
		gs, ws := src(), src()
		loop(got, gs)
		referenceBackward(ws, want)
		sameOrder(t, want, got, "%s", msg)
		require.Equal(t, ws.Uint64(), gs.Uint64(), "%s: the source left elsewhere", msg)
	}
	for _, n := range append([]int{0, 1}, loopSizes...) {
		for seed := range uint64(3) {
			check(n, func() rand.Source { return rand.NewPCG(seed, 7) }, fmt.Sprintf("n=%d seed=%d", n, seed))
			check(n, func() rand.Source { return &rejecting{pcg: *rand.NewPCG(seed, 7)} }, fmt.Sprintf("n=%d seed=%d, rejecting", n, seed))
		}
	}
	for _, n := range rejectionSizes {
		for k := range rejectionWords(n) {
			check(n, func() rand.Source { return pcgZeroAt(k, uint64(n)) }, fmt.Sprintf("n=%d zero at word %d", n, k))
		}
	}
	lastBatchEdges(t, loop)
}
