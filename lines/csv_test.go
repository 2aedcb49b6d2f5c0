package lines

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCSVNul: a NUL is malformed CSV wherever it is, first in a quoted
// field and at the start of a piece read inside one included, named at
// its line.
func TestCSVNul(t *testing.T) {
	for _, c := range []struct {
		pieces []string
		line   int64
	}{
		{[]string{"a,b\n\"x\n\x00y\"\n"}, 3},
		{[]string{"a,\"\x00b\"\n"}, 1},
		{[]string{"a,\"b\n", "\x00c\"\n"}, 2},
		{[]string{"a,\"b\n\"\"", "\x00\"\n"}, 2},
	} {
		pieces := c.pieces
		sc := &csvScanner{name: "in", sep: ',', line: 1}
		var err error
		for _, p := range pieces {
			if err = sc.scan([]byte(p), false); err != nil {
				break
			}
		}
		var ie *InputError
		require.True(t, errors.As(err, &ie), "%q: %v", pieces, err)
		assert.ErrorIs(t, err, ErrMalformedCSV)
		assert.Equal(t, "a NUL byte, which CSV does not hold (--csv)", ie.What, "%q", pieces)
		assert.Equal(t, c.line, ie.Line, "%q", pieces)
	}
}

// TestQuotedBreak: text read without --csv looks like CSV with line breaks
// in quoted fields when its first line has the separator, even as its
// first byte, and a quoted field holds a break: the line where it starts.
func TestQuotedBreak(t *testing.T) {
	for _, c := range []struct {
		block string
		want  int64
	}{
		{"a,b\n\"x\ny\",c\n", 2},
		{",a\n\"x\ny\",c\n", 2},
		{"ab\n\"x\ny\",c\n", 0},   // no separator on the first line
		{"a,b\n\"x\"y\nz\"\n", 0}, // not CSV: text after a closing quote
		{"a,b\nc,d\n", 0},
	} {
		assert.Equal(t, c.want, quotedBreak([]byte(c.block), ','), "%q", c.block)
	}
}
