package lines

import (
	"bytes"
	"io"
)

// --csv shuffles the records of RFC 4180 CSV, not its lines: a quoted field
// may hold line breaks and separators, and a quote written twice. The
// shuffle itself is the one of lines: as the text is read, the line feed
// that ends each record becomes a NUL, and the records are shuffled as
// -z shuffles NUL-delimited lines (so --header, -n, --shards, --split,
// --memory and --seed count and cut records); on the way out each NUL
// becomes a line feed again. A record's bytes are written as they were
// read, a carriage return before its line feed included. Since NUL ends a
// record, the text may hold none (no CSV does): one is an error. So is a
// quoted field still open at the end of a file, and anything but a
// separator or a line break after a field's closing quote (a quote inside
// quotes is written twice); a quote inside an unquoted field is taken as
// it is, as most readers take it.

type csvState uint8

const (
	fieldStart    csvState = iota // at the start of a field
	inField                       // in an unquoted field
	inQuotes                      // in a quoted field
	quoteInQuotes                 // after a quote in a quoted field: its end, or the first of two
)

// csvScanner follows the records of one input's text, read in pieces.
type csvScanner struct {
	name   string
	sep    byte
	state  csvState
	line   int64 // the line being read, from 1
	opened int64 // where the quoted field being read starts
	spans  bool  // that field holds a line break
	broke  int64 // where the first quoted field that holds a line break and is closed starts; 0 if none
}

// scan reads b, the next bytes of the text. With mark, it turns each line
// feed that ends a record into a NUL, in place.
func (c *csvScanner) scan(b []byte, mark bool) error {
	for i := 0; i < len(b); i++ {
		ch := b[i]
		switch c.state {
		case inQuotes:
			// Up to the next quote, all is the field's.
			end := len(b)
			if j := bytes.IndexByte(b[i:], '"'); j >= 0 {
				end = i + j
			}
			seg := b[i:end]
			if k := bytes.IndexByte(seg, 0); k >= 0 {
				return c.nul(c.line + int64(bytes.Count(seg[:k], []byte{'\n'})))
			}
			if k := int64(bytes.Count(seg, []byte{'\n'})); k > 0 {
				c.line += k
				c.spans = true
			}
			i = end
			if end < len(b) {
				c.state = quoteInQuotes
			}
			continue
		case quoteInQuotes:
			if ch == '"' {
				c.state = inQuotes
				continue
			}
			if ch != c.sep && ch != '\n' && ch != '\r' {
				if ch == 0 {
					return c.nul(c.line)
				}
				return &InputError{c.name, c.line, "text after the closing quote of a field (--csv; a quote inside quotes is written twice)", ErrMalformedCSV}
			}
			if c.spans && c.broke == 0 {
				c.broke = c.opened
			}
			// The field is closed: the byte is taken below as anywhere
			// else (a carriage return, which is never the separator, as in
			// an unquoted field, before its line feed).
		case fieldStart:
			if ch == '"' {
				c.state, c.opened, c.spans = inQuotes, c.line, false
				continue
			}
		}
		switch ch {
		case c.sep:
			c.state = fieldStart
		case '\n':
			if mark {
				b[i] = 0
			}
			c.line++
			c.state = fieldStart
		case 0:
			return c.nul(c.line)
		default:
			c.state = inField
		}
	}
	return nil
}

// end is the end of the text: a quoted field may not be open.
func (c *csvScanner) end() error {
	if c.state == inQuotes {
		return &InputError{c.name, c.opened, "a quoted field starts on this line and is not closed at the end of the file (--csv)", ErrMalformedCSV}
	}
	return nil
}

func (c *csvScanner) nul(line int64) error {
	return &InputError{c.name, line, "a NUL byte, which CSV does not hold (--csv)", ErrMalformedCSV}
}

// quotedBreak tells whether block, the first block of a text read without
// --csv, looks like CSV whose quoted fields hold line breaks: its first
// line has a separator, and a quoted field with a line break in it is
// closed as CSV closes fields, before anything CSV does not allow. It
// returns the line where that field starts, or 0.
func quotedBreak(block []byte, sep byte) int64 {
	first, _, _ := bytes.Cut(block, []byte{'\n'})
	if bytes.IndexByte(first, sep) < 0 {
		return 0
	}
	c := csvScanner{sep: sep, line: 1}
	if c.scan(block, false) != nil {
		return 0
	}
	return c.broke
}

// csvWriter turns the NULs that end the records back into line feeds, on
// their way out. It copies: the bytes it is given may be the input's,
// which -r writes again.
type csvWriter struct {
	w   io.Writer
	buf []byte
}

func (c *csvWriter) Write(b []byte) (int, error) {
	if c.buf == nil {
		c.buf = make([]byte, 64<<10)
	}
	done := 0
	for done < len(b) {
		chunk := c.buf[:copy(c.buf, b[done:])]
		for i := 0; ; {
			j := bytes.IndexByte(chunk[i:], 0)
			if j < 0 {
				break
			}
			chunk[i+j] = '\n'
			i += j + 1
		}
		if _, err := c.w.Write(chunk); err != nil {
			return done, err
		}
		done += len(chunk)
	}
	return done, nil
}

// textOutput returns w as the run writes its text to it: with --csv,
// through a csvWriter.
func (s *shuf) textOutput(w io.Writer) io.Writer {
	if s.o.data.csv {
		return &csvWriter{w: w}
	}
	return w
}
