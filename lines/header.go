package lines

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strconv"

	"github.com/fairshuffle/shuffle/internal/gnu"
)

// With --header N and several inputs, the header is the first N lines of
// the first, and the first N lines of every later input are its copy of
// the header: each must be the header's line, byte for byte but for a
// missing last delimiter, or the run ends with an error naming the input
// and the line, before anything is written. --header-mismatch=drop drops
// them whatever they hold. A later input shorter than N lines is checked
// as far as it goes.

// startFile takes a later input's copy of the header off it (st.br, just
// made). The first input's header is taken off at open (openStream), and
// startFile meets the first input only without a header (st.skip 0).
func (st *stream) startFile() error {
	if st.cfg.dropHeaders {
		for range st.skip {
			if more, err := skipLine(st.br, st.delim); err != nil {
				return err
			} else if !more {
				break
			}
		}
		return nil
	}
	lines := bytes.SplitAfter(st.header, []byte{st.delim})
	lines = lines[:len(lines)-1] // after the last delimiter, nothing
	line := int64(1)
	for k := range st.skip {
		var want []byte
		if k < len(lines) {
			want = lines[k]
		}
		got, same, err := matchLine(st.br, want, st.delim)
		if err != nil {
			return err
		}
		if got == nil { // the input ended
			return nil
		}
		if !same {
			return st.headerMismatch(k, line, got, want)
		}
		line++
		if st.cfg.csv { // a record may span lines
			line += int64(bytes.Count(want, []byte{'\n'}))
		}
	}
	return nil
}

// matchLine reads the next line of br and tells whether it is want (a line
// with its delimiter), a last line that lacks the delimiter included. It
// holds at most 256 bytes of it: got is the line, or its first bytes. At
// the end of the input got is nil.
func matchLine(br *bufio.Reader, want []byte, delim byte) (got []byte, same bool, err error) {
	at, same := 0, true
	for {
		b, err := br.ReadSlice(delim)
		if err != nil && err != bufio.ErrBufferFull && err != io.EOF {
			return nil, false, err
		}
		// An empty b (at the end of the input) changes none of these: got
		// stays nil if it was.
		same = same && at+len(b) <= len(want) && bytes.Equal(b, want[at:at+len(b)])
		got = append(got, b[:min(len(b), 256-len(got))]...)
		at += len(b)
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case at == 0: // the input ended
			return nil, false, nil
		case err == io.EOF:
			at++ // the delimiter it lacks
		}
		return got, same && at == len(want), nil
	}
}

// headerMismatch is the error for a later input whose line (or record) k
// of the header, at line, is not the header's.
func (st *stream) headerMismatch(k int, line int64, got, want []byte) error {
	first := inputName(st.ins[0].name)
	what := "line"
	if st.cfg.csv {
		what = "record"
	}
	show := func(b []byte) string {
		b = bytes.TrimSuffix(b, []byte{st.delim})
		if len(b) > 60 {
			return gnu.Quote(string(b[:60])) + "..."
		}
		return gnu.Quote(string(b))
	}
	var msg string
	switch {
	case want == nil:
		msg = fmt.Sprintf("%s %d of the header: %s has only %d", what, k+1, first, k)
	case st.skip == 1:
		msg = fmt.Sprintf("%s is not the header of %s, %s", show(got), first, show(want))
	default:
		msg = fmt.Sprintf("%s is not %s %d of the header of %s, %s", show(got), what, k+1, first, show(want))
	}
	return &InputError{st.ins[st.i].name, line, msg + " (--header-mismatch=drop drops it all the same)", ErrHeaderMismatch}
}

// lineCount is n with its noun: "1 line", "3 records".
func lineCount(n uint64, csv bool) string {
	noun := "line"
	if csv {
		noun = "record"
	}
	if n != 1 {
		noun += "s"
	}
	return strconv.FormatUint(n, 10) + " " + noun
}
