package lines

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
)

// stream is the lines of the input files read one after the other, as one
// input: each file's last line ends with the delimiter, and with --header N
// the first N lines of the first file are taken off as the header and the
// first N lines of every later file are dropped (their copy of the header).
type stream struct {
	ins   []*inFile
	delim byte
	skip  int // lines to drop at the start of each file but the first
	i     int // the file being read
	br    *bufio.Reader
	last  byte // the last byte given from file i; the delimiter at its start
	size  int64

	ends   *fileEnds       // Keyed: where each file's lines end (keyed.go)
	cfg    *textConfig     // how the files' text is read (text.go)
	header []byte          // the header taken off, which later files must repeat (header.go)
	ctx    context.Context // a read after it is done fails
}

// streamBuf is the size of the buffer the stream reads each input through.
const streamBuf = 64 << 10

// inFile is one input: a file, or standard input for "-".
type inFile struct {
	name  string      // as given; "-" for standard input
	r     io.Reader   // what the stream reads: file, checked if it is regular
	file  *os.File    // the input's file, to seek and stat; nil if standard input is not one
	own   bool        // shuf opened file, and closes it
	start int64       // where a regular file starts
	size  int64       // its length from start, -1 if unknown
	fi    os.FileInfo // a regular file's, at open; nil for anything else
	read  int64       // bytes read from start, since open or rewind

	packed bool        // a regular file of compressed text (text.go)
	text   *textReader // its text, in the pass under way
}

// openStream opens the input files, all of them first, so that a missing
// one is reported before anything is read, and takes the header off.
func (s *shuf) openStream() (*stream, error) {
	names := s.o.files
	if len(names) == 0 {
		names = []string{"-"}
	}
	st := &stream{delim: s.o.delim, skip: s.o.header, cfg: s.textConfig(), ctx: s.ctx}
	for _, name := range names {
		in := &inFile{name: name, r: s.stdin, size: -1}
		if name != "-" {
			f, err := os.Open(name)
			if err != nil {
				st.close()
				return nil, err
			}
			in.r, in.own = f, true
		}
		if f, ok := in.r.(*os.File); ok {
			in.file = f
			if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
				if at, err := f.Seek(0, io.SeekCurrent); err == nil {
					in.start, in.size = at, fi.Size()-at
					in.fi, in.r = fi, checkedReader{in}
				}
			}
		}
		in.sniffPacked()
		st.ins = append(st.ins, in)
	}
	if s.key != nil {
		st.ends = newFileEnds(len(st.ins))
	}
	st.size = 0
	for _, in := range st.ins {
		if in.size < 0 || in.packed {
			st.size = -1
			break
		}
		st.size += in.size
	}
	if s.o.header > 0 {
		st.br = bufio.NewReaderSize(st.ins[0].reader(st.cfg), streamBuf)
		st.last = st.delim
		for range s.o.header {
			l, err := readLine(st.br, st.delim)
			if len(l) > 0 {
				if l[len(l)-1] != st.delim {
					l = append(l, st.delim)
				}
				s.header = append(s.header, l...)
			}
			if err == io.EOF {
				break
			}
			if err != nil {
				st.close()
				return nil, readError(err)
			}
		}
		st.header = s.header
	}
	return st, nil
}

// readLine reads one line whole, with its delimiter if it has one; a last
// line without one comes with io.EOF.
func readLine(br *bufio.Reader, delim byte) ([]byte, error) {
	var line []byte
	for {
		b, err := br.ReadSlice(delim)
		line = append(line, b...)
		if err != bufio.ErrBufferFull {
			return line, err
		}
	}
}

// skipLine drops one line; it reports false at the end of the input, a
// last line without its delimiter dropped too.
func skipLine(br *bufio.Reader, delim byte) (bool, error) {
	for {
		_, err := br.ReadSlice(delim)
		switch err {
		case nil:
			return true, nil
		case bufio.ErrBufferFull:
			continue
		case io.EOF:
			return false, nil
		}
		return false, err
	}
}

func (st *stream) Read(p []byte) (int, error) {
	if st.ctx != nil && st.ctx.Err() != nil {
		return 0, st.ctx.Err()
	}
	if len(p) == 0 {
		return 0, nil
	}
	for {
		if st.i == len(st.ins) {
			return 0, io.EOF
		}
		if st.br == nil {
			st.br = bufio.NewReaderSize(st.ins[st.i].reader(st.cfg), streamBuf)
			st.last = st.delim
			if err := st.startFile(); err != nil {
				return 0, err
			}
		}
		n, err := st.br.Read(p)
		if n > 0 {
			st.last = p[n-1]
			if st.ends != nil {
				st.ends.lines += uint64(bytes.Count(p[:n], []byte{st.delim}))
			}
			return n, nil
		}
		if err == io.EOF {
			st.br = nil
			st.i++
			ended := st.last != st.delim
			if st.ends != nil {
				if ended {
					st.ends.lines++
				}
				st.ends.end[st.i-1].Store(st.ends.lines)
			}
			if ended {
				p[0] = st.delim
				return 1, nil
			}
			continue
		}
		return 0, err
	}
}

// verify checks every regular input file again, read to its end or not:
// each must still have the size
// it had when opened and still be the file its name names.
func (st *stream) verify() error {
	for _, in := range st.ins {
		if err := in.check(false); err != nil {
			return err
		}
	}
	return nil
}

// close closes the files shuf opened; it may be called more than once.
func (st *stream) close() {
	for _, in := range st.ins {
		in.restart()
		if in.own && in.file != nil {
			in.file.Close()
			in.file = nil
		}
	}
}

// readHook, if set, is called after each read of a regular input file
// with its name and the bytes read from it so far: the tests change the
// file there, at a point of their choosing.
var readHook func(name string, read int64)

// checkedReader reads a regular input file and checks that it is the
// file that was opened, as it was: a file that grows past its size at
// open is an error as soon as a read goes past it, and at the end of the
// file check checks the rest. So a file truncated, appended to or
// replaced while shuf reads it is an error naming it, and is never
// shuffled as if it were whole.
type checkedReader struct{ in *inFile }

func (c checkedReader) Read(p []byte) (int, error) {
	in := c.in
	n, err := in.file.Read(p)
	in.read += int64(n)
	if readHook != nil {
		readHook(in.name, in.read)
	}
	if in.size > 0 && in.read > in.size {
		return n, &ChangedError{in.name, fmt.Sprintf("it grew past the %d bytes it had when opened", in.size)}
	}
	if err == io.EOF {
		if cerr := in.check(true); cerr != nil {
			return n, cerr
		}
	}
	return n, err
}

// check compares a regular input file with what it was at open: its size
// now (fstat on the open file), the file its name names now (shrinking,
// growing or replacing it is an error; removing it is not, since what was
// read is the whole file), and, at its end (atEOF), how much was read. A
// file of size 0 has no expected end: files in /proc say 0 and hold lines.
// Nor has a file that takes up no blocks on disk (sizeIsLength): sysfs
// says 4096 bytes for a file of a few.
func (in *inFile) check(atEOF bool) error {
	if in.fi == nil || in.file == nil {
		return nil
	}
	now, err := in.file.Stat()
	if err != nil {
		return readError(err)
	}
	if now.Size() != in.fi.Size() {
		return &ChangedError{in.name, fmt.Sprintf("its size went from %d to %d bytes", in.fi.Size(), now.Size())}
	}
	if in.own {
		if cur, err := os.Stat(in.name); err == nil && !os.SameFile(cur, in.fi) {
			return &ChangedError{in.name, "another file took its name"}
		}
	}
	if atEOF && in.read < in.size && sizeIsLength(in.fi) {
		return &ChangedError{in.name, fmt.Sprintf("it ended after %d of the %d bytes it had when opened", in.read, in.size)}
	}
	return nil
}
