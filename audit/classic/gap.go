package classic

import (
	"fmt"
	"math"
)

// Gap is Knuth's gap test (§3.3.2 C) of the values in [lo, hi): a trial
// reads values until one falls in [lo, hi) after r others (class r, for
// r < t) or until t values in a row fall outside (class t). With
// p = (hi−lo)/d and q = 1 − p, class r has chance p·qʳ and class t qᵗ,
// exactly. Unlike Knuth's Algorithm G a trial stops after t misses, so it
// reads at most t+1 values: the test counts a fixed number of trials (see
// [Result] and the package doc), the most that n values hold but for a
// chance below 10⁻⁹, and pools classes that expect fewer than
// [MinExpected]. It takes O(n + t) time. It panics unless 2 ≤ d ≤ 2³²,
// lo < hi ≤ d and t ≥ 1, and returns an error for a value not below d or
// too few values.
func Gap(v []uint32, d uint64, lo, hi uint32, t int) (Result, error) {
	const name = "Gap"
	checkD(name, d)
	if lo >= hi || uint64(hi) > d || t < 1 {
		panic(fmt.Sprintf("classic.Gap: [lo, hi) = [%d, %d) or t = %d out of range for d = %d", lo, hi, t, d))
	}
	if err := checkRange(name, v, d); err != nil {
		return Result{}, err
	}
	p := float64(hi-lo) / float64(d)
	q := 1 - p
	probs := make([]float64, t+1)
	for r := range t {
		probs[r] = p * math.Pow(q, float64(r))
	}
	probs[t] = math.Pow(q, float64(t))
	mean := (1 - probs[t]) / p // Σ (r+1)·p·qʳ over r < t, plus t·qᵗ
	g := trials(len(v), mean, t+1)
	counts := make([]int64, t+1)
	i := 0
	for range g {
		r := 0
		for ; r < t; r++ {
			if i == len(v) {
				return Result{name, math.Inf(1), 0, runOut}, nil
			}
			x := v[i]
			i++
			if lo <= x && x < hi {
				break
			}
		}
		counts[r]++
	}
	return pooled(name, counts, probs)
}
