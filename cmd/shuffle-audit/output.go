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
			pos, adj := tables(p.report, c.scale)
			pos.title, pos.rows = p.title, p.rows
			adj.title = p.title + ", adjacency"
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

// tables returns the heat maps of a report's position table (n rows, a
// column for each of the m places of a line) and adjacency table (n × n),
// without titles. Each cell is scaled so that a uniform shuffle's is 1/n:
// the position table's already is; the adjacency table's expected count
// per line is (m−1)k²/(N(N−1)) for two different cards of a shoe of k
// copies of n cards (N = nk), and (m−1)k(k−1)/(N(N−1)) for a card and
// itself, which is 1/n and 0 for a whole deck of distinct cards: its
// diagonal is left blank, as is the whole table when a line holds one
// card.
func tables(r *audit.Report, scale float64) (pos, adj heatmap) {
	n, m, d := r.N, r.Dealt, float64(r.Decks)
	pos = heatmap{n: n, m: m, p: make([]float64, n*m), scale: scale}
	adj = heatmap{n: n, p: make([]float64, n*n), scale: scale, rows: "card →", cols: "the card after it →"}
	if m != n {
		pos.cols = "place dealt →"
	}
	for i := range pos.p {
		pos.p[i] = float64(r.Positions[i]) / d
	}
	N, k := float64(r.Deck), float64(r.Copies)
	same, other := 1.0, 1.0 // the adjacency scale factors
	if r.Copies > 1 || r.Dealt < r.Deck {
		pairs := float64(m-1) / (N * (N - 1))
		other = 1 / (float64(n) * pairs * k * k)
		same = 1 / (float64(n) * pairs * k * (k - 1))
	}
	for i := range adj.p {
		switch {
		case m < 2:
			adj.p[i] = math.NaN() // one card a line has no neighbour
		case i/n != i%n:
			adj.p[i] = float64(r.Adjacency[i]) / d * other
		case r.Copies == 1:
			adj.p[i] = math.NaN() // a card never follows itself
		default:
			adj.p[i] = float64(r.Adjacency[i]) / d * same
		}
	}
	return pos, adj
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
