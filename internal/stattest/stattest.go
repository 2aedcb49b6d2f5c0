// Package stattest reports the checks of a statistical test: a test that
// runs many checks (cases, sizes, seeds) records each in a [Checks], and a
// failure prints one short summary, how many failed out of how many and the
// worst few with the rule they are held to, not one error per check. The
// tests of every package of the module use it; nothing else imports it.
package stattest

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
)

// WorstShown is how many failed checks a summary shows.
const WorstShown = 5

// Checks collects the verdicts of a statistical test's many checks (cases,
// shapes, seeds) and reports the failures at the end as one short summary:
// how many failed out of how many, the worst few with their figures, and
// the rule they are held to with its false-failure rate. A test that fails
// prints that, not one error per check; its table of every check stays
// behind -v (Logf). The checks themselves, their thresholds and seeds are
// the test's: Checks only counts and reports.
type Checks struct {
	Rule  string // the thresholds and their false-failure rates
	n     int
	fails []failedCheck
}

type failedCheck struct {
	worse float64 // how far past its threshold: the worst are shown
	what  string
}

// Check records one check, which passed if ok, with a measure of how badly
// it failed (larger is worse), and reports ok.
func (c *Checks) Check(ok bool, worse float64, format string, args ...any) bool {
	c.n++
	if !ok {
		c.fails = append(c.fails, failedCheck{worse, fmt.Sprintf(format, args...)})
	}
	return ok
}

// AtLeast records a check that a uniform sample must pass: p ≥ level.
func (c *Checks) AtLeast(p, level float64, format string, args ...any) bool {
	return c.Check(p >= level, math.Log(level/p), format+fmt.Sprintf(": p = %.3g, want ≥ %g", p, level), args...)
}

// Above records a check that a uniform sample must pass: p > level.
func (c *Checks) Above(p, level float64, format string, args ...any) bool {
	return c.Check(p > level, math.Log(level/p), format+fmt.Sprintf(": p = %.3g, want > %g", p, level), args...)
}

// Below records a check that a biased sample, a negative control, must
// fail: p < level.
func (c *Checks) Below(p, level float64, format string, args ...any) bool {
	return c.Check(p < level, math.Log(p/level), format+fmt.Sprintf(": p = %.3g, want < %g", p, level), args...)
}

// Report fails t with the summary if any check failed.
func (c *Checks) Report(t testing.TB) {
	t.Helper()
	if len(c.fails) == 0 {
		return
	}
	t.Error(c.Summary())
}

// Summary is what Report fails a test with: the count, the rule, and the
// worst failures first, at most WorstShown of them.
func (c *Checks) Summary() string {
	fails := slices.Clone(c.fails)
	slices.SortStableFunc(fails, func(a, b failedCheck) int {
		switch {
		case a.worse > b.worse || math.IsNaN(b.worse) && !math.IsNaN(a.worse):
			return -1
		case a.worse < b.worse || math.IsNaN(a.worse) && !math.IsNaN(b.worse):
			return 1
		}
		return 0
	})
	var b strings.Builder
	fmt.Fprintf(&b, "%d of %d checks failed", len(fails), c.n)
	if c.Rule != "" {
		fmt.Fprintf(&b, " (%s)", c.Rule)
	}
	if len(fails) > WorstShown {
		fmt.Fprintf(&b, "; the worst %d:", WorstShown)
		fails = fails[:WorstShown]
	} else {
		b.WriteString(":")
	}
	for _, f := range fails {
		b.WriteString("\n\t")
		b.WriteString(f.what)
	}
	return b.String()
}

// Logf logs one line of a test's table of checks, with -v only: a failing
// test without -v prints its summary alone.
func Logf(t testing.TB, format string, args ...any) {
	t.Helper()
	if testing.Verbose() {
		t.Logf(format, args...)
	}
}
