package audit

import (
	"math"
	"math/big"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"gonum.org/v1/gonum/stat/distuv"
)

// TestDistributionsOneCard: the laws of a deck of one card, and of none.
func TestDistributionsOneCard(t *testing.T) {
	assert.Equal(t, []float64{1}, fixedPointProbs(0))
	assert.Equal(t, []float64{0, 1}, fixedPointProbs(1))
	assert.Equal(t, []float64{0, 1}, cycleProbs(1))
	assert.Equal(t, []float64{0, 1}, risingProbs(1))
}

// TestPooledByHand: the pooled test's classes, its likelihood ratio and
// Williams's correction, by hand: four classes expecting exactly
// minPooled each stay apart, and two classes make a test of one degree of
// freedom, not none.
func TestPooledByHand(t *testing.T) {
	probs := []float64{0.25, 0.25, 0.25, 0.25}
	assert.Equal(t, []int{0, 1, 2, 3, 4}, pool(probs, 80))
	assert.Equal(t, []int{0, 2, 4}, pool(probs, 79))
	obs := []int64{30, 20, 15, 15}
	g := 2 * (30*math.Log(1.5) + 15*math.Log(0.75) + 15*math.Log(0.75))
	q := 1 + (4*80/20.0-1)/(6*80*3)
	chi2, df, p := pooledChiSquare(obs, probs, 80)
	assert.Equal(t, 3.0, df)
	assert.InDelta(t, g/q, chi2, 1e-12)
	assert.InDelta(t, distuv.ChiSquared{K: 3}.Survival(g/q), p, 1e-12)

	half := []float64{0.5, 0.5}
	chi2, df, p = pooledChiSquare([]int64{28, 12}, half, 40)
	g = 2 * (28*math.Log(28/20.0) + 12*math.Log(12/20.0))
	q = 1 + (2*40/20.0-1)/(6*40*1)
	assert.Equal(t, 1.0, df)
	assert.InDelta(t, g/q, chi2, 1e-12)
	assert.InDelta(t, distuv.ChiSquared{K: 1}.Survival(g/q), p, 1e-12)
}

// TestKSByHand: the Kolmogorov–Smirnov statistic of three p-values, and
// the p-value at Stephens's corrected argument.
func TestKSByHand(t *testing.T) {
	d, p := ksUniform([]float64{0.7, 0.1, 0.4})
	assert.InDelta(t, 0.3, d, 1e-15)
	s := math.Sqrt(3)
	assert.InDelta(t, kolmogorovQ((s+0.12+0.11/s)*0.3), p, 1e-15)
	d, _ = ksUniform([]float64{0.9, 0.95, 0.99})
	assert.InDelta(t, 0.9, d, 1e-15) // the largest gap below
	d, _ = ksUniform([]float64{0.95, 0.05, 0.9})
	assert.InDelta(t, 0.9-1.0/3, d, 1e-15) // below, at the second
	assert.Equal(t, 1.0, kolmogorovQ(0))
	assert.Equal(t, 1.0, kolmogorovQ(-0.5))
	// The two series meet at x = 1: Q(1) = 0.26999967…
	assert.InDelta(t, 0.2699996716773546, kolmogorovQ(1), 1e-12)
	assert.InDelta(t, kolmogorovQ(1), kolmogorovQ(math.Nextafter(1, 0)), 1e-12)
}

// TestBirthdayExact: the repeats' mean against its series,
// Σ_{k≥2} (−1)^k·C(d,k)/m^(k−1), summed in 256-bit floats until a term is
// below 10⁻⁴⁰ of the sum, where the package takes the series (d/m below
// 10⁻³) and where it takes the closed form, to 10⁻¹³; fewer than two
// decks have no repeat.
func TestBirthdayExact(t *testing.T) {
	series := func(d, m float64) float64 {
		const prec = 256
		sum := new(big.Float).SetPrec(prec)
		term := new(big.Float).SetPrec(prec).SetFloat64(d * (d - 1) / 2) // C(d,2)
		term.Quo(term, new(big.Float).SetPrec(prec).SetFloat64(m))
		for k := 3.0; term.Sign() != 0; k++ {
			sum.Add(sum, term)
			term.Mul(term, new(big.Float).SetPrec(prec).SetFloat64(-(d-k+1)/k))
			term.Quo(term, new(big.Float).SetPrec(prec).SetFloat64(m))
			small := new(big.Float).SetPrec(prec).Abs(term)
			if small.Mul(small, big.NewFloat(1e40)).Cmp(sum) < 0 {
				break
			}
		}
		f, _ := sum.Float64()
		return f
	}
	for _, c := range []struct{ d, m float64 }{{10, 3628800}, {1000, 1e7}, {2, 720}, {300, 720}, {5000, 40320}} {
		mean, _ := birthday(c.d, math.Log(c.m))
		assert.InEpsilon(t, series(c.d, c.m), mean, 1e-13, "%v decks of %v orders", c.d, c.m)
	}
	for _, d := range []float64{0, 1} {
		mean, v := birthday(d, math.Log(720))
		assert.Equal(t, [2]float64{0, 0}, [2]float64{mean, v}, "%v decks", d)
	}
}

// TestRepeatsPByHand: the repeats' p-value is normal from a variance of
// 25 on, Poisson below it and when the variance is unknown (NaN).
func TestRepeatsPByHand(t *testing.T) {
	assert.InDelta(t, math.Erfc(2/math.Sqrt2), repeatsP(35, 25, 25), 1e-15)
	assert.InDelta(t, math.Erfc(3/math.Sqrt2), repeatsP(130, 100, 100), 1e-15)
	// Poisson of mean 0.5: P(R ≥ 2) = 1 − 1.5·e^−0.5, below P(R ≤ 2).
	want := 2 * (1 - 1.5*math.Exp(-0.5))
	assert.InDelta(t, want, repeatsP(2, 0.5, 0.5), 1e-12)
	assert.InDelta(t, want, repeatsP(2, 0.5, math.NaN()), 1e-12)
	assert.InDelta(t, want, repeatsP(2, 0.5, 24.9), 1e-12)
}

// TestPooledCanFail holds pooledCanFail to its meaning, by brute force: the
// pooled test of decks draws can reach a p-value below level if and only
// if one way to deal them does, and the smallest p of all is the one it
// computes, every deck in the least likely class. TestPooledMinDecks: the
// fewest decks that pool into two classes or more, by counting up.
func TestPooledCanFail(t *testing.T) {
	compositions := func(k, n int, f func([]int64)) {
		c := make([]int64, k)
		var rec func(i, left int)
		rec = func(i, left int) {
			if i == k-1 {
				c[i] = int64(left)
				f(c)
				return
			}
			for v := 0; v <= left; v++ {
				c[i] = int64(v)
				rec(i+1, left-v)
			}
		}
		rec(0, n)
	}
	for _, probs := range [][]float64{{0.5, 0.3, 0.2}, {0.2, 0.5, 0.3}, {0.4, 0.1, 0.2, 0.3}, {0.05, 0.25, 0.3, 0.4}} {
		for _, decks := range []int{20, 41, 60} {
			least := math.Inf(1)
			compositions(len(probs), decks, func(obs []int64) {
				if _, _, p := pooledChiSquare(obs, probs, float64(decks)); p < least {
					least = p
				}
			})
			if math.IsInf(least, 1) { // one class: no test
				assert.False(t, pooledCanFail(probs, float64(decks), 1), "%v, %d decks", probs, decks)
				continue
			}
			assert.True(t, pooledCanFail(probs, float64(decks), least*(1+1e-9)), "%v, %d decks: p %g is reached", probs, decks, least)
			assert.False(t, pooledCanFail(probs, float64(decks), least), "%v, %d decks: no p below %g", probs, decks, least)
		}
	}
}

func TestPooledMinDecks(t *testing.T) {
	for _, probs := range [][]float64{{0.5, 0.3, 0.2}, {0.01, 0.01, 0.98}, {0.25, 0.25, 0.25, 0.25}, slices.Repeat([]float64{1.0 / 52}, 52)} {
		d := 1
		for len(pool(probs, float64(d))) < 3 { // two classes: three bounds
			d++
		}
		assert.Equal(t, d, pooledMinDecks(probs), "%v", probs)
	}
}
