package lines

import (
	"bytes"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// jerkyWriter takes its writes into a buffer, now and then after a pause,
// so that the gatherers of emitParallel run ahead of the writer, and in
// varying orders.
type jerkyWriter struct {
	bytes.Buffer
	r     *rand.Rand
	pause bool
}

func (w *jerkyWriter) Write(p []byte) (int, error) {
	if w.pause && w.r.IntN(4) == 0 {
		time.Sleep(time.Duration(w.r.IntN(300)) * time.Microsecond)
	}
	return w.Buffer.Write(p)
}

// TestEmitParallelOrder: emitParallel writes the lines in the order of
// starts, on 2 and 3 workers, whatever the blocks hold: short lines, a
// block in several pieces, lines too long to copy; and it ends, with a
// writer that makes the workers run ahead of it (a shared pool of buffers
// deadlocked there: the writer waited for a block whose worker waited for
// a buffer that the workers ahead held).
func TestEmitParallelOrder(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 2))
	var data []byte
	var starts []uint32
	for b := range 42 {
		for range emitBlock {
			starts = append(starts, uint32(len(data)))
			n := 1 + r.IntN(6) // most blocks one piece
			switch {
			case b%7 == 0:
				n = 20 + r.IntN(40) // a block in several pieces, then six in one
			case b%7 == 4 && r.IntN(2000) == 0:
				n = directLine + r.IntN(1000) // a line written as it lies
			}
			for range n - 1 {
				data = append(data, byte('a'+r.IntN(26)))
			}
			data = append(data, '\n')
		}
	}
	r.Shuffle(len(starts), func(i, j int) { starts[i], starts[j] = starts[j], starts[i] })
	var want bytes.Buffer
	for _, s := range starts {
		want.Write(data[s : int(s)+bytes.IndexByte(data[s:], '\n')+1])
	}
	for workers := 2; workers <= 3; workers++ {
		for trial := range 4 {
			w := &jerkyWriter{r: rand.New(rand.NewPCG(uint64(workers), uint64(trial))), pause: trial%2 == 0}
			out := &output{w: w, delim: '\n', left: math.MaxUint64, buf: make([]byte, 0, outBuf)}
			done := make(chan bool)
			go func() { done <- emitParallel(out, data, starts, '\n', workers) }()
			select {
			case <-done:
			case <-time.After(time.Minute):
				t.Fatalf("%d workers: emitParallel did not end in a minute", workers)
			}
			out.flush()
			require.NoError(t, out.err)
			require.True(t, bytes.Equal(want.Bytes(), w.Bytes()), "%d workers: the lines are not in order", workers)
		}
	}
}
