package audit

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// twoSided is the two-sided p-value of x under the chi-square distribution
// with df degrees of freedom: counts too even condemn a shuffle as surely as
// counts too uneven (a rotation by a uniform cut fills the position table
// almost perfectly evenly).
func twoSided(x, df float64) float64 {
	if math.IsInf(x, 1) {
		return 0
	}
	d := distuv.ChiSquared{K: df}
	return min(1, 2*min(d.CDF(x), d.Survival(x)))
}

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

// margins tests each row (rows true) or column of the position table
// alone: card c's row, or position j's column, is multinomial with n equal
// cells in a uniform shuffle, so its plain chi-square has n−1 degrees of
// freedom. It returns the worst line, its statistic, and the Bonferroni
// p-value n·p_min (a conservative bound, so it takes no part in the second
// level).
func margins[T count](t []T, n int, decks float64, rows bool) (worst int, chi2, p float64) {
	e := decks / float64(n)
	p = math.Inf(1)
	for i := range n {
		s := 0.0
		for j := range n {
			o := t[i*n+j]
			if !rows {
				o = t[j*n+i]
			}
			d := float64(o) - e
			s += d * d / e
		}
		if q := chiSquareP(s, float64(n-1)); q < p || i == 0 {
			worst, chi2, p = i, s, q
		}
	}
	return worst, chi2, min(1, float64(n)*p)
}

// adjacencyTest is the chi-square statistic of the table of how often card b
// directly follows card a, against decks/n for every a ≠ b, normalised by
// the table's exact covariance under a uniform shuffle. Writing D for the
// observed minus expected counts off the diagonal, n·Cov(one deck) has
// eigenvalue 1 on the symmetric part of D with zero row and column sums
// (n(n−3)/2 dimensions), (n+1)/(n−1) on the antisymmetric part with zero
// sums ((n−1)(n−2)/2), and 1/(n−1) on the sums themselves, which only
// repeat what the position table says about the first and last cards. So
// the row and column effects g(a)+h(b) are fitted by least squares and
// removed, and the rest is summed with weights 1 and (n−1)/(n+1): a
// chi-square with n²−3n+1 degrees of freedom.
func adjacencyTest[T count](t []T, n int, decks float64) (chi2, df, p float64) {
	e := decks / float64(n)
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
	sym, anti := 0.0, 0.0
	for a := range n {
		for b := a + 1; b < n; b++ {
			u := d[a*n+b] - g[a] - h[b]
			v := d[b*n+a] - g[b] - h[a]
			sym += (u + v) * (u + v) / 2
			anti += (u - v) * (u - v) / 2
		}
	}
	chi2 = (sym + anti*float64(n-1)/float64(n+1)) / e
	df = float64(n*n - 3*n + 1)
	return chi2, df, twoSided(chi2, df)
}

// pairsTest is the chi-square statistic of how often card a comes before
// card b, for every pair, normalised by the exact covariance. With
// Y_ab = count(a before b) − decks/2 and s_a = Σ_b Y_ab, one uniform deck's
// covariance of the pair indicators is (I + ∇∇ᵀ)/12, where ∇ maps a
// function of cards g to the pair function g(a)−g(b): eigenvalue (n+1)/12
// on the n−1 dimensions of the s_a (each card's mean place) and 1/12 on the
// rest. So 12/decks·(Σ Y² − Σ s²/(n+1)) is a chi-square with n(n−1)/2
// degrees of freedom.
func pairsTest[T count](t []T, n int, decks float64) (chi2, df, p float64) {
	half := decks / 2
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
	chi2 = 12 / decks * (yy - ss/float64(n+1))
	df = float64(n * (n - 1) / 2)
	return chi2, df, twoSided(chi2, df)
}
