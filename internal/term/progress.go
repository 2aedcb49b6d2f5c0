package term

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Progress is a progress line: "12 of 40 decks audited (30%), 5 decks/s",
// redrawn ten times a second from a counter the caller updates.
type Progress struct {
	w     io.Writer
	unit  string
	total int64 // 0 when unknown
	done  *atomic.Int64
	quit  chan struct{}
	wg    sync.WaitGroup
	mu    sync.Mutex
	shown bool
}

// NewProgress starts a progress line on w, counting done of total units
// (total 0: unknown), if on is true; otherwise it returns a Progress that
// shows nothing.
func NewProgress(w io.Writer, on bool, unit string, total int64, done *atomic.Int64) *Progress {
	p := &Progress{w: w, unit: unit, total: total, done: done, quit: make(chan struct{})}
	if !on {
		return p
	}
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		t := time.NewTicker(100 * time.Millisecond)
		defer t.Stop()
		start := time.Now()
		for {
			select {
			case <-p.quit:
				p.Clear()
				return
			case <-t.C:
				d := p.done.Load()
				rate := float64(d) / time.Since(start).Seconds()
				p.mu.Lock()
				if p.total > 0 {
					fmt.Fprintf(p.w, "\r%d of %d %s audited (%d%%), %.0f %s/s ", d, p.total, p.unit, 100*d/p.total, rate, p.unit)
				} else {
					fmt.Fprintf(p.w, "\r%d %s audited, %.0f %s/s ", d, p.unit, rate, p.unit)
				}
				p.shown = true
				p.mu.Unlock()
			}
		}
	}()
	return p
}

// Clear erases the progress line, if shown, before other output.
func (p *Progress) Clear() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.shown {
		fmt.Fprintf(p.w, "\r%s\r", strings.Repeat(" ", 70))
		p.shown = false
	}
}

// Stop ends the progress line.
func (p *Progress) Stop() {
	select {
	case <-p.quit:
	default:
		close(p.quit)
	}
	p.wg.Wait()
}
