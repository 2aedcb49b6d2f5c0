package classic

import "fmt"

// Serial is Knuth's serial test (§3.3.2 B) of k-tuples: v is cut into
// ⌊n/k⌋ non-overlapping tuples (v[0..k−1], v[k..2k−1], …), and Pearson's
// χ² of the counts of the d^k tuples against equal counts has d^k − 1
// degrees of freedom. Non-overlapping tuples are independent, so the null
// law is exactly multinomial; each cell must expect at least
// [MinExpected]. k = 1 is [Equidistribution], 2 the pairs, 3 the triples.
// It takes O(n + d^k) time and memory. It panics unless 2 ≤ d ≤ 2³² and
// k ≥ 1, and returns an error for a value not below d or too few values.
func Serial(v []uint32, d uint64, k int) (Result, error) {
	name := "Serial"
	if k == 1 {
		name = "Equidistribution"
	}
	checkD(name, d)
	if k < 1 {
		panic(fmt.Sprintf("classic.Serial: k = %d < 1", k))
	}
	if err := checkRange(name, v, d); err != nil {
		return Result{}, err
	}
	g := len(v) / k
	cells := uint64(1)
	for range k {
		cells *= d
		if float64(cells)*MinExpected > float64(g) {
			return Result{}, tooShort(name, "%d tuples of %d for %d^%d cells: each must expect %d", g, k, d, k, MinExpected)
		}
	}
	counts := make([]int64, cells)
	for i := range g {
		c := uint64(0)
		for _, x := range v[i*k : i*k+k] {
			c = c*d + uint64(x)
		}
		counts[c]++
	}
	return uniform(name, counts, int64(g))
}
