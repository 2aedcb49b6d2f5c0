package lines

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"io"
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

// TestPackerWaits: a compressed file's compressor (about 1 MB for gzip,
// 6 MB for zstd) is made only once more than 64 KiB have come, in writes
// of any size, so that the parts of --shards and --split, each given the
// header when created, do not hold one each at once: up to 64 KiB, a
// header of exactly that size included, nothing reaches the file; the
// byte after it starts the gzip stream.
func TestPackerWaits(t *testing.T) {
	data := []byte(randomLines(200<<10, 1, 60, 4))
	for _, cuts := range [][]int{{64 << 10}, {1000, 64<<10 - 1000}, {40 << 10, 24 << 10, 40 << 10}} {
		var file bytes.Buffer
		p := packer(".gz", &file)
		at := 0
		for _, n := range cuts {
			if at+n > 64<<10 {
				break
			}
			_, err := p.Write(data[at : at+n])
			require.NoError(t, err)
			at += n
		}
		assert.Zero(t, file.Len(), "%v: after %d bytes", cuts, at)
		for ; at < len(data); at += 1000 {
			_, err := p.Write(data[at:min(at+1000, len(data))])
			require.NoError(t, err)
			if at == 64<<10 {
				assert.NotZero(t, file.Len(), "%v: the byte past 64 KiB", cuts)
			}
		}
		require.NoError(t, p.Close())
		z, err := gzip.NewReader(&file)
		require.NoError(t, err)
		text, err := io.ReadAll(z)
		require.NoError(t, err)
		assert.True(t, bytes.Equal(data, text), "%v: the text differs", cuts)
	}
}
