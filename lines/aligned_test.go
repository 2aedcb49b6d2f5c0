package lines

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAlignedBig: files of the same number of lines but not of the same
// size, larger than a read, are counted whole: aligned.
func TestAlignedBig(t *testing.T) {
	var a, b strings.Builder
	for i := range 160000 { // a: 1.1 MB, past a read of 1 MiB
		a.WriteString("a" + strconv.Itoa(i) + "\n")
		b.WriteString(strings.Repeat("b", 1+i%7) + "\n")
	}
	fa, fb := write(t, "a", a.String()), write(t, "b", b.String())
	out := filepath.Join(t.TempDir(), "out")
	require.NoError(t, Shuffle(context.Background(), nil, Files(fa, fb), Seed(5), Aligned(out)))
	got, err := os.ReadFile(filepath.Join(out, "b"))
	require.NoError(t, err)
	assert.Equal(t, shufOut(t, Files(fb), Seed(5)), string(got))
}

// TestAlignedFails: a file that fails after the first was shuffled (its
// output's place is a directory) leaves nothing of the run: not the first
// output, not the directory the run made.
func TestAlignedFails(t *testing.T) {
	dir := t.TempDir()
	fa, fb := write(t, "a", "1\n2\n3\n"), write(t, "b", "4\n5\n6\n")
	// The run makes made, then cannot write made/b once made/b is a
	// directory: the first phase after made exists makes it.
	made := filepath.Join(dir, "made")
	mkB := func(*Phase) {
		if _, err := os.Stat(made); err == nil {
			os.Mkdir(filepath.Join(made, "b"), 0o755)
		}
	}
	require.Error(t, Shuffle(context.Background(), nil, Files(fa, fb), Seed(1), Aligned(made), Progress(mkB)))
	assert.Equal(t, []string{"b"}, dirNames(t, made), "the first output was left")
	os.Remove(filepath.Join(made, "b"))
	require.Error(t, Shuffle(context.Background(), nil, Files(fa, fb), Seed(1), Aligned(made), Progress(mkB)))
	assert.Equal(t, []string{"b"}, dirNames(t, made), "the first output was left")

	// A file changed between its count and its shuffle: the error names
	// it, and the directory the run made is gone.
	// Its time of change is put back: the size tells.
	changed := filepath.Join(dir, "changed")
	fi, err := os.Stat(fb)
	require.NoError(t, err)
	rewrite := func(*Phase) {
		if _, err := os.Stat(changed); err == nil {
			os.WriteFile(fb, []byte("44\n55\n66\n"), 0o644)
			os.Chtimes(fb, fi.ModTime(), fi.ModTime())
		}
	}
	err = Shuffle(context.Background(), nil, Files(fa, fb), Seed(1), Aligned(changed), Progress(rewrite))
	require.ErrorIs(t, err, ErrChanged)
	assert.Contains(t, err.Error(), "it is not the file whose lines --aligned counted")
	assert.NoDirExists(t, changed)

	kept := filepath.Join(dir, "kept")
	require.NoError(t, os.MkdirAll(filepath.Join(kept, "b"), 0o755))
	require.Error(t, Shuffle(context.Background(), nil, Files(fa, fb), Seed(1), Aligned(kept)))
	assert.Equal(t, []string{"b"}, dirNames(t, kept), "the first output was left")
}
