package shuffle

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fairshuffle/shuffle/internal/stattest"
)

// biasedCase is one biased algorithm at one size and number of rounds, with
// the exact probability of each order (indexed by rank) computed by the
// package's own enumeration, the one Distance uses.
type biasedCase struct {
	name   string // "naive", "riffle(1)", "riffle(default 7)"
	alg    Algorithm
	n      int
	rounds int // the rounds enumerated; 0 for a one-pass algorithm
	mk     func(rand.Source) Shuffler
	far    bool // far enough from uniform that uniform samples must be rejected
	exact  []float64
}

// biasedCases lists every biased algorithm at n = 3, 4, 5: the one-pass ones
// as they are, the repeated ones after one round, where they are far from
// uniform, and at their default rounds, built with rounds 0 so that the
// default itself is what runs.
func biasedCases() []biasedCase {
	var cs []biasedCase
	for _, a := range Algorithms() {
		if a.Uniform {
			continue
		}
		for n := 3; n <= 5; n++ {
			if a.NewRounds == nil {
				cs = append(cs, biasedCase{a.Name, a, n, 0, a.New, true, orderProbs(a.New, n)})
				continue
			}
			one := orderProbs(withRounds(a.NewRounds, 1), n)
			def := a.Rounds(n)
			for _, rounds := range []int{1, def} {
				dist := make([]float64, len(one))
				dist[0] = 1
				for range rounds {
					dist = composeRound(dist, one, n)
				}
				name, mk := fmt.Sprintf("%s(1)", a.Name), withRounds(a.NewRounds, 1)
				if rounds == def {
					name, mk = fmt.Sprintf("%s(default %d)", a.Name, def), withRounds(a.NewRounds, 0)
				}
				// Where some order is impossible (the cut reaches only
				// rotations), uniform samples hit it at every number of rounds.
				far := rounds == 1 || slices.Contains(dist, 0)
				cs = append(cs, biasedCase{name, a, n, rounds, mk, far, dist})
			}
		}
	}
	return cs
}

// countOrders shuffles 0..n−1 trials times with f and counts each order by
// its rank.
func countOrders(f shuffleFunc, n, trials int, seed uint64) []float64 {
	src := rand.NewPCG(seed, uint64(n))
	obs := make([]float64, factorial(n))
	perm := make([]int, n)
	for range trials {
		for i := range perm {
			perm[i] = i
		}
		f(src, perm)
		obs[rank(perm)]++
	}
	return obs
}

// bothAPIs shuffles through Slice and through Shuffle in turn, so that the
// slice loop and the swap loop of the algorithm are both sampled.
func bothAPIs(mk func(rand.Source) Shuffler) shuffleFunc {
	calls := 0
	return func(src rand.Source, p []int) {
		calls++
		if calls%2 == 0 {
			Slice(mk(src), p)
		} else {
			swapShuffle(mk(src), p)
		}
	}
}

// minExpected is the smallest expected count a cell of a chi-square test may
// have on its own; smaller ones are pooled (the usual rule of thumb, under
// which the chi-square approximation of the statistic's law holds well).
const minExpected = 5

// pooledChiSquare is chiSquare after pooling the cells of positive
// probability whose expected count is below minExpected into one cell; if
// that cell is still below minExpected it joins the smallest other cell.
// Cells of probability zero are kept as they are: one observation in them
// makes the p-value 0.
func pooledChiSquare(obs, probs []float64) (chi2, p float64) {
	total := 0.0
	for _, o := range obs {
		total += o
	}
	var o, q []float64
	var poolObs, poolProb float64
	for i, pr := range probs {
		if pr > 0 && pr*total < minExpected {
			poolObs, poolProb = poolObs+obs[i], poolProb+pr
			continue
		}
		o, q = append(o, obs[i]), append(q, pr)
	}
	if poolProb > 0 {
		smallest := -1
		for j, pr := range q {
			if pr > 0 && (smallest < 0 || pr < q[smallest]) {
				smallest = j
			}
		}
		if poolProb*total >= minExpected || smallest < 0 {
			o, q = append(o, poolObs), append(q, poolProb)
		} else {
			o[smallest] += poolObs
			q[smallest] += poolProb
		}
	}
	return chiSquare(o, q)
}

// impossibleSeen returns how many shuffles gave an order of probability 0.
func impossibleSeen(obs, probs []float64) int {
	seen := 0
	for i, pr := range probs {
		if pr == 0 {
			seen += int(obs[i])
		}
	}
	return seen
}

// TestPooledChiSquare checks the pooling on a table small enough to do by
// hand: expected counts 50, 40, 6, 3, 1 and 0 out of 100. The cells of 3 and
// 1 pool into one of 4, still below 5, which joins the cell of 6.
func TestPooledChiSquare(t *testing.T) {
	probs := []float64{0.5, 0.4, 0.06, 0.03, 0.01, 0}
	obs := []float64{45, 44, 4, 5, 2, 0}
	chi2, p := pooledChiSquare(obs, probs)
	// Cells 45|50, 44|40, 11|10: 25/50 + 16/40 + 1/10 = 1, with 2 degrees
	// of freedom: p = e^(−1/2).
	assert.InDelta(t, 1.0, chi2, 1e-12)
	assert.InDelta(t, math.Exp(-0.5), p, 1e-12)
	// A pool of 5 or more stands on its own: expected 50, 40, 5 and a
	// pool of 3 + 2, observed 50, 40, 7, 3.
	chi2, _ = pooledChiSquare([]float64{50, 40, 7, 1, 2}, []float64{0.5, 0.4, 0.05, 0.03, 0.02})
	assert.InDelta(t, 4.0/5+4.0/5, chi2, 1e-12)
	// An order of probability 0 that occurs rejects outright.
	_, p = pooledChiSquare([]float64{45, 44, 4, 5, 1, 1}, probs)
	assert.Zero(t, p)
	assert.Equal(t, 1, impossibleSeen([]float64{45, 44, 4, 5, 1, 1}, probs))
}

// biasedTrials is the number of shuffles per case: at least 140 expected in
// every possible order (the rarest, insertion's at n = 5, has probability
// 0.0035), so no pooling is needed today, and it is there should a case
// with rarer orders be added.
const biasedTrials = 40_000

// plantEvery is the rate of the planted bias of the first negative control:
// one shuffle in plantEvery comes out in the order the algorithm makes least
// often. That is a noncentrality of biasedTrials/plantEvery²·(1/p_min − 1),
// at least 100 per degree of freedom in every case; the
// weakest is cut(1) at n = 3 (one degree of freedom, critical value 15.1),
// which the check rejects with probability 1 − 5·10⁻¹⁰.
const plantEvery = 20

// TestBiasedExact samples every biased algorithm at n = 3, 4, 5 (repeated
// ones at one round and at their defaults) and compares the counts of the
// n! orders by chi-square with the exact distribution the package's
// enumeration gives, the one Distance reports. The enumeration answers every
// choice through the test seam, so this checks what the enumeration cannot:
// that the real draws (bounded indices and coin flips, through both entry
// points) make every choice uniformly, as the enumeration assumes.
//
// Thresholds: each case must reach p ≥ alpha (1e-4); with the 30 cases of
// the six biased algorithms a random choice of all the seeds would turn
// one red with probability at most 0.3% (10⁻⁴ a case). Orders of probability 0 must never appear, in any case.
//
// Negative controls, in every case, through the same check: (1) the same
// samples with one in plantEvery replaced by the algorithm's least likely
// order must be rejected; (2) where the algorithm is far from uniform (one
// pass, one round, every cut), Fisher–Yates's samples must be rejected
// against the algorithm's distribution (noncentrality ≥ 400, asserted:
// at df ≤ 119 the critical value is at most 186, seven standard deviations
// below the mean of the statistic).
func TestBiasedExact(t *testing.T) {
	t.Parallel()
	cases := biasedCases()
	want := 0 // one case for a one-pass algorithm, two for a repeated one, at n = 3, 4, 5
	for _, a := range Algorithms() {
		switch {
		case a.Uniform:
		case a.NewRounds == nil:
			want += 3
		default:
			want += 2 * 3
		}
	}
	require.Len(t, cases, want, "one case for a one-pass algorithm, two for a repeated one, at n = 3, 4, 5")
	ch := stattest.Checks{Rule: fmt.Sprintf("the samples must reach p ≥ %g against the exact distribution (false failure %g a case) and show no impossible order; the controls p < %g, with λ ≥ 400 where far", alpha, alpha, alpha)}
	for _, c := range cases {
		seed := seedOf("exact/"+c.name, c.n)
		obs := countOrders(bothAPIs(c.mk), c.n, biasedTrials, seed)
		chi2, p := pooledChiSquare(obs, c.exact)
		seen := impossibleSeen(obs, c.exact)
		ch.Check(seen == 0, float64(seen), "%s n=%d: %d shuffles gave orders of probability 0", c.name, c.n, seen)
		ch.AtLeast(p, alpha, "%s n=%d: the samples disagree with the exact distribution (χ²=%.1f)", c.name, c.n, chi2)

		// Control 1: a planted bias towards the least likely order.
		least := -1
		for r, pr := range c.exact {
			if pr > 0 && (least < 0 || pr < c.exact[least]) {
				least = r
			}
		}
		calls, f := 0, bothAPIs(c.mk)
		planted := func(src rand.Source, p []int) {
			if calls++; calls%plantEvery == 0 {
				copy(p, unrank(least, c.n))
				return
			}
			f(src, p)
		}
		_, pPlanted := pooledChiSquare(countOrders(planted, c.n, biasedTrials, seed), c.exact)
		ch.Below(pPlanted, alpha, "%s n=%d: the check missed a planted bias", c.name, c.n)

		// Control 2: uniform samples, where the algorithm is far from it.
		lambda, u := 0.0, 1/float64(len(c.exact))
		for _, pr := range c.exact {
			if pr == 0 {
				lambda = math.Inf(1)
				break
			}
			lambda += biasedTrials * (u - pr) * (u - pr) / pr
		}
		uniform := countOrders(viaSlice(NewFisherYates), c.n, biasedTrials, seed^0x5eed)
		_, pUniform := pooledChiSquare(uniform, c.exact)
		if c.far {
			ch.Check(lambda >= 400, math.Log(400/lambda), "%s n=%d: too close to uniform for control 2: λ = %.1f, want ≥ 400", c.name, c.n, lambda)
			ch.Below(pUniform, alpha, "%s n=%d: uniform samples passed for the algorithm's", c.name, c.n)
		}
		stattest.Logf(t, "%-26s n=%d  χ²=%7.1f p=%.3g | planted p=%.3g | uniform λ=%7.1f p=%.3g",
			c.name, c.n, chi2, p, pPlanted, lambda, pUniform)
	}
	ch.Report(t)
}

// TestBiasedEnumeration checks the package's float enumeration, which the
// chi-square test above and Distance use, order by order against the exact
// rational one, for every case of TestBiasedExact.
func TestBiasedEnumeration(t *testing.T) {
	t.Parallel()
	for _, c := range biasedCases() {
		var want []*big.Rat
		if c.rounds == 0 {
			want = enumerate(viaSlice(c.alg.New), c.n)
		} else {
			want = exactRounds(c.alg, c.n, c.rounds)
		}
		worst := 0.0 // the largest relative error
		for r, w := range want {
			f, _ := w.Float64()
			require.Equal(t, w.Sign() == 0, c.exact[r] == 0, "%s n=%d order %v: zero in one, not the other", c.name, c.n, unrank(r, c.n))
			if f > 0 {
				worst = max(worst, math.Abs(c.exact[r]-f)/f)
			}
		}
		// Float rounding over a few hundred additions and, for the
		// repeated ones, up to 20 compositions: far below 1e-12.
		assert.Less(t, worst, 1e-12, "%s n=%d", c.name, c.n)
	}
}

// cycleType returns the cycle lengths of the permutation p, longest first,
// as "3,1".
func cycleType(p []int) string {
	seen := make([]bool, len(p))
	var lens []int
	for i := range p {
		l := 0
		for j := i; !seen[j]; j = p[j] {
			seen[j], l = true, l+1
		}
		if l > 0 {
			lens = append(lens, l)
		}
	}
	slices.Sort(lens)
	slices.Reverse(lens)
	parts := make([]string, len(lens))
	for i, l := range lens {
		parts[i] = strconv.Itoa(l)
	}
	return strings.Join(parts, ",")
}

// characters are the character tables of S3 and S4: for each irreducible
// representation, its character on each cycle type. The identity's value is
// the dimension d, the transposition's χ(τ).
var characters = map[int][]map[string]int64{
	3: {
		{"1,1,1": 1, "2,1": 1, "3": 1},  // trivial
		{"1,1,1": 1, "2,1": -1, "3": 1}, // sign
		{"1,1,1": 2, "2,1": 0, "3": -1}, // standard
	},
	4: {
		{"1,1,1,1": 1, "2,1,1": 1, "2,2": 1, "3,1": 1, "4": 1},   // trivial
		{"1,1,1,1": 1, "2,1,1": -1, "2,2": 1, "3,1": 1, "4": -1}, // sign
		{"1,1,1,1": 3, "2,1,1": 1, "2,2": -1, "3,1": 0, "4": -1}, // standard
		{"1,1,1,1": 3, "2,1,1": -1, "2,2": -1, "3,1": 0, "4": 1}, // standard ⊗ sign
		{"1,1,1,1": 2, "2,1,1": 0, "2,2": 2, "3,1": -1, "4": 0},  // two-dimensional
	},
}

// transpositionsClosedForm is the probability of the order p after k random
// transpositions of n = 3 or 4 cards, by Fourier analysis on S_n (Diaconis
// and Shahshahani, 1981). One step is the identity with probability 1/n and
// a uniform transposition otherwise; that law is constant on conjugacy
// classes, so its transform at each irreducible λ is the scalar
// r_λ = 1/n + (n−1)/n · χ_λ(τ)/d_λ, and after k steps
// P(σ) = (1/n!) Σ_λ d_λ χ_λ(σ) r_λ^k.
func transpositionsClosedForm(n, k int, p []int) *big.Rat {
	class := cycleType(p)
	sum := new(big.Rat)
	for _, chi := range characters[n] {
		d := chi[strings.TrimSuffix(strings.Repeat("1,", n), ",")]
		tau := chi["2"+strings.Repeat(",1", n-2)]
		r := new(big.Rat).Add(big.NewRat(1, int64(n)), big.NewRat(int64(n-1)*tau, int64(n)*d))
		term := new(big.Rat).SetInt64(d * chi[class])
		for range k {
			term.Mul(term, r)
		}
		sum.Add(sum, term)
	}
	return sum.Mul(sum, big.NewRat(1, int64(factorial(n))))
}

// TestBiasedClosedForms checks the exact enumeration, composed over rounds,
// against every closed form known for these shuffles, at the default rounds
// too (TestRiffleExactFormula stops at three riffles, TestExactNaive covers
// the naive shuffle at n = 3):
//
//   - riffle: after k riffles an order with r rising sequences has
//     probability C(2^k + n − r, n)/2^(kn) (Bayer and Diaconis, 1992),
//     here for k = 4..7;
//   - cut: the deck is rotated by a sum of k uniform steps in [1, n−1]
//     modulo n, so it is as it was with probability 1/n + (n−1)/n·(−1/(n−1))^k
//     and rotated by each other amount with 1/n − 1/n·(−1/(n−1))^k;
//   - transpositions at n = 3 and 4: the character formula above.
func TestBiasedClosedForms(t *testing.T) {
	t.Parallel()
	riffle, _ := Lookup("riffle")
	cut, _ := Lookup("cut")
	transpositions, _ := Lookup("transpositions")
	for n := 3; n <= 5; n++ {
		for k := 4; k <= DefaultRiffleRounds; k++ {
			a := new(big.Int).Lsh(big.NewInt(1), uint(k))
			den := new(big.Int).Exp(a, big.NewInt(int64(n)), nil)
			for r, p := range exactRounds(riffle, n, k) {
				num := new(big.Int).Binomial(a.Int64()+int64(n-risingSequences(unrank(r, n))), int64(n))
				want := new(big.Rat).SetFrac(num, den)
				require.Zero(t, p.Cmp(want), "riffle n=%d k=%d order %v: %v, want %v", n, k, unrank(r, n), p, want)
			}
		}
	}
	for n := 2; n <= 6; n++ {
		for _, k := range []int{1, 2, 3, DefaultCutRounds} {
			q := new(big.Rat).SetInt64(1) // (−1/(n−1))^k
			for range k {
				q.Mul(q, big.NewRat(-1, int64(n-1)))
			}
			stay := new(big.Rat).Add(big.NewRat(1, int64(n)), new(big.Rat).Mul(q, big.NewRat(int64(n-1), int64(n))))
			move := new(big.Rat).Sub(big.NewRat(1, int64(n)), new(big.Rat).Mul(q, big.NewRat(1, int64(n))))
			want := make([]*big.Rat, factorial(n))
			for r := range want {
				want[r] = new(big.Rat)
			}
			for d := range n {
				rot := make([]int, n)
				for i := range rot {
					rot[i] = (i + d) % n
				}
				want[rank(rot)] = move
			}
			want[0] = stay
			for r, p := range exactRounds(cut, n, k) {
				require.Zero(t, p.Cmp(want[r]), "cut n=%d k=%d order %v: %v, want %v", n, k, unrank(r, n), p, want[r])
			}
		}
	}
	for n := 3; n <= 4; n++ {
		for _, k := range []int{1, 2, 3, ceilNLogN(n)} {
			for r, p := range exactRounds(transpositions, n, k) {
				want := transpositionsClosedForm(n, k, unrank(r, n))
				require.Zero(t, p.Cmp(want), "transpositions n=%d k=%d order %v: %v, want %v", n, k, unrank(r, n), p, want)
			}
		}
	}
	// The tables themselves: the rows are orthonormal under the class
	// sizes, as characters of the irreducible representations must be.
	for n, table := range characters {
		size := map[string]int64{}
		for r := range factorial(n) {
			size[cycleType(unrank(r, n))]++
		}
		for i := range table {
			for j := range table {
				dot := int64(0)
				for class, s := range size {
					dot += s * table[i][class] * table[j][class]
				}
				want := int64(0)
				if i == j {
					want = int64(factorial(n))
				}
				assert.Equal(t, want, dot, "S%d characters %d and %d", n, i, j)
			}
		}
	}
}
