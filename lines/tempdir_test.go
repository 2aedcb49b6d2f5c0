package lines

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTempNoName: a spill file has no name in $TMPDIR from the moment it
// exists, whichever way it was made, and still reads back what was
// written; remove closes it, and no file is made after.
func TestTempNoName(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	td := &tempDir{}
	check := func(f *os.File) {
		t.Helper()
		assertEmpty(t, tmp)
		_, err := f.WriteString("abc\n")
		require.NoError(t, err)
		_, err = f.Seek(0, io.SeekStart)
		require.NoError(t, err)
		b, err := io.ReadAll(f)
		require.NoError(t, err)
		assert.Equal(t, "abc\n", string(b))
	}
	f, err := td.create()
	require.NoError(t, err)
	check(f)
	g, err := createUnlinked(tmp)
	require.NoError(t, err)
	check(g)
	require.NoError(t, g.Close())
	td.remove()
	_, err = f.WriteString("x")
	assert.ErrorIs(t, err, os.ErrClosed, "remove left a spill file open")
	_, err = td.create()
	assert.Error(t, err)
	assertEmpty(t, tmp)
}

// TestTempMissing: a $TMPDIR that is not there is an error that names
// it, as GNU sort's is.
func TestTempMissing(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Windows words it otherwise")
	}
	t.Setenv("LC_ALL", "C")
	dir := filepath.Join(t.TempDir(), "missing")
	t.Setenv("TMPDIR", dir)
	_, err := (&tempDir{}).create()
	require.Error(t, err)
	assert.Equal(t, "cannot create temporary file in '"+dir+"': No such file or directory", err.Error())
	err = Shuffle(context.Background(), io.Discard, Reader(strings.NewReader(seqText(1, 100000))), Memory(64<<10))
	assert.Error(t, err)
}
