package classic

import "fmt"

// RunsUp is Knuth's run test (§3.3.2 G) in the form he gives for
// independent runs: a trial reads a run of values strictly ascending, of
// length r < t, and the value that ends it, which is thrown away (class
// r), or t values ascending (class t). Throwing away the value that ends a
// run makes the trials independent, where the runs of the whole sequence
// are not (Knuth's covariance matrix corrects for that instead). For
// values uniform on [0, d) the first r ascend strictly with chance
// C(d, r)/dʳ, exactly, ties included (1/r! for continuous values), so
// class r < t has chance C(d, r)/dʳ − C(d, r+1)/dʳ⁺¹ and class t
// C(d, t)/dᵗ. A trial reads at most t values: the test counts a fixed
// number of trials (see the package doc), the most that n values hold but
// for a chance below 10⁻⁹, and pools classes that expect fewer than
// [MinExpected]. It takes O(n + t) time. It panics unless 2 ≤ d ≤ 2³² and
// t ≥ 2, and returns an error for a value not below d or too few values.
func RunsUp(v []uint32, d uint64, t int) (Result, error) { return runs("RunsUp", v, d, t, false) }

// RunsDown is [RunsUp] for runs strictly descending.
func RunsDown(v []uint32, d uint64, t int) (Result, error) { return runs("RunsDown", v, d, t, true) }

func runs(name string, v []uint32, d uint64, t int, down bool) (Result, error) {
	checkD(name, d)
	if t < 2 {
		panic(fmt.Sprintf("classic.%s: t = %d < 2", name, t))
	}
	if err := checkRange(name, v, d); err != nil {
		return Result{}, err
	}
	probs, mean := runsLaw(d, t)
	return trialTest(name, v, probs, mean, t, func(v []uint32) (int, int) { return runTrial(v, t, down) })
}

// runsLaw returns the chances of the runs test's classes and the mean
// number of values a trial reads.
func runsLaw(d uint64, t int) (probs []float64, mean float64) {
	// asc[r] = P(r values ascend strictly) = C(d, r)/dʳ = Π (d−i)/(d·(i+1)).
	asc := make([]float64, t+2)
	asc[0] = 1
	for i := range t + 1 {
		asc[i+1] = asc[i] * max(float64(d)-float64(i), 0) / (float64(d) * float64(i+1))
	}
	probs = make([]float64, t+1)
	mean = float64(t) * asc[t]
	for r := 1; r < t; r++ {
		probs[r] = asc[r] - asc[r+1]
		mean += float64(r+1) * probs[r]
	}
	probs[t] = asc[t]
	return probs, mean
}

// runTrial reads one run from the front of v, with the value that ends it,
// and returns its length (its class) and how many values it read; read is
// 0 if v ends first.
func runTrial(v []uint32, t int, down bool) (class, read int) {
	if len(v) == 0 {
		return 0, 0
	}
	for r := 1; r < t; r++ {
		if r == len(v) {
			return 0, 0
		}
		if x, prev := v[r], v[r-1]; down && x >= prev || !down && x <= prev {
			return r, r + 1 // the value that ends the run is thrown away
		}
	}
	return t, t
}
