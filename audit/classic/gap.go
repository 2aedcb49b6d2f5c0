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
// the package doc), the most that n values hold but for a chance below
// 10⁻⁹, and pools classes that expect fewer than [MinExpected]. It takes
// O(n + t) time. It panics unless 2 ≤ d ≤ 2³², lo < hi ≤ d and t ≥ 1, and
// returns an error for a value not below d or too few values.
func Gap(v []uint32, d uint64, lo, hi uint32, t int) (Result, error) {
	const name = "Gap"
	checkD(name, d)
	if lo >= hi || uint64(hi) > d || t < 1 {
		panic(fmt.Sprintf("classic.Gap: [lo, hi) = [%d, %d) or t = %d out of range for d = %d", lo, hi, t, d))
	}
	if err := checkRange(name, v, d); err != nil {
		return Result{}, err
	}
	probs, mean := gapLaw(d, lo, hi, t)
	return trialTest(name, v, probs, mean, t+1, func(v []uint32) (int, int) { return gapTrial(v, lo, hi, t) })
}

// gapLaw returns the chances of the gap test's classes and the mean number
// of values a trial reads.
func gapLaw(d uint64, lo, hi uint32, t int) (probs []float64, mean float64) {
	p := float64(hi-lo) / float64(d)
	q := 1 - p
	probs = make([]float64, t+1)
	for r := range t {
		probs[r] = p * math.Pow(q, float64(r))
	}
	probs[t] = math.Pow(q, float64(t))
	return probs, (1 - probs[t]) / p // Σ (r+1)·p·qʳ over r < t, plus t·qᵗ
}

// gapTrial reads one trial from the front of v and returns its class and
// how many values it read; read is 0 if v ends first.
func gapTrial(v []uint32, lo, hi uint32, t int) (class, read int) {
	for r := range t {
		if r == len(v) {
			return 0, 0
		}
		if lo <= v[r] && v[r] < hi {
			return r, r + 1
		}
	}
	return t, t
}

// trialTest counts the classes of a fixed number of trials read one after
// another from v (see trials), each by trial, which reads at most most
// values and mean on average, and tests them against probs.
func trialTest(name string, v []uint32, probs []float64, mean float64, most int, trial func([]uint32) (class, read int)) (Result, error) {
	g := trials(len(v), mean, most)
	counts := make([]int64, len(probs))
	for range g {
		c, read := trial(v)
		if read == 0 {
			return Result{name, math.Inf(1), 0, runOut}, nil
		}
		counts[c]++
		v = v[read:]
	}
	return pooled(name, counts, probs)
}
