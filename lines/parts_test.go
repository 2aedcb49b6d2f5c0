package lines

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// failWriter fails every write.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

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

	p = &parts{ws: []io.Writer{&b[0], failWriter{}}, names: []string{"p0", "p1"}, sizes: []uint64{1, 1}, delim: 0}
	_, err := p.Write([]byte("x\x00y\x00"))
	assert.EqualError(t, err, "write failed: p1: Disk full")
}
