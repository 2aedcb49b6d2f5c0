package lines

import (
	"bufio"
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHeaderPastInput: a header count far past the lines of the inputs
// (shuf --header=N with N as large as an int goes) takes the whole first
// file as the header and every later file's lines as its copy, checked or
// dropped, and ends as soon as the inputs do: the count is not walked to
// its end.
func TestHeaderPastInput(t *testing.T) {
	a := write(t, "a", "h\ni\nj\n")
	for _, b := range []string{"h\ni\n", "h\ni\nj\n", "h"} {
		assert.Equal(t, "h\ni\nj\n", shufOut(t, Files(a, write(t, "b", b)), Seed(1), Header(math.MaxInt)), "%q", b)
	}
	for _, b := range []string{"x\n", "x\ny\nz\nw\n", ""} {
		assert.Equal(t, "h\ni\nj\n", shufOut(t, Files(a, write(t, "b", b)), Seed(1), Header(math.MaxInt), DropHeaders()), "%q", b)
	}
}

// TestMatchLineHolds: matchLine holds at most 256 bytes of a line it
// checks, however long (a later file's first line of a megabyte, read
// 64 KiB at a time): got is its first 256 bytes, whether it is the header's
// line or not.
func TestMatchLineHolds(t *testing.T) {
	line := []byte(strings.Repeat("0123456789", 100<<10) + "\n")
	other := bytes.Clone(line)
	other[len(other)-2] = 'x'
	for _, want := range [][]byte{line, other, []byte("h\n")} {
		br := bufio.NewReaderSize(bytes.NewReader(line), 64<<10)
		got, same, err := matchLine(br, want, '\n')
		require.NoError(t, err)
		assert.Equal(t, bytes.Equal(want, line), same)
		assert.Equal(t, line[:256], got)
	}
}
