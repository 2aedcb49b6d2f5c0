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

// minExpected is the smallest expected count of a class in a pooled
// chi-square test (Cochran's rule).
const minExpected = 5

// pool returns the boundaries of the classes of a chi-square test of decks
// draws from probs: adjacent outcomes are merged, left to right, until each
// class expects at least minExpected, and a short remainder joins the last
// class. Class i is outcomes [cut[i], cut[i+1]).
func pool(probs []float64, decks float64) []int {
	cut := []int{0}
	acc := 0.0
	for k, p := range probs {
		acc += p * decks
		if acc >= minExpected {
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

// pooledChiSquare tests counts against probs after pooling; df is the number
// of classes less one, 0 when there is a single class.
func pooledChiSquare[T count](obs []T, probs []float64, decks float64) (chi2, df, p float64) {
	cut := pool(probs, decks)
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
		chi2 += (o - e) * (o - e) / e
	}
	df = float64(len(cut) - 2)
	if df < 1 {
		return chi2, 0, math.NaN()
	}
	return chi2, df, chiSquareP(chi2, df)
}

// pooledMinDecks is the smallest deck count at which pooling leaves at least
// two classes, each expecting at least minExpected.
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
