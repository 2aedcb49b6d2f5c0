package classic

import "fmt"

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
	probs, mean := couponLaw(d, t)
	seen := make([]int, d) // the trial that last saw each value
	trial := 0
	return trialTest(name, v, probs, mean, t, func(v []uint32) (int, int) {
		trial++
		return couponTrial(v, d, t, seen, trial)
	})
}

// couponLaw returns the chances of the coupon collector's classes and the
// mean number of values a trial reads, by the chain of distinct values
// seen (see distinct).
func couponLaw(d uint64, t int) (probs []float64, mean float64) {
	probs = make([]float64, t+2)
	seenK := make([]float64, d+1) // P(k distinct after the draws so far)
	seenK[0] = 1
	fd := float64(d)
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
	return probs, mean + float64(t)*probs[t+1]
}

// couponTrial reads one trial from the front of v, marking in seen the
// values this trial (numbered trial ≥ 1) has seen, and returns its class
// and how many values it read; read is 0 if v ends first.
func couponTrial(v []uint32, d uint64, t int, seen []int, trial int) (class, read int) {
	left := int(d)
	for r := range t {
		if r == len(v) {
			return 0, 0
		}
		if x := v[r]; seen[x] != trial {
			seen[x] = trial
			if left--; left == 0 {
				return r + 1, r + 1
			}
		}
	}
	return t + 1, t
}
