package classic

import (
	"fmt"
	"math"
)

// MaxOfT is Knuth's maximum-of-t test (§3.3.2 H): v is cut into ⌊n/t⌋
// groups of t values, and the groups' maxima are counted in bins classes
// [c_{i−1}, c_i) of the values, c_i = ⌈d·(i/bins)^(1/t)⌉, so that each
// holds about 1/bins of them. The maximum of t values uniform on [0, d) is
// below c with chance exactly (c/d)ᵗ, so class i has chance
// (c_i/d)ᵗ − (c_{i−1}/d)ᵗ; for continuous values the bins would be equally
// likely, which is Knuth's test of V = max(U…)ᵗ for uniformity. Classes
// that expect fewer than [MinExpected] are pooled. It takes O(n + bins)
// time. It panics unless 2 ≤ d ≤ 2³², t ≥ 2 and bins ≥ 2, and returns an
// error for a value not below d or too few values.
func MaxOfT(v []uint32, d uint64, t, bins int) (Result, error) {
	const name = "MaxOfT"
	checkD(name, d)
	if t < 2 || bins < 2 {
		panic(fmt.Sprintf("classic.MaxOfT: t = %d or bins = %d < 2", t, bins))
	}
	if err := checkRange(name, v, d); err != nil {
		return Result{}, err
	}
	cuts, probs := maxLaw(d, t, bins)
	counts := make([]int64, len(probs))
	for i := 0; i+t <= len(v); i += t {
		m := uint32(0)
		for _, x := range v[i : i+t] {
			m = max(m, x)
		}
		counts[maxClass(cuts, m)]++
	}
	return pooled(name, counts, probs)
}

// maxLaw returns the cuts c_0 = 0 < c_1 < … < d of the classes of the
// maximum of t values, equal cuts merged, and the classes' chances.
func maxLaw(d uint64, t, bins int) (cuts []uint64, probs []float64) {
	fd, ft := float64(d), float64(t)
	cuts = []uint64{0}
	for i := 1; i <= bins; i++ {
		c := min(uint64(math.Ceil(fd*math.Pow(float64(i)/float64(bins), 1/ft))), d)
		if i == bins {
			c = d
		}
		if c > cuts[len(cuts)-1] {
			cuts = append(cuts, c)
		}
	}
	probs = make([]float64, len(cuts)-1)
	for i := range probs {
		probs[i] = math.Pow(float64(cuts[i+1])/fd, ft) - math.Pow(float64(cuts[i])/fd, ft)
	}
	return cuts, probs
}

// maxClass returns the class of a maximum m: the last cut at or below it.
func maxClass(cuts []uint64, m uint32) int {
	lo, hi := 0, len(cuts)-2
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if cuts[mid] <= uint64(m) {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}
