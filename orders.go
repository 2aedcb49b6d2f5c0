package shuffle

import "math"

// Log2Factorial returns log2(n!), the number of random bits needed to choose
// one of the n! orders of n items. log2(52!) ≈ 225.58.
//
// A generator whose whole state is b bits can produce at most 2^b different
// shuffles, so once Log2Factorial(n) > b some orders can never appear:
// math/rand/v2's PCG (128 bits) cannot reach every order for n ≥ 35, and a
// freshly seeded ChaCha8 (a 256-bit seed) cannot for n ≥ 58. The 1999 online-poker exploit
// went further: its seed was the milliseconds since midnight, so only
// 86,400,000 of the 52! decks could ever be dealt.
//
// Log2Factorial panics if n < 0.
func Log2Factorial(n int) float64 {
	if n < 0 {
		panic("shuffle: Log2Factorial: negative n")
	}
	if n < 256 {
		// Summing keeps full double precision where it is cheap.
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
