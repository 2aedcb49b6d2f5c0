package lines

import (
	"bufio"
	"io"
)

// lineReader reads lines of any length in pieces of at most its buffer's
// size, so that a line is never held whole unless its reader keeps it. An
// unterminated last line gets a delimiter.
type lineReader struct {
	br      *bufio.Reader
	delim   [1]byte
	pending bool // a last line without its delimiter: the delimiter comes next
}

func newLineReader(r io.Reader, delim byte, size int) *lineReader {
	return &lineReader{br: bufio.NewReaderSize(r, size), delim: [1]byte{delim}}
}

// piece returns the next piece of the current line, valid until the next
// call, and whether it ends the line (with the delimiter). At the start of
// a line, io.EOF says there are no more lines.
func (r *lineReader) piece() (b []byte, end bool, err error) {
	if r.pending {
		r.pending = false
		return r.delim[:], true, nil
	}
	b, err = r.br.ReadSlice(r.delim[0])
	switch {
	case err == nil:
		return b, true, nil
	case err == bufio.ErrBufferFull:
		return b, false, nil
	case err == io.EOF && len(b) > 0:
		r.pending = true
		return b, false, nil
	}
	return nil, false, err
}
