package audit

import (
	"math"
	"math/big"
	"slices"

	"gonum.org/v1/gonum/mathext"
	"gonum.org/v1/gonum/stat/distuv"
)

// exactLimit is the largest n whose null distributions are computed from the
// exact integers (math/big). Above it they come from recurrences on the
// probabilities themselves, whose terms are all positive, so every step
// rounds once and nothing cancels; the two agree to 1e-12 at exactLimit
// (TestDistributionsAgree).
var exactLimit = 200

// fixedPointProbs returns P(k fixed points), k = 0..n, for a uniform
// permutation of n: C(n,k)·D(n−k)/n!, where the rencontres number D(m)
// counts the derangements of m (D(m) = (m−1)(D(m−1)+D(m−2))).
func fixedPointProbs(n int) []float64 {
	p := make([]float64, n+1)
	if n <= exactLimit {
		d := make([]*big.Int, n+1) // derangements
		d[0] = big.NewInt(1)
		if n >= 1 {
			d[1] = big.NewInt(0)
		}
		for m := 2; m <= n; m++ {
			d[m] = new(big.Int).Add(d[m-1], d[m-2])
			d[m].Mul(d[m], big.NewInt(int64(m-1)))
		}
		nf := factorial(n)
		for k := 0; k <= n; k++ {
			num := new(big.Int).Mul(binomial(n, k), d[n-k])
			p[k] = ratio(num, nf)
		}
		return p
	}
	// D(m)/m! = Σ_{i≤m} (−1)^i/i!, which equals 1/e to double precision
	// from m = 18 on; P(k) = D(n−k)/(n−k)! / k!.
	dm := make([]float64, n+1)
	term, sum := 1.0, 0.0
	for m := 0; m <= n; m++ {
		if m > 0 {
			term /= -float64(m)
		}
		sum += term
		dm[m] = sum
	}
	kf := 1.0
	for k := 0; k <= n; k++ {
		if k > 0 {
			kf *= float64(k)
		}
		p[k] = dm[n-k] / kf
	}
	return p
}

// cycleProbs returns P(k cycles), k = 0..n, for a uniform permutation of n:
// c(n,k)/n!, with c the unsigned Stirling numbers of the first kind
// (c(n,k) = c(n−1,k−1) + (n−1)·c(n−1,k)).
func cycleProbs(n int) []float64 {
	if n <= exactLimit {
		c := []*big.Int{big.NewInt(1)} // c(0, ·)
		for m := 1; m <= n; m++ {
			next := make([]*big.Int, m+1)
			next[0] = big.NewInt(0)
			for k := 1; k <= m; k++ {
				v := new(big.Int)
				if k < m {
					v.Mul(c[k], big.NewInt(int64(m-1)))
				}
				next[k] = v.Add(v, c[k-1])
			}
			c = next
		}
		return ratios(c, factorial(n))
	}
	p := []float64{1}
	for m := 1; m <= n; m++ {
		next := make([]float64, m+1)
		for k := 1; k <= m; k++ {
			v := p[k-1]
			if k < m {
				v += float64(m-1) * p[k]
			}
			next[k] = v / float64(m)
		}
		p = next
	}
	return p
}

// risingProbs returns P(r rising sequences), r = 0..n, for a uniform deck
// of n: A(n, r−1)/n!, with A the Eulerian numbers, which count permutations
// by descents (A(n,k) = (k+1)·A(n−1,k) + (n−k)·A(n−1,k−1)); a deck has r
// rising sequences when its inverse has r−1 descents (Bayer and Diaconis).
func risingProbs(n int) []float64 {
	p := make([]float64, n+1)
	if n <= exactLimit {
		a := []*big.Int{big.NewInt(1)} // A(1, 0)
		for m := 2; m <= n; m++ {
			next := make([]*big.Int, m)
			for k := range next {
				v := new(big.Int)
				if k < m-1 {
					v.Mul(a[k], big.NewInt(int64(k+1)))
				}
				if k > 0 {
					v.Add(v, new(big.Int).Mul(a[k-1], big.NewInt(int64(m-k))))
				}
				next[k] = v
			}
			a = next
		}
		copy(p[1:], ratios(a, factorial(n)))
		return p
	}
	q := []float64{1}
	for m := 2; m <= n; m++ {
		next := make([]float64, m)
		for k := range next {
			v := 0.0
			if k < m-1 {
				v = float64(k+1) * q[k]
			}
			if k > 0 {
				v += float64(m-k) * q[k-1]
			}
			next[k] = v / float64(m)
		}
		q = next
	}
	copy(p[1:], q)
	return p
}

func factorial(n int) *big.Int { return new(big.Int).MulRange(1, int64(max(n, 1))) }

func binomial(n, k int) *big.Int { return new(big.Int).Binomial(int64(n), int64(k)) }

func ratio(num, den *big.Int) float64 {
	f, _ := new(big.Rat).SetFrac(num, den).Float64()
	return f
}

func ratios(num []*big.Int, den *big.Int) []float64 {
	p := make([]float64, len(num))
	for i, v := range num {
		p[i] = ratio(v, den)
	}
	return p
}

// minExpected is the smallest expected count of a cell of the tables'
// quadratic forms before they run (Cochran's rule).
const minExpected = 5

// minPooled is the smallest expected count of a class in a pooled test.
// Cochran's 5 is a rule for the 5% level; at Holm's thresholds of 10⁻⁴ and
// below, with classes expecting 5, fair decks' rising sequences failed
// three times as often as they should at 14 to 50 decks of 52 (a binomial
// of 10 to 20 draws is too lumpy for any chi-square there), and the
// cycles' p-values were too often below 0.01 at 1,000.
const minPooled = 20

// pool returns the boundaries of the classes of a chi-square test of decks
// draws from probs: adjacent outcomes are merged, left to right, until each
// class expects at least minPooled, and a short remainder joins the last
// class. Class i is outcomes [cut[i], cut[i+1]).
func pool(probs []float64, decks float64) []int {
	cut := []int{0}
	acc := 0.0
	for k, p := range probs {
		acc += p * decks
		if acc >= minPooled {
			cut = append(cut, k+1)
			acc = 0
		}
	}
	switch {
	case len(cut) == 1:
		cut = append(cut, len(probs))
	default:
		cut[len(cut)-1] = len(probs)
	}
	return cut
}

// pooledChiSquare tests counts against probs after pooling, by the
// likelihood ratio G = 2Σ O·ln(O/E) over the classes, divided by
// Williams's correction q = 1 + (Σ 1/π − 1)/(6·decks·df) (π the classes'
// chances): a chi-square with df degrees of freedom, the number of classes
// less one (0, and p NaN, when there is a single class). Pearson's
// Σ(O−E)²/E has the same limit, but where the test is decided, at Holm's
// thresholds of 10⁻⁴ to 10⁻⁶, its tail is far heavier than the
// chi-square's when a class expects 5 to 20 (one class expecting 20 holds
// 40 six times as often as Pearson's statistic says; G's tail is within a
// few percent there), and fair decks failed too often at small counts.
func pooledChiSquare[T count](obs []T, probs []float64, decks float64) (chi2, df, p float64) {
	cut := pool(probs, decks)
	inv := 0.0
	for i := 1; i < len(cut); i++ {
		o, e := 0.0, 0.0
		for k := cut[i-1]; k < cut[i]; k++ {
			o += float64(obs[k])
			e += probs[k] * decks
		}
		if e == 0 {
			if o != 0 {
				return math.Inf(1), float64(len(cut) - 2), 0
			}
			continue
		}
		inv += decks / e
		if o > 0 {
			chi2 += 2 * o * math.Log(o/e)
		}
	}
	df = float64(len(cut) - 2)
	if df < 1 {
		return chi2, 0, math.NaN()
	}
	chi2 = max(chi2, 0) / (1 + (inv-1)/(6*decks*df))
	return chi2, df, chiSquareP(chi2, df)
}

// pooledCanFail reports whether the pooled test of decks draws from probs
// can reach a p-value below level: its largest statistic, every deck in
// the least likely class, is 2·decks·ln(1/π) before Williams's correction.
// At the fewest decks that make two classes it often cannot: 10 decks of
// 52 cards give the rising sequences two classes, and at most p = 0.002.
func pooledCanFail(probs []float64, decks, level float64) bool {
	cut := pool(probs, decks)
	if len(cut) < 3 {
		return false
	}
	obs := make([]float64, len(probs))
	least, at := math.Inf(1), 0
	for i := 1; i < len(cut); i++ {
		e := 0.0
		for k := cut[i-1]; k < cut[i]; k++ {
			e += probs[k]
		}
		if e > 0 && e < least {
			least, at = e, cut[i-1]
		}
	}
	obs[at] = decks
	_, _, p := pooledChiSquare(obs, probs, decks)
	return p < level
}

// pooledMinDecks is the smallest deck count at which pooling leaves at least
// two classes, each expecting at least minPooled.
func pooledMinDecks(probs []float64) int {
	ok := func(d int) bool { return len(pool(probs, float64(d))) >= 3 }
	hi := 10
	for !ok(hi) {
		hi *= 2
	}
	lo := hi / 2
	for lo+1 < hi {
		mid := (lo + hi) / 2
		if ok(mid) {
			hi = mid
		} else {
			lo = mid
		}
	}
	return hi
}

// chiSquareP is the upper tail of the chi-square distribution with df
// degrees of freedom at x.
func chiSquareP(x, df float64) float64 {
	if math.IsInf(x, 1) {
		return 0
	}
	return distuv.ChiSquared{K: df}.Survival(x)
}

// ksUniform returns the Kolmogorov–Smirnov statistic of ps against the
// uniform distribution on [0, 1] and its p-value. The p-value is
// Kolmogorov's limit law evaluated at Stephens's corrected argument
// (√k + 0.12 + 0.11/√k)·D, within about 1% of the exact law for k ≥ 20
// (Stephens 1970); ps is sorted in place.
func ksUniform(ps []float64) (d, p float64) {
	slices.Sort(ps)
	k := float64(len(ps))
	for i, u := range ps {
		d = max(d, float64(i+1)/k-u, u-float64(i)/k)
	}
	s := math.Sqrt(k)
	return d, kolmogorovQ((s + 0.12 + 0.11/s) * d)
}

// kolmogorovQ is P(K > x) for Kolmogorov's distribution.
func kolmogorovQ(x float64) float64 {
	if x <= 0 {
		return 1
	}
	if x < 1 {
		// The theta-function form converges fast for small x:
		// P(K ≤ x) = √(2π)/x · Σ_{j≥1} exp(−(2j−1)²π²/(8x²)).
		sum := 0.0
		for j := 1; j <= 6; j++ {
			t := float64(2*j - 1)
			sum += math.Exp(-t * t * math.Pi * math.Pi / (8 * x * x))
		}
		return 1 - math.Sqrt(2*math.Pi)/x*sum
	}
	sum := 0.0
	for j := 1; j <= 100; j++ {
		t := 2 * math.Exp(-2*float64(j*j)*x*x)
		if j%2 == 0 {
			t = -t
		}
		sum += t
		if math.Abs(t) < 1e-18*sum {
			break
		}
	}
	return min(1, max(0, sum))
}

// birthday returns the mean and variance of the number of repeats (decks
// equal to an earlier deck) among d decks drawn uniformly from m orders,
// where logM = ln m. Repeats are d minus the number of distinct decks,
// whose mean m(1−(1−1/m)^d) and variance are exact; they are evaluated
// through log1p and expm1, and through the alternating series
// Σ_{k≥2} (−1)^k·C(d,k)/m^(k−1) when d/m is small, so that no digits cancel.
// For m beyond 2^53 only the mean is returned (variance NaN): there the
// repeats are Poisson to far better than double precision.
func birthday(d float64, logM float64) (mean, variance float64) {
	if d < 2 {
		return 0, 0
	}
	if logM > 53*math.Ln2 {
		// Second term of the series relative to the first: (d−2)/(3m).
		return math.Exp(math.Log(d*(d-1)/2) - logM), math.NaN()
	}
	m := math.Round(math.Exp(logM))
	if d/m < 1e-3 {
		term := d * (d - 1) / (2 * m)
		for k := 3.0; term != 0; k++ {
			mean += term
			term *= -(d - k + 1) / (k * m)
			if math.Abs(term) < 1e-17*mean {
				break
			}
		}
	} else {
		mean = d + m*math.Expm1(d*math.Log1p(-1/m))
	}
	// Var(distinct) = m(m−1)(1−2/m)^d + m(1−1/m)^d − m²(1−1/m)^(2d)
	//              = m²a²·expm1(d·ln(1−1/(m−1)²)) − m·a·expm1(d·ln(1−1/(m−1))),
	// with a = (1−1/m)^d.
	a := math.Exp(d * math.Log1p(-1/m))
	variance = m*m*a*a*math.Expm1(d*math.Log1p(-1/((m-1)*(m-1)))) - m*a*math.Expm1(d*math.Log1p(-1/(m-1)))
	return mean, max(variance, 0)
}

// repeatsP is the two-sided p-value of r repeats against the birthday law:
// normal with the exact mean and variance when the variance is at least 25,
// Poisson with the exact mean otherwise.
func repeatsP(r, mean, variance float64) float64 {
	if !math.IsNaN(variance) && variance >= 25 {
		z := (r - mean) / math.Sqrt(variance)
		return math.Erfc(math.Abs(z) / math.Sqrt2)
	}
	if mean == 0 {
		if r == 0 {
			return 1
		}
		return 0
	}
	upper := 1.0 // P(R ≥ r)
	if r > 0 {
		upper = mathext.GammaIncReg(r, mean)
	}
	lower := mathext.GammaIncRegComp(r+1, mean) // P(R ≤ r)
	return min(1, 2*min(upper, lower))
}

// lineProb is the chance that the first len(seq) places of a uniform shoe
// of the shape hold the cards seq: Π_c (k)_{mult(c)} / (N)_len(seq), where
// mult(c) counts c in seq.
func lineProb(s shape, seq ...int) float64 {
	p := 1.0
	for i, c := range seq {
		mult := 0
		for _, d := range seq[:i] {
			if d == c {
				mult++
			}
		}
		if mult >= s.k {
			return 0
		}
		p *= float64(s.k-mult) / float64(s.N-i)
	}
	return p
}

// adjacencyScales returns the variance per deck of the adjacency table's
// symmetric and antisymmetric parts (adjacencyTest), per unit of squared
// length. Each is the variance of ⟨f, table⟩ for one f in its part, over
// ‖f‖²: a cyclic orientation of three cards for the antisymmetric part,
// the pairing 01+23−02−13 of four for the symmetric one. The table is the
// sum over the m−1 neighbours (x_j, x_{j+1}) of a line, so the variance is
// (m−1)E[g(x₀,x₁)²] + 2(m−2)E[g(x₀,x₁)g(x₁,x₂)] + (m−2)(m−3)E[g(x₀,x₁)g(x₂,x₃)],
// with g(a, b) = f_ab, whose mean is 0, and the expectations are sums over
// the few cards f touches. For a whole permutation they are 1/n and
// (n+1)/(n(n−1)).
func adjacencyScales(s shape) (sym, anti float64) {
	variance := func(f [][]float64) float64 {
		size := len(f)
		e2, e3, e4, norm := 0.0, 0.0, 0.0, 0.0
		for a := range size {
			for b := range size {
				if f[a][b] == 0 {
					continue
				}
				norm += f[a][b] * f[a][b]
				e2 += f[a][b] * f[a][b] * lineProb(s, a, b)
				for c := range size {
					e3 += f[a][b] * f[b][c] * lineProb(s, a, b, c)
					for d := range size {
						e4 += f[a][b] * f[c][d] * lineProb(s, a, b, c, d)
					}
				}
			}
		}
		m := float64(s.m)
		return ((m-1)*e2 + 2*(m-2)*e3 + (m-2)*(m-3)*e4) / norm
	}
	anti = variance([][]float64{{0, 1, -1}, {-1, 0, 1}, {1, -1, 0}})
	if s.n >= 4 {
		sym = variance([][]float64{{0, 1, -1, 0}, {1, 0, 0, -1}, {-1, 0, 0, 1}, {0, -1, 1, 0}})
	}
	return sym, anti
}

// equalProbs returns P(e places of a line hold the same card as the next
// place), e = 0..m−1, for the first m cards of a uniform shoe of n cards
// in k copies. A line with R runs of equal cards has e = m−R. Cut each run
// anywhere, or not: a sequence of J blocks, each of one card, in which the
// blocks of card c are a composition of its m_c copies. Those are counted
// directly, card by card: B_J = Σ over (m_c, j_c) of the ways to interleave
// the blocks, Π C(m_c−1, j_c−1) compositions, and Π (k)_{m_c} choices of
// the copies. A line with R runs arises from C(m−R, J−R) block sequences
// (the cuts among its m−R equal neighbours), so B_J = Σ_R C(m−R, J−R)·W_R,
// solved for the W_R from the fewest runs up; all in exact integers, so
// nothing cancels. Cost: O(n·m²·k²) big-integer products at most.
func equalProbs(s shape) []float64 {
	n, k, m := s.n, s.k, s.m
	pascal := make([][]*big.Int, m+1)
	for i := range pascal {
		pascal[i] = make([]*big.Int, i+1)
		pascal[i][0], pascal[i][i] = big.NewInt(1), big.NewInt(1)
		for j := 1; j < i; j++ {
			pascal[i][j] = new(big.Int).Add(pascal[i-1][j-1], pascal[i-1][j])
		}
	}
	binom := func(a, b int) *big.Int {
		if b < 0 || b > a {
			return new(big.Int)
		}
		if a <= m {
			return pascal[a][b]
		}
		return binomial(a, b)
	}
	// h[M][J]: the weight of the block sequences of the cards so far that
	// use M cards in J blocks.
	h := [][]*big.Int{{big.NewInt(1)}}
	lo := 0
	if s.whole() {
		lo = k
	}
	copies := make([]*big.Int, k+1) // (k)_mc
	copies[0] = big.NewInt(1)
	for mc := 1; mc <= k; mc++ {
		copies[mc] = new(big.Int).Mul(copies[mc-1], big.NewInt(int64(k-mc+1)))
	}
	t := new(big.Int)
	for range n {
		next := make([][]*big.Int, min(len(h)+k, m+1))
		for M, row := range h {
			for J, w := range row {
				if w == nil {
					continue
				}
				for mc := lo; mc <= k && M+mc <= m; mc++ {
					if next[M+mc] == nil {
						next[M+mc] = make([]*big.Int, M+mc+1)
					}
					for jc := min(mc, 1); jc <= mc; jc++ {
						if mc > 0 && jc == 0 {
							continue
						}
						comp := big.NewInt(1)
						if mc > 0 {
							comp = binom(mc-1, jc-1)
						}
						t.Mul(w, binom(J+jc, jc))
						t.Mul(t, comp)
						t.Mul(t, copies[mc])
						cell := &next[M+mc][J+jc]
						if *cell == nil {
							*cell = new(big.Int)
						}
						(*cell).Add(*cell, t)
					}
				}
			}
		}
		h = next
	}
	b := h[m]
	w := make([]*big.Int, m+1) // w[R]: weight of the lines with R runs
	for R := 0; R <= m; R++ {
		w[R] = new(big.Int)
		if R < len(b) && b[R] != nil {
			w[R].Set(b[R])
		}
		for r := 0; r < R; r++ {
			w[R].Sub(w[R], t.Mul(binom(m-r, R-r), w[r]))
		}
	}
	total := new(big.Int).MulRange(int64(s.N-m+1), int64(s.N))
	p := make([]float64, m)
	for R := 1; R <= m; R++ {
		p[m-R] = ratio(w[R], total)
	}
	return p
}
