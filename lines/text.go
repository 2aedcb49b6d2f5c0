package lines

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/fairshuffle/shuffle/internal/gnu"
)

// What the stream reads of each input is its text: its bytes, decompressed
// if they are gzip or zstd (compress.go), refused if its first block looks
// binary, and with --csv its records' ends turned into the stream's
// delimiter (csv.go). Each pass over an input, the first and the one after
// a rewind, reads the text anew.

// textBlock is the first block of an input's text, which tells whether it
// looks binary, or like CSV.
const textBlock = 64 << 10

// textConfig is how a stream reads its inputs' text.
type textConfig struct {
	zero        bool             // -z: NUL is the delimiter, not a sign of binary input
	csv         bool             // --csv
	sep         byte             // --csv's field separator
	allowBinary bool             // --allow-binary
	dropHeaders bool             // --header-mismatch=drop
	warn        io.Writer        // where warnings go; nil for none
	warned      map[*inFile]bool // the inputs warned of: once each, however many passes
}

// textConfig returns the run's.
func (s *shuf) textConfig() *textConfig {
	d := s.o.data
	return &textConfig{zero: s.o.delim == 0 && !d.csv, csv: d.csv, sep: d.sep,
		allowBinary: d.allowBinary, dropHeaders: d.dropHeaders, warn: s.o.warn, warned: map[*inFile]bool{}}
}

// InputError is an input that a run will not shuffle as it is. It names
// the file ("-" for standard input), the line (0 if none is to blame), what
// is wrong, and its kind for errors.Is: [ErrBinary], [ErrMalformedCSV],
// [ErrHeaderMismatch] or [ErrCompressed].
type InputError struct {
	Name string
	Line int64
	What string
	Kind error
}

// Error returns the message, as shuf prints it after its name.
func (e *InputError) Error() string {
	s := inputName(e.Name)
	if e.Line > 0 {
		s += ":" + strconv.FormatInt(e.Line, 10)
	}
	return s + ": " + e.What
}

// Is reports whether target is the error's kind.
func (e *InputError) Is(target error) bool { return e.Kind != nil && target == e.Kind }

// inputName names an input in a message: quoted as GNU quotes file names,
// and standard input by that name.
func inputName(name string) string {
	if name == "-" {
		return "standard input"
	}
	return gnu.QuoteName(name)
}

// textReader reads the text of one input, in one pass.
type textReader struct {
	in      *inFile
	cfg     *textConfig
	raw     *errRecorder
	r       io.Reader // the text
	packing packing
	release func() // the decompressor's, if any
	lines   int64  // line feeds read: in the first block, and all along from a compressed input
	csv     *csvScanner
	started bool
	err     error // the error that ended the pass, given again to every later Read

	// The first block is looked at as it is read, so that nothing waits
	// for a block to fill: a pipe's first line is counted as it comes.
	seen   int    // bytes of the first block looked at
	ctl    int    // -z: control characters among them
	block  []byte // a copy of them, to look for CSV (without --csv and -z)
	looked bool   // the first block is done with
}

// reader returns the text of in, for the pass that starts or goes on.
func (in *inFile) reader(cfg *textConfig) io.Reader {
	if in.text == nil {
		in.text = &textReader{in: in, cfg: cfg}
	}
	return in.text
}

// restart ends the pass over in's text: the next reader starts another.
func (in *inFile) restart() {
	if in.text != nil && in.text.release != nil {
		in.text.release()
	}
	in.text = nil
}

// sniffPacked notes whether in, a regular file, holds compressed text, by
// its first bytes read where they are, so that the stream's size says it
// does not know the text's.
func (in *inFile) sniffPacked() {
	if in.fi == nil {
		return
	}
	var head [4]byte
	n, _ := in.file.ReadAt(head[:], in.start)
	p, _ := packingOf(head[:n])
	in.packed = p != unpacked
}

// errRecorder passes on what r reads and keeps the last error other than
// io.EOF, so that an error of the file under a decompressor is told from
// an error of the compressed data.
type errRecorder struct {
	r   io.Reader
	err error
}

func (e *errRecorder) Read(p []byte) (int, error) {
	n, err := e.r.Read(p)
	if err != nil && err != io.EOF {
		e.err = err
	}
	return n, err
}

func (t *textReader) Read(p []byte) (int, error) {
	if t.err != nil {
		return 0, t.err
	}
	if !t.started {
		t.started = true
		if err := t.start(); err != nil {
			t.err = err
			return 0, err
		}
	}
	n, err := t.r.Read(p)
	if err != nil && err != io.EOF {
		t.err = t.wordError(err)
		return 0, t.err
	}
	if !t.looked {
		if lerr := t.look(p[:n], err == io.EOF); lerr != nil {
			t.err = lerr
			return 0, lerr
		}
	} else if t.packing != unpacked {
		t.lines += int64(bytes.Count(p[:n], []byte{'\n'}))
	}
	if t.csv != nil {
		cerr := t.csv.scan(p[:n], true)
		if cerr == nil && err == io.EOF {
			cerr = t.csv.end()
		}
		if cerr != nil {
			t.err = cerr
			return 0, cerr
		}
	}
	return n, err
}

// start looks at the first bytes of the input, and sets up the
// decompressor they call for. A regular file's are read where they are,
// so that the reads of its text are those of the file: those of plain
// text go to it as they are.
func (t *textReader) start() error {
	t.raw = &errRecorder{r: t.in.r}
	var head []byte
	var src io.Reader = t.raw
	if t.in.fi != nil {
		var b [16]byte
		n, _ := t.in.file.ReadAt(b[:], t.in.start) // an error here is the reads' to report
		head = b[:n]
	} else {
		br := bufio.NewReaderSize(t.raw, textBlock)
		var err error
		if head, err = peekMagic(br); err != nil && err != io.EOF {
			return err // the input's own error, which the stream's reader words
		}
		src = br
	}
	p, other := packingOf(head)
	if other != "" && !t.cfg.allowBinary {
		return &InputError{t.in.name, 0, other + ": shuf reads only gzip and zstd; decompress it first", ErrCompressed}
	}
	t.packing, t.r = p, src
	if p != unpacked {
		if _, ok := src.(*bufio.Reader); !ok {
			src = bufio.NewReaderSize(src, textBlock)
		}
		z, release, err := unpack(p, src)
		if err != nil {
			return t.wordError(err)
		}
		t.r, t.release = z, release
	}
	if t.cfg.csv {
		t.csv = &csvScanner{name: t.in.name, sep: t.cfg.sep, line: 1}
	}
	return nil
}

// look looks at b, the next bytes of the text, as far as they are in the
// first block, and at the end of the block (or of the text, if eof) at
// the whole block: a text that looks binary is refused (binaryReason),
// and one that looks like CSV whose fields hold line breaks, read without
// --csv, gets a warning.
func (t *textReader) look(b []byte, eof bool) error {
	part := b[:min(len(b), textBlock-t.seen)]
	if !t.cfg.allowBinary && !t.cfg.zero {
		if i := bytes.IndexByte(part, 0); i >= 0 {
			line := t.lines + int64(bytes.Count(part[:i], []byte{'\n'})) + 1
			hint := "; -z reads NUL-delimited lines, --allow-binary shuffles it as it is"
			if t.cfg.csv {
				hint = "; --allow-binary shuffles it as it is, without --csv"
			}
			return &InputError{t.in.name, line, "a NUL byte: the input looks binary" + hint, ErrBinary}
		}
	}
	t.lines += int64(bytes.Count(b, []byte{'\n'}))
	if t.cfg.zero {
		t.ctl += controls(part)
	}
	csvLook := !t.cfg.csv && !t.cfg.zero && t.cfg.warn != nil
	if csvLook {
		t.block = append(t.block, part...)
	}
	t.seen += len(part)
	if t.seen < textBlock && !eof {
		return nil
	}
	t.looked = true
	if t.cfg.zero && !t.cfg.allowBinary && t.ctl >= 32 && t.ctl*20 >= t.seen {
		return &InputError{t.in.name, 0, fmt.Sprintf("%d of its first %d bytes are control characters: "+
			"the input looks binary; --allow-binary shuffles it as it is", t.ctl, t.seen), ErrBinary}
	}
	if csvLook {
		if line := quotedBreak(t.block, ','); line > 0 && !t.cfg.warned[t.in] {
			t.cfg.warned[t.in] = true
			fmt.Fprintf(t.cfg.warn, "shuf: warning: %s:%d: a quoted field holds a line break, as CSV may: "+
				"without --csv its lines are shuffled apart\n", inputName(t.in.name), line)
		}
		t.block = nil
	}
	return nil
}

// wordError words an error met reading the text: the file's own errors
// (a read error, a change while read) as they are, the decompressor's
// with the file and the line it broke in.
func (t *textReader) wordError(err error) error {
	var ie *InputError
	if t.packing == unpacked || t.raw.err != nil && errors.Is(err, t.raw.err) || errors.As(err, &ie) {
		return err
	}
	return &InputError{t.in.name, t.lines + 1, packError(t.packing, err), ErrCompressed}
}

// controls counts the control characters of b that text read with -z
// does not hold: all but NUL (the delimiter), tab, line feed, vertical
// tab, form feed, carriage return and escape. Past a twentieth of the
// first block, and at least 32, the input looks binary: random bytes have
// a tenth, file names none.
func controls(b []byte) int {
	n := 0
	for _, c := range b {
		if c < 0x20 && c != 0 && (c < '\t' || c > '\r') && c != 0x1b || c == 0x7f {
			n++
		}
	}
	return n
}
