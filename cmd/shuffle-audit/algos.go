package main

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"
	"text/tabwriter"

	"github.com/fairshuffle/shuffle"
	"github.com/fairshuffle/shuffle/audit"
	"github.com/fairshuffle/shuffle/audit/report"
	"github.com/fairshuffle/shuffle/internal/term"
)

// result is the audit of one algorithm.
type result struct {
	alg    shuffle.Algorithm
	trials int // decks audited; fewer than asked if interrupted
	report *audit.Report
}

// auditAlgorithms audits c.algos, c.workers at a time, each on one
// goroutine that shuffles and audits its decks in order.
func auditAlgorithms(ctx context.Context, c *config, stdout, stderr io.Writer, progress bool) int {
	fmt.Fprintf(stdout, "Auditing %d shuffles of %d cards per algorithm (seed %d); each row is a family of tests at α = %g (Holm).\n\n", c.trials, c.n, c.seed, c.alpha)
	results := make([]result, len(c.algos))
	for i, a := range c.algos {
		results[i].alg = a
	}
	var next atomic.Int64
	var done atomic.Int64
	bar := term.NewProgress(stderr, progress, "decks", int64(c.trials)*int64(len(c.algos)), &done)
	var wg sync.WaitGroup
	for range min(c.workers, len(c.algos)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= len(c.algos) || ctx.Err() != nil {
					return
				}
				results[i] = auditOne(ctx, c.algos[i], c, &done)
			}
		}()
	}
	wg.Wait()
	bar.Stop()
	writeAlgorithms(stdout, results, c)
	status := 0
	var left []string
	partial := false
	for _, r := range results {
		switch {
		case r.report == nil:
			left = append(left, r.alg.Name)
		case r.trials < c.trials:
			partial = true
		case r.alg.Uniform && r.report.Verdict != "pass":
			status = 1
		}
	}
	if partial || len(left) > 0 {
		fmt.Fprint(stdout, "\nPARTIAL RESULT: interrupted")
		if len(left) > 0 {
			fmt.Fprintf(stdout, "; not audited: %s", strings.Join(left, ", "))
		}
		fmt.Fprintln(stdout, ".")
		status = stopStatus(ctx)
	} else {
		fmt.Fprintf(stdout, `
Each column is a test's p-value; * marks a test that fails after Holm's correction over the row's %d tests.
batches: the smallest p-value of the second level (each test's p-values over batches of decks, by Kolmogorov–Smirnov).
A uniform shuffle gives p-values uniform on (0, 1) and "no bias found" in at least %.1f%% of seeds.
"no bias found" is not a proof: only "uniform by design" is (see the package's exact tests).
`, ranTests(results[0].report), 100*(1-c.alpha))
	}
	var pics []picture
	for _, r := range results {
		if r.report == nil {
			continue
		}
		title := fmt.Sprintf("%s, n = %d, %d shuffles", r.alg.Name, c.n, r.trials)
		if r.trials < c.trials {
			title += " (partial)"
		}
		name := ""
		if len(c.algos) > 1 {
			name = r.alg.Name
		}
		pics = append(pics, picture{name: name, title: title, report: r.report, rows: "start position →"})
	}
	if err := writePictures(c, pics); err != nil {
		fmt.Fprintln(stderr, "shuffle-audit:", err)
		return max(status, 1)
	}
	return status
}

// ranTests is the number of tests of r that ran.
func ranTests(r *audit.Report) int {
	k := 0
	for _, t := range r.Tests {
		if t.Ran() {
			k++
		}
	}
	return k
}

// auditOne shuffles c.trials decks with a, from PCG(c.seed, streamOf(name)),
// starting each from 0..n−1, and audits them; it stops early if ctx ends.
func auditOne(ctx context.Context, a shuffle.Algorithm, c *config, done *atomic.Int64) result {
	sh := a.New(rand.NewPCG(c.seed, streamOf(a.Name)))
	au := audit.New(c.n, audit.Options{Alpha: c.alpha})
	deck := make([]int, c.n)
	trials := 0
	const step = 1000
	for trials < c.trials && ctx.Err() == nil {
		m := min(step, c.trials-trials)
		for range m {
			for i := range deck {
				deck[i] = i
			}
			shuffle.Slice(sh, deck)
			if err := au.Add(deck); err != nil {
				panic(fmt.Sprintf("shuffle-audit: %s returned a deck that is not a permutation: %v", a.Name, err))
			}
		}
		trials += m
		done.Add(int64(m))
	}
	if trials == 0 {
		return result{alg: a}
	}
	return result{alg: a, trials: trials, report: au.Report()}
}

// columns are the tests shown in the algorithms' table, with their headers.
var columns = []struct{ test, head string }{
	{"positions", "positions"}, {"cards", "cards"}, {"places", "places"}, {"spearman", "spearman"}, {"adjacency", "adjacency"},
	{"pairs", "pairs"}, {"fixed-points", "fixed"}, {"cycles", "cycles"}, {"rising", "rising"},
	{"serial", "serial"}, {"repeats", "repeats"},
}

func writeAlgorithms(w io.Writer, rs []result, c *config) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprint(tw, "algorithm\tuniform by design")
	for _, col := range columns {
		fmt.Fprint(tw, "\t", col.head)
	}
	fmt.Fprintln(tw, "\tbatches\tverdict")
	for _, r := range rs {
		design := "yes"
		if !r.alg.Uniform {
			design = "no"
		}
		fmt.Fprintf(tw, "%s\t%s", r.alg.Name, design)
		if r.report == nil {
			fmt.Fprintln(tw, strings.Repeat("\t-", len(columns)+1)+"\tnot run")
			continue
		}
		for _, col := range columns {
			t, _ := r.report.Test(col.test)
			fmt.Fprint(tw, "\t", cell(t))
		}
		worst := audit.Test{P: 2}
		for _, t := range r.report.Tests {
			if strings.HasSuffix(t.Name, "/batches") && t.Ran() && (t.P < worst.P || !t.Pass && worst.Pass) {
				worst = t
			}
		}
		if worst.P == 2 {
			fmt.Fprint(tw, "\t-")
		} else {
			fmt.Fprint(tw, "\t", cell(worst))
		}
		v := "no bias found"
		if f := r.report.Failed(); len(f) > 0 {
			v = fmt.Sprintf("BIASED: %d of %d tests", len(f), ranTests(r.report))
		}
		if r.trials < c.trials {
			v += fmt.Sprintf(" (partial: %d trials)", r.trials)
		}
		fmt.Fprintf(tw, "\t%s\n", v)
	}
	// What a uniform shuffle's row looks like: p-values uniform on (0, 1),
	// but for the Bonferroni bounds (cards, places), which are larger,
	// and the repeats, which are 1 when a repeat is all but impossible.
	fmt.Fprint(tw, "(uniform)\t")
	for _, col := range columns {
		switch {
		case col.test == "cards" || col.test == "places":
			fmt.Fprint(tw, "\t≥U(0,1)")
		case col.test == "repeats" && c.n >= 20:
			fmt.Fprint(tw, "\t1.000")
		default:
			fmt.Fprint(tw, "\tU(0,1)")
		}
	}
	fmt.Fprintln(tw, "\tU(0,1)\t")
	tw.Flush()
}

// cell is a test's p-value in a table, starred if it fails.
func cell(t audit.Test) string {
	if !t.Ran() {
		return "-"
	}
	s := report.FormatP(t.P)
	if !t.Pass {
		s += "*"
	}
	return s
}
