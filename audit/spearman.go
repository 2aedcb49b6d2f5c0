package audit

import "math"

// spearmanTest is the test of the position table's linear trend:
// Spearman's rank correlation between the cards' numbers and their
// places, summed over the decks. With S = Σ (c−μ)(j−ν) over the cards of
// every line, card c at place j, μ = (n−1)/2 and ν = (m−1)/2, one uniform
// line gives S mean 0 and, from the table's covariance
// k/(N−1)·(I−J/n)⊗(I−J/N) (positionsTest), variance
// k/(N−1)·n(n²−1)/12·m(m²−1)/12: for a deck of 52 cards,
// (52·2703/12)²/51. So S²/(decks·variance) is, by the central limit
// theorem, a chi-square with 1 degree of freedom; two-sided. For a deck
// the mean correlation of the decks is ρ = S/(decks·n(n²−1)/12). It needs
// m ≥ 2 places (with one, S is 0).
//
// It is one direction of the positions test's (n−1)(m−1), and catches
// what leaves low cards nearer one end of the deck: a deck not shuffled
// enough, or one whose draws favour small numbers, as r mod m does when m
// does not divide the range of r. Such a bias spread thinly over the
// whole table needs far fewer decks here than in positions, which shares
// its statistic among (n−1)² degrees of freedom: for Fisher–Yates on 52
// cards drawing r mod m from C's 15-bit rand(), the trend holds 27% of the
// table's non-centrality, and this test fails it with probability 0.5 at
// a fifth of the decks positions needs (power_test.go).
func spearmanTest[T count](pos []T, s shape, decks float64) (chi2, df, p float64) {
	n, m := s.n, s.m
	mu, nu := float64(n-1)/2, float64(m-1)/2
	sum := 0.0
	for c := range n {
		row := 0.0 // Σ_j (j−ν)·count: exact for integer counts below 2⁵³/m²
		for j, o := range pos[c*m : c*m+m] {
			row += (float64(j) - nu) * float64(o)
		}
		sum += (float64(c) - mu) * row
	}
	nn, mm := float64(n), float64(m)
	variance := decks * float64(s.k) / float64(s.N-1) * nn * (nn*nn - 1) / 12 * mm * (mm*mm - 1) / 12
	chi2 = sum * sum / variance
	return chi2, 1, math.Erfc(math.Sqrt(chi2 / 2))
}
