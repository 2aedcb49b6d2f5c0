package main

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"strings"
	"sync/atomic"
	"time"

	"github.com/fairshuffle/shuffle/audit"
)

// auditStream audits the decks of -in or -exec.
func auditStream(ctx context.Context, c *config, stdin io.Reader, stdout, stderr io.Writer, progress bool) int {
	fail := func(format string, args ...any) int {
		fmt.Fprintf(stderr, "shuffle-audit: "+format+"\n", args...)
		return 2
	}
	o := &inputOptions{deck: c.deck, copies: c.copies, hand: c.hand, games: c.games, maxDecks: c.maxDecks, strict: c.strict}
	if c.labels != "" {
		var err error
		if o.labels, o.names, err = readLabels(c.labels); err != nil {
			return fail("-labels: %v", err)
		}
	}
	var r io.Reader
	var cmd *exec.Cmd
	var pipe io.Closer // the -exec program's standard output
	source := c.in
	switch {
	case c.exec != "":
		source = c.exec
		cmd = shellCommand(c.exec)
		cmd.Stdin = stdin
		cmd.Stderr = stderr
		out, err := cmd.StdoutPipe()
		if err != nil {
			return fail("-exec: %v", err)
		}
		if err := cmd.Start(); err != nil {
			return fail("-exec: %v", err)
		}
		r, pipe = out, out
	case c.in == "-":
		source = "standard input"
		r = stdin
	default:
		f, err := os.Open(c.in)
		if err != nil {
			return fail("%v", err)
		}
		defer f.Close()
		r = f
	}
	// end ends the -exec program, if it has not ended, and waits for it:
	// the shell is killed, and the programs it started get SIGPIPE, if
	// they write on, from the pipe closed; Wait waits for their output to
	// standard error at most a second.
	end := func() {
		if cmd != nil {
			cmd.Process.Kill()
			pipe.Close()
			cmd.WaitDelay = time.Second
			cmd.Wait()
		}
	}
	chunks := make(chan chunk, 4)
	free := make(chan []int, 8)
	stop := make(chan struct{})
	defer close(stop)
	go readDecks(r, o, chunks, free, stop)

	var a *audit.Auditor
	var last chunk
	bad := 0
	var done atomic.Int64
	bar := newProgress(stderr, progress, 0, &done)
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
				bar.clear()
				fmt.Fprintf(stderr, "shuffle-audit: %s: line %d: %s\n", inputName(c), b.line, b.why)
			}
		}
		if a == nil && len(ch.decks) > 0 {
			a = audit.New(ch.n, audit.Options{Alpha: c.alpha, Batch: c.batch, Copies: ch.k, Dealt: ch.m, Hand: c.hand, Games: c.games})
		}
		for i := 0; i+ch.m <= len(ch.decks) && ch.m > 0; i += ch.m {
			if err := a.Add(ch.decks[i : i+ch.m]); err != nil {
				// The decoder checked every line; this is a bug.
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
	bar.stop()
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
	readErr := last.err
	if cmd != nil {
		if last.limited {
			end() // -max-decks: the rest is not wanted
		} else if err := cmd.Wait(); err != nil && readErr == nil {
			readErr = fmt.Errorf("-exec %q: %v", c.exec, err)
		}
	}
	if l := last.cut; l != nil {
		fmt.Fprintf(stderr, "shuffle-audit: warning: %s: line %d, the last, has %d cards of %d and no newline: cut short, so not audited (-strict makes it a bad line)\n",
			inputName(c), l.line, l.cards, l.want)
	}
	if bad > maxErrors {
		fmt.Fprintf(stderr, "shuffle-audit: %s: %d bad lines in all (the first %d shown)\n", inputName(c), bad, maxErrors)
	}
	var oe optionError
	switch {
	case errors.As(readErr, &oe):
		return fail("%v", oe.error)
	case readErr != nil:
		return fail("%s: %v; no verdict", inputName(c), readErr)
	case bad > 0:
		return fail("%s: %d bad lines; no verdict", inputName(c), bad)
	case a == nil:
		return fail("%s: no decks; no verdict", inputName(c))
	}
	rep := a.Report()
	in := inputInfo{source: source, sum: last.sum, blank: last.blank, cut: last.cut}
	if last.limited {
		in.maxDecks = c.maxDecks
	}
	if c.json {
		if err := writeJSON(stdout, rep, last.dec, in); err != nil {
			return fail("%v", err)
		}
	} else {
		writeStream(stdout, rep, last.dec, in)
	}
	if err := writePictures(c, []picture{{title: linesText(rep), report: rep, rows: "card →"}}); err != nil {
		fmt.Fprintln(stderr, "shuffle-audit:", err)
		return 2
	}
	if err := writeHTMLFile(c, rep, last.dec, in); err != nil {
		return fail("%v", err)
	}
	switch rep.Verdict {
	case audit.Pass:
		return 0
	case audit.Inconclusive:
		return exitInconclusive
	}
	return 1
}

// exitInconclusive is the exit status when no test ran: too few decks is
// no evidence, and never a pass.
const exitInconclusive = 3

// inputInfo is what the report says of the input.
type inputInfo struct {
	source   string
	sum      []byte
	blank    int      // trailing blank lines
	cut      *cutLine // the last line, cut short and not audited
	maxDecks int64    // the reading stopped at -max-decks
}

// shellCommand runs line as a shell would.
func shellCommand(line string) *exec.Cmd {
	if runtime.GOOS == "windows" {
		return exec.Command("cmd", "/C", line)
	}
	return exec.Command("sh", "-c", line)
}

func inputName(c *config) string {
	switch {
	case c.exec != "":
		return "-exec output"
	case c.in == "-":
		return "standard input"
	}
	return c.in
}

// note is a test's note in the input's own names.
func note(t audit.Test, dec *decoder) string {
	switch {
	case t.Name == "cards" && t.Worst >= 0:
		return "worst card: " + dec.name(t.Worst)
	case t.Name == "places" && t.Worst >= 0:
		return fmt.Sprintf("worst position: %d (from 1)", t.Worst+1)
	}
	return t.Note
}

// linesText says what was audited: "100000 decks of 52 cards", "5000
// shoes of 6 decks of 52 cards (312 cards)", "100000 deals of the first 5
// cards of a deck of 52", "100000 deals of the first 20 cards of a shoe
// of 6 decks of 52 cards (312 cards)".
func linesText(r *audit.Report) string {
	switch whole := r.Dealt == r.Deck; {
	case whole && r.Copies == 1:
		return fmt.Sprintf("%d decks of %d cards", r.Decks, r.N)
	case whole:
		return fmt.Sprintf("%d shoes of %d decks of %d cards (%d cards)", r.Decks, r.Copies, r.N, r.Deck)
	case r.Copies == 1:
		return fmt.Sprintf("%d deals of the first %d cards of a deck of %d", r.Decks, r.Dealt, r.Deck)
	}
	return fmt.Sprintf("%d deals of the first %d cards of a shoe of %d decks of %d cards (%d cards)", r.Decks, r.Dealt, r.Copies, r.N, r.Deck)
}

// shapeText is what a line holds: "deck of 52 cards", "shoe of 6 decks of
// 52 cards", "first 5 cards of a deck of 52 cards", "first 20 cards of a
// shoe of 6 decks of 52 cards".
func shapeText(r *audit.Report) string {
	s := fmt.Sprintf("deck of %d cards", r.N)
	if r.Copies > 1 {
		s = fmt.Sprintf("shoe of %d decks of %d cards", r.Copies, r.N)
	}
	if r.Dealt < r.Deck {
		s = fmt.Sprintf("first %d cards of a %s", r.Dealt, s)
	}
	return s
}

func writeStream(w io.Writer, r *audit.Report, dec *decoder, in inputInfo) {
	fmt.Fprintf(w, "Audit of %s from %s (sha256 %s).\n", linesText(r), in.source, hex.EncodeToString(in.sum))
	if in.maxDecks > 0 {
		fmt.Fprintf(w, "Stopped at -max-decks %d; the sha256 is of the lines read.\n", in.maxDecks)
	}
	if in.cut != nil {
		fmt.Fprintf(w, "Not audited: line %d, the last, cut short (%d cards of %d, no newline).\n", in.cut.line, in.cut.cards, in.cut.want)
	}
	if in.blank > 0 {
		fmt.Fprintf(w, "Ignored: %d trailing blank lines.\n", in.blank)
	}
	ran := 0
	for _, t := range r.Tests {
		if t.Ran() {
			ran++
		}
	}
	fmt.Fprintf(w, "%d tests ran; family-wise α = %g (Holm's correction).\n\n", ran, r.Alpha)
	tw := newTable(w, false)
	fmt.Fprintln(tw, "test\tstatistic\tdf\tp\tHolm p\tresult\t")
	for _, t := range r.Tests {
		if !t.Ran() {
			fmt.Fprintf(tw, "%s\t-\t-\t-\t-\tnot run\t%s\n", t.Name, t.Skipped)
			continue
		}
		res := "pass"
		if !t.Pass {
			res = "FAIL"
		}
		df := "-"
		if t.DF > 0 {
			df = fmt.Sprintf("%.0f", t.DF)
		}
		stat := fmt.Sprintf("%.1f", t.Statistic)
		switch {
		case strings.HasSuffix(t.Name, "/batches"):
			stat = fmt.Sprintf("%.3f", t.Statistic)
		case t.Name == "repeats":
			stat = fmt.Sprintf("%.0f", t.Statistic)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", t.Name, stat, df, pText(t.P), pText(t.Holm), res, note(t, dec))
	}
	tw.Flush()
	fmt.Fprintf(w, "\nverdict: %s\n", r.Verdict)
}

// jsonReport is the -json output.
type jsonReport struct {
	Tool     string     `json:"tool"`
	Version  string     `json:"version"`
	Input    string     `json:"input"`
	SHA256   string     `json:"sha256"`
	Decks    int64      `json:"decks"`
	Shape    string     `json:"shape"`
	N        int        `json:"n"`      // distinct cards
	Copies   int        `json:"copies"` // of each card in the shuffled deck or shoe
	Deck     int        `json:"deck"`   // cards in the shuffled deck or shoe
	Dealt    int        `json:"dealt"`  // cards a line holds
	Alpha    float64    `json:"alpha"`
	Verdict  string     `json:"verdict"`
	Blank    int        `json:"trailing_blank_lines"`
	Cut      int        `json:"cut_short_line,omitempty"` // the number of the last line, cut short and not audited
	MaxDecks int64      `json:"max_decks,omitempty"`      // the reading stopped at -max-decks
	Tests    []jsonTest `json:"tests"`
}

// jsonTest is a test of the -json output; the numbers are null when the
// test did not run.
type jsonTest struct {
	Name      string   `json:"name"`
	Statistic *float64 `json:"statistic"`
	DF        *float64 `json:"df"`
	P         *float64 `json:"p"`
	Holm      *float64 `json:"p_holm"`
	Pass      *bool    `json:"pass"`
	MinDecks  int64    `json:"min_decks"`
	Skipped   string   `json:"skipped,omitempty"`
	Note      string   `json:"note,omitempty"`
	// Batches are a second-level test's batch p-values, in the order
	// they were dealt (null for one that could not be computed).
	Batches []*float64 `json:"batches,omitempty"`
}

func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	return buildVersion(bi)
}

// buildVersion is the module version of a build, or else the revision it
// was built from, with "+dirty" if the clone had changes; "(devel)" is
// never the answer.
func buildVersion(bi *debug.BuildInfo) string {
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	rev, dirty := "", false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	switch {
	case rev == "":
		return "devel, revision unknown (built without VCS information)"
	case dirty:
		return rev + "+dirty"
	}
	return rev
}

func writeJSON(w io.Writer, r *audit.Report, dec *decoder, in inputInfo) error {
	j := jsonReport{Tool: "shuffle-audit", Version: version(), Input: in.source, SHA256: hex.EncodeToString(in.sum),
		Decks: r.Decks, Shape: shapeText(r), N: r.N, Copies: r.Copies, Deck: r.Deck, Dealt: r.Dealt,
		Alpha: r.Alpha, Verdict: r.Verdict, Blank: in.blank, MaxDecks: in.maxDecks, Tests: []jsonTest{}}
	if in.cut != nil {
		j.Cut = in.cut.line
	}
	num := func(x float64) *float64 {
		if math.IsNaN(x) {
			return nil
		}
		return &x
	}
	for _, t := range r.Tests {
		jt := jsonTest{Name: t.Name, MinDecks: t.MinDecks, Skipped: t.Skipped, Note: note(t, dec)}
		if t.Ran() {
			pass := t.Pass
			jt.Statistic, jt.DF, jt.P, jt.Holm, jt.Pass = num(t.Statistic), num(t.DF), num(t.P), num(t.Holm), &pass
		}
		for _, p := range t.Batches {
			jt.Batches = append(jt.Batches, num(p))
		}
		j.Tests = append(j.Tests, jt)
	}
	e := json.NewEncoder(w)
	e.SetIndent("", "  ")
	return e.Encode(j)
}
