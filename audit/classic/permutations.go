package classic

import "fmt"

// Permutations is Knuth's permutation test (§3.3.2 F): v is cut into
// ⌊n/t⌋ groups of t values, and Pearson's χ² of the counts of the t!
// relative orders of each group's values has t! − 1 degrees of freedom.
// Groups with two equal values are left out: given which groups hold ties,
// the others' orders are independent and uniform (the values are
// exchangeable), so the null law is exactly multinomial whatever d. Each
// order must expect at least [MinExpected]. It takes O(n·t) time and
// O(t!) memory. It panics unless 2 ≤ d ≤ 2³² and 2 ≤ t ≤ 10, and returns
// an error for a value not below d or too few values.
func Permutations(v []uint32, d uint64, t int) (Result, error) {
	const name = "Permutations"
	checkD(name, d)
	if t < 2 || t > 10 {
		panic(fmt.Sprintf("classic.Permutations: t = %d out of range [2, 10]", t))
	}
	if err := checkRange(name, v, d); err != nil {
		return Result{}, err
	}
	fact := 1
	for i := 2; i <= t; i++ {
		fact *= i
	}
	if float64(len(v)/t) < float64(fact)*MinExpected {
		return Result{}, tooShort(name, "%d groups for %d orders: each must expect %d", len(v)/t, fact, MinExpected)
	}
	counts := make([]int64, fact)
	used := int64(0)
groups:
	for i := 0; i+t <= len(v); i += t {
		// The order's index in the factorial number system: for each
		// value, how many later ones are smaller (its Lehmer code).
		g, c := v[i:i+t], 0
		for j, x := range g {
			less := 0
			for _, y := range g[j+1:] {
				switch {
				case y < x:
					less++
				case y == x:
					continue groups
				}
			}
			c = c*(t-j) + less
		}
		counts[c]++
		used++
	}
	return uniform(name, counts, used)
}
