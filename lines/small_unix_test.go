//go:build unix

package lines

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTargetsCommitFails: when a part cannot be renamed onto its name at
// the end, every part is aborted, after commitTargets has closed them all:
// a part written in place (a file with another hard link) is emptied
// still, through its name, and a file that a part written beside was to
// replace keeps what it held; no temporary file is left.
func TestTargetsCommitFails(t *testing.T) {
	dir := t.TempDir()
	in := write(t, "in", seqText(1, 1000))
	part := func(i int) string { return filepath.Join(dir, "out-0000"+string(rune('0'+i))+"-of-00003") }
	require.NoError(t, os.WriteFile(part(0), []byte("old\n"), 0o666))
	require.NoError(t, os.Link(part(0), filepath.Join(dir, "link"))) // so written in place
	require.NoError(t, os.WriteFile(part(2), []byte("keep\n"), 0o666))
	err := Shuffle(context.Background(), nil, Files(in), Seed(1), Output(filepath.Join(dir, "out")), Shards(3), Progress(func(ph *Phase) {
		if ph.Name == "writing" { // the parts are created: part 1's name becomes a directory
			require.NoError(t, os.MkdirAll(filepath.Join(part(1), "x"), 0o777))
		}
	}))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "cannot rename")
	for name, want := range map[string]string{part(0): "", "link": "", part(2): "keep\n"} {
		b, err := os.ReadFile(filepath.Join(dir, filepath.Base(name)))
		require.NoError(t, err)
		assert.Equal(t, want, string(b), name)
	}
	ents, err := os.ReadDir(dir)
	require.NoError(t, err)
	for _, e := range ents {
		assert.False(t, strings.Contains(e.Name(), ".shuf-"), "left: %s", e.Name())
	}
}
