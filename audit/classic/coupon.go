package classic

import (
	"fmt"
	"math"
)

// CouponCollector is Knuth's coupon collector's test (§3.3.2 E): a trial
// reads values until it has seen all d of them, after r values (class r,
// d ≤ r ≤ t), or until t values have not shown them all (class t+1). Class
// r has chance exactly d!/dʳ·S(r−1, d−1) (S a Stirling number of the
// second kind), and class t+1 the rest. A trial reads at most t values:
// the test counts a fixed number of trials (see the package doc), the most
// that n values hold but for a chance below 10⁻⁹, and pools classes that
// expect fewer than [MinExpected]. It takes O(n + t·d) time and O(d + t)
// memory. It panics unless 2 ≤ d ≤ 2¹⁶ and t ≥ d, and returns an error for
// a value not below d or too few values.
func CouponCollector(v []uint32, d uint64, t int) (Result, error) {
	const name = "CouponCollector"
	if d < 2 || d > 1<<16 || uint64(t) < d {
		panic(fmt.Sprintf("classic.CouponCollector: d = %d or t = %d out of range [2, 2^16], [d, ∞)", d, t))
	}
	if err := checkRange(name, v, d); err != nil {
		return Result{}, err
	}
	// probs[r] = P(the d−1'th distinct value is seen by draw r−1, and the
	// last at draw r); probs[t+1] = P(fewer than d after t draws).
	probs := make([]float64, t+2)
	seenK := make([]float64, d+1) // P(k distinct after the draws so far)
	seenK[0] = 1
	fd, mean := float64(d), 0.0
	for r := 1; r <= t; r++ {
		probs[r] = seenK[d-1] / fd // the last new value at draw r
		mean += float64(r) * probs[r]
		for k := min(uint64(r), d-1); k >= 1; k-- { // k = d is absorbed
			seenK[k] = seenK[k]*float64(k)/fd + seenK[k-1]*(fd-float64(k-1))/fd
		}
		seenK[0] = 0
	}
	for _, q := range seenK[:d] {
		probs[t+1] += q
	}
	mean += float64(t) * probs[t+1]
	g := trials(len(v), mean, t)
	counts := make([]int64, t+2)
	seen := make([]int, d) // the trial that last saw each value, plus one
	i := 0
	for trial := 1; trial <= g; trial++ {
		left, r := int(d), 0
		for left > 0 && r < t {
			if i == len(v) {
				return Result{name, math.Inf(1), 0, runOut}, nil
			}
			x := v[i]
			i++
			r++
			if seen[x] != trial {
				seen[x] = trial
				left--
			}
		}
		if left > 0 {
			r = t + 1
		}
		counts[r]++
	}
	return pooled(name, counts, probs)
}
