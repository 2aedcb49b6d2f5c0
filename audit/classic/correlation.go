package classic

import (
	"fmt"
	"math"
)

// SerialCorrelation tests the correlation of each value with the one lag
// places later (§3.3.2 K), against the null's own mean (d−1)/2 and
// variance σ² = (d²−1)/12 rather than the sample's, as Knuth's coefficient
// C uses: with X_j = v_j − (d−1)/2, the sum S = Σ X_j·X_{j+lag} over the
// n−lag pairs has mean 0 and variance exactly (n−lag)·σ⁴ (its terms are
// uncorrelated, though not independent), and z = S/(σ²·√(n−lag)) is
// asymptotically normal; the p-value is two-sided, 2·Φ(−|z|). It takes
// O(n) time. It panics unless 2 ≤ d ≤ 2³² and lag ≥ 1, and returns an
// error for a value not below d or fewer than 1,000 pairs.
func SerialCorrelation(v []uint32, d uint64, lag int) (Result, error) {
	const name = "SerialCorrelation"
	checkD(name, d)
	if lag < 1 {
		panic(fmt.Sprintf("classic.SerialCorrelation: lag = %d < 1", lag))
	}
	if err := checkRange(name, v, d); err != nil {
		return Result{}, err
	}
	pairs := len(v) - lag
	if pairs < 1000 {
		return Result{}, tooShort(name, "%d pairs at lag %d, fewer than 1,000", max(pairs, 0), lag)
	}
	// Twice the centred values, 2v − (d−1), are exact in float64; the
	// rounding of their products and sum is some 10⁻¹⁰ of S's spread at
	// n = 10⁶ and d = 2³².
	c := float64(d) - 1
	s := 0.0
	for j := range pairs {
		s += (2*float64(v[j]) - c) * (2*float64(v[j+lag]) - c)
	}
	fd := float64(d)
	sigma2 := (fd*fd - 1) / 12
	z := s / 4 / (sigma2 * math.Sqrt(float64(pairs)))
	return Result{name, z, 0, math.Erfc(math.Abs(z) / math.Sqrt2)}, nil
}
