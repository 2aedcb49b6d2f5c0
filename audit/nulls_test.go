package audit

import (
	"fmt"
	"math"
	"math/big"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fairshuffle/shuffle/internal/stattest"
)

// lines returns every line of shape s, each the first m cards of one of
// the N!/(k!)ⁿ equally likely orders of the shoe, with repeats: each line
// of the list is equally likely.
func lines(s shape) [][]int {
	var out [][]int
	cnt := make([]int, s.n)
	line := make([]int, s.N)
	var rec func(j int)
	rec = func(j int) {
		if j == s.N {
			out = append(out, slices.Clone(line[:s.m]))
			return
		}
		for c := range s.n {
			if cnt[c] < s.k {
				cnt[c]++
				line[j] = c
				rec(j + 1)
				cnt[c]--
			}
		}
	}
	rec(0)
	return out
}

// moments returns the mean and covariance of the vectors.
func moments(vs [][]float64) (mu []float64, cov [][]float64) {
	d := len(vs[0])
	mu = make([]float64, d)
	for _, v := range vs {
		for i, x := range v {
			mu[i] += x / float64(len(vs))
		}
	}
	cov = make([][]float64, d)
	for i := range cov {
		cov[i] = make([]float64, d)
	}
	for _, v := range vs {
		for i := range d {
			for j := range d {
				cov[i][j] += (v[i] - mu[i]) * (v[j] - mu[j]) / float64(len(vs))
			}
		}
	}
	return mu, cov
}

// checkForm checks that stat, a quadratic form in its table's deviation
// from mu, is a chi-square with df degrees of freedom under the covariance
// cov of one deck: its matrix A (found by polarisation) makes AΣ
// idempotent with trace df, so that for many decks the statistic tends to
// exactly that chi-square. It also checks that stat is 0 at the mean, and
// so that the statistic's expected counts are the true ones.
func checkForm(t *testing.T, checks *stattest.Checks, name string, mu []float64, cov [][]float64, df float64, stat func(table []float64) (float64, float64)) {
	t.Helper()
	d := len(mu)
	at := func(dev map[int]float64) float64 {
		x := slices.Clone(mu)
		for i, v := range dev {
			x[i] += v
		}
		q, gotDF := stat(x)
		require.Equal(t, df, gotDF, "%s: degrees of freedom", name)
		return q
	}
	require.InDelta(t, 0, at(nil), 1e-9, "%s: statistic at the mean", name)
	a := make([][]float64, d)
	for i := range d {
		a[i] = make([]float64, d)
		a[i][i] = at(map[int]float64{i: 1})
	}
	for i := range d {
		for j := i + 1; j < d; j++ {
			a[i][j] = (at(map[int]float64{i: 1, j: 1}) - a[i][i] - a[j][j]) / 2
			a[j][i] = a[i][j]
		}
	}
	as := make([][]float64, d) // AΣ
	trace := 0.0
	for i := range d {
		as[i] = make([]float64, d)
		for j := range d {
			for l := range d {
				as[i][j] += a[i][l] * cov[l][j]
			}
		}
		trace += as[i][i]
	}
	off := math.Abs(trace - df)
	checks.Check(off <= 1e-8*df, off/(1e-8*df), "%s: trace of AΣ %.10g, want %g ± %g", name, trace, df, 1e-8*df)
	worst := 0.0
	for i := range d {
		for j := range d {
			sq := 0.0
			for l := range d {
				sq += as[i][l] * as[l][j]
			}
			worst = max(worst, math.Abs(sq-as[i][j]))
		}
	}
	checks.Check(worst < 1e-9, worst/1e-9, "%s: AΣ is not idempotent: (AΣ)² − AΣ up to %.3g, want < 1e-9", name, worst)
}

// nullShapes are small decks and shoes, whole and dealt in part, whose
// every order the tests enumerate.
var nullShapes = []shape{
	{n: 4, k: 1, N: 4, m: 4}, {n: 5, k: 1, N: 5, m: 5}, {n: 5, k: 1, N: 5, m: 3}, {n: 5, k: 1, N: 5, m: 2},
	{n: 3, k: 2, N: 6, m: 6}, {n: 3, k: 2, N: 6, m: 4}, {n: 4, k: 2, N: 8, m: 8}, {n: 4, k: 2, N: 8, m: 5},
	{n: 3, k: 3, N: 9, m: 9}, {n: 3, k: 3, N: 9, m: 3},
}

// TestNulls derives each statistic's null from scratch: for every small
// shape it enumerates every order, takes the exact mean and covariance of
// the table the statistic reads, and checks that the statistic is the
// chi-square it claims (checkForm). This is the proof of the covariances
// written in stats.go, shape by shape.
func TestNulls(t *testing.T) {
	checks := stattest.Checks{Rule: "each statistic's AΣ idempotent to 1e-9 with trace its degrees of freedom to 1e-8 relative, equal neighbours' law to 1e-12; exact enumeration, no false failures"}
	defer checks.Report(t) // a require below stops the test: report what failed before it
	for _, s := range nullShapes {
		name := fmt.Sprintf("n=%d k=%d m=%d", s.n, s.k, s.m)
		all := lines(s)
		n, m := s.n, s.m
		z := newNulls(s)
		var pos, adj, before [][]float64
		for _, l := range all {
			p := make([]float64, n*m)
			a := make([]float64, n*n)
			b := make([]float64, n*n)
			for j, c := range l {
				p[c*m+j] = 1
				if j > 0 {
					a[l[j-1]*n+c]++
				}
				for _, d := range l[j+1:] {
					b[c*n+d]++
				}
			}
			pos, adj, before = append(pos, p), append(adj, a), append(before, b)
		}
		mu, cov := moments(pos)
		df := float64((n - 1) * (m - 1))
		if !s.whole() {
			df += float64(n - 1)
		}
		checkForm(t, &checks, name+" positions", mu, cov, df, func(x []float64) (float64, float64) {
			q, df, _ := positionsTest(x, s, 1)
			return q, df
		})
		// Each card's row alone.
		for c := range n {
			row := func(v []float64) []float64 { return v[c*m : c*m+m] }
			var rows [][]float64
			for _, p := range pos {
				rows = append(rows, row(p))
			}
			mu, cov := moments(rows)
			checkForm(t, &checks, fmt.Sprintf("%s card %d", name, c), mu, cov, float64(m-btoi(s.whole())), func(x []float64) (float64, float64) {
				table := make([]float64, n*m)
				for i := range n {
					copy(table[i*m:], mu)
				}
				copy(table[c*m:], x)
				_, q, _ := margins(table, shape{n: n, k: s.k, N: s.N, m: m}, 1, true)
				return q, float64(m - btoi(s.whole()))
			})
			break // the rows are alike by symmetry
		}
		mu, cov = moments(adj)
		require.InDelta(t, z.adjE, mu[1], 1e-12, name)
		checkForm(t, &checks, name+" adjacency", mu, cov, float64(n*n-3*n+1), func(x []float64) (float64, float64) {
			// The diagonal is equalTest's: held at its mean here.
			for a := range n {
				x[a*n+a] = mu[a*n+a]
			}
			q, df, _ := adjacencyTest(x, n, 1, z.adjE, z.adjSym, z.adjAnti)
			return q, df
		})
		if s.whole() {
			mu, cov = moments(before)
			checkForm(t, &checks, name+" pairs", mu, cov, float64(n*(n-1)/2), func(x []float64) (float64, float64) {
				q, df, _ := pairsTest(x, n, s.k, 1)
				return q, df
			})
		}
		if len(all) <= 120 {
			// Serial: one step, from two independent lines.
			var serial [][]float64
			for _, u := range all {
				for _, v := range all {
					t := make([]float64, m*m)
					for i, c := range u {
						for j, d := range v {
							if c == d {
								t[i*m+j] = 1
							}
						}
					}
					serial = append(serial, t)
				}
			}
			mu, cov = moments(serial)
			df := float64((m - 1) * (m - 1))
			if !s.whole() {
				df = float64(m * m)
			}
			checkForm(t, &checks, name+" serial", mu, cov, df, func(x []float64) (float64, float64) {
				q, df, _ := serialTest(x, s, 1)
				return q, df
			})
		}
		if s.k > 1 {
			// Equal neighbours: the law against the count.
			want := make([]float64, m)
			for _, l := range all {
				e := 0
				for j := 1; j < m; j++ {
					if l[j] == l[j-1] {
						e++
					}
				}
				want[e] += 1 / float64(len(all))
			}
			worst := 0.0
			for e := range max(len(want), len(z.equal)) {
				if e >= len(want) || e >= len(z.equal) {
					worst = math.Inf(1)
					break
				}
				worst = max(worst, math.Abs(want[e]-z.equal[e]))
			}
			checks.Check(worst <= 1e-12, worst/1e-12, "%s equal neighbours: law off by up to %.3g, want ≤ 1e-12 (law %v, want %v)", name, worst, z.equal, want)
		}
	}
}

// TestAdjacencyScales: the enumerated variances equal the closed forms for
// m cards dealt from a deck of n distinct cards, (m−1)/(n)₂ + 2(m−2)/(n)₃
// antisymmetric and (m−1)/(n)₂ − 2(m−2)/(n)₃ + 2(m−2)(m−3)/(n)₄ symmetric,
// which for whole decks are the permutation's (n+1)/(n(n−1)) and 1/n.
func TestAdjacencyScales(t *testing.T) {
	for _, c := range [][2]int{{52, 52}, {52, 7}, {52, 2}, {10, 10}, {10, 4}} {
		n, m := float64(c[0]), float64(c[1])
		sym, anti := adjacencyScales(shape{n: c[0], k: 1, N: c[0], m: c[1]})
		n2, n3, n4 := n*(n-1), n*(n-1)*(n-2), n*(n-1)*(n-2)*(n-3)
		assert.InEpsilon(t, (m-1)/n2+2*(m-2)/n3, anti, 1e-12, "%v", c)
		assert.InEpsilon(t, (m-1)/n2-2*(m-2)/n3+2*(m-2)*(m-3)/n4, sym, 1e-12, "%v", c)
		if m == n {
			assert.InEpsilon(t, (n+1)/n2, anti, 1e-12)
			assert.InEpsilon(t, 1/n, sym, 1e-12)
		}
	}
}

// TestEqualProbsShoe: a 6-deck shoe's law of equal neighbours sums to 1,
// with mean k−1 = 5 (each of the N−1 neighbours is equal with chance
// (k−1)/(N−1)).
func TestEqualProbsShoe(t *testing.T) {
	for _, s := range []shape{{n: 52, k: 6, N: 312, m: 312}, {n: 52, k: 8, N: 416, m: 60}} {
		p := equalProbs(s)
		sum, mean := 0.0, 0.0
		for e, v := range p {
			sum += v
			mean += float64(e) * v
		}
		assert.InDelta(t, 1, sum, 1e-12)
		assert.InDelta(t, float64(s.m-1)*float64(s.k-1)/float64(s.N-1), mean, 1e-10)
	}
}

// TestHands: bucket sizes sum to every hand, and the buckets of every hand
// of 3 cards of 9 match colex ranks counted by brute force.
func TestHands(t *testing.T) {
	h, err := newHands(9, 3)
	require.NoError(t, err)
	require.Len(t, h.probs, 84)
	rank := 0
	for c := 2; c < 9; c++ { // colex: by the largest card, then the next
		for b := 1; b < c; b++ {
			for a := range b {
				got := h.bucket([]int{c, a, b}, make([]int, 3))
				assert.Equal(t, rank, got, "%d %d %d", a, b, c)
				rank++
			}
		}
	}
	h, err = newHands(52, 5)
	require.NoError(t, err)
	total := new(big.Rat)
	for _, p := range h.probs {
		total.Add(total, new(big.Rat).SetFloat64(p))
	}
	f, _ := total.Float64()
	assert.InDelta(t, 1, f, 1e-12)
	assert.Equal(t, uint64(2598960), h.hands)
	_, err = newHands(416, 40)
	assert.Error(t, err)
}
