package lines

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"sync/atomic"
	"time"
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
// read, a write, progressBlock lines; never a line), and tells the
// caller's [Progress] function of each phase as it starts. A nil
// *progress counts nothing.
//
// A run goes through phases: reading, then shuffling and writing in memory, or spilling to
// temporary files and merging them back, each file read, shuffled and
// written in turn. Each phase measures itself by one counter: in (input
// bytes read), out (output bytes written) or work (steps of its own:
// lines shuffled, bytes spilled or read back).
type progress struct {
	report func(*Phase)

	in, out, work atomic.Int64
	cur           *Phase

	merge  string // "merging file 3 of 48", while the merge runs
	expect int64  // the bytes the next writing phase will write, 0 if unknown
}

// A Phase is one phase of a run, or one step of its merge, as [Progress]
// reports it. Its fields do not change; Done counts as the phase goes,
// and may be called from any goroutine.
type Phase struct {
	Name    string    // "reading", "shuffling 9.9M lines", "merging file 3 of 48: reading", …
	Total   int64     // what Done reaches at the phase's end; 0 if unknown
	Percent bool      // Done counts steps of a shuffle, not bytes
	Top     bool      // a phase of the run, not a step of the merge
	Start   time.Time // when it started

	count *atomic.Int64
	base  int64
}

// Done is what the phase has done so far: bytes, or steps if Percent.
func (ph *Phase) Done() int64 { return ph.count.Load() - ph.base }

// String is what the phase has done so far, for a progress line:
// "reading 1.2 GB of 50 GB, 310 MB/s", "shuffling 9.9M lines: 42%".
func (ph *Phase) String() string {
	done := ph.Done()
	if ph.Percent {
		if ph.Total <= 0 {
			return ph.Name
		}
		return fmt.Sprintf("%s: %d%%", ph.Name, min(100*done/ph.Total, 100))
	}
	var b strings.Builder
	b.WriteString(ph.Name + " " + byteText(done))
	if ph.Total >= done && ph.Total > 0 {
		b.WriteString(" of " + byteText(ph.Total))
	}
	if secs := time.Since(ph.Start).Seconds(); secs > 0 {
		b.WriteString(", " + byteText(int64(float64(done)/secs)) + "/s")
	}
	return b.String()
}

// begin starts a phase (top) or a step of the merge, measured by count.
// The end of a phase that did something is a line of the log.
func (p *progress) begin(name string, count *atomic.Int64, total int64, percent, top bool) {
	p.cur = &Phase{Name: name, count: count, base: count.Load(), Total: max(total, 0), Percent: percent, Top: top, Start: time.Now()}
	p.report(p.cur)
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

// reader counts what is read from r, the input, size bytes (-1 if
// unknown); the first such reader starts the reading phase.
func (p *progress) reader(r io.Reader, size int64) io.Reader {
	if p == nil {
		return r
	}
	if p.cur == nil {
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
	if ph := p.cur; ph == nil || ph.count != &p.out {
		p.begin(p.within("writing"), &p.out, p.expect, false, p.merge == "")
		p.expect = 0
	}
	n, err := c.w.Write(b)
	p.out.Add(int64(n))
	return n, err
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
