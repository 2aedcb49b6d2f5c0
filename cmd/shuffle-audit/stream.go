package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"sync/atomic"
	"time"

	"github.com/fairshuffle/shuffle/audit"
	"github.com/fairshuffle/shuffle/audit/report"
	"github.com/fairshuffle/shuffle/internal/input"
	"github.com/fairshuffle/shuffle/internal/term"
	"github.com/fairshuffle/shuffle/internal/version"
)

// maxErrors is how many bad lines are reported one by one.
const maxErrors = 20

// auditStream audits the decks of -in or -exec.
func auditStream(ctx context.Context, c *config, stdin io.Reader, stdout, stderr io.Writer, progress bool) int {
	fail := func(format string, args ...any) int {
		fmt.Fprintf(stderr, "shuffle-audit: "+format+"\n", args...)
		return 2
	}
	o := audit.ReadOptions{Name: inputName(c), Deck: c.deck, Copies: c.copies, Hand: c.hand, Games: c.games, MaxDecks: c.maxDecks, Strict: c.strict, Base: c.base}
	if c.labels != "" {
		f, err := os.Open(c.labels)
		if err != nil {
			return fail("-labels: %v", err)
		}
		o.Labels, err = audit.ReadLabels(f, c.labels)
		f.Close()
		if err != nil {
			return fail("-labels: %v", err)
		}
	}
	r, cmd, end, err := input.Open(c.in, c.exec, stdin, stderr)
	if err != nil {
		return fail("%v", err)
	}
	defer end()
	source := c.in
	switch {
	case c.exec != "":
		source = c.exec
	case c.in == "-":
		source = "standard input"
	}
	rd := audit.NewReader(r, o)
	chunks := make(chan chunk, 4)
	free := make(chan []int, 8)
	stop := make(chan struct{})
	defer close(stop)
	go readDecks(rd, chunks, free, stop)

	var a *audit.Auditor
	var last chunk
	bad := 0
	var done atomic.Int64
	bar := term.NewProgress(stderr, progress, "decks", 0, &done)
	interrupted := false
loop:
	for {
		var ch chunk
		select {
		case ch = <-chunks:
		case <-ctx.Done():
			interrupted = true
			break loop
		}
		for _, b := range ch.bad {
			bad++
			if bad <= maxErrors {
				bar.Clear()
				fmt.Fprintf(stderr, "shuffle-audit: %v\n", b)
			}
		}
		if a == nil && len(ch.decks) > 0 {
			opts := ch.opts
			opts.Alpha, opts.Batch = c.alpha, c.batch
			a = audit.New(ch.n, opts)
		}
		m := ch.opts.Dealt
		for i, j := 0, 0; i < len(ch.decks); i, j = i+m, j+1 {
			if ch.opts.Used {
				m = ch.lens[j] // a game's rules set each line's length
			}
			if err := a.Add(ch.decks[i : i+m]); err != nil {
				// The reader checked every line; this is a bug.
				panic(fmt.Sprintf("shuffle-audit: deck %d: %v", a.Decks()+1, err))
			}
		}
		if a != nil {
			done.Store(a.Decks())
		}
		select {
		case free <- ch.decks:
		default:
		}
		if ch.done {
			last = ch
			break
		}
	}
	bar.Stop()
	if interrupted {
		end()
		decks := int64(0)
		if a != nil {
			decks = a.Decks()
		}
		how := "interrupted"
		if stopStatus(ctx) == 143 {
			how = "terminated"
		}
		fmt.Fprintf(stderr, "shuffle-audit: %s after %d decks; no verdict\n", how, decks)
		return stopStatus(ctx)
	}
	// The reading goroutine has sent its last chunk: rd is ours.
	in := rd.Input()
	readErr := last.err
	if cmd != nil {
		if in.Limited {
			end() // -max-decks: the rest is not wanted
		} else if err := cmd.Wait(); err != nil && readErr == nil {
			readErr = fmt.Errorf("-exec %q: %v", c.exec, err)
		}
	}
	if l := in.Cut; l != nil {
		fmt.Fprintf(stderr, "shuffle-audit: warning: %s: line %d, the last, has %d cards of %d and no newline: cut short, so not audited (-strict makes it a bad line)\n",
			inputName(c), l.Line, l.Cards, l.Want)
	}
	if bad > maxErrors {
		fmt.Fprintf(stderr, "shuffle-audit: %s: %d bad lines in all (the first %d shown)\n", inputName(c), bad, maxErrors)
	}
	var oe *audit.OptionError
	switch {
	case errors.As(readErr, &oe):
		return fail("%v", oe)
	case readErr != nil:
		return fail("%s: %v; no verdict", inputName(c), readErr)
	case bad > 0:
		return fail("%s: %d bad lines; no verdict", inputName(c), bad)
	case a == nil:
		return fail("%s: no decks; no verdict", inputName(c))
	}
	rec := &report.Record{Report: a.Report(), Source: source, Input: in, MaxDecks: c.maxDecks, Card: rd.Card,
		Tool: "shuffle-audit", Version: version.Of(), Scale: c.scale}
	if c.json {
		if err := report.JSON(stdout, rec); err != nil {
			return fail("%v", err)
		}
	} else {
		report.Text(stdout, rec)
	}
	if err := writePictures(c, []picture{{title: report.Describe(rec.Report), report: rec.Report, rows: "card →"}}); err != nil {
		return fail("%v", err)
	}
	if c.html != "" {
		rec.Command = append([]string{"shuffle-audit"}, c.args...)
		rec.Stdin, rec.Exec, rec.Date = c.in == "-", c.exec != "", htmlNow()
		if err := writeFile(c.html, func(w io.Writer) error { return report.HTML(w, rec) }); err != nil {
			return fail("-html: %v", err)
		}
	}
	switch rec.Report.Verdict {
	case audit.Pass:
		return 0
	case audit.Inconclusive:
		return exitInconclusive
	}
	return 1
}

// htmlNow is the time the HTML report is dated; tests replace it.
var htmlNow = time.Now

// chunk is a run of decks read, flat, opts.Dealt cards each, with the bad
// lines among them; or the log's end (done), with its error.
type chunk struct {
	n     int
	opts  audit.Options // the shape: Copies, Dealt, Hand, Games, Used
	decks []int
	lens  []int   // opts.Used: each line's length
	bad   []error // *audit.LineError
	done  bool
	err   error // what ended the log, if not its end
}

// chunkCards is the number of cards sent at once, and chunkBad the most
// bad lines: a log of nothing but bad lines is held a chunk at a time too.
const chunkCards, chunkBad = 1 << 17, 1 << 10

// readDecks reads rd on its own goroutine and sends the decks in chunks,
// then a final chunk with done set. It takes the chunks' buffers from free
// when there are some there, and stops early if stop is closed.
func readDecks(rd *audit.Reader, out chan<- chunk, free <-chan []int, stop <-chan struct{}) {
	buffer := func() []int {
		select {
		case b := <-free:
			return b[:0]
		default:
			return make([]int, 0, chunkCards+audit.MaxCards)
		}
	}
	cur := chunk{decks: buffer()}
	for {
		deck, err := rd.Next()
		var le *audit.LineError
		switch {
		case errors.As(err, &le):
			if cur.bad = append(cur.bad, err); len(cur.bad) < chunkBad {
				continue
			}
		case err == io.EOF:
			cur.done = true
		case err != nil:
			cur.err, cur.done = err, true
		}
		if !cur.done && cur.n == 0 {
			cur.n, cur.opts = rd.N(), rd.Options(cur.opts)
		}
		if cur.done || len(cur.decks)+len(deck) > chunkCards || len(cur.bad) == chunkBad {
			select {
			case out <- cur:
			case <-stop:
				return
			}
			if cur.done {
				return
			}
			cur = chunk{n: cur.n, opts: cur.opts, decks: buffer()}
		}
		cur.decks = append(cur.decks, deck...)
		if deck != nil && cur.opts.Used {
			cur.lens = append(cur.lens, len(deck))
		}
	}
}

// exitInconclusive is the exit status when no test ran: too few decks is
// no evidence, and never a pass.
const exitInconclusive = 3

func inputName(c *config) string {
	switch {
	case c.exec != "":
		return "-exec output"
	case c.in == "-" || c.raw == "-":
		return "standard input"
	case c.source != "":
		return "-source " + c.source
	}
	return c.in + c.raw
}
