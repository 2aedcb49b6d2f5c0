package sp80022

import "math/bits"

// LongestRun returns the p-value of the longest-run-of-ones test, §2.4,
// in blocks of M = 8, 128 or 10⁴ bits by n, as STS chooses. It does not
// apply when n < 128.
func LongestRun(b Bits) (float64, error) {
	n := b.n
	var m int
	var v []int
	var pi []float64
	switch {
	case n < 128:
		return 0, notApplicable("LongestRun", "n = %d < 128", n)
	case n < 6272:
		m, v = 8, []int{1, 2, 3, 4}
		pi = []float64{0.21484375, 0.3671875, 0.23046875, 0.1875}
	case n < 750000:
		m, v = 128, []int{4, 5, 6, 7, 8, 9}
		pi = []float64{0.1174035788, 0.242955959, 0.249363483, 0.17517706, 0.102701071, 0.112398847}
	default:
		m, v = 10000, []int{10, 11, 12, 13, 14, 15, 16}
		pi = []float64{0.0882, 0.2092, 0.2483, 0.1933, 0.1208, 0.0675, 0.0727}
	}
	k := len(v) - 1
	nb := n / m
	var nu [7]int
	for i := range nb {
		r := longestOnes(b, i*m, (i+1)*m)
		nu[min(max(r, v[0]), v[k])-v[0]]++
	}
	chi2 := 0.0
	for i := range k + 1 {
		e := float64(nb) * pi[i]
		d := float64(nu[i]) - e
		chi2 += d * d / e
	}
	return igamc(float64(k)/2, chi2/2), nil
}

// longestOnes returns the length of the longest run of ones in bits i to
// j−1 of b, 64 bits at a time.
func longestOnes(b Bits, i, j int) int {
	best, run := 0, 0
	for ; i < j; i += 64 {
		w := b.word(i)
		if r := j - i; r < 64 {
			w &^= ^uint64(0) >> r
		}
		if w == ^uint64(0) {
			run += 64
			continue
		}
		best = max(best, run+bits.LeadingZeros64(^w))
		// Each step shortens every run of ones by one: the number of
		// steps to zero is the longest run inside w.
		k := 0
		for x := w; x != 0; x &= x << 1 {
			k++
		}
		best = max(best, k)
		run = bits.TrailingZeros64(^w)
	}
	return max(best, run)
}
