package classic

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/fairshuffle/shuffle/internal/stattest"
)

// TestControls is the negative control of every test: a planted bias, at
// the parameters of TestNull's scaled numbers and 30,000 values, that it
// must catch with p < 10⁻⁶ (fixed seeds: the same verdict every run).
// Most biases keep the values' marginal law uniform, so that only the
// test's own structure can see them:
//   - skew: value 0 comes about 35% more often than each other one;
//   - sticky: each value repeats the one before with chance ε (0.05;
//     0.15 for the coupons, runs and maxima), else is uniform (the pairs' diagonal, short gaps, few distinct values in a
//     group or a collection, runs cut by ties, lower maxima, correlation);
//   - sum: every third value is the sum of the two before mod d with
//     chance 0.15 (pairs stay uniform: only triples see it);
//   - sorted: a group of t is put in ascending order with chance 0.03.
func TestControls(t *testing.T) {
	const n = 30000
	r := rand.New(rand.NewPCG(29, 5))
	uniform := func(d uint64) []uint32 {
		v := make([]uint32, n)
		for i := range v {
			v[i] = uint32(r.Uint64N(d))
		}
		return v
	}
	skew := func(d uint64) []uint32 {
		v := uniform(d)
		for i := range v {
			if r.Float64() < 0.35/float64(d) {
				v[i] = 0
			}
		}
		return v
	}
	sticky := func(eps float64) func(uint64) []uint32 {
		return func(d uint64) []uint32 {
			v := uniform(d)
			for i := 1; i < n; i++ {
				if r.Float64() < eps {
					v[i] = v[i-1]
				}
			}
			return v
		}
	}
	sum := func(d uint64) []uint32 {
		v := uniform(d)
		for i := 2; i < n; i += 3 {
			if r.Float64() < 0.15 {
				v[i] = uint32((uint64(v[i-2]) + uint64(v[i-1])) % d)
			}
		}
		return v
	}
	sorted := func(t int) func(uint64) []uint32 {
		return func(d uint64) []uint32 {
			v := uniform(d)
			for i := 0; i+t <= n; i += t {
				if r.Float64() < 0.03 {
					slices.Sort(v[i : i+t])
				}
			}
			return v
		}
	}
	bias := map[string]func(uint64) []uint32{
		"Equidistribution d=52":    skew,
		"SerialPairs d=6":          sticky(0.05),
		"SerialTriples d=6":        sum,
		"Gap d=52 [0,13) t=16":     sticky(0.05),
		"Poker d=6 k=5":            sticky(0.05),
		"CouponCollector d=6 t=30": sticky(0.15),
		"Permutations d=52 t=4":    sorted(4),
		"RunsUp d=6 t=5":           sticky(0.15),
		"RunsDown d=6 t=5":         sticky(0.15),
		"MaxOfT d=52 t=5":          sticky(0.15),
		"SerialCorrelation d=6":    sticky(0.05),
	}
	c := stattest.Checks{Rule: "a planted bias: p < 1e-6"}
	for _, sc := range scaled {
		res, err := sc.run(bias[sc.name](sc.d), sc.d)
		if err != nil {
			t.Fatalf("%s: %v", sc.name, err)
		}
		c.Below(res.P, 1e-6, "%s", sc.name)
		t.Logf("%s: stat %.4g, p %.3g", sc.name, res.Stat, res.P)
	}
	c.Report(t)
}
