package main

import (
	"fmt"
	"io"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/fairshuffle/shuffle/lines"
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

// progress draws the line from the phases the run reports (phase), which
// count their work as they go, on a goroutine of its own. A nil *progress
// shows nothing.
type progress struct {
	w     io.Writer
	plain bool // lines for a log, not one line redrawn
	start time.Time
	cur   atomic.Pointer[lines.Phase]

	mu       sync.Mutex // orders the lines of phase ends and of ticks
	closed   bool       // end has written the last line: nothing more
	stop     chan struct{}
	done     chan struct{}
	stopOnce sync.Once
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
func (p *progress) show(ph *lines.Phase) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return
	}
	elapsed := time.Since(p.start)
	if p.plain {
		fmt.Fprintf(p.w, "shuf: %s, %ss\n", text(ph), strconv.FormatFloat(elapsed.Seconds(), 'f', 1, 64))
		return
	}
	fmt.Fprintf(p.w, "\rshuf: %s, %s\x1b[K", text(ph), elapsed.Truncate(time.Second))
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
func text(ph *lines.Phase) string {
	if ph == nil {
		return "starting"
	}
	return ph.String()
}

// phase is the run's report of a phase that starts. The end of a phase
// that did something is a line of the log.
func (p *progress) phase(ph *lines.Phase) {
	prev := p.cur.Swap(ph)
	if p.plain && ph.Top && prev != nil && prev.Done() > 0 {
		p.show(prev)
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
