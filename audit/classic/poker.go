package classic

import "fmt"

// Poker is Knuth's "simpler" poker test (§3.3.2 D): v is cut into ⌊n/k⌋
// groups of k values, and each counts the distinct values it holds, r from
// 1 to min(k, d), whose chance is exactly d(d−1)…(d−r+1)·S(k, r)/dᵏ (S a
// Stirling number of the second kind). Pearson's χ² pools the classes that
// expect fewer than [MinExpected], so that its degrees of freedom are the
// classes left, less one. It takes O(n + k²) time. It panics unless
// 2 ≤ d ≤ 2³² and k ≥ 2, and returns an error for a value not below d or
// too few values.
func Poker(v []uint32, d uint64, k int) (Result, error) {
	const name = "Poker"
	checkD(name, d)
	if k < 2 {
		panic(fmt.Sprintf("classic.Poker: k = %d < 2", k))
	}
	if err := checkRange(name, v, d); err != nil {
		return Result{}, err
	}
	probs := distinct(d, k)
	counts := make([]int64, len(probs))
	var seen []uint32
	for i := 0; i+k <= len(v); i += k {
		seen = seen[:0]
		for _, x := range v[i : i+k] {
			if !contains(seen, x) {
				seen = append(seen, x)
			}
		}
		counts[len(seen)]++
	}
	return pooled(name, counts, probs)
}

// contains is slices.Contains for the few values of a group.
func contains(s []uint32, x uint32) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}
