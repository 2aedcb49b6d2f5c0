package audit

import (
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"sync"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/fairshuffle/shuffle/internal/long"
	"github.com/fairshuffle/shuffle/internal/stattest"
)

// calShape is a shape of lines the false-failure test deals fairly, with
// the sizes (lines a run) it audits.
type calShape struct {
	name    string
	n, k, m int // m 0: whole decks or shoes
	hand    int
	games   []Game
	sizes   []int
}

func (c calShape) opts() Options {
	return Options{Copies: c.k, Dealt: c.m, Hand: c.hand, Games: c.games}
}

// calShapes are the shapes of TestFalseFailures: decks, shoes of 2 to 8
// decks, partial deals, hands and games. Each is audited at the smallest
// count at which each of its tests runs (sizes adds larger ones).
var calShapes = []calShape{
	{name: "deck of 52", n: 52, sizes: []int{50, 1000}},
	{name: "deck of 10", n: 10, sizes: []int{50, 500, 20480}},
	{name: "2-deck shoe", n: 52, k: 2, sizes: []int{1000}},
	{name: "6-deck shoe", n: 52, k: 6, sizes: []int{1000}},
	{name: "8-deck shoe", n: 52, k: 8, sizes: []int{1000}},
	{name: "7 cards of a deck", n: 52, m: 7, sizes: []int{1000, 20480}},
	{name: "10 cards of a 6-deck shoe", n: 52, k: 6, m: 10, sizes: []int{1000}},
	{name: "hands of 5, poker", n: 52, m: 5, hand: 5, games: []Game{Poker}, sizes: []int{1000}},
	{name: "baccarat, 8 decks", n: 52, k: 8, m: 6, games: []Game{Baccarat}, sizes: []int{1000, 20480}},
}

// minSizes returns the smallest counts at which each test of shape c runs,
// at least 2.
func (c calShape) minSizes() []int {
	var sizes []int
	for _, x := range New(c.n, c.opts()).Report().Tests {
		if x.MinDecks >= 2 {
			sizes = append(sizes, int(x.MinDecks))
		}
	}
	return sizes
}

// calCell is one shape at one size, and what its fair runs gave.
type calCell struct {
	shape       calShape
	size, runs  int
	fails       int            // runs whose verdict was fail
	inconcl     int            // runs whose verdict was inconclusive
	failedTests map[string]int // tests that failed (after Holm)
	low3, low2  map[string]int // raw p < 0.001, < 0.01
	ran         map[string]int
}

// fairAudit audits size fair lines of shape c from a seeded source.
func fairAudit(c calShape, size int, seed uint64) *Report {
	r := rand.New(rand.NewPCG(seed, uint64(c.n*1000+c.k*100+c.m)))
	k := max(c.k, 1)
	a := New(c.n, c.opts())
	deck := make([]int, c.n*k)
	m := c.m
	if m == 0 {
		m = len(deck)
	}
	for range size {
		for i := range deck {
			deck[i] = i % c.n
		}
		// The first m places of a Fisher–Yates shuffle: a uniform deal.
		for i := range m {
			j := i + r.IntN(len(deck)-i)
			deck[i], deck[j] = deck[j], deck[i]
		}
		if err := a.Add(deck[:m]); err != nil {
			panic(err)
		}
	}
	return a.Report()
}

// runCells audits runs fair streams of every cell, on up to workers
// goroutines; run i of a cell uses seed i.
func runCells(cells []*calCell, workers int) {
	type job struct {
		c    *calCell
		seed uint64
	}
	jobs := make(chan job)
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				rep := fairAudit(j.c.shape, j.c.size, j.seed)
				mu.Lock()
				c := j.c
				switch rep.Verdict {
				case Fail:
					c.fails++
				case Inconclusive:
					c.inconcl++
				}
				for _, x := range rep.Tests {
					if !x.Ran() {
						continue
					}
					c.ran[x.Name]++
					if !x.Pass {
						c.failedTests[x.Name]++
					}
					if x.P < 0.01 {
						c.low2[x.Name]++
					}
					if x.P < 0.001 {
						c.low3[x.Name]++
					}
				}
				mu.Unlock()
			}
		}()
	}
	for _, c := range cells {
		for i := range c.runs {
			jobs <- job{c, uint64(i)}
		}
	}
	close(jobs)
	wg.Wait()
}

// newCells returns the cells of every shape: its tests' smallest counts
// and its larger sizes, runs fair runs each, and runs·big/size (at least
// 20) above big lines.
func newCells(runs, big int) []*calCell {
	var cells []*calCell
	for _, s := range calShapes {
		sizes := append(s.minSizes(), s.sizes...)
		slices.Sort(sizes)
		for _, size := range slices.Compact(sizes) {
			r := runs
			if size > big {
				r = max(20, runs*big/size)
			}
			cells = append(cells, &calCell{shape: s, size: size, runs: r,
				failedTests: map[string]int{}, low3: map[string]int{}, low2: map[string]int{}, ran: map[string]int{}})
		}
	}
	return cells
}

func fmtCounts(m map[string]int) string {
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	s := ""
	for _, k := range keys {
		s += fmt.Sprintf(" %s:%d", k, m[k])
	}
	return s
}

// binomialMargin returns the most failures of runs fair runs, each failing
// with probability alpha, that a battery calibrated at alpha exceeds with
// probability at most level: the smallest c with P(X > c) ≤ level.
func binomialMargin(runs int, alpha, level float64) int {
	b := distuv.Binomial{N: float64(runs), P: alpha}
	for c := 0; ; c++ {
		if b.Survival(float64(c)) <= level {
			return c
		}
	}
}

// TestFalseFailures audits fair streams of every shape of calShapes, at
// the smallest count at which each of its tests runs and at larger ones,
// and holds the whole battery's false-failure rate at α = 0.001 to α plus
// its binomial margin: over all R runs at most c fail, c the smallest count
// that a battery failing exactly α of the time exceeds with probability at
// most 0.001 (the test's own false-failure rate); each shape's runs are
// held to theirs at 1e-4 (nine shapes: 1e-3 in all). Inconclusive runs
// count in neither. Each test's raw p-values are held to their own
// margins below 0.01 and 0.001, at 1e-4 each. Run i of a cell uses seed i. With SHUFFLE_LONG=1: 190
// runs a cell (fewer above 1,000 lines), 10,346 with a verdict; otherwise 4 runs a
// cell up to 400 lines. CAL_RUNS=N sets the runs a cell, to measure.
func TestFalseFailures(t *testing.T) {
	runs, big := 4, 400
	if long.Enabled() {
		runs, big = 190, 1000
	}
	if v, err := strconv.Atoi(os.Getenv("CAL_RUNS")); err == nil && v > 0 {
		runs = v
	}
	cells := newCells(runs, big)
	if !long.Enabled() {
		cells = slices.DeleteFunc(cells, func(c *calCell) bool { return c.size > big })
	}
	runCells(cells, min(2, runtime.GOMAXPROCS(0)))
	const alpha = DefaultAlpha
	total, fails := 0, 0
	shapes := map[string][2]int{}
	perTest := map[string]int{}
	for _, c := range cells {
		verdicts := c.runs - c.inconcl // an inconclusive run is no pass
		total += verdicts
		fails += c.fails
		x := shapes[c.shape.name]
		shapes[c.shape.name] = [2]int{x[0] + verdicts, x[1] + c.fails}
		for name, f := range c.failedTests {
			perTest[name] += f
		}
		stattest.Logf(t, "%-26s %5d lines: %3d of %4d failed, %3d inconclusive; failed%s; p<0.001%s; p<0.01%s", c.shape.name, c.size, c.fails, c.runs, c.inconcl, fmtCounts(c.failedTests), fmtCounts(c.low3), fmtCounts(c.low2))
	}
	margin := binomialMargin(total, alpha, 1e-3)
	checks := stattest.Checks{Rule: fmt.Sprintf("fair runs at α = %g: at most %d failures of %d runs in all (α plus its binomial margin: a battery failing exactly α of the time exceeds it with probability ≤ 0.001), each shape's and each test's raw p-values below 0.01 and 0.001 within their margins at 1e-4; fixed seeds", alpha, margin, total)}
	checks.Check(fails <= margin, float64(fails)/float64(max(margin, 1)), "all shapes: %d of %d runs failed (%.3f%%), want at most %d", fails, total, 100*float64(fails)/float64(total), margin)
	var names []string
	for name := range shapes {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		x := shapes[name]
		m := binomialMargin(x[0], alpha, 1e-4)
		stattest.Logf(t, "%-26s %4d of %5d runs failed (%.3f%%), margin %d", name, x[1], x[0], 100*float64(x[1])/float64(x[0]), m)
		checks.Check(x[1] <= m, float64(x[1])/float64(max(m, 1)), "%s: %d of %d runs failed, want at most %d", name, x[1], x[0], m)
	}
	stattest.Logf(t, "all: %d of %d runs failed (%.3f%%; margin %d, %.3f%%); by test:%s", fails, total, 100*float64(fails)/float64(total), margin, 100*float64(margin)/float64(total), fmtCounts(perTest))
	// Each test's own p-values, a sharper look than the verdicts: a valid
	// p-value is below x with probability at most x, so over the R runs
	// in which a test ran, at most the margin of R draws at x (own rate
	// 1e-4 each, about 40 checks) may fall below x = 0.01 and 0.001.
	ran, low2, low3 := map[string]int{}, map[string]int{}, map[string]int{}
	for _, c := range cells {
		for name, r := range c.ran {
			ran[name] += r
			low2[name] += c.low2[name]
			low3[name] += c.low3[name]
		}
	}
	names = names[:0]
	for name := range ran {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		m2, m3 := binomialMargin(ran[name], 0.01, 1e-4), binomialMargin(ran[name], 0.001, 1e-4)
		stattest.Logf(t, "%-24s ran %5d times: p < 0.01 %3d (margin %3d), p < 0.001 %2d (margin %2d)", name, ran[name], low2[name], m2, low3[name], m3)
		checks.Check(low2[name] <= m2, float64(low2[name])/float64(max(m2, 1)), "%s: p < 0.01 in %d of %d runs, want at most %d", name, low2[name], ran[name], m2)
		checks.Check(low3[name] <= m3, float64(low3[name])/float64(max(m3, 1)), "%s: p < 0.001 in %d of %d runs, want at most %d", name, low3[name], ran[name], m3)
	}
	checks.Report(t)
}
