package sp80022

import (
	"math"
	"strconv"
)

// Assessment is STS's second level for one p-value of a test over many
// sequences: one row of its finalAnalysisReport.txt.
type Assessment struct {
	Sequences  int     // the p-values assessed
	Passed     int     // those not below 0.01
	Min, Max   int     // STS's range of Passed that passes
	Bins       [10]int // the p-values in [0, 0.1), [0.1, 0.2), …, [0.9, 1]
	Uniformity float64 // the χ² p-value of Bins; NaN below 10 sequences
}

// Pass reports whether Passed is within [Min, Max] and Uniformity, where
// there is one, is at least 0.0001: STS's rows without a "*".
func (a Assessment) Pass() bool {
	return a.Passed >= a.Min && a.Passed <= a.Max && !(a.Uniformity < 0.0001)
}

// Assess returns STS's second-level assessment of p, one p-value of a test
// on each of many sequences, computed as STS does (see the package doc).
func Assess(p []float64) Assessment { return tally(p, false) }

// AssessExcursions is [Assess] for the random excursions tests. Like STS
// it leaves out each p-value that prints as 0.000000, its mark for a
// sequence the test does not apply to.
func AssessExcursions(p []float64) Assessment { return tally(p, true) }

func tally(p []float64, excursions bool) Assessment {
	t := Tally{Excursions: excursions}
	for _, x := range p {
		t.Add(x)
	}
	return t.Assessment()
}

// A Tally is [Assess] over p-values added one at a time, in constant
// memory: what a long run needs. The zero Tally is [Assess]'s; with
// Excursions set, [AssessExcursions]'.
type Tally struct {
	Excursions bool
	a          Assessment
}

// Add counts p-value p.
func (t *Tally) Add(p float64) {
	const alpha = 0.01
	// STS reads back the p-values it printed, with six decimals, as
	// float32: 0.010000 is then below 0.01, and fails.
	var buf [32]byte
	f, _ := strconv.ParseFloat(string(strconv.AppendFloat(buf[:0], p, 'f', 6, 64)), 32)
	c := float64(float32(f))
	if t.Excursions && !(c > 0) {
		return
	}
	t.a.Sequences++
	if !(c < alpha) {
		t.a.Passed++
	}
	t.a.Bins[min(max(int(math.Floor(c*10)), 0), 9)]++
}

// Assessment returns the assessment of the p-values added so far.
func (t *Tally) Assessment() Assessment {
	const alpha = 0.01
	a := t.a
	s := float64(a.Sequences)
	ph := 1 - alpha
	if a.Sequences > 0 {
		a.Max = int((ph + 3*math.Sqrt(ph*alpha/s)) * s)
		a.Min = int((ph - 3*math.Sqrt(ph*alpha/s)) * s)
	}
	// STS's expected count per bin is s/10 truncated to an integer.
	e := a.Sequences / 10
	if e == 0 {
		a.Uniformity = math.NaN()
		return a
	}
	chi2 := 0.0
	for _, f := range a.Bins {
		chi2 += math.Pow(float64(f-e), 2) / float64(e)
	}
	a.Uniformity = igamc(4.5, chi2/2)
	return a
}
