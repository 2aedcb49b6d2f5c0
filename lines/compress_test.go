package lines

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCompressedChanged: a compressed file that changes while it is read
// is the one checked, by its size.
func TestCompressedChanged(t *testing.T) {
	gz := gzipText(t, seqText(1, 100000))
	dir := t.TempDir()
	// Changed while read: the compressed file is the one checked.
	in := filepath.Join(dir, "in.gz")
	require.NoError(t, os.WriteFile(in, gz, 0o644))
	done := false
	readHook = func(name string, read int64) {
		if !done && name == in {
			done = true
			require.NoError(t, os.Truncate(in, int64(len(gz)/2)))
		}
	}
	defer func() { readHook = nil }()
	code, stdout, stderr := runArgs(t, "", "--seed", "1", in)
	assert.True(t, done)
	assert.Equal(t, 1, code)
	assert.Equal(t, fmt.Sprintf("shuf: %s: changed while being read: its size went from %d to %d bytes\n", in, len(gz), len(gz)/2), stderr)
	assert.Empty(t, stdout)
}
