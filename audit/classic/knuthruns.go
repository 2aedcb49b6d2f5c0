package classic

import (
	"fmt"
	"math"
	"sync"

	"github.com/fairshuffle/shuffle/audit/internal/pvalue"
)

// RunsUpAll is Knuth's run test (§3.3.2 G) in its first form: the runs up
// of the whole sequence, maximal strictly ascending stretches one after
// another with nothing thrown away, counted by length 1 to 5 and 6 or
// more. The counts are dependent, so the statistic is the quadratic form
// (C − μ)ᵀ Σ⁻¹ (C − μ) in their exact mean μ and covariance Σ for n
// continuous values, a χ² with 6 degrees of freedom in the limit, as
// Knuth's V with his matrix A (which is n·Σ⁻¹ as n grows). μ and Σ are
// computed here from the chances of up-down patterns, not taken from a
// table (see runsMoments). For integers on [0, d) the counts are those
// of continuous values unless two neighbours are equal, a chance of at
// most (n−1)/d: the test returns an error when that exceeds 10⁻⁴ (for
// d = 2³², above 429,497 values), and [RunsUp] serves any d exactly. It
// takes O(n) time. It panics unless 2 ≤ d ≤ 2³², and returns an error
// for a value not below d, too coarse a range, or fewer than 4,000
// values (about 20 runs of 6 or more expected).
func RunsUpAll(v []uint32, d uint64) (Result, error) {
	const name = "RunsUpAll"
	checkD(name, d)
	if err := checkRange(name, v, d); err != nil {
		return Result{}, err
	}
	n := len(v)
	if n < 4000 {
		return Result{}, tooShort(name, "%d values, fewer than 4,000", n)
	}
	if float64(n-1)/float64(d) > 1e-4 {
		return Result{}, fmt.Errorf("classic.%s: %d values on [0, %d) tie with a chance up to %.3g, above 1e-4: use RunsUp", name, n, d, float64(n-1)/float64(d))
	}
	var c [runClasses]float64
	start := 0
	for i := 1; i <= n; i++ {
		if i == n || v[i] <= v[i-1] {
			c[min(i-start, runClasses)-1]++
			start = i
		}
	}
	mean, cov := runsMoments(n)
	x := solve(cov, sub(c, mean))
	chi2 := 0.0
	for i := range c {
		chi2 += (c[i] - mean[i]) * x[i]
	}
	return Result{name, chi2, runClasses, pvalue.ChiSquare(chi2, runClasses)}, nil
}

// runClasses is the classes of RunsUpAll: lengths 1 to 5, and 6 or more.
const runClasses = 6

func sub(a, b [runClasses]float64) [runClasses]float64 {
	for i := range a {
		a[i] -= b[i]
	}
	return a
}

// runsMoments returns the exact mean and covariance of the counts of runs
// up of each class in n ≥ 40 continuous i.i.d. values. A run of class k
// starting at j is an up-down pattern on the values j−1 to j+k (a descent
// into j unless j = 0, k−1 ascents, a descent out unless the run ends the
// sequence; for 6 or more, 5 ascents and nothing after), so its chance,
// and that of two such patterns together, is the number of orderings with
// those ascents and descents over the factorial (patternChance). Patterns
// on disjoint values are independent; the others lie within 16 values of
// each other. So the moments are affine in n once the two ends' patterns
// stop meeting: they are computed at n = 40 and 41 and extended.
func runsMoments(n int) (mean [runClasses]float64, cov [runClasses][runClasses]float64) {
	m := runsAffine()
	k := float64(n - 40)
	for i := range mean {
		mean[i] = m.mean0[i] + k*m.mean1[i]
		for j := range cov[i] {
			cov[i][j] = m.cov0[i][j] + k*m.cov1[i][j]
		}
	}
	return mean, cov
}

// runsAffine holds the moments at n = 40 and their growth per value,
// computed once (about 30 ms).
var runsAffine = sync.OnceValue(func() (m struct {
	mean0, mean1 [runClasses]float64
	cov0, cov1   [runClasses][runClasses]float64
}) {
	m0, c0 := runsMomentsAt(40)
	m1, c1 := runsMomentsAt(41)
	m.mean0, m.cov0 = m0, c0
	for i := range m0 {
		m.mean1[i] = m1[i] - m0[i]
		for j := range m0 {
			m.cov1[i][j] = c1[i][j] - c0[i][j]
		}
	}
	return m
})

// A pattern is the constraints on a window of values: pattern[i] is +1 if
// value i+1 must exceed value i, −1 if it must not, 0 if free.
type pattern struct {
	lo  int // the window's first value
	rel []int8
}

// runPattern is the pattern of a run of class k (1..6) starting at j in n
// values, and false if none fits.
func runPattern(j, k, n int) (pattern, bool) {
	length := k // the ascending values
	if j+length > n {
		return pattern{}, false
	}
	lo, hi := j, j+length-1 // the values constrained: lo..hi
	if j > 0 {
		lo--
	}
	if k < runClasses && j+length < n {
		hi++
	}
	p := pattern{lo, make([]int8, hi-lo)}
	if j > 0 {
		p.rel[0] = -1
	}
	for i := j; i < j+length-1; i++ {
		p.rel[i-lo] = +1
	}
	if k < runClasses && j+length < n {
		p.rel[j+length-1-lo] = -1
	}
	return p, true
}

// patternChance returns the chance that continuous i.i.d. values meet
// both patterns (b may be empty), by the chain on the rank of the latest
// value among those so far: all orders are equally likely.
func patternChance(a, b pattern) float64 {
	lo, hi := a.lo, a.lo+len(a.rel)
	if b.rel != nil {
		lo, hi = min(lo, b.lo), max(hi, b.lo+len(b.rel))
	}
	rel := make([]int8, hi-lo)
	for _, p := range []pattern{a, b} {
		for i, r := range p.rel {
			if r == 0 {
				continue
			}
			if q := &rel[p.lo-lo+i]; *q == 0 {
				*q = r
			} else if *q != r {
				return 0
			}
		}
	}
	// f[r] = chance that the values so far meet the constraints and the
	// latest has rank r among them (0-based).
	f := []float64{1}
	for k, r := range rel {
		g := make([]float64, k+2)
		for s := range g { // the new value's rank among k+2
			for t, x := range f {
				// the new value is above the latest iff s > t
				if r == 0 || r > 0 && s > t || r < 0 && s <= t {
					g[s] += x / float64(k+2)
				}
			}
		}
		f = g
	}
	sum := 0.0
	for _, x := range f {
		sum += x
	}
	return sum
}

// runsMomentsAt returns the mean and covariance of the run counts in n
// values by summing over every pair of run patterns that share values.
func runsMomentsAt(n int) (mean [runClasses]float64, cov [runClasses][runClasses]float64) {
	type run struct {
		k int
		p pattern
		q float64
	}
	var runs []run
	for j := range n {
		for k := 1; k <= runClasses; k++ {
			if p, ok := runPattern(j, k, n); ok {
				q := patternChance(p, pattern{})
				runs = append(runs, run{k - 1, p, q})
				mean[k-1] += q
			}
		}
	}
	for _, a := range runs {
		for _, b := range runs {
			if b.p.lo >= a.p.lo+len(a.p.rel)+1 || a.p.lo >= b.p.lo+len(b.p.rel)+1 {
				continue // no value in common: independent
			}
			cov[a.k][b.k] += patternChance(a.p, b.p) - a.q*b.q
		}
	}
	return mean, cov
}

// solve returns x with A·x = y for the symmetric positive definite A, by
// Cholesky's factorisation.
func solve(a [runClasses][runClasses]float64, y [runClasses]float64) [runClasses]float64 {
	var l [runClasses][runClasses]float64
	for i := range runClasses {
		for j := 0; j <= i; j++ {
			s := a[i][j]
			for k := range j {
				s -= l[i][k] * l[j][k]
			}
			if i == j {
				l[i][i] = math.Sqrt(s)
			} else {
				l[i][j] = s / l[j][j]
			}
		}
	}
	var z, x [runClasses]float64
	for i := range runClasses {
		s := y[i]
		for k := range i {
			s -= l[i][k] * z[k]
		}
		z[i] = s / l[i][i]
	}
	for i := runClasses - 1; i >= 0; i-- {
		s := z[i]
		for k := i + 1; k < runClasses; k++ {
			s -= l[k][i] * x[k]
		}
		x[i] = s / l[i][i]
	}
	return x
}
