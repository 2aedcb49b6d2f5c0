package audit

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// The statistics below are quadratic forms in the tables' deviations from
// their means, each normalised by the table's exact covariance under a
// uniform shuffle of the shape's deck or shoe, so that each is
// asymptotically a chi-square with the degrees of freedom it returns.
// TestNulls checks every one against covariances enumerated from every
// order of small decks and shoes.

// twoSided is the two-sided p-value of x under the chi-square distribution
// with df degrees of freedom: counts too even condemn a shuffle as surely as
// counts too uneven (a rotation by a uniform cut fills the position table
// almost perfectly evenly). Below minTwoSided degrees of freedom the test
// is one-sided: there a statistic of whole counts lands on or near 0 by
// chance far more often than the continuous law's lower tail says (one
// card a line gives a serial table of one cell), so the lower tail would
// fail fair shuffles.
func twoSided(x, df float64) float64 {
	if math.IsInf(x, 1) {
		return 0
	}
	x = max(x, 0) // a quadratic form below 0 by rounding
	d := distuv.ChiSquared{K: df}
	if df < minTwoSided {
		return d.Survival(x)
	}
	return min(1, 2*min(d.CDF(x), d.Survival(x)))
}

// minTwoSided is the fewest degrees of freedom at which twoSided tests the
// lower tail.
const minTwoSided = 10

// permutationTable is the chi-square statistic of an n×n table that sums
// steps permutation matrices, against steps/n in every cell. The plain sum
// Σ(O−E)²/E is asymptotically n/(n−1) times a chi-square with (n−1)²
// degrees of freedom, because a uniform permutation matrix has covariance
// (I−J/n)⊗(I−J/n)/(n−1): it is scaled by (n−1)/n. Unscaled, a fair shuffle
// of 52 cards would fail 13.6 times as often as the level says.
func permutationTable[T count](t []T, n int, steps float64) (chi2, df, p float64) {
	e := steps / float64(n)
	for _, o := range t {
		d := float64(o) - e
		chi2 += d * d
	}
	chi2 *= float64(n-1) / float64(n) / e
	df = float64((n - 1) * (n - 1))
	return chi2, df, twoSided(chi2, df)
}

// positionsTest is the chi-square statistic of the n×m table of card ×
// place. One line's indicator table X (X[c][j] = 1 if card c lies at place
// j) has covariance k/(N−1)·(I−J/n)⊗(I−J/N) restricted to the first m
// places: a table with fixed margins, like Fisher's. So after dividing by
// the expected count decks/n, the part of the deviations that sums to zero
// along each row has eigenvalue N/(N−1), and each row's mean over the
// places (which cards were dealt at all; zero for whole decks)
// (N−m)/(N−1). For permutations this is permutationTable.
func positionsTest[T count](t []T, s shape, decks float64) (chi2, df, p float64) {
	if s.perm() {
		return permutationTable(t, s.n, decks)
	}
	n, m, N := s.n, s.m, float64(s.N)
	e := decks / float64(n)
	all, means := 0.0, 0.0
	for c := range n {
		sum := 0.0
		for _, o := range t[c*m : c*m+m] {
			d := float64(o) - e
			all += d * d
			sum += d
		}
		means += sum * sum / float64(m)
	}
	if s.whole() {
		means = 0 // each card is there k times: zero but for rounding
	}
	chi2 = (N - 1) / N * (all - means) / e
	df = float64((n - 1) * (m - 1))
	if !s.whole() {
		chi2 += (N - 1) / (N - float64(m)) * means / e
		df += float64(n - 1)
	}
	return chi2, df, twoSided(chi2, df)
}

// margins tests each row (rows true) or column of the position table
// alone. Position j's column is multinomial with n equal cells, so its
// plain chi-square has n−1 degrees of freedom. Card c's row of m places
// has, divided by its expected counts, covariance (N−k)/(N−1)·(I−J/N): so
// the deviations from the row's mean are scaled by (N−1)/(N−k) and the
// mean by N(N−1)/((N−k)(N−m)), with m−1 degrees of freedom, one more for
// a partial deal (for a permutation both scales are 1). It returns the
// worst line, its statistic, and the Bonferroni p-value lines·p_min (a
// conservative bound, so it takes no part in the second level).
func margins[T count](t []T, s shape, decks float64, rows bool) (worst int, chi2, p float64) {
	n, m, N, k := s.n, s.m, float64(s.N), float64(s.k)
	lines, cells := n, m
	if !rows {
		lines, cells = m, n
	}
	e := decks / float64(n)
	p = math.Inf(1)
	for i := range lines {
		all, sum := 0.0, 0.0
		for j := range cells {
			var o T
			if rows {
				o = t[i*m+j]
			} else {
				o = t[j*m+i]
			}
			d := float64(o) - e
			all += d * d
			sum += d
		}
		x, df := all/e, float64(cells-1)
		if rows && !s.perm() {
			mean := sum * sum / float64(m) / e
			if s.whole() {
				mean = 0
			}
			x = (N - 1) / (N - k) * (x - mean)
			if !s.whole() {
				x += N * (N - 1) / ((N - k) * (N - float64(m))) * mean
				df++
			}
		}
		if q := chiSquareP(x, df); q < p || i == 0 {
			worst, chi2, p = i, x, q
		}
	}
	return worst, chi2, min(1, float64(lines)*p)
}

// adjacencyTest is the chi-square statistic of the table of how often card
// b directly follows card a ≠ b. Its covariance commutes with every
// relabelling of the cards, so on each irreducible part it is a multiple
// of the identity: the row and column effects g(a)+h(b) (which repeat what
// the position table says about the first and last places) are fitted by
// least squares on the off-diagonal cells and removed, and what is left
// splits into a symmetric part with zero row and column sums (n(n−3)/2
// dimensions) and an antisymmetric one ((n−1)(n−2)/2), with variances
// decks·sym and decks·anti per unit of squared length (adjacencyScales):
// a chi-square with n²−3n+1 degrees of freedom. e is the expected count of
// an off-diagonal cell; the diagonal (equal neighbours, in a shoe) is
// tested by equalTest.
func adjacencyTest[T count](t []T, n int, decks, e, sym, anti float64) (chi2, df, p float64) {
	d := make([]float64, n*n)
	r := make([]float64, n)
	c := make([]float64, n)
	total := 0.0
	for a := range n {
		for b := range n {
			if a != b {
				v := float64(t[a*n+b]) - e
				d[a*n+b] = v
				r[a] += v
				c[b] += v
				total += v
			}
		}
	}
	// Normal equations: (n−1)g_a − h_a = r_a − H and −g_b + (n−1)h_b = c_b − G,
	// with the free constant split so that G = H = total/(2(n−1)).
	gh := total / (2 * float64(n-1))
	det := float64(n * (n - 2))
	g := make([]float64, n)
	h := make([]float64, n)
	for i := range n {
		x, y := r[i]-gh, c[i]-gh
		g[i] = (float64(n-1)*x + y) / det
		h[i] = (x + float64(n-1)*y) / det
	}
	ss, aa := 0.0, 0.0
	for a := range n {
		for b := a + 1; b < n; b++ {
			u := d[a*n+b] - g[a] - h[b]
			v := d[b*n+a] - g[b] - h[a]
			ss += (u + v) * (u + v) / 2
			aa += (u - v) * (u - v) / 2
		}
	}
	chi2 = aa / (decks * anti)
	if n > 3 {
		chi2 += ss / (decks * sym)
	}
	df = float64(n*n - 3*n + 1)
	return chi2, df, twoSided(chi2, df)
}

// pairsTest is the chi-square statistic of how often a copy of card a
// comes before a copy of card b, for every pair a ≠ b of k copies each.
// Seen as N = kn distinct cards, one uniform deck's pair indicators have
// covariance (I + ∇∇ᵀ)/12, where ∇ maps a function g of cards to the pair
// function g(u)−g(v); summing the k² pairs of copies of a and b gives
// k²/12·(I + k∇∇ᵀ) on the pairs of distinct cards, eigenvalue
// k²(kn+1)/12 on the n−1 dimensions of the s_a (each card's mean place)
// and k²/12 on the rest. With Y_ab = count − decks·k²/2 and
// s_a = Σ_b Y_ab, 12/(decks·k²)·(Σ Y² − k/(kn+1)·Σ s²) is a chi-square
// with n(n−1)/2 degrees of freedom. The table may be transposed: the
// statistic does not change.
func pairsTest[T count](t []T, n, k int, decks float64) (chi2, df, p float64) {
	kk := float64(k * k)
	half := decks * kk / 2
	yy, ss := 0.0, 0.0
	for a := range n {
		s := 0.0
		for b := range n {
			if a == b {
				continue
			}
			y := float64(t[a*n+b]) - half
			s += y
			if a < b {
				yy += y * y
			}
		}
		ss += s * s
	}
	chi2 = 12 / (decks * kk) * (yy - ss*float64(k)/float64(k*n+1))
	df = float64(n * (n - 1) / 2)
	return chi2, df, twoSided(chi2, df)
}

// serialTest is the chi-square statistic of the m×m table that counts, for
// each pair of consecutive lines, a card at place i in the first and the
// same card at place j in the second. Given the first line, the second is
// uniform and independent of it, so one step's table has covariance
// k/(N−1)·(I−J/N)⊗(B−J/n), B[i][i'] = 1 when places i and i' of the first
// line hold the same card; averaged over the first line, and with the
// steps uncorrelated, the sum has covariance
// steps·k(N−k)/(N−1)²·(I−J/N)⊗(I−J/N). Divided by the expected count
// steps/n: eigenvalue λ = nk(N−k)/(N−1)² on the interaction, λ(1−m/N)
// on the row and column effects and λ(1−m/N)² on the grand mean (both
// zero for whole decks). For permutations this is permutationTable.
func serialTest[T count](t []T, s shape, steps float64) (chi2, df, p float64) {
	if s.perm() {
		return permutationTable(t, s.n, steps)
	}
	n, m, N, k := float64(s.n), s.m, float64(s.N), float64(s.k)
	e := steps / n
	row := make([]float64, m)
	col := make([]float64, m)
	all, grand := 0.0, 0.0
	for i := range m {
		for j, o := range t[i*m : i*m+m] {
			d := float64(o) - e
			all += d * d
			row[i] += d
			col[j] += d
			grand += d
		}
	}
	fm := float64(m)
	qg := grand * grand / (fm * fm)
	qr, qc := -qg, -qg
	for i := range m {
		qr += row[i] * row[i] / fm
		qc += col[i] * col[i] / fm
	}
	lambda := n * k * (N - k) / ((N - 1) * (N - 1))
	if s.whole() {
		chi2 = all / e / lambda
		df = float64((m - 1) * (m - 1))
		return chi2, df, twoSided(chi2, df)
	}
	f := 1 - fm/N
	chi2 = ((all - qr - qc - qg) + (qr+qc)/f + qg/(f*f)) / e / lambda
	df = fm * fm
	return chi2, df, twoSided(chi2, df)
}
