package stattest

import (
	"fmt"
	"testing"
)

// TestChecksSummary pins the summary's form: the count, the rule, and the
// worst failures first, at most WorstShown of them.
func TestChecksSummary(t *testing.T) {
	c := Checks{Rule: "p ≥ 0.01"}
	for i := range 8 {
		c.AtLeast(float64(i)/1000, 0.01, "case %d", i)
	}
	c.Below(0.5, 0.01, "control")
	c.AtLeast(0.5, 0.01, "passes")
	want := "9 of 10 checks failed (p ≥ 0.01); the worst 5:\n" +
		"\tcase 0: p = 0, want ≥ 0.01\n" +
		"\tcontrol: p = 0.5, want < 0.01\n" + // 50 times past, case 1 10 times
		"\tcase 1: p = 0.001, want ≥ 0.01\n" +
		"\tcase 2: p = 0.002, want ≥ 0.01\n" +
		"\tcase 3: p = 0.003, want ≥ 0.01"
	if got := c.Summary(); got != want {
		t.Errorf("summary:\n%s\nwant:\n%s", got, want)
	}
}

// recorder is a testing.TB that records what Error is given.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Helper() {}

func (r *recorder) Error(args ...any) { r.errs = append(r.errs, fmt.Sprint(args...)) }

// TestReport: a failed check fails the test, with the summary, once; no
// failed check, no error. Without this, every statistical test of the
// module could pass whatever its checks found.
func TestReport(t *testing.T) {
	var pass, fail recorder
	c := Checks{Rule: "p ≥ 0.01"}
	c.AtLeast(0.5, 0.01, "fine")
	c.Report(&pass)
	if len(pass.errs) != 0 {
		t.Errorf("no check failed, yet Report failed the test: %q", pass.errs)
	}
	c.Below(0.5, 0.01, "control")
	c.Report(&fail)
	if len(fail.errs) != 1 || fail.errs[0] != c.Summary() {
		t.Errorf("one check failed: Report gave %q, want the summary %q once", fail.errs, c.Summary())
	}
}
