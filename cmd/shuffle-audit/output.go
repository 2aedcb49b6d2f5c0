package main

import (
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"text/tabwriter"
	"time"

	"github.com/fairshuffle/shuffle/audit"
)

func newTable(w io.Writer, right bool) *tabwriter.Writer {
	var flags uint
	if right {
		flags = tabwriter.AlignRight
	}
	return tabwriter.NewWriter(w, 0, 0, 2, ' ', flags)
}

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
		write func(heatmap, io.Writer) error
	}{{c.png, heatmap.writePNG}, {c.svg, heatmap.writeSVG}} {
		if f.path == "" {
			continue
		}
		for _, p := range pics {
			ext := filepath.Ext(f.path)
			base := strings.TrimSuffix(f.path, ext)
			if p.name != "" {
				base += "-" + p.name
			}
			r := p.report
			n, d := r.N, float64(r.Decks)
			pos := heatmap{n: n, p: make([]float64, n*n), scale: c.scale, title: p.title, rows: p.rows}
			adj := heatmap{n: n, p: make([]float64, n*n), scale: c.scale, title: p.title + ", adjacency",
				rows: "card →", cols: "the card after it →"}
			for i := range pos.p {
				pos.p[i] = float64(r.Positions[i]) / d
				adj.p[i] = float64(r.Adjacency[i]) / d
				if i/n == i%n {
					adj.p[i] = math.NaN() // a card never follows itself
				}
			}
			for _, m := range []struct {
				path string
				h    heatmap
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
