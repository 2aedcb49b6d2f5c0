package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// A long run shows how far it has come on standard error. On a terminal,
// one line: from progressDelay on, redrawn every progressEvery, and cleared
// at the end, so that a run that ends sooner shows nothing. With
// --progress[=SECS], wherever standard error goes, plain lines for a
// log: one every SECS (progressLog if not given), one at the end of each
// phase of the run, and one when the run ends. (Variables, so that
// the tests can draw faster.)
var (
	progressDelay = 2 * time.Second
	progressEvery = 250 * time.Millisecond
	progressLog   = 5 * time.Second
)

// progressBlock is how many lines a hot loop handles between two reports
// of its progress (one atomic add), and progressRead the most a counted
// read asks for at once, so that reading a large input into memory is
// counted as it goes, not in one piece at its end.
const (
	progressBlock = 1 << 16
	progressRead  = 1 << 20
)

// progress counts what the run has done, with atomic adds per block (a
// read, a write, progressBlock lines; never a line), and a goroutine of
// its own draws the line from the counts. A nil *progress shows nothing
// and counts nothing.
//
// A run goes through phases: reading (or counting, then reading again,
// for -n), then shuffling and writing in memory, or spilling to
// temporary files and merging them back, each file read, shuffled and
// written in turn. Each phase measures itself by one counter: in (input
// bytes read), out (output bytes written) or work (steps of its own:
// lines shuffled, bytes spilled or read back). The run's goroutine sets
// the phases; the phase is published as an immutable value, so the
// drawing goroutine reads it without a lock.
type progress struct {
	w     io.Writer
	plain bool // lines for a log, not one line redrawn
	start time.Time

	in, out, work atomic.Int64
	cur           atomic.Pointer[phase]

	// Only the run's goroutine uses these.
	merge  string // "merging file 3 of 48", while the merge runs
	expect int64  // the bytes the next writing phase will write, 0 if unknown

	mu       sync.Mutex // orders the lines of phase ends and of ticks
	closed   bool       // end has written the last line: nothing more
	stop     chan struct{}
	done     chan struct{}
	stopOnce sync.Once
}

// phase is one phase of the run, or one step of the merge.
type phase struct {
	name    string        // "reading", "shuffling 9.9M lines", "merging file 3 of 48: reading", …
	count   *atomic.Int64 // what measures it
	base    int64         // count at its start
	total   int64         // what count reaches at its end, less base; 0 if unknown
	percent bool          // done as a share of total (steps of a shuffle), not bytes with a rate
	top     bool          // a phase of the run, not a step of the merge
	start   time.Time
}

// startProgress starts the progress on w: the terminal's line, first
// drawn after delay and then every every, or, if plain, a log line every
// every.
func startProgress(w io.Writer, delay, every time.Duration, plain bool) *progress {
	p := &progress{w: w, plain: plain, start: time.Now(), stop: make(chan struct{}), done: make(chan struct{})}
	go p.draw(delay, every)
	return p
}

func (p *progress) draw(delay, every time.Duration) {
	defer close(p.done)
	wait := time.NewTimer(delay)
	defer wait.Stop()
	select {
	case <-p.stop:
		p.last(false)
		return
	case <-wait.C:
	}
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		p.show(p.cur.Load())
		select {
		case <-p.stop:
			p.last(true)
			return
		case <-tick.C:
		}
	}
}

// show writes what ph has done: the terminal's line redrawn in place, or
// a line of the log.
func (p *progress) show(ph *phase) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return
	}
	elapsed := time.Since(p.start)
	if p.plain {
		fmt.Fprintf(p.w, "shuf: %s, %ss\n", ph.text(), strconv.FormatFloat(elapsed.Seconds(), 'f', 1, 64))
		return
	}
	fmt.Fprintf(p.w, "\rshuf: %s, %s\x1b[K", ph.text(), elapsed.Truncate(time.Second))
}

// last ends the output: the log's last line, or the terminal's line
// erased if it was drawn (the cursor back, the rest of the line cleared).
func (p *progress) last(drawn bool) {
	if ph := p.cur.Load(); p.plain && ph != nil {
		p.show(ph)
	} else if drawn && !p.plain {
		p.mu.Lock()
		io.WriteString(p.w, "\r\x1b[K")
		p.mu.Unlock()
	}
	p.mu.Lock()
	p.closed = true
	p.mu.Unlock()
}

// text is what ph has done so far, for its line.
func (ph *phase) text() string {
	if ph == nil {
		return "starting"
	}
	done := ph.count.Load() - ph.base
	if ph.percent {
		if ph.total <= 0 {
			return ph.name
		}
		return fmt.Sprintf("%s: %d%%", ph.name, min(100*done/ph.total, 100))
	}
	var b strings.Builder
	b.WriteString(ph.name + " " + byteText(done))
	if ph.total >= done && ph.total > 0 {
		b.WriteString(" of " + byteText(ph.total))
	}
	if secs := time.Since(ph.start).Seconds(); secs > 0 {
		b.WriteString(", " + byteText(int64(float64(done)/secs)) + "/s")
	}
	return b.String()
}

// begin starts a phase (top) or a step of the merge, measured by count.
// The end of a phase that did something is a line of the log.
func (p *progress) begin(name string, count *atomic.Int64, total int64, percent, top bool) {
	ph := &phase{name: name, count: count, base: count.Load(), total: max(total, 0), percent: percent, top: top, start: time.Now()}
	prev := p.cur.Swap(ph)
	if p.plain && top && prev != nil && prev.count.Load() > prev.base {
		p.show(prev)
	}
}

// reading starts a phase that reads the input, size bytes (-1 if unknown).
func (p *progress) reading(name string, size int64) {
	if p != nil {
		p.begin(name, &p.in, size, false, true)
	}
}

// shuffling starts the shuffle of lines lines, in steps steps that the
// shuffle counts with add (0: it counts none).
func (p *progress) shuffling(lines, steps int64) {
	if p != nil {
		p.begin(p.within("shuffling "+lineText(lines)+" lines"), &p.work, steps, true, p.merge == "")
	}
}

// spilling starts the pass that writes the input, size bytes (-1 if
// unknown), to the temporary files; counted reads it.
func (p *progress) spilling(size int64) {
	if p != nil {
		p.begin("spilling", &p.work, size, false, true)
	}
}

// merging says that the merge is at temporary file i of n: the steps that
// follow (step, shuffling, the writing) are that file's. File 1 starts the
// merge, a phase of its own.
func (p *progress) merging(i, n int) {
	if p == nil {
		return
	}
	p.merge = fmt.Sprintf("merging file %d of %d", i, n)
	if i == 1 {
		p.begin(p.merge, &p.work, 0, true, true)
	}
}

// step starts a step of the merge that reads size bytes through counted:
// "reading" a temporary file back, "splitting" one too large for memory.
func (p *progress) step(name string, size int64) {
	if p != nil {
		p.begin(p.within(name), &p.work, size, false, p.merge == "")
	}
}

func (p *progress) within(name string) string {
	if p.merge != "" {
		return p.merge + ": " + name
	}
	return name
}

// expectOutput says that the writing about to start writes n bytes.
func (p *progress) expectOutput(n int64) {
	if p != nil {
		p.expect = n
	}
}

// add counts n steps of the current phase.
func (p *progress) add(n int64) {
	if p != nil {
		p.work.Add(n)
	}
}

// end stops the progress: the terminal's line is cleared if it was shown,
// the log gets its last line. When it returns, nothing more is written.
// It may be called more than once, from any goroutine.
func (p *progress) end() {
	if p == nil {
		return
	}
	p.stopOnce.Do(func() { close(p.stop) })
	<-p.done
}

// reader counts what is read from r, the input, size bytes (-1 if
// unknown); the first such reader starts the reading phase.
func (p *progress) reader(r io.Reader, size int64) io.Reader {
	if p == nil {
		return r
	}
	if p.cur.Load() == nil {
		p.reading("reading", size)
	}
	return &countingReader{r, &p.in}
}

// counted counts what is read from r as steps of the current phase.
func (p *progress) counted(r io.Reader) io.Reader {
	if p == nil {
		return r
	}
	return &countingReader{r, &p.work}
}

// writer counts what is written to w, the output; the first write after
// another phase starts the writing phase.
func (p *progress) writer(w io.Writer) io.Writer {
	if p == nil {
		return w
	}
	return &countingWriter{w, p}
}

type countingReader struct {
	r io.Reader
	n *atomic.Int64
}

func (c *countingReader) Read(b []byte) (int, error) {
	if len(b) > progressRead {
		b = b[:progressRead]
	}
	n, err := c.r.Read(b)
	c.n.Add(int64(n))
	return n, err
}

type countingWriter struct {
	w io.Writer
	p *progress
}

func (c *countingWriter) Write(b []byte) (int, error) {
	p := c.p
	if ph := p.cur.Load(); ph == nil || ph.count != &p.out {
		p.begin(p.within("writing"), &p.out, p.expect, false, p.merge == "")
		p.expect = 0
	}
	n, err := c.w.Write(b)
	p.out.Add(int64(n))
	return n, err
}

// parseInterval parses --progress's SECS, given with '=' only: a number
// of seconds (5, 0.5) or a Go duration (500ms, 1m); progressLog when not
// given.
func parseInterval(val string, hasVal bool) (time.Duration, error) {
	if !hasVal {
		return progressLog, nil
	}
	d, err := time.ParseDuration(val)
	if err != nil {
		var secs float64
		if secs, err = strconv.ParseFloat(val, 64); err == nil && secs < 1e9 {
			d = time.Duration(secs * float64(time.Second))
		}
	}
	if err != nil || d < time.Millisecond {
		return 0, fatalError{"invalid --progress interval: " + quote(val)}
	}
	return d, nil
}

// byteText is n bytes in decimal units, to three digits: 999 B, 1.2 MB, 35 GB.
func byteText(n int64) string {
	num, unit := siText(n)
	return num + " " + unit + "B"
}

// lineText is a number of lines as byteText writes bytes: 999, 1.2k, 35G.
func lineText(n int64) string {
	num, unit := siText(n)
	return num + unit
}

// siText is n to three digits and its decimal prefix.
func siText(n int64) (num, prefix string) {
	if n < 1000 {
		return strconv.FormatInt(n, 10), ""
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
	return strconv.FormatFloat(f, 'f', prec, 64), string("kMGTP"[unit-1])
}
