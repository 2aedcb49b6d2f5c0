//go:build unix

package term

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/fairshuffle/shuffle/internal/term/ptytest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSameDevice: a file opened twice is the same, two files are not,
// though both have device number 0; /dev/null opened twice is the same
// device.
func TestSameDevice(t *testing.T) {
	dir := t.TempDir()
	open := func(name string) *os.File {
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o600)
		require.NoError(t, err)
		t.Cleanup(func() { f.Close() })
		return f
	}
	a, a2, b := open(filepath.Join(dir, "a")), open(filepath.Join(dir, "a")), open(filepath.Join(dir, "b"))
	assert.True(t, sameDevice(a, a2), "one file, two descriptors")
	assert.True(t, sameDevice(a, a), "one descriptor")
	assert.False(t, sameDevice(a, b), "two files")
	assert.True(t, sameDevice(open(os.DevNull), open(os.DevNull)), "one device")
	assert.False(t, sameDevice(a, open(os.DevNull)), "a file and a device")
	assert.False(t, SameTerminal(a, a2), "not terminals")
}

// TestSameTerminal: a pseudo-terminal is itself, and the same opened
// again by its name; two pseudo-terminals are not the same, nor are a
// terminal and a file.
func TestSameTerminal(t *testing.T) {
	ptm, pts, why := ptytest.Open()
	if pts == nil {
		t.Skip(why)
	}
	defer ptm.Close()
	defer pts.Close()
	again, err := os.OpenFile(pts.Name(), os.O_RDWR, 0)
	require.NoError(t, err)
	defer again.Close()
	ptm2, pts2, _ := ptytest.Open()
	require.NotNil(t, pts2)
	defer ptm2.Close()
	defer pts2.Close()
	assert.True(t, SameTerminal(pts, pts))
	assert.True(t, SameTerminal(pts, again))
	assert.False(t, SameTerminal(pts, pts2))
	f, err := os.CreateTemp(t.TempDir(), "f")
	require.NoError(t, err)
	defer f.Close()
	assert.False(t, SameTerminal(pts, f))
}
