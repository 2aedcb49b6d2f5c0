package term

import (
	"os"
	"testing"

	"github.com/fairshuffle/shuffle/internal/term/ptytest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestIsTerminal: /dev/null, a file and a pipe are not terminals; the
// terminal end of a pseudo-terminal is.
func TestIsTerminal(t *testing.T) {
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	require.NoError(t, err)
	defer null.Close()
	assert.False(t, IsTerminal(null), "/dev/null, a character device")

	f, err := os.CreateTemp(t.TempDir(), "x")
	require.NoError(t, err)
	defer f.Close()
	assert.False(t, IsTerminal(f), "a file")

	r, w, err := os.Pipe()
	require.NoError(t, err)
	defer r.Close()
	defer w.Close()
	assert.False(t, IsTerminal(w), "a pipe")

	ptm, pts, why := ptytest.Open()
	if pts == nil {
		t.Skip("the terminal half: " + why)
	}
	defer ptm.Close()
	defer pts.Close()
	assert.True(t, IsTerminal(pts), "a pseudo-terminal")
}
