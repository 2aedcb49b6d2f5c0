package lines

import (
	"errors"
	"strings"
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

// TestCSVWriter turns every NUL back into a line feed, first in a write,
// doubled, and across writes of more than its 64 KiB buffer, leaves the
// bytes it is given as they were (-r writes them again), and reports how
// much went out before a failed write.
func TestCSVWriter(t *testing.T) {
	long := strings.Repeat("\"x\ny\",b\x00\x00", 20000) // 200 KB
	for _, in := range []string{"\x00a,b\x00\x00c\x00", long, "no NUL"} {
		var out strings.Builder
		w := &csvWriter{w: &out}
		b := []byte(in)
		n, err := w.Write(b)
		require.NoError(t, err)
		assert.Equal(t, len(in), n)
		assert.Equal(t, in, string(b), "the input was changed")
		assert.True(t, strings.ReplaceAll(in, "\x00", "\n") == out.String(), "%.20q", in)
	}
	n, err := (&csvWriter{w: &limitWriter{}}).Write([]byte(long))
	assert.Error(t, err)
	assert.Zero(t, n)
	n, err = (&csvWriter{w: &limitWriter{n: 64 << 10}}).Write([]byte(long))
	assert.Error(t, err)
	assert.Equal(t, 64<<10, n, "the first buffer went out")
}

// limitWriter takes n bytes, then fails every write that does not fit
// (with n 0, every write).
type limitWriter struct{ n int }

func (l *limitWriter) Write(b []byte) (int, error) {
	if len(b) > l.n {
		return 0, errors.New("full")
	}
	l.n -= len(b)
	return len(b), nil
}
