package lines

import (
	"bytes"
	"io"
	"sync"
)

// readAhead reads an input on a goroutine of its own, in pieces, while the
// caller works on the last piece: the reads' copies from the system overlap
// that work.
type readAhead struct {
	r     io.Reader
	full  chan piece  // read, in order; closed after the last
	free  chan []byte // to read into
	quit  chan struct{}
	once  sync.Once
	rest  io.Reader
	stopE error
}

type piece struct {
	b   []byte
	err error // io.EOF after the last bytes
}

// startReadAhead reads r into the pieces of size bytes that buf holds.
func startReadAhead(r io.Reader, buf []byte, size int) *readAhead {
	n := len(buf) / size
	ra := &readAhead{r: r, full: make(chan piece, n), free: make(chan []byte, n), quit: make(chan struct{})}
	for i := range n {
		ra.free <- buf[i*size : (i+1)*size : (i+1)*size]
	}
	go ra.loop()
	return ra
}

func (ra *readAhead) loop() {
	defer close(ra.full)
	for {
		var b []byte
		select {
		case <-ra.quit:
			return
		case b = <-ra.free:
		}
		m, err := io.ReadFull(ra.r, b)
		if err == io.ErrUnexpectedEOF {
			err = io.EOF
		}
		ra.full <- piece{b[:m], err} // never blocks: as many places as pieces
		if err != nil {
			return
		}
	}
}

// next returns the next piece, and io.EOF with the last (which may be
// empty); an error reading is a readError. The caller gives each piece
// back when done with it.
func (ra *readAhead) next() ([]byte, error) {
	p, ok := <-ra.full
	if !ok {
		return nil, io.EOF
	}
	if p.err != nil && p.err != io.EOF {
		return p.b, readError(p.err)
	}
	return p.b, p.err
}

// give gives a piece back, to read into again. Any goroutine may.
func (ra *readAhead) give(b []byte) {
	ra.free <- b[:cap(b)]
}

// stop ends the reading, once the read under way is done, and returns the
// input from the first byte the caller has not had: the pieces read ahead,
// then what is left of r.
func (ra *readAhead) stop() (io.Reader, error) {
	ra.once.Do(func() {
		close(ra.quit)
		var rs []io.Reader
		end := false
		for p := range ra.full {
			rs = append(rs, bytes.NewReader(p.b))
			switch {
			case p.err == io.EOF:
				end = true
			case p.err != nil:
				ra.stopE = readError(p.err)
			}
		}
		if !end {
			rs = append(rs, ra.r)
		}
		ra.rest = io.MultiReader(rs...)
	})
	return ra.rest, ra.stopE
}
