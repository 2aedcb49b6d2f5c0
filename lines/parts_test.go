package lines

import (
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPartsWrite cuts what it is given at delimiters, whatever the writes'
// bounds: a write that ends inside a line gives the line's head to the
// part the line belongs to, an empty part is skipped, and a line past the
// plan is a panic naming it. A part's failed write is an error naming it.
func TestPartsWrite(t *testing.T) {
	var b [3]strings.Builder
	p := &parts{ws: []io.Writer{&b[0], &b[1], &b[2]}, names: []string{"p0", "p1", "p2"}, sizes: []uint64{2, 0, 2}, delim: '\n'}
	for _, w := range []string{"a\nb\nc", "c", "\nd\n"} {
		n, err := p.Write([]byte(w))
		require.NoError(t, err)
		assert.Equal(t, len(w), n)
	}
	assert.Equal(t, []string{"a\nb\n", "", "cc\nd\n"}, []string{b[0].String(), b[1].String(), b[2].String()})
	assert.PanicsWithValue(t, "shuf: parts: more lines than planned", func() { p.Write([]byte("e\n")) })

	p = &parts{ws: []io.Writer{&b[0], &limitWriter{}}, names: []string{"p0", "p1"}, sizes: []uint64{1, 1}, delim: 0}
	_, err := p.Write([]byte("x\x00y\x00"))
	assert.EqualError(t, err, "write failed: p1: Full")
}

// TestPartsCompressed: parts larger than the writes that reach them, each
// a gzip file, hold what the same parts hold uncompressed: a part's
// compressor closes once the part is whole, not before.
func TestPartsCompressed(t *testing.T) {
	dir := t.TempDir()
	in := write(t, "in", randomLines(300<<10, 1, 40, 21))
	require.NoError(t, Shuffle(context.Background(), io.Discard, Files(in), Seed(4), Shards(2), Output(filepath.Join(dir, "plain"))))
	require.NoError(t, Shuffle(context.Background(), io.Discard, Files(in), Seed(4), Shards(2), Output(filepath.Join(dir, "packed.gz"))))
	for i := range 2 {
		want, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("plain-%05d-of-00002", i)))
		require.NoError(t, err)
		f, err := os.Open(filepath.Join(dir, fmt.Sprintf("packed-%05d-of-00002.gz", i)))
		require.NoError(t, err)
		z, err := gzip.NewReader(f)
		require.NoError(t, err)
		got, err := io.ReadAll(z)
		require.NoError(t, err, "part %d", i)
		f.Close()
		assert.Greater(t, len(want), 100<<10)
		assert.True(t, string(want) == string(got), "part %d differs", i)
	}
}
