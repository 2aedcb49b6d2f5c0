package audit

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"gonum.org/v1/gonum/stat/distuv"
)

// TestTwoSidedFrom10: twoSided tests the lower tail from minTwoSided
// degrees of freedom on, not below: a statistic far below its mean is a
// failure at 10 degrees of freedom and a pass at 9.
func TestTwoSidedFrom10(t *testing.T) {
	d10, d9 := distuv.ChiSquared{K: 10}, distuv.ChiSquared{K: 9}
	assert.InDelta(t, 2*d10.CDF(0.5), twoSided(0.5, 10), 1e-15)
	assert.Less(t, twoSided(0.5, 10), 1e-4)
	assert.InDelta(t, d9.Survival(0.5), twoSided(0.5, 9), 1e-15)
	assert.InDelta(t, 2*d10.Survival(30), twoSided(30, 10), 1e-15)
	assert.Equal(t, 0.0, twoSided(math.Inf(1), 10))
	assert.Equal(t, 1.0, twoSided(-1e-12, 9), "a form below 0 by rounding is 0")
}

// TestMargins: each row and column of a position table alone, by hand:
// for permutations and for columns, the plain chi-square of the line with
// one degree of freedom less than its cells; the worst line is the one
// with the smallest p-value, the first of equal ones, and the p-value is
// the Bonferroni bound.
func TestMargins(t *testing.T) {
	plain := func(line []float64, e float64) (x, p float64) {
		for _, o := range line {
			x += (o - e) * (o - e) / e
		}
		return x, distuv.ChiSquared{K: float64(len(line) - 1)}.Survival(x)
	}
	// 4 cards, 40 decks: card c at place j, row-major.
	table := []float64{
		10, 10, 10, 10,
		14, 6, 10, 10,
		8, 12, 10, 10,
		8, 12, 10, 10,
	}
	perm := shape{n: 4, k: 1, N: 4, m: 4}
	for _, rows := range []bool{true, false} {
		worst, x, p := margins(table, perm, 40, rows)
		want := 1
		line := table[4:8]
		if !rows {
			want, line = 0, []float64{10, 14, 8, 8}
		}
		wx, wp := plain(line, 10)
		assert.Equal(t, want, worst, "rows %v", rows)
		assert.InDelta(t, wx, x, 1e-12, "rows %v", rows)
		assert.InDelta(t, min(1, 4*wp), p, 1e-12, "rows %v", rows)
	}
	// A partial deal, 3 places of 5 cards, 50 decks: a column is still a
	// plain chi-square over the 5 cards.
	deal := shape{n: 5, k: 1, N: 5, m: 3}
	part := []float64{
		10, 10, 10,
		10, 10, 10,
		10, 10, 10,
		10, 15, 10,
		10, 5, 10,
	}
	worst, x, p := margins(part, deal, 50, false)
	wx, wp := plain([]float64{10, 10, 10, 15, 5}, 10)
	assert.Equal(t, 1, worst)
	assert.InDelta(t, wx, x, 1e-12)
	assert.InDelta(t, min(1, 3*wp), p, 1e-12)
	// Every line alike: the first is the worst.
	even := make([]float64, 16)
	for i := range even {
		even[i] = 10
	}
	for _, rows := range []bool{true, false} {
		worst, _, _ := margins(even, perm, 40, rows)
		assert.Equal(t, 0, worst, "rows %v", rows)
	}
}
