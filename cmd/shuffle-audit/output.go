package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/fairshuffle/shuffle/audit"
	"github.com/fairshuffle/shuffle/audit/report"
)

// picture is one audit's heat maps.
type picture struct {
	name   string // appended to the file names, when there are several
	title  string
	rows   string // what the position table's rows are
	report *audit.Report
}

// writePictures writes the heat maps asked for: the position table to the
// file named, the adjacency table to the name with "-adjacency" added.
func writePictures(c *config, pics []picture) error {
	for _, f := range []struct {
		path  string
		write func(report.Heatmap, io.Writer) error
	}{{c.png, report.Heatmap.WritePNG}, {c.svg, report.Heatmap.WriteSVG}} {
		if f.path == "" {
			continue
		}
		for _, p := range pics {
			ext := filepath.Ext(f.path)
			base := strings.TrimSuffix(f.path, ext)
			if p.name != "" {
				base += "-" + p.name
			}
			pos, adj := report.Heatmaps(p.report, c.scale)
			pos.Title, pos.Rows = p.title, p.rows
			adj.Title = p.title + ", adjacency"
			for _, m := range []struct {
				path string
				h    report.Heatmap
			}{{base + ext, pos}, {base + "-adjacency" + ext, adj}} {
				if err := writeFile(m.path, func(w io.Writer) error { return f.write(m.h, w) }); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func writeFile(path string, write func(io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// progress shows, on a terminal, how many decks have been audited, ten
// times a second, from a counter the audit updates.
type progress struct {
	w     io.Writer
	total int64 // 0 when unknown
	done  *atomic.Int64
	quit  chan struct{}
	wg    sync.WaitGroup
	mu    sync.Mutex
	shown bool
}

// newProgress starts a progress line if on is true; otherwise it returns a
// progress that shows nothing.
func newProgress(w io.Writer, on bool, total int64, done *atomic.Int64) *progress {
	p := &progress{w: w, total: total, done: done, quit: make(chan struct{})}
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
				p.clear()
				return
			case <-t.C:
				d := p.done.Load()
				rate := float64(d) / time.Since(start).Seconds()
				p.mu.Lock()
				if p.total > 0 {
					fmt.Fprintf(p.w, "\r%d of %d decks audited (%d%%), %.0f decks/s ", d, p.total, 100*d/p.total, rate)
				} else {
					fmt.Fprintf(p.w, "\r%d decks audited, %.0f decks/s ", d, rate)
				}
				p.shown = true
				p.mu.Unlock()
			}
		}
	}()
	return p
}

// clear erases the progress line, if shown, before other output.
func (p *progress) clear() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.shown {
		fmt.Fprintf(p.w, "\r%s\r", strings.Repeat(" ", 70))
		p.shown = false
	}
}

// stop ends the progress line.
func (p *progress) stop() {
	select {
	case <-p.quit:
	default:
		close(p.quit)
	}
	p.wg.Wait()
}
