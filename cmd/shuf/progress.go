package main

import (
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"
)

// A long run shows how far it has come on one line of standard error, when
// that is a terminal: from progressDelay on, redrawn every progressEvery,
// and cleared at the end, so that a run that ends sooner shows nothing.
const (
	progressDelay = 2 * time.Second
	progressEvery = 250 * time.Millisecond
)

// progress counts the bytes read and written, with one atomic add per block
// (a Read or a Write, never a line), and a goroutine of its own draws the
// line from the counts. A nil *progress shows nothing and counts nothing.
type progress struct {
	w        io.Writer
	in, out  atomic.Int64
	inTotal  atomic.Int64 // the input's size if known, else 0
	stop     chan struct{}
	done     chan struct{}
	stopOnce sync.Once
}

// startProgress starts the line on w, a terminal, after delay, redrawn
// every every.
func startProgress(w io.Writer, delay, every time.Duration) *progress {
	p := &progress{w: w, stop: make(chan struct{}), done: make(chan struct{})}
	go p.draw(delay, every)
	return p
}

func (p *progress) draw(delay, every time.Duration) {
	defer close(p.done)
	start := time.Now()
	wait := time.NewTimer(delay)
	defer wait.Stop()
	select {
	case <-p.stop:
		return
	case <-wait.C:
	}
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		fmt.Fprintf(p.w, "\rshuf: %s\x1b[K", p.line(time.Since(start)))
		select {
		case <-p.stop:
			io.WriteString(p.w, "\r\x1b[K") // the line goes: the cursor back, the rest erased
			return
		case <-tick.C:
		}
	}
}

// line is the text of the line after elapsed.
func (p *progress) line(elapsed time.Duration) string {
	read := byteText(p.in.Load())
	if total := p.inTotal.Load(); total > 0 {
		read += " of " + byteText(total)
	}
	return fmt.Sprintf("read %s, wrote %s, %s", read, byteText(p.out.Load()), elapsed.Truncate(time.Second))
}

// end stops the line and clears it if it was shown; when it returns,
// nothing more is written. It may be called more than once, from any
// goroutine.
func (p *progress) end() {
	if p == nil {
		return
	}
	p.stopOnce.Do(func() { close(p.stop) })
	<-p.done
}

// reader counts what is read from r, whose size is size (-1 if unknown).
func (p *progress) reader(r io.Reader, size int64) io.Reader {
	if p == nil {
		return r
	}
	if size > 0 {
		p.inTotal.Add(size)
	}
	return &countingReader{r, &p.in}
}

// writer counts what is written to w.
func (p *progress) writer(w io.Writer) io.Writer {
	if p == nil {
		return w
	}
	return &countingWriter{w, &p.out}
}

type countingReader struct {
	r io.Reader
	n *atomic.Int64
}

func (c *countingReader) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	c.n.Add(int64(n))
	return n, err
}

type countingWriter struct {
	w io.Writer
	n *atomic.Int64
}

func (c *countingWriter) Write(b []byte) (int, error) {
	n, err := c.w.Write(b)
	c.n.Add(int64(n))
	return n, err
}

// byteText is n bytes in decimal units, to three digits: 999 B, 1.2 MB, 35 GB.
func byteText(n int64) string {
	if n < 1000 {
		return fmt.Sprintf("%d B", n)
	}
	f := float64(n)
	unit := 0
	for f >= 999.5 && unit < 5 {
		f /= 1000
		unit++
	}
	prec := 0
	if f < 9.95 {
		prec = 1
	}
	return fmt.Sprintf("%.*f %cB", prec, f, " kMGTP"[unit])
}
