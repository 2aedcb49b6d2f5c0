package classic

import (
	"errors"
	"fmt"
	"math"

	"github.com/fairshuffle/shuffle/audit/internal/pvalue"
)

// A Result is one test's verdict on one sequence.
type Result struct {
	Name string  // the test: its function's name, or in [Battery] the name [Tests] gives
	Stat float64 // χ², or z for SerialCorrelation; +Inf if trials ran out (P = 10⁻⁹)
	DF   float64 // χ²'s degrees of freedom after pooling; 0 for a z
	P    float64 // the p-value: small is evidence against the null
}

// ErrTooShort is wrapped by the error of a test given too few values for
// its minimum expected counts; errors.Is finds it.
var ErrTooShort = errors.New("too few values")

// MinExpected is the smallest expected count of a class of a χ² test.
// Cochran's rule is 5, for the 5% level; at the battery's thresholds, near
// 10⁻⁶, Pearson's statistic has a heavier tail than χ² when a class
// expects so few, so every class here expects at least 20.
const MinExpected = 20

// runOut is the p-value of a test whose trials ran past the end of the
// sequence: trials are sized so that a fair source does that with a chance
// below it (see trials), so reporting it keeps the p-value valid.
const runOut = 1e-9

func tooShort(test string, format string, args ...any) error {
	return fmt.Errorf("classic.%s: %w: %s", test, ErrTooShort, fmt.Sprintf(format, args...))
}

// checkRange returns an error naming the first value not below d.
func checkRange(test string, v []uint32, d uint64) error {
	for i, x := range v {
		if uint64(x) >= d {
			return fmt.Errorf("classic.%s: value %d is %d, not below d = %d", test, i, x, d)
		}
	}
	return nil
}

// checkD panics unless 2 ≤ d ≤ 2³², the values' range.
func checkD(test string, d uint64) {
	if d < 2 || d > 1<<32 {
		panic(fmt.Sprintf("classic.%s: d = %d out of range [2, 2^32]", test, d))
	}
}

// uniform is Pearson's χ² of counts against equal cells, each of which
// must expect at least MinExpected.
func uniform(test string, counts []int64, total int64) (Result, error) {
	e := float64(total) / float64(len(counts))
	if e < MinExpected {
		return Result{}, tooShort(test, "%d cells expect %.3g each, fewer than %d", len(counts), e, MinExpected)
	}
	chi2 := 0.0
	for _, o := range counts {
		d := float64(o) - e
		chi2 += d * d
	}
	chi2 /= e
	df := float64(len(counts) - 1)
	return Result{test, chi2, df, pvalue.ChiSquare(chi2, df)}, nil
}

// pooled is Pearson's χ² of counts of ordered classes against probs (which
// sum to 1) after pooling: adjacent classes merge, left to right, until
// each expects at least MinExpected, and a short remainder joins the last.
// A class that cannot occur but was counted gives p = 0.
func pooled(test string, counts []int64, probs []float64) (Result, error) {
	total := int64(0)
	for _, c := range counts {
		total += c
	}
	n := float64(total)
	var obs, exp []float64
	o, e := 0.0, 0.0
	for k, p := range probs {
		if p == 0 && counts[k] != 0 {
			return Result{test, math.Inf(1), 0, 0}, nil
		}
		o += float64(counts[k])
		e += p * n
		if e >= MinExpected {
			obs, exp = append(obs, o), append(exp, e)
			o, e = 0, 0
		}
	}
	if len(exp) > 0 {
		obs[len(obs)-1] += o
		exp[len(exp)-1] += e
	}
	if len(exp) < 2 {
		return Result{}, tooShort(test, "%d trials make fewer than two classes expecting %d", total, MinExpected)
	}
	chi2 := 0.0
	for i := range obs {
		d := obs[i] - exp[i]
		chi2 += d * d / exp[i]
	}
	df := float64(len(obs) - 1)
	return Result{test, chi2, df, pvalue.ChiSquare(chi2, df)}, nil
}

// trials returns how many trials the gap, coupon and runs tests count in n
// values, when a trial reads at most most values and mean on average: the
// largest g with g·mean + most·√(g·ln(1/runOut)/2) ≤ n, so that by
// Hoeffding's inequality g trials of a fair source read more than n values
// with a chance below runOut. The trials are independent and identically
// distributed, each reading fresh values, so their counts are exactly
// multinomial: a fixed number of them is what makes the test exact (all
// the trials that end within n values would not be).
func trials(n int, mean float64, most int) int {
	c := float64(most) * math.Sqrt(math.Log(1/runOut)/2)
	s := (-c + math.Sqrt(c*c+4*mean*float64(n))) / (2 * mean)
	return int(s * s)
}
