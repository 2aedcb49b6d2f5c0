package main

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"strings"
	"sync/atomic"

	"github.com/fairshuffle/shuffle/audit"
)

// auditStream audits the decks of -in or -exec.
func auditStream(ctx context.Context, c *config, stdin io.Reader, stdout, stderr io.Writer, progress bool) int {
	fail := func(format string, args ...any) int {
		fmt.Fprintf(stderr, "shuffle-audit: "+format+"\n", args...)
		return 2
	}
	var labels map[string]int
	var labelNames []string
	if c.labels != "" {
		var err error
		if labels, labelNames, err = readLabels(c.labels); err != nil {
			return fail("-labels: %v", err)
		}
	}
	var r io.Reader
	var cmd *exec.Cmd
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
		r = out
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
	chunks := make(chan chunk, 4)
	stop := make(chan struct{})
	defer close(stop)
	go readDecks(r, labels, labelNames, chunks, stop)

	var a *audit.Auditor
	var dec *decoder
	var sum []byte
	var readErr error
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
			a = audit.New(ch.n, audit.Options{Alpha: c.alpha, Batch: c.batch})
		}
		if a != nil {
			n := a.N()
			for i := 0; i+n <= len(ch.decks); i += n {
				if err := a.Add(ch.decks[i : i+n]); err != nil {
					// The decoder checked every deck; this is a bug.
					panic(fmt.Sprintf("shuffle-audit: line %d: %v", ch.line+i/n, err))
				}
			}
			done.Store(a.Decks())
		}
		if ch.done {
			dec, sum, readErr = ch.dec, ch.sum, ch.err
			break
		}
	}
	bar.stop()
	if interrupted {
		if cmd != nil {
			cmd.Process.Kill()
			cmd.Wait()
		}
		decks := int64(0)
		if a != nil {
			decks = a.Decks()
		}
		fmt.Fprintf(stderr, "shuffle-audit: interrupted after %d decks; no verdict\n", decks)
		return 130
	}
	if cmd != nil {
		if err := cmd.Wait(); err != nil && readErr == nil {
			readErr = fmt.Errorf("-exec %q: %v", c.exec, err)
		}
	}
	switch {
	case bad > maxErrors:
		fmt.Fprintf(stderr, "shuffle-audit: %s: %d bad lines in all (the first %d shown)\n", inputName(c), bad, maxErrors)
	}
	switch {
	case readErr != nil:
		return fail("%s: %v; no verdict", inputName(c), readErr)
	case bad > 0:
		return fail("%s: %d bad lines; no verdict", inputName(c), bad)
	case a == nil:
		return fail("%s: no decks; no verdict", inputName(c))
	}
	rep := a.Report()
	if c.json {
		if err := writeJSON(stdout, rep, dec, source, sum); err != nil {
			return fail("%v", err)
		}
	} else {
		writeStream(stdout, rep, dec, source, sum)
	}
	title := fmt.Sprintf("%d decks of %d cards", rep.Decks, rep.N)
	if err := writePictures(c, []picture{{title: title, report: rep, rows: "card →"}}); err != nil {
		fmt.Fprintln(stderr, "shuffle-audit:", err)
		return 2
	}
	if err := writeHTMLFile(c, rep, dec, source, sum); err != nil {
		return fail("%v", err)
	}
	if rep.Verdict == "pass" {
		return 0
	}
	return 1
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

func writeStream(w io.Writer, r *audit.Report, dec *decoder, source string, sum []byte) {
	fmt.Fprintf(w, "Audit of %d decks of %d cards from %s (sha256 %s).\n", r.Decks, r.N, source, hex.EncodeToString(sum))
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
	Tool    string     `json:"tool"`
	Version string     `json:"version"`
	Input   string     `json:"input"`
	SHA256  string     `json:"sha256"`
	Decks   int64      `json:"decks"`
	N       int        `json:"n"`
	Alpha   float64    `json:"alpha"`
	Verdict string     `json:"verdict"`
	Tests   []jsonTest `json:"tests"`
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
}

func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		return bi.Main.Version
	}
	return "unknown"
}

func writeJSON(w io.Writer, r *audit.Report, dec *decoder, source string, sum []byte) error {
	j := jsonReport{Tool: "shuffle-audit", Version: version(), Input: source, SHA256: hex.EncodeToString(sum),
		Decks: r.Decks, N: r.N, Alpha: r.Alpha, Verdict: r.Verdict, Tests: []jsonTest{}}
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
		j.Tests = append(j.Tests, jt)
	}
	e := json.NewEncoder(w)
	e.SetIndent("", "  ")
	return e.Encode(j)
}
