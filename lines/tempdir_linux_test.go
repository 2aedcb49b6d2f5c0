package lines

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// openIn counts the files this process has open in dir (named or not:
// /proc gives an unlinked file's old path).
func openIn(t *testing.T, dir string) int {
	t.Helper()
	fds, err := os.ReadDir("/proc/self/fd")
	require.NoError(t, err)
	n := 0
	for _, fd := range fds {
		if p, err := os.Readlink(filepath.Join("/proc/self/fd", fd.Name())); err == nil && strings.HasPrefix(p, dir+"/") {
			n++
		}
	}
	return n
}

// TestCancelCloses: a run cancelled mid-spill has closed its spill files,
// so their space is free, when Shuffle returns (but for a write under way
// in its goroutine, which may still be running); so has a run that ends.
func TestCancelCloses(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	text := seqText(1, 300000)
	ctx, cancel := context.WithCancel(context.Background())
	spilling := 0
	r := &cancellingReader{r: strings.NewReader(text), after: len(text) * 3 / 4, cancel: func() {
		if spilling == 0 {
			spilling = openIn(t, tmp)
		}
		cancel()
	}}
	err := Shuffle(ctx, &lockedBuffer{}, Reader(r), Seed(1), Memory(64<<10))
	require.ErrorIs(t, err, context.Canceled)
	require.NotZero(t, spilling, "no spill file was open")
	// Shuffle closes the files as it returns, but a write under way in its
	// goroutine holds its descriptor until the write returns (os.File.Close
	// leaves the close to the file's last call in flight): a few
	// microseconds, 10 s at most here.
	for deadline := time.Now().Add(10 * time.Second); openIn(t, tmp) > 0 && time.Now().Before(deadline); {
		time.Sleep(time.Millisecond)
	}
	assert.Zero(t, openIn(t, tmp), "spill files still open 10 s after the cancel")
	require.NoError(t, Shuffle(context.Background(), &lockedBuffer{}, Reader(strings.NewReader(text)), Seed(1), Memory(64<<10)))
	assert.Zero(t, openIn(t, tmp), "spill files still open after the run")
	assertEmpty(t, tmp)
}
