package raw

import (
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"
)

// WriteText writes r as STS's finalAnalysisReport.txt does (C1 to C10,
// the p-values per tenth; the uniformity's p-value; the proportion
// passing; "*" where STS marks a failure), one row per p-value of each
// test, then the verdict. input names what was read.
func (r *Result) WriteText(w io.Writer, input string) error {
	ew := &errWriter{w: w}
	fmt.Fprintf(ew, "Raw bits of %s: %d sequences of %d bits, %d bytes read, %d bits left over\n", input, r.Sequences, r.SeqLen, r.Bytes, r.LeftOver)
	battery := ""
	tw := tabwriter.NewWriter(ew, 0, 0, 1, ' ', tabwriter.AlignRight)
	for _, t := range r.Tests {
		if t.Battery != battery {
			battery = t.Battery
			tw.Flush()
			fmt.Fprintf(ew, "\n%s; STS's final analysis, * where it fails:\n\n", battery)
			fmt.Fprintln(tw, "C1\tC2\tC3\tC4\tC5\tC6\tC7\tC8\tC9\tC10\tP-VALUE\t\tPROPORTION\t\t  TEST")
		}
		if len(t.Rows) == 0 {
			fmt.Fprintf(tw, "\t\t\t\t\t\t\t\t\t\t\t\t\t\t  %s: %s\n", t.Name, t.Reason)
		}
		for j, row := range t.Rows {
			for _, c := range row.Bins {
				fmt.Fprintf(tw, "%d\t", c)
			}
			u, pm, um := row.uniformityText()
			fmt.Fprintf(tw, "%s\t%s\t%d/%d\t%s\t  %s\n", u, um, row.Passed, row.Sequences, pm, label(t, j))
		}
	}
	tw.Flush()
	v := r.Verdict()
	m := r.Checks()
	fmt.Fprintf(ew, "\nVerdict: %s", v)
	switch v {
	case NotEnoughData:
		fmt.Fprintf(ew, " (%d whole sequences of %d bits)\n", r.Sequences, r.SeqLen)
	default:
		t, j, p := r.Worst()
		fmt.Fprintf(ew, ": the smallest check's p-value, %.3g (%s), against %g/%d = %.3g (Bonferroni over %d checks: each row's smallest p-value, its count below 0.01, and its uniformity from 55 sequences)\n",
			p, label(*t, j), r.Alpha, m, r.Alpha/float64(m), m)
	}
	tw.Flush()
	return ew.err
}

// label names p-value j of t as STS's report does: the test's name, with
// its number among several.
func label(t TestResult, j int) string {
	if len(t.Rows) == 1 {
		return t.Name
	}
	return t.Name + " " + strconv.Itoa(j+1)
}

// uniformityText gives the uniformity's p-value as STS prints it ("----"
// below 10 sequences) and STS's marks for the proportion and uniformity.
func (r Row) uniformityText() (u, proportion, uniformity string) {
	u = "----"
	if r.Uniformity == r.Uniformity {
		u = fmt.Sprintf("%.6f", r.Uniformity)
	}
	if r.Passed < r.Min || r.Passed > r.Max {
		proportion = "*"
	}
	if r.Uniformity < 0.0001 {
		uniformity = "*"
	}
	return
}

// Worst returns the row with the smallest check's p-value: its test, its
// index, and the p-value. It panics if no row has a check.
func (r *Result) Worst() (*TestResult, int, float64) {
	var wt *TestResult
	wj, wp := 0, 2.0
	for i := range r.Tests {
		for j, row := range r.Tests[i].Rows {
			if row.Checks > 0 && row.P < wp {
				wt, wj, wp = &r.Tests[i], j, row.P
			}
		}
	}
	if wt == nil {
		panic("raw.Result.Worst: no row has a check")
	}
	return wt, wj, wp
}

// errWriter keeps the first error of its writes.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return len(p), nil
	}
	_, e.err = e.w.Write(p)
	return len(p), nil
}
