package shuffle

import "math"

// Log2Factorial returns log₂(n!), the bits of state a generator needs to reach
// all n! orders of n items: 225.58 for 52.
//
// O(n) time below 256, O(1) above. It panics if n < 0.
func Log2Factorial(n int) float64 {
	if n < 0 {
		panic("shuffle: Log2Factorial: negative n")
	}
	if n < 256 {
		// A sum of logarithms: within a few ulps (at most 5 below 256),
		// and the same on every platform that rounds math.Log2 alike.
		s := 0.0
		for k := 2; k <= n; k++ {
			s += math.Log2(float64(k))
		}
		return s
	}
	lg, _ := math.Lgamma(float64(n) + 1)
	return lg / math.Ln2
}

// rank returns the index of the order p of 0..n−1 among all n! orders in
// lexicographic order (its Lehmer code read as a mixed-radix number).
func rank(p []int) int {
	r := 0
	for i, v := range p {
		smaller := 0
		for _, w := range p[i+1:] {
			if w < v {
				smaller++
			}
		}
		r = r*(len(p)-i) + smaller
	}
	return r
}

// unrank returns the order of 0..n−1 with the given lexicographic rank.
func unrank(idx, n int) []int {
	left := make([]int, n)
	for i := range left {
		left[i] = i
	}
	p := make([]int, 0, n)
	for i := n; i >= 1; i-- {
		f := factorial(i - 1)
		p = append(p, left[idx/f])
		left = append(left[:idx/f], left[idx/f+1:]...)
		idx %= f
	}
	return p
}

func factorial(n int) int {
	f := 1
	for k := 2; k <= n; k++ {
		f *= k
	}
	return f
}
